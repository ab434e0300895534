"""Pure rules engines for the hosted games, and the registry that finds them.

``get_rules(slug)`` returns the current rules of a game; ``get_rules(slug,
version)`` returns the rules a stored game was started with, so old games keep
replaying after a rules change. See :mod:`games.rules.base` for the protocol.
"""

from __future__ import annotations

import importlib

from games.rules.base import (
    GameRng,
    IllegalMove,
    MoveParseError,
    Option,
    OptionError,
    Rules,
    canonical_json,
    state_hash,
)

__all__ = [
    "GameRng",
    "IllegalMove",
    "MoveParseError",
    "Option",
    "OptionError",
    "Rules",
    "UnknownGame",
    "all_rules",
    "canonical_json",
    "get_rules",
    "state_hash",
]

# slug -> {version: "module:attribute"}. A rules change that alters the outcome
# of a recorded game adds a version here and keeps the old module.
_REGISTRY: dict[str, dict[int, str]] = {
    "revolution": {1: "games.rules.revolution:RULES"},
    "five_tribes": {1: "games.rules.five_tribes:RULES"},
    "five_points": {1: "games.rules.five_points:RULES"},
}


class UnknownGame(LookupError):
    """No hosted game has that slug (or that rules version)."""


def get_rules(slug: str, version: int | None = None) -> Rules:
    versions = _REGISTRY.get(slug)
    if not versions:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"no game called {slug!r} (hosted games: {known})")
    if version is None:
        version = max(versions)
    if version not in versions:
        raise UnknownGame(f"{slug} has no rules version {version}")
    module_name, _, attribute = versions[version].partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def all_rules() -> list[Rules]:
    """The current rules of every hosted game, in lobby order."""
    return [get_rules(slug) for slug in _REGISTRY]
