"""Informants (variant 5c, 5e, 6, 6.1-6.4; G33-G35).

Hiring (step e, instead of moving the Public, one per Cop Turn, only if no
Informant moved in step c): pay $100 x the white die, then draw one of the x1,
x2 and x3 chits at random. Which chits the Police hold is secret; how many is
open. From a later Cop Turn, at the start of step c, a chit may be displayed:
every Public of that multiplier on the board becomes an Informant (both x1
pieces for the x1 chit) and the chit returns to its cup.

In step c each Informant may move exactly the white count (as a Public) and use
one ability where it ends, or use one without moving: ``flip joint`` inside a
gang's joint, which then shows its criminal side until the Informant leaves (a
crime scene the cops may raid); or ``flip P2 T``, turning one gang piece in its
space or building criminal, after which the Informant returns to the Public cup
at once. Moving any Informant cancels step e. Informants are Public in every
other way; one that returns to the cup is an ordinary Public again.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from .data import INFORMANT_UNIT, PIECE_NAME, PIECES, PUBLIC
from .movement import walk
from .movers import facing_after, public_access
from .state import State, draw, gang, gang_seats, informants, label, log, piece, police


def chit_moves(state: State) -> list[dict[str, Any]]:
    """Chits the Police may display now (one of that multiplier's Public must be on the board)."""
    if state["turn"]["stage"] != "c" or state["turn"]["imoved"]:
        return []
    on = {PUBLIC[int(p)] for p in state["public"]}
    return [{"a": "chit", "mult": m} for m in sorted(set(police(state)["chits"])) if m in on]


def display(state: State, seat: int, move: dict[str, Any]) -> None:
    m = move.get("mult")
    if move not in chit_moves(state):
        held = police(state)["chits"]
        why = "chits are displayed at the start of step c, before any Informant moves" \
            if m in held else f"you hold no x{m} chit"
        raise IllegalMove(f"you cannot display that chit: {why}, and a Public of its multiplier must be on "
                          "the board",
                          accepted=" ".join(f"chit {c['mult']}" for c in chit_moves(state)) or "done")
    pol = police(state)
    pol["chits"].remove(m)
    pol["chit_cup"].append(m)
    pol["chit_cup"].sort()
    turned = sorted(int(p) for p in state["public"]
                    if PUBLIC[int(p)] == m and int(p) not in pol["informants"])
    pol["informants"] = sorted(set(pol["informants"]) | set(turned))
    log(state, "chit", seat=seat, mult=m, public=turned)


def flip_targets(state: State, pid: int, at: str) -> list[Any]:
    """What an Informant on ``at`` may flip: "joint" in a gang's joint, [seat, kind] for a piece there."""
    out: list[Any] = []
    joint = state["joints"].get(at)
    if joint is not None and joint["owner"] in gang_seats(state):
        out.append("joint")
    for s in gang_seats(state):
        for kind in PIECES:
            p = piece(state, s, kind)
            if p["s"] > 0 and p["at"] == at and not p["c"]:
                out.append([s, kind])
    return out


def may_use(state: State) -> str | None:
    turn = state["turn"]
    if turn["stage"] != "c":
        return "Informants act in step c, before any cop or Commissioner move"
    return None


def act(state: State, seat: int, move: dict[str, Any]) -> None:
    pid = move.get("id")
    path = move.get("path")
    flip = move.get("flip")
    why = may_use(state)
    if why:
        raise IllegalMove(why, accepted="done")
    if pid not in informants(state):
        on = " ".join(str(i) for i in informants(state)) or "none"
        raise IllegalMove(f"Public {pid} is not an Informant", accepted=f"Informants on the board: {on}")
    if pid in state["turn"]["iacted"]:
        raise IllegalMove(f"Informant {pid} has acted this turn already",
                          accepted="another Informant, or done")
    at = state["public"][str(pid)]
    end = at["at"]
    facing = at["f"]
    if path:
        white = state["dice"]["white"]
        if not isinstance(path, list) or len(path) != white or not all(isinstance(n, str) for n in path):
            raise IllegalMove(f"an Informant moves exactly the white die: {white} spaces",
                              accepted=f"informant {pid} followed by {white} spaces")
        problem, last = walk(end, facing, path, public_access(state))
        if problem is not None:
            raise IllegalMove(f"Informant {pid} cannot go that way: {problem}",
                              accepted="Informants keep to the streets and the joints gangs own")
        end = path[-1]
        facing = facing_after(last, end)
    elif flip is None:
        raise IllegalMove("an Informant that does not move must use an ability",
                          accepted=f"informant {pid} flip joint, or informant {pid} flip P2 T")
    if flip is not None and flip not in flip_targets(state, pid, end):
        options = ", ".join("flip joint" if t == "joint" else f"flip {label(t[0])} {t[1]}"
                            for t in flip_targets(state, pid, end)) or "none"
        raise IllegalMove(f"Informant {pid} cannot flip that at {end}: a joint flip needs a gang's joint, "
                          "a piece flip a gang piece there still on its normal side",
                          accepted=f"possible there: {options}")
    state["turn"]["iacted"].append(pid)
    if path:
        state["public"][str(pid)] = {"at": end, "f": facing}
        state["turn"]["imoved"] = True  # 6.3: no hiring and no Public moves this turn (5e skipped)
        log(state, "informant_moved", seat=seat, public=pid, path=list(path))
    if flip == "joint":
        police(state)["flips"][end] = pid
        log(state, "informant_flip", seat=seat, public=pid, joint=end)
    elif flip is not None:
        t_seat, t_kind = flip
        piece(state, t_seat, t_kind)["c"] = True
        del state["public"][str(pid)]
        police(state)["informants"].remove(pid)
        log(state, "informant_flip", seat=seat, public=pid, target=[t_seat, t_kind], at=end)


def may_hire(state: State, seat: int) -> str | None:
    turn = state["turn"]
    cost = INFORMANT_UNIT * state["dice"]["white"]
    if turn["imoved"]:
        return "an Informant moved this turn, so you may not hire (6.3)"
    if turn["hired"] or turn["pmoved"]:
        return "you have hired or moved the Public this turn already (5e: one or the other)"
    if not police(state)["chit_cup"]:
        return "every chit is drawn"
    if gang(state, seat)["cash"] < cost:
        return f"an informant costs ${cost} (white {state['dice']['white']} x $100)"
    return None


def hire(state: State, seat: int) -> None:
    why = may_hire(state, seat)
    if why:
        raise IllegalMove(f"you cannot hire an informant: {why}", accepted="done")
    cost = INFORMANT_UNIT * state["dice"]["white"]
    gang(state, seat)["cash"] -= cost
    pol = police(state)
    chit = int(draw(state, pol["chit_cup"]))
    pol["chit_cup"].remove(chit)
    pol["chits"].append(chit)
    pol["chits"].sort()
    state["turn"]["hired"] = True
    state["turn"]["stage"] = "e"
    log(state, "hire", seat=seat, cost=cost, chit=chit)


def describe_flip(flip: Any) -> str:
    if flip == "joint":
        return "the joint"
    return f"{label(flip[0])}'s {PIECE_NAME[flip[1]]}"
