"""What the rules keep about positions is registered in one place and can be dropped; fixed data stays kept."""

from __future__ import annotations

import random

from games.rules import all_rules
from games.rules.gangsters import movement
from games.rules.kept import _CACHES, forget_positions


def test_position_caches_are_dropped_and_the_maps_stay() -> None:
    for rules in all_rules():
        state = rules.setup(rules.min_players + 1, rules.resolve_options({}), "kept-positions")
        rng = random.Random(3)
        for _ in range(60):
            if rules.is_over(state):
                break
            seat = rules.to_act(state)[0]
            rules.choices(state, seat)
            rules.example_moves(state, seat, 5)
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
    kept = [cache for cache in _CACHES if cache.cache_info().currsize]
    assert movement._kept_graph in _CACHES and len(kept) >= 2, "games keep answers about positions"
    steps = movement._next_states.cache_info().currsize if hasattr(movement, "_next_states") else None
    forget_positions()
    assert all(cache.cache_info().currsize == 0 for cache in _CACHES)
    if steps is not None:
        assert movement._next_states.cache_info().currsize == steps, "the map's own steps stay kept"
