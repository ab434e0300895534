"""Police cash (variant 2-4): raids, shootouts, doubling, the gang's half share, bribes and the salary.

Only in a Police game. The Police player is paid:

* for a raid, the joint's face value times its level before the raid, at once
  (2, G16, G21);
* for a shootout, $100 x each strength level the criminals lost, counted from
  the top: four of six Racketeer levels pay $600 + $500 + $400 + $300 = $1,800
  (2, G21), also when a gang moved the cop with its bribe;
* every bribe a gang buys (3); his own bribes are paid to the bank;
* the salary bonus (4 - crime level) x $100 while the level is below four, in
  the payoff phase of every player move from his first Cop Turn on (4, G24).

A cop's payoff may be changed by its bribe marker (one per cop, so at most one
of these happens): the Police player, holding bribe #n, may play it to DOUBLE
cop #n's payoff (2a: for a shootout before the dice, for a raid as it is
resolved); a gang holding bribe #n may play it to take HALF the normal payoff,
rounded up to the next $100, out of the Police player's payoff (2b: after the
result); a gang that moved cop #n with its bribe takes that half share
automatically for that move's raid and shootout (2b, G23). The Commissioner and
the HQs have no bribe: their payoffs are neither doubled nor shared.

Rules version 1 plays a held bribe whenever it can (a standing rule, not a
question). In version 2 the holder decides: :mod:`.bribes` asks every seat that
may hold it, so the asking shows no one who does (G43).
"""

from __future__ import annotations

from typing import Any

from . import bribes
from .data import SALARY_LEVEL, SALARY_UNIT, share_of
from .state import State, bribe_holder, gang, log, police_seat


def return_bribe(state: State, seat: int, marker: int) -> None:
    g = gang(state, seat)
    g["bribes"].remove(marker)
    if marker in g["shown"]:
        g["shown"].remove(marker)
    state["bribe_cup"].append(marker)
    state["bribe_cup"].sort()


def steerer(state: State, cop: int | None) -> int | None:
    """The gang that moved ``cop`` with its bribe this turn, if any."""
    turn = state.get("turn") or {}
    if cop is None:
        return None
    found = (turn.get("steer") or {}).get(str(cop))
    return None if found is None else int(found)


def pay_police(state: State, amount: int, cop: int | None, what: str, at: str, doubled: bool = False) -> None:
    """A raid's or shootout's payoff: shared, doubled or paid whole (in version 2 the seats that may hold the
    cop's bribe are asked first whether they play it, and the payment waits for the answers)."""
    p = police_seat(state)
    if p is None or amount <= 0:
        return
    steer = steerer(state, cop)
    holder = bribe_holder(state, cop) if cop is not None else None
    if steer is not None:
        share(state, steer, amount, cop, what, at, automatic=True)
    elif doubled:
        credit(state, p, 2 * amount, cop, what, at, note="doubled")
    elif bribes.asks(state):
        if cop is None or not bribes.open_question(state, cop, what, at, amount):
            credit(state, p, amount, cop, what, at)
    elif holder is not None and holder != p and cop is not None:
        return_bribe(state, holder, cop)  # 2b: the holding gang plays it and takes half
        share(state, holder, amount, cop, what, at, automatic=False)
    else:
        credit(state, p, amount, cop, what, at)


def credit(state: State, seat: int, amount: int, cop: int | None, what: str, at: str,
           note: str = "") -> None:
    gang(state, seat)["cash"] += amount
    log(state, "police_paid", seat=seat, amount=amount, cop=cop, what=what, at=at, note=note)


def share(state: State, to: int, amount: int, cop: int | None, what: str, at: str, automatic: bool) -> None:
    p = police_seat(state)
    assert p is not None
    half = share_of(amount)
    gang(state, to)["cash"] += half
    gang(state, p)["cash"] += amount - half
    log(state, "police_shared", seat=to, police=p, amount=amount, share=half, cop=cop, what=what, at=at,
        automatic=automatic)


def double(state: State, seat: int, cop: int, what: str, amount: int, at: str) -> None:
    """2a: the Police play bribe ``cop``: a raid pays double at once, a shootout's payoff is doubled when paid."""
    return_bribe(state, seat, cop)
    if what == "raid":
        credit(state, seat, 2 * amount, cop, "raid", at, note="doubled")
    else:
        state["turn"].setdefault("doubled", []).append(cop)
    log(state, "doubled", seat=seat, cop=cop)


def raid_payoff(state: State, cop: int | None, code: str, amount: int) -> None:
    """A raid pays at once; the Police player holding the cop's bribe doubles it (in version 2 every seat that
    may hold the bribe is asked first, and the payment waits for the answers)."""
    p = police_seat(state)
    if p is None:
        return
    if bribes.asks(state):
        pay_police(state, amount, cop, "raid", code)
        return
    if cop is not None and steerer(state, cop) is None and bribe_holder(state, cop) == p:
        double(state, p, cop, "raid", amount, code)
        return
    pay_police(state, amount, cop, "raid", code)


def salary(state: State) -> None:
    """The salary bonus (4): (4 - crime level) x $100 below level four, from the first Cop Turn on."""
    p = police_seat(state)
    if p is None or not state["police"]["salary"] or state["crime"] >= SALARY_LEVEL:
        return
    amount = (SALARY_LEVEL - state["crime"]) * SALARY_UNIT
    gang(state, p)["cash"] += amount
    log(state, "salary", seat=p, amount=amount, crime=state["crime"])
