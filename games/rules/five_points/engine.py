"""The Five Points rules object: the protocol of :mod:`games.rules.base` wired to the modules.

Phases in rulebook order: ``placement`` (seats take turns placing rabble and
bidding, or pass) then ``resolution`` (markers, buildings, elections, end of
round; it stops whenever a seat must choose) and back, until ``over``.
"""

from __future__ import annotations

import random
from typing import Any, Collection, Iterable

from games.rules.base import Decision, IllegalMove, Rules, require_seat

from . import decisions, movegen, narration, notation, placement, resolution, views
from .copying import clone
from .setup import new_game

State = dict[str, Any]
Move = dict[str, Any]


class FivePointsRules(Rules):
    """Five Points: a game of very raw politics, for 3 to 5 players."""

    slug = "five_points"
    name = "Five Points"
    min_players = 3
    max_players = 5
    version = 1
    options = ()
    summary = "Place rabble, bid for manipulation, win elections in 1850s New York."

    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        self.resolve_options(options)
        return new_game(num_players, seed)

    def to_act(self, state: State) -> list[int]:
        return views.to_act(state)

    def apply(self, state: State, seat: int, move: Move) -> State:
        require_seat(self, state, seat)
        if not isinstance(move, dict) or not isinstance(move.get("action"), str):
            raise IllegalMove("that is not a Five Points move", accepted="for example `place 3` or `pass`")
        if state["phase"] == "placement":
            return placement.apply(state, seat, move)
        new = clone(state)
        resolution.choose(new, seat, move)
        return new

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        result: dict[str, Any] | None = state["result"]
        return result

    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(state, text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        return movegen.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: random.Random) -> Move:
        return movegen.random_move(state, seat, rng)

    def default_move(self, state: State, seat: int) -> Move:
        return movegen.default_move(state, seat)

    def describe(self, state: State, seat: int | None) -> str:
        return views.describe(state, seat)

    def notation_help(self) -> str:
        return notation.HELP

    def narration_readers(self, before: State, seat: int, move: Move, after: State) -> Collection[int] | None:
        return ()  # nothing in Five Points is hidden from anyone

    def narrate(self, before: State, seat: int, move: Move, after: State, viewer: int | None) -> str:
        """What the move did, and what the resolution it set going did (the same for every viewer)."""
        return narration.narrate(before, seat, move, after)

    def phase_label(self, state: State, seat: int | None) -> str:
        return narration.phase_label(state, seat)

    def choices(self, state: State, seat: int) -> Decision | None:
        return decisions.decision(state, seat)

    def skip_move(self, state: State, seat: int) -> Move | None:
        return decisions.skip_move(state, seat)

    def example_moves(self, state: State, seat: int, limit: int = 5) -> list[str]:
        """A varied handful: a plain placement, a bid, a pass (or the choices on offer)."""
        picks: list[Move] = []
        if state["phase"] == "placement" and seat == state["current"]:
            picks = movegen.placement_samples(state, seat)
        else:
            for move in movegen.legal_moves(state, seat):
                picks.append(move)
                if len(picks) >= limit:
                    break
        seen: list[str] = []
        for move in picks:
            text = notation.format_move(move)
            if text not in seen:
                seen.append(text)
        return seen[:limit]
