"""Move generation: every legal move (lazily), the short lists behind the decisions, and default moves.

Moves along a path (a gang piece, a cop, a Public) are generated from the tree
of legal paths of :mod:`.movement`; the other moves of a step are short lists
(``listed_moves``). ``legal_moves`` yields the listed ones first, then the
paths, so the first few are cheap.
"""

from __future__ import annotations

from typing import Any, Iterator

from . import actions, commissioner, copportion, copturn, informants, movers, police, precincts, purchases
from . import rounds, setup
from .data import (
    BRIBE_UNIT,
    BUILDING,
    DIRECTIONS,
    DONUTS_UNIT,
    GANG_PURSE,
    MAX_SETUP_VAMP,
    MAX_STRENGTH,
    PIECES,
)
from .engine import step_of
from .state import State, commish, gang, informants as informants_on, owned, piece, police_seat

Move = dict[str, Any]


def listed_moves(state: State, seat: int) -> list[Move]:
    """The moves of the current step that follow no path (all of them, outside the movement steps)."""
    step = step_of(state)
    if step == "pick":
        return [{"a": "buy", "joint": code} for code in setup.pick_options(state, seat)]
    if step == "buy":
        return [*purchases.purchase_moves(state, seat), {"a": "roll"}]
    if step == "cop":
        if "police" in state:
            return copportion.gang_moves(state, seat)
        return cop_listed(state, seat)
    if step == "pcop":
        return copportion.police_moves(state, seat)
    if step == "facing":
        return [{"a": "face", "to": d} for d in DIRECTIONS]
    if step == "cbuy":
        return [*precincts.purchase_moves(state, seat), {"a": "roll"}]
    if step == "cmove":
        return cop_turn_listed(state, seat)
    if step == "cforced":
        return copturn.forced_moves(state, seat)
    if step == "stop":
        return [{"a": "stop"}, {"a": "allow"}]
    if step == "bribes":
        return [{"a": "play"}, {"a": "keep"}]
    if step == "move":
        return movement_listed(state, seat)
    if step == "assign":
        return [{"a": "assign", "hits": hits} for hits in police.assignments(state["turn"]["fight"])]
    if step == "forced":
        return rounds.forced_moves(state, seat)
    return []


def cop_listed(state: State, seat: int) -> list[Move]:
    out: list[Move] = []
    blue = state["dice"]["blue"]
    cash = gang(state, seat)["cash"]
    if state["bribe_cup"] and cash >= BRIBE_UNIT * blue:
        out.append({"a": "bribe"})
    if police.may_introduce(state):
        out += [{"a": "newcop", "to": to} for to in [*DIRECTIONS, *police.entry_joints(state)]]
    if state["options"].get("donuts") and cash >= DONUTS_UNIT * blue:
        out += [{"a": "donuts", "cop": c} for c in sorted(int(k) for k in state["cops"])]
    out.append({"a": "pass"})
    return out


def cop_turn_listed(state: State, seat: int) -> list[Move]:
    """The Cop Turn's moves that follow no path (chits, entries, recruits, hire, informant flips, done)."""
    t = state["turn"]
    out: list[Move] = list(informants.chit_moves(state))
    if not informants.may_use(state):
        for pid in informants_on(state):
            if pid not in t["iacted"]:
                at = state["public"][str(pid)]["at"]
                out += [{"a": "informant", "id": pid, "path": [], "flip": f}
                        for f in informants.flip_targets(state, pid, at)]
    if police.may_introduce(state) and not copturn.may_move(state, "new"):
        out += [{"a": "newcop", "to": to} for to in [*DIRECTIONS, *police.entry_joints(state)]]
    c = commish(state)
    if c["at"] is None and not copturn.may_move(state, "C"):
        out += [{"a": "centry", "to": to} for to in commissioner.entries(state)]
    elif not t["enter"] and not copturn.may_move(state, "C"):
        cash = gang(state, seat)["cash"]
        for n in range(1, commissioner.room(state) + 1):
            if commissioner.recruit_cost(state, n) > cash:
                break
            out.append({"a": "recruit", "piece": "C", "n": n, "facing": None})
    if not informants.may_hire(state, seat) and not (t["enter"] and "C" not in t["acted"]):
        out.append({"a": "hire"})
    g = gang(state, seat)
    out += [{"a": "show", "bribe": b} for b in g["bribes"] if b not in g["shown"]]
    out.append({"a": "done"})
    return out


