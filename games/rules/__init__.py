"""Pure rules engines for the hosted games, and the registry that finds them.

A game is registered by one line below: its slug, its rules objects by version
(``"module:attribute"``) and the package of its web presentation (optional).
``get_rules(slug)`` returns the current rules of a game; ``get_rules(slug,
version)`` the rules a stored game was started with, so old games keep
replaying after a rules change. See :mod:`games.rules.base` for the protocol
and ``docs/developers/adding-a-game.md`` for the whole path of a new game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Mapping

from games.rules.base import (
    Choice,
    Decision,
    GameRng,
    IllegalMove,
    Move,
    MoveParseError,
    Option,
    OptionError,
    Rules,
    State,
    canonical_json,
    fill_seats,
    seat_ref,
    state_hash,
)

__all__ = [
    "Choice",
    "Decision",
    "GameEntry",
    "GameRng",
    "IllegalMove",
    "Move",
    "MoveParseError",
    "Option",
    "OptionError",
    "Rules",
    "State",
    "UnknownGame",
    "all_rules",
    "canonical_json",
    "fill_seats",
    "game_entry",
    "game_slugs",
    "get_rules",
    "register",
    "seat_ref",
    "state_hash",
    "unregister",
]


@dataclass(frozen=True)
class GameEntry:
    """Where a game lives: its rules by version (``"module:attribute"``) and its UI package, if any."""

    slug: str
    rules: Mapping[int, str]
    ui: str | None = None


_REGISTRY: dict[str, GameEntry] = {}
_RESOLVED: dict[tuple[str, int | None], Rules] = {}  # get_rules' answers, kept


def register(slug: str, rules: Mapping[int, str], ui: str | None = None) -> GameEntry:
    """Add a game (the hosted games below; tests register games of their own)."""
    if not rules:
        raise ValueError(f"game {slug!r} needs at least one rules version")
    entry = GameEntry(slug, dict(rules), ui)
    _REGISTRY[slug] = entry
    _RESOLVED.clear()
    return entry


def unregister(slug: str) -> None:
    _REGISTRY.pop(slug, None)
    _RESOLVED.clear()


# The hosted games, in lobby order. A rules change that alters the outcome of a
# recorded game adds a version and keeps the old one.
register("revolution", {1: "games.rules.revolution:RULES"}, ui="games.ui.revolution")
register("five_tribes", {1: "games.rules.five_tribes:RULES_V1", 2: "games.rules.five_tribes:RULES"}, ui="games.ui.five_tribes")
register("five_points", {1: "games.rules.five_points:RULES"}, ui="games.ui.five_points")
register("mob_town", {1: "games.rules.mob_town:RULES"}, ui="games.ui.mob_town")
register("gangsters", {1: "games.rules.gangsters:RULES_V1", 2: "games.rules.gangsters:RULES"},
         ui="games.ui.gangsters")


class UnknownGame(LookupError):
    """No hosted game has that slug (or that rules version)."""


def game_slugs() -> list[str]:
    """Every registered game's slug, in lobby order."""
    return list(_REGISTRY)


def game_entry(slug: str) -> GameEntry:
    entry = _REGISTRY.get(slug)
    if entry is None:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"no game called {slug!r} (hosted games: {known})")
    return entry


def get_rules(slug: str, version: int | None = None) -> Rules:
    # Every move and page asks; the answer for a (slug, version) never changes once the registry is read.
    found = _RESOLVED.get((slug, version))
    if found is not None:
        return found
    rules = _resolve_rules(slug, version)
    _RESOLVED[(slug, version)] = rules
    return rules


def _resolve_rules(slug: str, version: int | None) -> Rules:
    versions = game_entry(slug).rules
    if version is None:
        version = max(versions)
    if version not in versions:
        raise UnknownGame(f"{slug} has no rules version {version}")
    module_name, _, attribute = versions[version].partition(":")
    rules = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(rules, Rules):
        raise TypeError(f"{versions[version]} is not a Rules object")
    return rules


def all_rules() -> list[Rules]:
    """The current rules of every registered game, in lobby order."""
    return [get_rules(slug) for slug in _REGISTRY]
