"""Who moves how: the exact counts and building access of gang pieces and the Public.

A gang piece enters and crosses any building (G51) and rides the subway; it
moves the count of its own die (G27): green for the Racketeer (or, with Wheels,
green + white + blue), red for the Thug, black for the Vamp. A Public moves the
white count, does not ride, and enters or crosses only joints a gang owns
(CLAR 6.8, G32). Cops are in :mod:`.police`.
"""

from __future__ import annotations

from .board import DOORS
from .data import PIECE_DIE
from .movement import RIDE, Access, Paths
from .state import State, gang, piece

def gang_access(state: State, seat: int) -> Access:
    joints = state["joints"]
    return Access(pass_through=lambda b: True, end_in=lambda b: True, rides=True,
                  friendly=lambda b: b in joints and joints[b]["owner"] == seat, open=True)


def piece_lengths(state: State, seat: int, kind: str) -> tuple[int, ...]:
    """The exact counts a piece may move: its die, and for a Racketeer with Wheels green + white + blue."""
    dice = state["dice"]
    n = dice[PIECE_DIE[kind]]
    if kind == "R" and gang(state, seat)["wheels"]:
        return (n, dice["green"] + dice["white"] + dice["blue"])
    return (n,)


def piece_paths(state: State, seat: int, kind: str) -> Paths:
    p = piece(state, seat, kind)
    return Paths(p["at"], p["f"], piece_lengths(state, seat, kind), gang_access(state, seat))


def public_access(state: State) -> Access:
    joints = state["joints"]

    police = state["seats"].index("police") if "police" in state["seats"] else None

    def owned_joint(b: str) -> bool:
        # Never an HQ (G32): the Public go only where a gang can collect from them.
        return b in joints and joints[b]["owner"] is not None and joints[b]["owner"] != police

    owned = frozenset(b for b in joints if owned_joint(b))
    return Access(pass_through=owned_joint, end_in=owned_joint, rides=False, known=(owned, owned))


def public_paths(state: State, pid: int) -> Paths:
    at = state["public"][str(pid)]
    return Paths(at["at"], at["f"], (state["dice"]["white"],), public_access(state))


def facing_after(last: str | None, end: str) -> str | None:
    return None if last in (None, RIDE) or end in DOORS else last
