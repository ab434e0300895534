"""Helpers for the Gangsters rule tests: a game past set-up, and a board arranged by hand.

``arranged(players)`` plays the set-up with fixed picks and orders and returns a
state at the first gang's purchases; ``clear_board`` empties the map so a test
places exactly the pieces it needs; ``at_step`` puts the active gang at a step
with chosen dice. Dice during resolution are fixed with ``fixed_dice``.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from games.rules import get_rules
from games.rules.gangsters import rounds
from games.rules.gangsters import state as state_module
from games.rules.gangsters.state import State

RULES = get_rules("gangsters")
DICE = {"green": 3, "red": 3, "black": 3, "blue": 3, "white": 3}


def setup_game(players: int = 2, options: dict[str, Any] | None = None, seed: str = "tests") -> State:
    return RULES.setup(players, options or {}, seed)


def play(state: State, seat: int, text: str) -> State:
    return RULES.apply(state, seat, RULES.parse_move(state, seat, text))


def through_setup(players: int = 2, options: dict[str, Any] | None = None, seed: str = "tests") -> State:
    """Every gang buys the first joints offered and orders R5 T2 V1 in its first joint."""
    state = setup_game(players, options, seed)
    while state["phase"] == "picks":
        seat = RULES.to_act(state)[0]
        option = RULES.choices(state, seat).options[0]
        state = RULES.apply(state, seat, option.move)
    for seat in range(players):
        state = RULES.apply(state, seat, RULES.default_move(state, seat))
    return state


def clear_board(state: State) -> State:
    """No joints owned, no cops or Public out, every piece off the board, cash $5,000, crime 0."""
    for joint in state["joints"].values():
        joint.update(owner=None, level=1, crim=False)
    state["cops"] = {}
    state["public"] = {}
    state["crime"] = 0
    for g in state["gangs"]:
        g["cash"] = 5000
        g["bribes"] = []
        g["shown"] = []
        for p in g["pieces"].values():
            p.update(s=0, at=None, f=None, c=False)
    return state


def put(state: State, seat: int, kind: str, at: str, s: int = 3, f: str | None = None,
        c: bool = False) -> None:
    state["gangs"][seat]["pieces"][kind].update(s=s, at=at, f=f, c=c)


def own(state: State, seat: int, *codes: str, level: int = 1) -> None:
    for code in codes:
        state["joints"][code].update(owner=seat, level=level, crim=False)


def at_step(state: State, seat: int, step: str, dice: dict[str, int] | None = None) -> State:
    """The turn of ``seat`` at ``step`` (``buy``, ``cop`` or ``move``) with the given dice."""
    state["phase"] = "play"
    state["round"] = max(1, state["round"])
    state["order"] = list(range(state["players"]))
    state["index"] = seat
    state["turn"] = rounds.new_turn(seat)
    state["dice"] = {**DICE, **(dice or {})}
    if step == "move":
        state["turn"]["step"] = "move_start"
        rounds.advance(state)
    else:
        state["turn"]["step"] = step
    return state


def fixed_dice(monkeypatch: pytest.MonkeyPatch, *rolls: list[int]) -> None:
    """Make the next calls to the game's dice return these rolls, in order (each a list of dice)."""
    queue: Iterator[list[int]] = iter(rolls)
    real = state_module.roll

    def fake(state: State, count: int) -> list[int]:
        dice = next(queue, None)
        if dice is None:
            return real(state, count)  # planned rolls used up: the game's own dice again
        assert len(dice) == count, f"the engine rolled {count} dice, the test planned {dice}"
        return dice

    for module in ("games.rules.gangsters.violence", "games.rules.gangsters.police",
                   "games.rules.gangsters.precincts",
                   "games.rules.gangsters.state"):
        monkeypatch.setattr(f"{module}.roll", fake)


def events(state: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state["events"] if e["k"] == kind]
