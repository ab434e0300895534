"""The five-player Police variant: the option's checks and the Police set-up (variant 7.2, 8; G1, G3, G37).

With the ``police`` option a game has exactly five seats: four gangs (seats 1-4)
and the Police player (seat 5). The Police take no part in the joint purchases
and start with $1,700. While the gangs write their sealed orders, the Police
write theirs: a Commissioner of strength 1 or more, bought like a Racketeer at
the set-up rate (the n-th level costs $100 x n). When the last order is in, all
are revealed; the green die names the Commissioner's subway, and the Police
choose his facing once every gang piece is down. Random Movement Order is always
used and Donuts never (variant 8).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove, OptionError

from .data import (
    CHITS,
    COMMISH_DIE,
    DIRECTIONS,
    MAX_STRENGTH,
    POLICE_CASH,
    POLICE_GANGS,
    SUBWAYS,
)
from .state import State, commish, gang, log, police_seat, roll


def check_options(players: int, options: dict[str, Any]) -> None:
    """Refuse a seat count or option set the variant does not allow (G1, G37)."""
    if options.get("police"):
        if players != POLICE_GANGS + 1:
            raise OptionError(f"the Police option needs exactly five players (four gangs and the Police), "
                              f"not {players}")
        if not options.get("random_order", True):
            raise OptionError("a Police game always uses Random Movement Order (variant 8): leave it on")
        if options.get("donuts"):
            raise OptionError("a Police game never uses Donuts (variant 8): leave it off")
    elif players > POLICE_GANGS:
        raise OptionError(f"Gangsters is for 2 to 4 gangs; five players need the Police option "
                          f"(seat 5 plays the Police), not {players} gangs")


def new_police(state: State) -> None:
    """Seat 5 becomes the Police player: $1,700, no Commissioner yet, no HQ (7.2)."""
    seat = state["players"] - 1
    state["seats"][seat] = "police"
    gang(state, seat)["cash"] = POLICE_CASH
    state["police"] = {
        "c": {"s": 0, "at": None, "f": None},
        "hqs": [],
        "chits": [],
        "chit_cup": list(CHITS),
        "informants": [],
        "flips": {},
        "salary": False,  # paid from the Police player's first Cop Turn on (4, G24)
    }


def commish_cost(n: int) -> int:
    """The set-up rate, as for a Racketeer: the n-th level costs $100 x n."""
    return 100 * n * (n + 1) // 2


def check_commish_order(state: State, move: dict[str, Any]) -> dict[str, Any]:
    n = move.get("n")
    top = MAX_STRENGTH["R"]
    while top > 1 and commish_cost(top) > POLICE_CASH:
        top -= 1
    if type(n) is not int or not 1 <= n <= top:
        raise IllegalMove(f"the Commissioner's strength must be 1 to {top} (at least one, 7.2; the n-th "
                          f"level costs $100 x n from your ${POLICE_CASH})",
                          accepted="for example: commish 4")
    return {"a": "commish", "n": n}


def apply_commish_order(state: State, seat: int, move: dict[str, Any]) -> bool:
    """Store the Police player's sealed order; True when it was the last order in."""
    state["orders"][str(seat)] = check_commish_order(state, move)
    log(state, "order", seat=seat)
    return len(state["orders"]) == int(state["players"])


def reveal_commish(state: State, order: dict[str, Any]) -> None:
    """Pay for the Commissioner and put him on the subway the green die names (facing chosen next)."""
    seat = police_seat(state)
    assert seat is not None
    n = order["n"]
    gang(state, seat)["cash"] -= commish_cost(n)
    (green,) = roll(state, 1)
    c = commish(state)
    c.update(s=n, at=SUBWAYS[green], f=None)
    log(state, "commish_placed", seat=seat, die=COMMISH_DIE, roll=green, at=SUBWAYS[green])


def apply_facing(state: State, seat: int, move: dict[str, Any]) -> None:
    to = move.get("to")
    if to not in DIRECTIONS:
        raise IllegalMove("the Commissioner faces along the street: n, e, s or w", accepted="face e")
    commish(state)["f"] = to
    log(state, "commish_facing", seat=seat, to=to)
