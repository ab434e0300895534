"""Step 4 of a turn: movement, the timed portion (G19, G27, G32).

The gang has Racketeer strength / 2 actions, taken one piece at a time, each
piece at most once: move it the exact count of its die (declaring at the end a
hit, a seduction or an extortion), extort in place with a piece still
criminal in an unowned building, or recruit strength for it (paid and taking
effect after the movement, so it adds no action this turn; a piece back from 0
comes on at the subway its die names). With a Racketeer of strength 1 the
only action is recruiting Racketeer strength. Outside the allowance the gang
brings one Public on (the white subway, or straight into a gang's one-jump
joint of that number) and moves any Public the white count, each once; it may
also show bribes. ``done`` ends the step.
"""

from __future__ import annotations

from typing import Any, Callable, Collection

from games.rules.base import IllegalMove

from . import police
from .data import (
    DIRECTIONS,
    EXTORT_PER_POINT,
    GRAY_CODES,
    LEVEL_PRICE,
    MAX_STRENGTH,
    ONE_JUMP,
    PIECE_DIE,
    PIECE_NAME,
    PIECES,
    PUBLIC,
    SUBWAYS,
)
from .movement import walk
from .movers import facing_after, gang_access, piece_lengths, public_access
from .state import State, draw, gang, gang_seats, hqs, is_hq, label, log, piece, public_cup
from .violence import seduce

def start_movement(state: State) -> None:
    turn = state["turn"]
    seat = turn["seat"]
    strength = piece(state, seat, "R")["s"]
    turn["step"] = "move"
    turn["allow"] = strength // 2
    turn["lone"] = strength == 1


def may_act(state: State, kind: str) -> str | None:
    """None if the piece may take its action now, else why not."""
    turn = state["turn"]
    if kind in turn["acted"]:
        return f"your {PIECE_NAME[kind]} has already acted this turn"
    if turn["lone"]:
        return "with a Racketeer of strength 1 you may only recruit Racketeer strength"
    if len(turn["acted"]) >= turn["allow"]:
        return f"you have used all {turn['allow']} of your moves (Racketeer strength / 2)"
    return None


def committed(state: State) -> int:
    return sum(r["cost"] for r in state["turn"]["recruits"].values())


def recruit_cost(state: State, seat: int, kind: str, n: int) -> int:
    """The levels from the current strength up, $100 x level each, times the piece's die."""
    s: int = piece(state, seat, kind)["s"]
    multiplier: int = state["dice"][PIECE_DIE[kind]]
    return sum(LEVEL_PRICE * level for level in range(s + 1, s + n + 1)) * multiplier


def unowned_building(state: State, node: str | None) -> bool:
    return _unowned(state["joints"], hqs(state), node)


def _unowned(joints: dict[str, Any], hq: Collection[str], node: str | None) -> bool:
    if node in hq:
        return False  # no extortion in a precinct HQ (G51)
    if node in GRAY_CODES:
        return True
    return node in joints and joints[node]["owner"] is None


def apply_movement(state: State, seat: int, move: dict[str, Any]) -> None:
    action = move["a"]
    if action == "move":
        _move_piece(state, seat, move)
    elif action == "extort":
        _extort_in_place(state, seat, move)
    elif action == "recruit":
        _recruit(state, seat, move)
    elif action == "newpublic":
        _new_public(state, seat, move)
    elif action == "public":
        _move_public(state, seat, move)
    elif action == "show":
        _show(state, seat, move)
    elif action == "done":
        log(state, "done", seat=seat)
        state["turn"]["step"] = "resolve"
    else:
        raise IllegalMove("now is your movement", accepted="move, extort, recruit, public, show or done")


def _piece_kind(move: dict[str, Any]) -> str:
    kind = move.get("piece")
    if kind not in PIECES:
        raise IllegalMove(f"{kind!r} is not a gang piece", accepted="R (Racketeer), T (Thug) or V (Vamp)")
    return str(kind)


def _move_piece(state: State, seat: int, move: dict[str, Any]) -> None:
    kind = _piece_kind(move)
    p = piece(state, seat, kind)
    if p["s"] == 0:
        raise IllegalMove(f"your {PIECE_NAME[kind]} is not on the board", accepted="recruit it first")
    why = may_act(state, kind)
    if why:
        raise IllegalMove(why, accepted="done")
    path = move.get("path")
    lengths = piece_lengths(state, seat, kind)
    counts = " or ".join(str(n) for n in lengths)
    if not isinstance(path, list) or len(path) not in lengths or not all(isinstance(n, str) for n in path):
        raise IllegalMove(f"your {PIECE_NAME[kind]} moves exactly {counts} (the {PIECE_DIE[kind]} die)",
                          accepted=f"move {kind} followed by {counts} spaces")
    problem, last = walk(p["at"], p["f"], path, gang_access(state, seat))
    if problem is not None:
        raise IllegalMove(f"your {PIECE_NAME[kind]} cannot go that way: {problem}",
                          accepted="turn at most 90 degrees a step, no U-turns, exact count")
    end = path[-1]
    act = move.get("act")
    target = move.get("target")
    check_end_action(state, seat, kind, end, act, target)
    p["c"] = False  # a piece turns back as it starts an actual move (G19)
    p["at"] = end
    p["f"] = facing_after(last, end)
    state["turn"]["acted"].append(kind)
    log(state, "move", seat=seat, piece=kind, path=list(path), act=act, target=target)
    if act == "extort":
        _collect_extortion(state, seat, kind)
    elif act == "hit":
        p["c"] = True
        police.raise_crime(state)
        state["turn"]["hits"].append({"piece": kind, "target": target, "at": end})
    elif act == "seduce" and isinstance(target, list):
        p["c"] = True
        police.raise_crime(state)
        seduce(state, seat, target[0], target[1])


