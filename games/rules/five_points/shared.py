"""Small state changes used by several steps (markers, buildings, elections).

Every function here edits a state the caller already owns (a private copy made
by ``apply``); none of them copies.
"""

from __future__ import annotations

from typing import Any

from . import city

State = dict[str, Any]


def player(seat: int) -> str:
    """How the engine names a seat in text: ``P1`` for seat 0."""
    return f"P{seat + 1}"


def bosses_on_board(state: State, seat: int) -> int:
    return sum(t["bosses"][seat] for t in state["tiles"])


def retrieve(state: State, seat: int, amount: int) -> int:
    """Move up to ``amount`` rabble from the boroughs to the HQ; returns how many moved."""
    moved: int = min(amount, state["boroughs"][seat])
    state["boroughs"][seat] -= moved
    state["hq"][seat] += moved
    return moved


def take_control(state: State, seat: int, colour: str) -> bool:
    """Give ``seat`` a control marker of ``colour`` if the pile has one left.

    Decision: once a pile is empty nobody gets that colour any more (the game
    end is already triggered); there is no substitute.
    """
    if state["control_supply"][colour] <= 0:
        return False
    state["control_supply"][colour] -= 1
    state["control"][seat][colour] += 1
    check_end_trigger(state)
    return True


def check_end_trigger(state: State) -> None:
    """Note the end of the game once a control pile is empty or every neighbourhood has a boss.

    Decision: "each district has at least one boss in it" is read as every
    neighbourhood tile holding a boss. Once triggered it stays triggered; the
    round is finished and then the game is scored.
    """
    if state["end_triggered"]:
        return
    if any(n <= 0 for n in state["control_supply"].values()) or all(
        any(t["bosses"]) for t in state["tiles"]
    ):
        state["end_triggered"] = True


def move_tile(state: State, index: int, cell: tuple[int, int]) -> None:
    """Move a neighbourhood (with everything on it) to ``cell`` and renormalise the grid."""
    tiles = state["tiles"]
    tiles[index] = dict(tiles[index], pos=[cell[0], cell[1]])
    city.normalise(tiles)