def cop_turn_public(state: State) -> list[int]:
    t = state["turn"]
    if t["imoved"] or t["hired"] or (t["enter"] and "C" not in t["acted"]):
        return []
    return [int(k) for k in sorted(state["public"], key=int) if int(k) not in t["pmoved"]
            and int(k) not in t["iacted"]]


def recruit_moves(state: State, seat: int) -> list[Move]:
    t = state["turn"]
    free = gang(state, seat)["cash"] - actions.committed(state)
    out: list[Move] = []
    for kind in PIECES:
        if kind in t["acted"]:
            continue
        if t["lone"]:
            if kind != "R":
                continue
        elif actions.may_act(state, kind):
            continue
        p = piece(state, seat, kind)
        for n in range(1, MAX_STRENGTH[kind] - p["s"] + 1):
            if actions.recruit_cost(state, seat, kind, n) > free:
                break
            facings: list[str | None] = list(DIRECTIONS) if p["s"] == 0 else [None]
            out += [{"a": "recruit", "piece": kind, "n": n, "facing": f} for f in facings]
    return out


def extort_moves(state: State, seat: int) -> list[Move]:
    out: list[Move] = []
    for kind in ("T", "V"):
        p = piece(state, seat, kind)
        free = not actions.may_act(state, kind)
        if p["s"] and p["c"] and actions.unowned_building(state, p["at"]) and free:
            out.append({"a": "extort", "piece": kind})
    return out


def movement_listed(state: State, seat: int) -> list[Move]:
    g = gang(state, seat)
    out = extort_moves(state, seat) + recruit_moves(state, seat)
    out += [{"a": "newpublic", "to": to} for to in actions.public_entries(state)]
    out += [{"a": "show", "bribe": b} for b in g["bribes"] if b not in g["shown"]]
    out.append({"a": "done"})
    return out


def movable_pieces(state: State, seat: int) -> list[str]:
    return [k for k in PIECES if piece(state, seat, k)["s"] > 0 and not actions.may_act(state, k)]


def movable_public(state: State) -> list[int]:
    return [int(k) for k in sorted(state["public"], key=int) if int(k) not in state["turn"]["pmoved"]]


def piece_moves(state: State, seat: int, kind: str) -> Iterator[Move]:
    for path in movers.piece_paths(state, seat, kind).all():
        for act, target in actions.end_actions(state, seat, kind, path[-1]):
            yield {"a": "move", "piece": kind, "path": path, "act": act, "target": target}


def path_moves(state: State, seat: int) -> Iterator[Move]:
    step = step_of(state)
    if step == "cop" and "police" in state:
        for cop in copportion.bribed_cops(state, seat):
            for path in police.cop_paths(state, cop, steer=seat).all():
                yield {"a": "cop", "cop": cop, "path": path}
    elif step in ("cop", "pcop"):
        for cop in sorted(int(k) for k in state["cops"]):
            for path in police.cop_paths(state, cop).all():
                yield {"a": "cop", "cop": cop, "path": path}
    elif step == "cmove":
        t = state["turn"]
        if t["stage"] == "c":
            for pid in informants_on(state):
                if pid in t["iacted"]:
                    continue
                paths = movers.public_paths(state, pid)
                for path in paths.all():
                    for flip in [None, *informants.flip_targets(state, pid, path[-1])]:
                        yield {"a": "informant", "id": pid, "path": path, "flip": flip}
        for cop in sorted(int(k) for k in state["cops"]):
            if not copturn.may_move(state, str(cop)):
                for path in police.cop_paths(state, cop).all():
                    yield {"a": "cop", "cop": cop, "path": path}
        if commish(state)["at"] is not None and not copturn.may_move(state, "C") and not t["lone"]:
            for path in commissioner.paths(state).all():
                yield {"a": "cmove", "path": path}
        for pid in cop_turn_public(state):
            for path in movers.public_paths(state, pid).all():
                yield {"a": "public", "id": pid, "path": path}
    elif step == "move":
        for kind in movable_pieces(state, seat):
            yield from piece_moves(state, seat, kind)
        for pid in movable_public(state):
            for path in movers.public_paths(state, pid).all():
                yield {"a": "public", "id": pid, "path": path}