def end_actions(state: State, seat: int, kind: str, end: str) -> list[tuple[str, Any]]:
    """(act, target) pairs a piece ending its move on ``end`` may declare, "none" first."""
    return end_actions_of(state, seat, kind)(end)


def end_actions_of(state: State, seat: int, kind: str) -> Callable[[str], list[tuple[str, Any]]]:
    """``end_actions`` of one piece as a function of the end, for ``state`` as it is now: the rival pieces
    and the HQs are looked up once, not once per end (a move's tree may have a hundred ends)."""
    rivals: dict[str, list[tuple[str, int, str]]] = {}
    for other in gang_seats(state):
        if other == seat:
            continue
        for t_kind in PIECES:
            t = piece(state, other, t_kind)
            if t["s"] == 0:
                continue
            found = rivals.setdefault(t["at"], [])
            if kind == "R" or (kind == "T" and t_kind != "V"):
                found.append(("hit", other, t_kind))
            if kind == "V" and t_kind != "V":
                found.append(("seduce", other, t_kind))
    extorts = kind in ("T", "V")
    hits = kind in ("R", "T")
    joints = state["joints"]
    hq = frozenset(hqs(state))

    def at(end: str) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [("none", None)]
        if extorts and _unowned(joints, hq, end):
            out.append(("extort", None))
        if hits and end in joints:
            owner = joints[end]["owner"]
            if owner is not None and owner != seat:
                out.append(("hit", "joint"))
        elif hits and end in hq:
            out.append(("hit", "joint"))  # a gray precinct HQ is attacked as a joint (G20)
        for act, other, t_kind in rivals.get(end, ()):
            out.append((act, [other, t_kind]))  # a fresh target list each time: callers keep them
        return out

    return at


def check_end_action(state: State, seat: int, kind: str, end: str, act: Any, target: Any) -> None:
    if act == "none" and target is None:
        return
    legal = end_actions(state, seat, kind, end)
    if (act, target) in legal:
        return
    offered = ", ".join(a if t is None else f"{a} {t if t == 'joint' else label(t[0]) + ' ' + t[1]}"
                        for a, t in legal[1:]) or "none"
    reasons = {
        "extort": "only a Thug or a Vamp extorts, in a building no one owns",
        "hit": "only a Thug or Racketeer hits, a rival piece where it ends (a Racketeer also a Vamp) "
               "or the rival joint it ends in",
        "seduce": "only a Vamp seduces, a rival Racketeer or Thug where she ends",
    }
    raise IllegalMove(f"that cannot be done at {end}: {reasons.get(str(act), 'unknown action')}",
                      accepted=f"possible there: {offered}")


def _collect_extortion(state: State, seat: int, kind: str) -> None:
    p = piece(state, seat, kind)
    amount = EXTORT_PER_POINT[kind] * p["s"]
    p["c"] = True
    gang(state, seat)["cash"] += amount
    police.raise_crime(state)
    log(state, "extort", seat=seat, piece=kind, at=p["at"], amount=amount)


def _extort_in_place(state: State, seat: int, move: dict[str, Any]) -> None:
    kind = _piece_kind(move)
    p = piece(state, seat, kind)
    if kind not in EXTORT_PER_POINT:
        raise IllegalMove("only a Thug or a Vamp extorts", accepted="extort T or extort V")
    if p["s"] == 0:
        raise IllegalMove(f"your {PIECE_NAME[kind]} is not on the board")
    why = may_act(state, kind)
    if why:
        raise IllegalMove(why, accepted="done")
    if not p["c"] or not unowned_building(state, p["at"]):
        raise IllegalMove(f"your {PIECE_NAME[kind]} can extort without moving only while it is still "
                          "criminal in a building no one owns (G19)",
                          accepted=f"move {kind} into a gray or unowned building and extort there")
    state["turn"]["acted"].append(kind)
    log(state, "extort_here", seat=seat, piece=kind)
    _collect_extortion(state, seat, kind)


