"""Revolution! (Philip duBarry, Steve Jackson Games 2009) as a pure rules engine.

``RULES`` is the registered rules object. The package reads like the rulebook:
``data`` holds the bid board and the areas, ``engine`` the rounds (bidding,
resolution, patronage, scoring), ``notation`` the move text, ``moves`` the move
generators, ``views`` what each seat sees, ``narration`` the log lines and phase
labels, and ``decisions`` what a seat decides next (``choices``: the structure of
its ``Decision`` is documented there), the skip policy's pass and how a mail
reply's lines group into moves. Player documentation, including
every decision taken where the rulebook is silent: docs/players/revolution.md.
"""

from __future__ import annotations

import random
from typing import Any, Collection, Iterable, Sequence

from games.rules.base import Decision, IllegalMove, Move, Option, Rules, State

from . import decisions, engine, moves, narration, notation, views
from .data import AREA_LIST, AREAS, CHARACTER_LIST, KIND_NAME, KINDS, TOKEN_POINTS
from .views import log_lines

# What other packages (the web UI) may use: the rules object and the printed game data.
__all__ = [
    "AREAS",
    "AREA_LIST",
    "CHARACTER_LIST",
    "KINDS",
    "KIND_NAME",
    "RULES",
    "RevolutionRules",
    "TOKEN_POINTS",
    "log_lines",
]

_NOTATION_HELP = """\
Bid: name characters and the tokens on each, e.g. "general b g; merchant 2g; printer f".
  Tokens: f = Force, b = Blackmail, g = Gold; counts like 2g. Characters by name,
  unique prefix (gen, prin, merch) or number 1-12. Bid every token you hold, on at most six characters.
Spy winner: "spy blue harbor" (your cube replaces a Blue one there) or "pass".
Apothecary winner: "swap cathedral blue tavern green" (exchange those two cubes) or "pass"."""
# The examples name Blue and Green only: every game has them (three players at least), Yellow only with four.


class RevolutionRules(Rules):
    """Revolution! for 3 or 4 players, with the rulebook's two optional rules as options."""

    slug = "revolution"
    name = "Revolution!"
    min_players = 3
    max_players = 4
    version = 1
    summary = "Bid Force, Blackmail and Gold for the town's loyalties; most support wins."
    options = (
        Option("bid_refunds", False, label="Bid Refunds",
               help="Losing and tied bids go back to their owners for the next round "
                    "(and count at the end); winning bids still go to the bank."),
        Option("area_control_bonus", False, label="Area Control Bonus",
               help="Holding every space of an area protects those cubes from the Spy and the "
                    "Apothecary and scores 10 more for that area at the end."),
    )
    # A random game lasts a few hundred moves; far beyond that something loops.
    conformance_max_moves = 3000

    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        resolved = self.resolve_options(options)
        if not isinstance(seed, str) or not seed:
            raise ValueError("the seed must be a non-empty string")
        return engine.setup(num_players, resolved, seed)

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def apply(self, state: State, seat: int, move: Move) -> State:
        return engine.apply(state, seat, move)

    def apply_stored(self, state: State, seat: int, move: Move) -> State:
        return engine.apply_stored(state, seat, move)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        result = state["result"]
        return None if result is None else {
            "scores": list(result["scores"]),
            "winners": list(result["winners"]),
            "detail": result["detail"],
        }

    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(state, seat, text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(state, seat, move)

    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        return moves.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: random.Random) -> Move:
        return moves.random_move(state, seat, rng)

    def default_move(self, state: State, seat: int) -> Move:
        return moves.default_move(state, seat)

    def describe(self, state: State, seat: int | None) -> str:
        examples: list[str] = []
        if seat is not None and (state["phase"] == "bidding" or seat in engine.to_act(state)):
            examples = self.example_moves(state, seat, limit=3)
        return views.describe(state, seat, self.notation_help(), examples)

    def warnings(self, state: State, seat: int, move: Move) -> list[str]:
        """Why an accepted bid would lose tokens at resolution (immune characters, over six)."""
        if state["phase"] != "bidding" or not isinstance(move, dict) or move.get("action") != "bid":
            return []
        try:
            bid = engine.normalize_bid(move.get("bid"))
        except IllegalMove:
            return []
        return engine.bid_warnings(bid)

    def example_moves(self, state: State, seat: int, limit: int = 5) -> list[str]:
        return [self.format_move(state, seat, m) for m in moves.example_moves(state, seat)[:limit]]

    def notation_help(self) -> str:
        return _NOTATION_HELP

    def reply_lines_help(self) -> str:
        return ("A bid may take several lines, one character per line: the bid lines in a row are one bid, so "
                "send one bid per mail (a later mail replaces it until the last bid is in). A Spy, Apothecary "
                "or pass choice takes a line of its own.")

    def open_seats(self, state: State) -> set[int]:
        """Every seat during bidding: a bid may be revised until the last bid is in."""
        return set(range(state["players"])) if state["phase"] == "bidding" else set()

    def narration_readers(self, before: State, seat: int, move: Move, after: State) -> Collection[int] | None:
        # A sealed bid reads in full only for its author; the Spy's and Apothecary's choices are open.
        return (seat,) if isinstance(move, dict) and move.get("action") == "bid" else ()

    def narrate(self, before: State, seat: int, move: Move, after: State, viewer: int | None) -> str:
        """One log line; a sealed bid's content only for its author until the last bid reveals all."""
        return narration.narrate(before, seat, move, after, viewer)

    def phase_label(self, state: State, seat: int | None) -> str:
        return narration.phase_label(state, seat)

    def choices(self, state: State, seat: int) -> Decision | None:
        """A free-form bid (also for a seat revising its bid), or the Spy/Apothecary options listed."""
        return decisions.choices(state, seat)

    def skip_move(self, state: State, seat: int) -> Move | None:
        return decisions.skip_move(state, seat)

    def reply_moves(self, state: State, seat: int, lines: Sequence[str]) -> list[str]:
        return decisions.reply_moves(state, seat, lines)


RULES = RevolutionRules()
