"""Reachable states of every registered game, and the words of its notation, for the property tests.

The states come from seeded random playouts (every player count, a few seeds),
thinned to an even spread from the first move to the end, so examples hit
every phase: bids, choices inside a resolution, the last round, a finished game.
With each state come a few legal moves of the seats awaited there, as data and
in notation: the raw material that the strategies mutate into near-misses.
"""

from __future__ import annotations

import functools
import json
import random
import re
from dataclasses import dataclass
from typing import Any

from games.rules import Rules, get_rules
from tests.conformance.harness import fit_options, random_options

PLAYOUTS_PER_COUNT = 4
STATES_PER_GAME = 240
MOVES_PER_STATE = 4


@dataclass(frozen=True)
class Sample:
    """One reachable state, its number of seats and a few legal ``(seat, move, text)`` there."""

    state: dict[str, Any]
    players: int
    moves: tuple[tuple[int, Any, str], ...]


def _playout(rules: Rules, players: int, index: int) -> list[tuple[dict[str, Any], str]]:
    """The states of one seeded playout, each with a seed for drawing its sample moves later."""
    seed = f"property:{rules.slug}:{players}:{index}"
    rng = random.Random(seed)
    state = rules.setup(players, fit_options(rules, players, random_options(rules, rng)), seed)
    found: list[tuple[dict[str, Any], str]] = []
    for step in range(10_000):
        found.append((state, f"{seed}:{step}"))
        awaited = rules.to_act(state)
        if not awaited:
            return found
        seat = rng.choice(awaited)
        state = rules.apply(state, seat, rules.random_move(state, seat, rng))
    raise AssertionError(f"{rules.slug}: a playout did not end")


def _sample(rules: Rules, players: int, state: dict[str, Any], seed: str) -> Sample:
    # Drawn only for the states kept: a game's random move can cost a millisecond (a bot looks ahead),
    # and most states of a playout are thinned away.
    rng = random.Random(seed)
    awaited = rules.to_act(state)
    moves = []
    for seat in awaited:
        for _ in range(MOVES_PER_STATE if len(awaited) == 1 else 2):
            move = rules.random_move(state, seat, rng)
            moves.append((seat, move, rules.format_move(state, seat, move)))
    return Sample(state, players, tuple(moves))


def decision_kind(rules: Rules, state: dict[str, Any]) -> str:
    """The kind of the next decision (the game's own word: "bid", "spy", "elect", ...), or "over"."""
    awaited = rules.to_act(state)
    decision = rules.choices(state, awaited[0]) if awaited else None
    return decision.kind if decision is not None else "over"


def _spread(items: list[Any], count: int) -> list[Any]:
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


@functools.cache
def samples(slug: str) -> list[Sample]:
    """Reachable states of ``slug`` (its current rules), spread evenly over the kinds of decision.

    Rare decisions (a choice inside a resolution, a tie to order) get as many
    states as the common ones, so examples reach the code that handles them.
    """
    rules = get_rules(slug)
    by_kind: dict[str, list[tuple[int, dict[str, Any], str]]] = {}
    for players in range(rules.min_players, rules.max_players + 1):
        for index in range(PLAYOUTS_PER_COUNT):
            for state, seed in _playout(rules, players, index):
                by_kind.setdefault(decision_kind(rules, state), []).append((players, state, seed))
    quota = max(STATES_PER_GAME // len(by_kind), 10)
    return [_sample(rules, players, state, seed)
            for group in by_kind.values() for players, state, seed in _spread(group, quota)]


_WORD = re.compile(r"[A-Za-z]+|[0-9]+|[^\sA-Za-z0-9]")


@functools.cache
def vocabulary(slug: str) -> tuple[str, ...]:
    """The words of the game's notation: its help text and every move written at the sampled states."""
    rules = get_rules(slug)
    words = set(_WORD.findall(rules.notation_help()))
    for sample in samples(slug):
        for _, _, text in sample.moves:
            words.update(_WORD.findall(text))
    return tuple(sorted(words))


def _walk(data: Any, keys: set[str], values: set[Any]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            keys.add(key)
            _walk(value, keys, values)
    elif isinstance(data, list):
        for item in data:
            _walk(item, keys, values)
    else:
        values.add(json.dumps(data))


@functools.cache
def move_parts(slug: str) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """The dict keys and the scalar values found in the game's legal moves (for mutating moves)."""
    keys: set[str] = set()
    values: set[str] = set()
    for sample in samples(slug):
        for _, move, _ in sample.moves:
            _walk(move, keys, values)
    return tuple(sorted(keys)), tuple(json.loads(v) for v in sorted(values))