def _recruit(state: State, seat: int, move: dict[str, Any]) -> None:
    kind = _piece_kind(move)
    n = move.get("n")
    turn = state["turn"]
    if kind in turn["acted"]:
        raise IllegalMove(f"your {PIECE_NAME[kind]} has already acted this turn", accepted="done")
    if turn["lone"]:
        if kind != "R":
            raise IllegalMove("with a Racketeer of strength 1 you may only recruit Racketeer strength",
                              accepted="recruit R 1")
    else:
        why = may_act(state, kind)
        if why:
            raise IllegalMove(why, accepted="done")
    p = piece(state, seat, kind)
    room = MAX_STRENGTH[kind] - p["s"]
    if type(n) is not int or not 1 <= n <= room:
        raise IllegalMove(f"your {PIECE_NAME[kind]} can gain 1 to {room} strength",
                          accepted=f"recruit {kind} 1")
    cost = recruit_cost(state, seat, kind, n)
    free = gang(state, seat)["cash"] - committed(state)
    if cost > free:
        raise IllegalMove(f"{n} {PIECE_NAME[kind]} strength costs ${cost} ({PIECE_DIE[kind]} die "
                          f"x {state['dice'][PIECE_DIE[kind]]}) and you have ${free} to spend",
                          accepted="recruit fewer")
    facing = move.get("facing")
    if p["s"] == 0:
        if facing not in DIRECTIONS:
            raise IllegalMove(f"your {PIECE_NAME[kind]} comes on at subway {state['dice'][PIECE_DIE[kind]]}: "
                              "say which way it faces", accepted=f"recruit {kind} {n} facing e")
    elif facing is not None:
        raise IllegalMove(f"your {PIECE_NAME[kind]} is on the board: it needs no facing",
                          accepted=f"recruit {kind} {n}")
    turn["acted"].append(kind)
    turn["recruits"][kind] = {"n": n, "cost": cost, "f": facing}
    log(state, "recruit", seat=seat, piece=kind, n=n, cost=cost)


def public_entries(state: State) -> list[str]:
    """Where a new Public may come on: a facing at the white subway, or a gang-owned one-jump joint."""
    if state["turn"]["pin"] or not public_cup(state):
        return []
    white = state["dice"]["white"]
    joints = [c for c in ONE_JUMP.get(white, ()) if state["joints"][c]["owner"] is not None
              and not is_hq(state, c)]
    return [*DIRECTIONS, *joints]


def _new_public(state: State, seat: int, move: dict[str, Any]) -> None:
    to = move.get("to")
    entries = public_entries(state)
    if to not in entries:
        if state["turn"]["pin"]:
            raise IllegalMove("one new Public a turn: you have brought one on already", accepted="done")
        if not public_cup(state):
            raise IllegalMove("every Public is on the board", accepted="done")
        raise IllegalMove(f"a new Public comes on at subway {state['dice']['white']} facing n, e, s or w, or "
                          "straight into a gang's one-jump joint of that number",
                          accepted=" ".join(f"public in {e}" for e in entries))
    pid = int(draw(state, public_cup(state)))
    if to in DIRECTIONS:
        state["public"][str(pid)] = {"at": SUBWAYS[state["dice"]["white"]], "f": to}
    else:
        state["public"][str(pid)] = {"at": to, "f": None}
    state["turn"]["pin"] = True
    state["turn"]["pmoved"].append(pid)
    log(state, "public_in", seat=seat, public=pid, mult=PUBLIC[pid], to=to)


def checked_public_move(state: State, move: dict[str, Any], moved: list[int]) -> tuple[int, list[str], str | None]:
    """A Public's move checked (on the board, not among ``moved``, the white die through open ground):
    its id, path and the node before its last (for the facing). Gang turns and the Cop Turn share it."""
    pid = move.get("id")
    if not isinstance(pid, int) or str(pid) not in state["public"]:
        on = " ".join(sorted(state["public"], key=int)) or "none"
        raise IllegalMove(f"Public {pid} is not on the board", accepted=f"Public on the board: {on}")
    if pid in moved:
        raise IllegalMove(f"Public {pid} has moved this turn already",
                          accepted="each Public moves once a turn")
    white = state["dice"]["white"]
    path = move.get("path")
    if not isinstance(path, list) or len(path) != white or not all(isinstance(n, str) for n in path):
        raise IllegalMove(f"a Public moves exactly the white die: {white} spaces",
                          accepted=f"public {pid} followed by {white} spaces")
    at = state["public"][str(pid)]
    problem, last = walk(at["at"], at["f"], path, public_access(state))
    if problem is not None:
        raise IllegalMove(f"Public {pid} cannot go that way: {problem}",
                          accepted="the Public keep to the streets and the joints gangs own")
    return pid, path, last


def _move_public(state: State, seat: int, move: dict[str, Any]) -> None:
    pid, path, last = checked_public_move(state, move, state["turn"]["pmoved"])
    state["public"][str(pid)] = {"at": path[-1], "f": facing_after(last, path[-1])}
    state["turn"]["pmoved"].append(pid)
    log(state, "public_moved", seat=seat, public=pid, path=list(path))


def _show(state: State, seat: int, move: dict[str, Any]) -> None:
    marker = move.get("bribe")
    g = gang(state, seat)
    if marker not in g["bribes"]:
        raise IllegalMove("you can show only a bribe you hold", accepted="your bribes: "
                          + (" ".join(str(b) for b in g["bribes"]) or "none"))
    if marker in g["shown"]:
        raise IllegalMove(f"bribe {marker} is shown already")
    g["shown"].append(marker)
    g["shown"].sort()
    log(state, "show", seat=seat, marker=marker)
