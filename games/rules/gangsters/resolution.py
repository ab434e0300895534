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

from . import bribes, payoffs, police
from .data import BUILDING, PIECE_DIE, PIECES, PUBLIC, SUBWAYS, payoff
from .state import State, bribe_holder, gang, label, log, police_seat
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
    payoffs.salary(state)  # the Police salary comes in every player move's payoff phase (4, G24)
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
    p = police_seat(state)
    while turn["fights"]:
        cop = turn["fights"][0]
        if not police.can_fight(state, cop):
            turn["fights"].pop(0)
            continue
        if bribes.asks(state):
            if p is not None and cop != police.COMMISH and payoffs.steerer(state, cop) is None \
                    and cop not in turn.setdefault("asked", []):
                # 2a: the Police player may double this cop's payoff, but only before the dice are rolled.
                turn["asked"].append(cop)
                if bribes.open_question(state, cop, "double", police.where(state, cop) or "", None):
                    return
        elif p is not None and cop != police.COMMISH and bribe_holder(state, cop) == p \
                and payoffs.steerer(state, cop) is None and cop not in turn.setdefault("asked", []):
            # 2a: the Police player may double this cop's payoff, but only before the dice are rolled.
            turn["asked"].append(cop)
            payoffs.double(state, p, cop, "shootout", 0, police.where(state, cop) or "")
        turn["fights"].pop(0)
        fight = police.open_fire(state, cop)
        if police.needs_choice(fight):
            turn["step"] = "assign"
            turn["fight"] = fight
            return
        police.take_hits(state, fight, police.auto_assignment(fight))
        if bribes.hold(state):
            return  # the gangs are asked whether one plays the cop's bribe for half its payoff (2b)
    police.public_leave_criminals(state)
    turn["step"] = "c_pay" if turn.get("cop_turn") else "end"


def apply_assign(state: State, seat: int, move: dict[str, Any]) -> None:
    fight = state["turn"]["fight"]
    hits = move.get("hits")
    options = police.assignments(fight)
    if hits not in options:
        names = ", ".join(f"{label(s)} {k} (strength {n})" for s, k, n in fight["targets"])
        who = "the Commissioner" if fight["cop"] == police.COMMISH else f"cop {fight['cop']}"
        raise IllegalMove(f"{who} scored {fight['hits']} hits: assign every one of them, each "
                          f"target taking at most its strength", accepted=f"targets: {names}")
    state["turn"]["fight"] = None
    state["turn"]["step"] = "fights"
    police.take_hits(state, fight, hits)
