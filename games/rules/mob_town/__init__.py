"""Mob Town (Danny Devine, 5th Street Games 2014) as a pure rules engine, with its co-op "Upholding the Law".

``RULES`` is the registered rules object. The package reads like the rulebook:
``data`` holds the cards (the house stand-ins labelled there), ``city`` the
city grid, its map names and connection walks, ``rounds`` the game and round
set-up and the round end, ``actions`` the competitive turn, ``takeover`` the
cost and payment of a take-over, ``scoring`` the round scoring and agendas,
``coop`` the co-op game, ``moves``/``coop_moves`` the move generators,
``notation`` the move text, ``views`` what each seat sees, ``narration`` the log
lines and phase labels and ``decisions`` what a seat decides next. Player
documentation, with every ruling followed: docs/players/mob-town.md.

The co-op is the same game with ``mode`` set to ``coop``; the options of the
other mode are ignored (each mode has its own variants, ruling R24).
"""

from __future__ import annotations

import random
from typing import Any, Collection, Iterable, Mapping

from games.rules.base import Decision, IllegalMove, Move, MoveParseError, Option, OptionError, Rules, State
from games.rules.text import TextError, check_text

from . import coop, coop_moves, decisions, engine, moves, narration, notation, rounds, views
from .data import (
    AGENDA_IDS,
    AGENDAS,
    ARROW_MARK,
    CARD_CODES,
    CITY_CARDS,
    COLORS,
    LANDMARK_IDS,
    MOB_CARDS,
    PROFESSIONALS,
    PROPERTIES,
    ROLES,
    SUIT_NAMES,
    SUITS,
    TYPE_NAMES,
    card_name,
    card_suit,
    card_value,
)
from .scoring import track_position

# What other packages (the web UI) may use: the rules object and the printed card data.
__all__ = [
    "AGENDAS",
    "AGENDA_IDS",
    "ARROW_MARK",
    "CARD_CODES",
    "CITY_CARDS",
    "COLORS",
    "LANDMARK_IDS",
    "MOB_CARDS",
    "MobTownRules",
    "PROFESSIONALS",
    "PROPERTIES",
    "ROLES",
    "RULES",
    "SUITS",
    "SUIT_NAMES",
    "TYPE_NAMES",
    "card_name",
    "card_suit",
    "card_value",
    "track_position",
]

MODES = ("competitive", "coop")

_HELP = """\
One action a turn. Reply with one of:
  draw | trade rats 1 for sharks | cash in for rats 2, cash
  take over cas3 with rats 2, cash
    (far from your properties add "via the2 cash, hot1 rats 1": each card between, from the property
    towards yours, and the card paying for it)
  open lot 2 at west of res1 [and take over with rats 2, cash] | swap agenda casinos for hotels
  hire bookie | hire fence: take rats 1, cash | hire pickpocket: rob blue
Round set-up: agendas casinos, types. Properties by code (cas3) or map name (B3)."""

_COOP_HELP = """\
Three actions a turn (none more than twice), one per line:
  draw | trade rats 1 for sharks | cash in for rats 2, cash | move to C4
  clear out with rats 2, cash | shut down with rats 2, snakes 1
Set-up: role detective | pawn at C3."""


