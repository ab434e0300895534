"""Steps 4-5 of a turn, after the timed portion: recruits, organized crime, and the shootout step.

When the movement ends, declared recruits are paid and take effect, then each
Public in the gang's coloured joints pays organized crime (and the joint shows
its criminal side until the gang's next turn). The shootout step (G45) fights
the declared hits in order, then every cop sharing a space or building with
criminal gang pieces, in cop-number order (the active gang assigns a cop's hits
when there is a choice, G12).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import police
from .data import BUILDING, PIECE_DIE, PIECES, PUBLIC, SUBWAYS, payoff
from .state import State, criminals_at, gang, label, log
from .violence import resolve_hit


def finish_movement(state: State) -> None:
    """The end of the timed portion: recruits take effect and are paid; organized crime; shootouts."""
    turn = state["turn"]
    seat = turn["seat"]
    g = gang(state, seat)
    for kind in PIECES:
        recruit = turn["recruits"].get(kind)
        if recruit is None:
            continue
        g["cash"] -= recruit["cost"]
        p = g["pieces"][kind]
        where = None
        if p["s"] == 0:
            where = SUBWAYS[state["dice"][PIECE_DIE[kind]]]
            p.update(at=where, f=recruit["f"], c=False)
        p["s"] += recruit["n"]
        log(state, "recruited", seat=seat, piece=kind, n=recruit["n"], cost=recruit["cost"], at=where)
    collect_organized_crime(state, seat)
    turn["step"] = "shoot"


def collect_organized_crime(state: State, seat: int) -> None:
    """Each Public in the gang's coloured joints pays; a joint that pays shows its criminal side."""
    paid = []
    total = 0
    for key in sorted(state["public"], key=int):
        code = state["public"][key]["at"]
        joint = state["joints"].get(code)
        if joint is None or joint["owner"] != seat:
            continue
        amount = payoff(BUILDING[code].value, joint["level"], PUBLIC[int(key)])
        joint["crim"] = True
        paid.append([int(key), code, amount])
        total += amount
    if paid:
        gang(state, seat)["cash"] += total
        log(state, "payoff", seat=seat, paid=paid, total=total)


# -- 5. shootouts and the end of the turn ---------------------------------------------------------


def shootout(state: State) -> None:
    """The declared hits, in order; then the police fights are lined up."""
    turn = state["turn"]
    seat = turn["seat"]
    for hit in turn["hits"]:
        resolve_hit(state, seat, hit)
    turn["hits"] = []
    turn["fights"] = police.fights(state)
    turn["step"] = "fights"


def continue_fights(state: State) -> None:
    turn = state["turn"]
    while turn["fights"]:
        cop = turn["fights"].pop(0)
        if str(cop) not in state["cops"] or not criminals_at(state, state["cops"][str(cop)]["at"]):
            continue
        fight = police.open_fire(state, cop)
        if police.needs_choice(fight):
            turn["step"] = "assign"
            turn["fight"] = fight
            return
        police.take_hits(state, fight, police.auto_assignment(fight))
    police.public_leave_criminals(state)
    turn["step"] = "end"


def apply_assign(state: State, seat: int, move: dict[str, Any]) -> None:
    fight = state["turn"]["fight"]
    hits = move.get("hits")
    options = police.assignments(fight)
    if hits not in options:
        names = ", ".join(f"{label(s)} {k} (strength {n})" for s, k, n in fight["targets"])
        raise IllegalMove(f"cop {fight['cop']} scored {fight['hits']} hits: assign every one of them, each "
                          f"target taking at most its strength", accepted=f"targets: {names}")
    state["turn"]["fight"] = None
    state["turn"]["step"] = "fights"
    police.take_hits(state, fight, hits)
