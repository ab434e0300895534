"""The Police Commissioner (variant 7, 7.1, 7.21, 7.4, 7.41, 8.1-8.2; G27-G29, G31, G38).

He moves only in the Cop Turn, like a gang member: exactly the green die (with
Wheels also green + white + blue), entering and leaving any building and riding
the subway without going off duty. Recruiting for him is his move, priced like a
Racketeer's at the green multiplier. Off the board when a Cop Turn starts, one
of the Police player's moves must bring him on at the green die's subway or at
an HQ whose entry digit is green. He fights like a cop of his strength and
leaves the board after every shootout (:mod:`.police`).
"""

from __future__ import annotations

from .board import DOORS
from .data import BUILDING, COMMISH_DIE, LEVEL_PRICE, MAX_STRENGTH, SUBWAYS, hq_entry_digit
from .movement import Access, Paths
from .state import State, commish, gang, hqs, police_seat


def access() -> Access:
    return Access(pass_through=lambda b: True, end_in=lambda b: True, rides=True)


def lengths(state: State) -> tuple[int, ...]:
    dice = state["dice"]
    green = dice[COMMISH_DIE]
    p = police_seat(state)
    if p is not None and gang(state, p)["wheels"]:
        return (green, dice["green"] + dice["white"] + dice["blue"])
    return (green,)


def paths(state: State) -> Paths:
    c = commish(state)
    return Paths(c["at"], c["f"], lengths(state), access())


def entries(state: State) -> list[str]:
    """Where he may come on: a facing at the green subway, or an HQ whose entry digit is the green die."""
    green = state["dice"][COMMISH_DIE]
    return ["n", "e", "s", "w", *[h for h in hqs(state) if hq_entry_digit(BUILDING[h].value) == green]]


def place(state: State, to: str) -> str:
    """Put him on at ``to`` (a facing at the green subway, or an HQ); returns the node."""
    c = commish(state)
    if to in DOORS:
        c.update(at=to, f=None)
    else:
        c.update(at=SUBWAYS[state["dice"][COMMISH_DIE]], f=to)
    at: str = c["at"]
    return at


def recruit_cost(state: State, n: int) -> int:
    """Like a Racketeer's: the levels from his strength up, $100 x level each, times the green die."""
    s: int = commish(state)["s"]
    multiplier: int = state["dice"][COMMISH_DIE]
    return sum(LEVEL_PRICE * level for level in range(s + 1, s + n + 1)) * multiplier


def room(state: State) -> int:
    return MAX_STRENGTH["R"] - int(commish(state)["s"])