class MobTownRules(Rules):
    """Mob Town for 2 to 4 players: the competitive game and its four variants, or the co-op and its three."""

    slug = "mob_town"
    name = "Mob Town"
    min_players = 2
    max_players = 4
    version = 1
    summary = "Animal gangs take over the town's businesses; secret agendas; or team up as the Law."
    options = (
        Option("mode", "competitive", label="Mode", choices=("competitive", "coop"),
               help="competitive (the base game), or coop for Upholding the Law (2-4 players together)."),
        Option("professionals", False, label="Professionals",
               help="Competitive: spend a briefcase to hire one of three face-up professionals."),
        Option("city_cards", False, label="City cards",
               help="Competitive: a city card changes the rules of each round."),
        Option("landmarks", False, label="Landmarks",
               help="Competitive: two landmarks replace two property cards each round."),
        Option("big_money", False, label="Big Money!",
               help="Competitive: cashing in takes three lineup cards instead of two."),
        Option("starting_city", 0, label="Starting City (co-op)", choices=(0, -1, 1, 2),
               help="Co-op: the city starts with 8 cards plus this (-1 easier; +1 or +2 harder)."),
        Option("no_master_crimes", False, label="No Master Crimes (co-op)",
               help="Co-op, easier: the master crimes are left out of the mob activity deck."),
        Option("more_mob_activity", False, label="More Mob Activity (co-op)",
               help="Co-op, harder: each master crime but Mob Activity Doubles brings one more mob card."),
    )
    # A random competitive game is a few hundred moves; far beyond that something loops.
    conformance_max_moves = 3000

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults and types as declared, and the mode spelled one way: ``competitive`` or ``coop``."""
        resolved = super().resolve_options(given)
        raw = str(resolved["mode"])
        mode = raw.strip().lower().replace("-", "").replace(" ", "")
        mode = {"coop": "coop", "cooperative": "coop", "competitive": "competitive"}.get(mode, mode)
        if mode not in MODES:
            raise OptionError(f"option mode takes competitive or coop, not {raw[:40]!r}")
        resolved["mode"] = mode
        return resolved

    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        resolved = self.resolve_options(options)
        mode = resolved["mode"]
        if not isinstance(seed, str) or not seed:
            raise ValueError("the seed must be a non-empty string")
        if mode == "coop":
            return coop.setup(num_players, resolved, seed)
        return rounds.setup(num_players, resolved, seed)

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def apply(self, state: State, seat: int, move: Move) -> State:
        try:
            return engine.apply(state, seat, move)
        except IllegalMove:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # A hand-made move dict with missing or ill-typed fields (a list where a name goes): refused
            # like any other illegal move; the copy the engine worked on is simply dropped.
            raise IllegalMove("that move is malformed", accepted="for example 'draw'") from None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        result = state["result"]
        if result is None:
            return None
        return {"scores": list(result["scores"]), "winners": list(result["winners"]),
                "detail": result["detail"]}

    def parse_move(self, state: State, seat: int, text: str) -> Move:
        try:
            check_text(text)
        except TextError as error:
            raise MoveParseError(error.message if isinstance(text, str) else "a move is a line of text",
                                 accepted="for example 'draw'") from None
        return notation.parse_move(state, seat, text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(state, seat, move)

    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        if state["mode"] == "coop":
            return coop_moves.legal_moves(state, seat)
        return moves.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: random.Random) -> Move:
        if seat not in engine.to_act(state):
            raise IllegalMove("nothing is awaited from that seat now")
        if state["mode"] == "coop":
            return coop_moves.random_move(state, seat, rng)
        return moves.random_move(state, seat, rng)

    def default_move(self, state: State, seat: int) -> Move:
        if state["mode"] == "coop":
            return coop_moves.default_move(state, seat)
        return moves.default_move(state, seat)

    def describe(self, state: State, seat: int | None) -> str:
        examples: list[str] = []
        if seat is not None and seat in engine.to_act(state):
            examples = self.example_moves(state, seat, limit=4)
        return views.describe(state, seat, self.notation_help_for(state), examples)

    def example_moves(self, state: State, seat: int, limit: int = 5) -> list[str]:
        if seat not in engine.to_act(state):
            return []
        return decisions.example_texts(state, seat, limit)

    def notation_help(self) -> str:
        return _HELP + "\nCo-op: " + _COOP_HELP

    def notation_help_for(self, state: State) -> str:
        return _COOP_HELP if state["mode"] == "coop" else _HELP

    def narration_readers(self, before: State, seat: int, move: Move, after: State) -> Collection[int] | None:
        return narration.readers(seat, after)

    def narrate(self, before: State, seat: int, move: Move, after: State, viewer: int | None) -> str:
        return narration.narrate(before, seat, move, after, viewer)

    def phase_label(self, state: State, seat: int | None) -> str:
        return narration.phase_label(state, seat)

    def choices(self, state: State, seat: int) -> Decision | None:
        return decisions.choices(state, seat)

    def seat_label(self, state: State | None, seat: int) -> str:
        return COLORS[seat].capitalize() if 0 <= seat < len(COLORS) else f"P{seat + 1}"


RULES = MobTownRules()