def order_moves(state: State, seat: int) -> Iterator[Move]:
    """Every set-up order (strengths within the purse, each piece in one of the gang's joints)."""
    mine = owned(state, seat)
    for r in range(1, MAX_STRENGTH["R"] + 1):
        for v in range(0, MAX_SETUP_VAMP + 1):
            for t in range(0, MAX_STRENGTH["T"] + 1):
                strengths = {"R": r, "T": t, "V": v}
                if setup.setup_cost(strengths) > GANG_PURSE:
                    break
                kinds = [k for k in PIECES if strengths[k] > 0]
                for places in _product(mine, len(kinds)):
                    yield {"a": "gang", **strengths, "at": dict(zip(kinds, places))}


def _product(items: list[str], n: int) -> Iterator[list[str]]:
    if n == 0:
        yield []
        return
    for head in items:
        for tail in _product(items, n - 1):
            yield [head, *tail]


def legal_moves(state: State, seat: int) -> Iterator[Move]:
    if state["phase"] == "over":
        return
    from .engine import to_act

    if seat not in to_act(state):
        return
    if step_of(state) == "order":
        if seat == police_seat(state):
            from .police_setup import commish_cost

            yield from ({"a": "commish", "n": n} for n in range(1, 13) if commish_cost(n) <= 1700)
            return
        yield from order_moves(state, seat)
        return
    yield from listed_moves(state, seat)
    yield from path_moves(state, seat)


def default_move(state: State, seat: int) -> Move:
    """What a lapsed deadline plays: the least a player can do at each step (G40)."""
    step = step_of(state)
    if step == "pick":
        options = setup.pick_options(state, seat)
        cheapest = min(options, key=lambda code: BUILDING[code].value)
        return {"a": "buy", "joint": cheapest}
    if step == "order":
        if seat == police_seat(state):
            return {"a": "commish", "n": 4}
        return setup.default_order(state, seat)
    if step == "facing":
        return {"a": "face", "to": "e"}
    if step == "cbuy":
        return {"a": "roll"}
    if step == "pcop":
        return {"a": "pass"}
    if step == "cmove":
        return {"a": "done"}
    if step == "cforced":
        moves = copturn.forced_moves(state, seat)
        for move in moves:
            if move["a"] == "recruit" and move["n"] == 1 and move["facing"] == "e":
                return move
        return moves[0]
    if step == "buy":
        return {"a": "roll"}
    if step == "cop":
        return {"a": "pass"}
    if step == "stop":
        return {"a": "allow"}
    if step == "bribes":
        return {"a": "keep"}  # a lapsed answer keeps the bribe: playing it cannot be undone
    if step == "move":
        return {"a": "done"}
    if step == "assign":
        fight = state["turn"]["fight"]
        return {"a": "assign", "hits": police.even_assignment(fight, state["turn"]["seat"], state["players"])}
    if step == "forced":
        moves = rounds.forced_moves(state, seat)
        for move in moves:
            if move["a"] == "recruit" and move["n"] == 1 and move["facing"] == "e":
                return move
        return moves[0]
    raise ValueError("nothing is awaited")
