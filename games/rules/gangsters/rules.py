"""The Gangsters rules object: the protocol of :mod:`games.rules.base` wired to the modules.

Two rules versions share this code. In version 1 a held bribe that can double
(variant 2a) or share (2b) a cop's payoff is always played, without asking. In
version 2 its holder decides: every seat that may hold it, as far as the table
knows, is asked the same question (:mod:`.bribes`). A version 2 Police game's
state holds ``police["asks"]`` (written by :meth:`GangstersRules.setup`) and the
engine keys on it, so a state always replays under the rules it was created by.
A game without the Police is the same under both versions.
"""

from __future__ import annotations

import random
from typing import Any, Collection, Iterable, Mapping

from games.rules.base import Decision, IllegalMove, Move, MoveParseError, Option, Rules, State, fill_seats
from games.rules.text import TextError, check_text

from . import bot, decisions, engine, moves, narration, notation, views
from .data import GANG_LABEL


class GangstersRules(Rules):
    """Gangsters for 2 to 4 gangs, with the rulebook's optional rules as options, and the five-player Police
    variant (four gangs and the Police player)."""

    slug = "gangsters"
    name = "Gangsters"
    min_players = 2
    max_players = 5
    summary = "Run a gang in Prohibition Chicago: joints, the Public, cops and hits; first to $10,000 wins."
    options = (
        Option("random_order", True, label="Random Movement Order (16.5)",
               help="Each round the gangs move in an order drawn afresh; off, they move in seat order from "
                    "the gang that bought the first joint."),
        Option("heaters", False, label="Heaters (16.1)",
               help="A gang whose Racketeer begins its turn in a gray building may buy Heaters for $1,000: "
                    "its Racketeer then hits on 4-6."),
        Option("wheels", False, label="Wheels (16.2)",
               help="A gang whose Racketeer begins its turn in a gray building may buy Wheels for $1,000: "
                    "its Racketeer may then move green, or green + white + blue."),
        Option("donuts", False, label="Donuts (16.4, house rule)",
               help="In the cop portion a gang may pay $100 x the blue die to send one cop back to the cup."),
        Option("squirt_gun", False, label="Squirt gun (12.8)",
               help="Three sixes in a roll call for the squirt gun: the log says so; nothing else changes."),
        Option("police", False, label="Police player (five-player variant)",
               help="Five players only: seats 1-4 are gangs and seat 5 the Police player, who buys "
                    "precinct headquarters, moves the Commissioner and the cops, hires informants, and wins "
                    "with seven precincts or $10,000 while holding a loyal officer's bribe. Random order on, "
                    "Donuts off."),
    )
    # A game of random moves ends at closing time (round 40) at the latest.
    conformance_max_moves = 6000

    def __init__(self, version: int = 2) -> None:
        if version not in (1, 2):
            raise ValueError(f"Gangsters has rules versions 1 and 2, not {version}")
        self.version = version

    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        resolved = self.resolve_options(options)
        self.check_options(num_players, resolved)
        if not isinstance(seed, str) or not seed:
            raise ValueError("the seed must be a non-empty string")
        from .setup import new_game

        state = new_game(num_players, resolved, seed)
        if self.version >= 2 and "police" in state:
            state["police"]["asks"] = True  # the holder of a bribe decides whether to play it (2a, 2b)
        return state

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """As declared; a game without the Police records the options a base game always had, so games
        recorded before the variant existed keep their exact event log."""
        resolved = super().resolve_options(given)
        if not resolved.get("police"):
            resolved.pop("police", None)
        return resolved

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        from .police_setup import check_options

        check_options(num_players, options)

    def conformance_options(self, num_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Options the conformance suite may play with this many seats: five seats are a Police game."""
        fitted = dict(options, police=num_players == 5)
        if fitted["police"]:
            fitted.update(random_order=True, donuts=False)
        return fitted

    def conformance_share(self, num_players: int) -> float:
        """A five-seat Police game is several times longer than a gangs-only one: the suite plays a fifth as many."""
        return 0.2 if num_players == 5 else 1.0

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def apply(self, state: State, seat: int, move: Move) -> State:
        return engine.apply(state, seat, move)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        result: dict[str, Any] | None = state["result"]
        return result

    def parse_move(self, state: State, seat: int, text: str) -> Move:
        try:
            check_text(text)
        except TextError as error:
            raise MoveParseError(error.message if isinstance(text, str) else "a move is a line of text",
                                 accepted="for example 'pass'") from None
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        if not isinstance(move, dict):
            raise MoveParseError("that is not a Gangsters move")
        try:
            return notation.format_move(move)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise IllegalMove("that is not a Gangsters move") from exc

    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        return moves.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: random.Random) -> Move:
        return bot.random_move(state, seat, rng, skill=0.85)

    def default_move(self, state: State, seat: int) -> Move:
        return moves.default_move(state, seat)

    def describe(self, state: State, seat: int | None) -> str:
        examples: list[str] = []
        if seat is not None and seat in engine.to_act(state):
            examples = self.example_moves(state, seat, limit=4)
        lines = [fill_seats(line, GANG_LABEL) for line in narration.recent_lines(state, seat)]
        return views.describe(state, seat, self.notation_help_for(state), examples, lines)

    def example_moves(self, state: State, seat: int, limit: int = 5) -> list[str]:
        if seat not in engine.to_act(state):
            return []
        return decisions.example_moves(state, seat, limit)

    def notation_help(self) -> str:
        return notation.HELP

    def narration_readers(self, before: State, seat: int, move: Move, after: State) -> Collection[int] | None:
        return narration.readers(before, seat, after)

    def notation_help_for(self, state: State) -> str:
        return notation.help_for(state)

    def narrate(self, before: State, seat: int, move: Move, after: State, viewer: int | None) -> str:
        return narration.narrate(before, seat, move, after, viewer)

    def phase_label(self, state: State, seat: int | None) -> str:
        return narration.phase_label(state, seat)

    def choices(self, state: State, seat: int) -> Decision | None:
        return decisions.choices(state, seat)

    def skip_move(self, state: State, seat: int) -> Move | None:
        return decisions.skip_move(state, seat)

    def seat_label(self, state: State | None, seat: int) -> str:
        if state is not None and seat < len(state.get("seats", ())) and state["seats"][seat] == "police":
            return "P5 (Police)"
        return GANG_LABEL[seat] if 0 <= seat < len(GANG_LABEL) else f"P{seat + 1}"
