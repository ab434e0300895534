"""Random playouts: 200 games over 3, 4 and 5 players end cleanly with pieces conserved."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from games.rules.five_points import RULES, data


def _check_invariants(state: dict) -> None:
    n = state["players"]
    for seat in range(n):
        on_board = sum(t["rabble"][seat] for t in state["tiles"])
        bids = sum(b[seat] for b in state["bids"]) if state["phase"] == "placement" else 0
        total = state["hq"][seat] + state["boroughs"][seat] + on_board + bids
        assert total == data.RABBLE_PER_PLAYER, (seat, total)
        assert min(state["hq"][seat], state["boroughs"][seat]) >= 0
        assert sum(t["bosses"][seat] for t in state["tiles"]) <= data.BOSSES_PER_PLAYER
    for colour in data.COLOURS:
        held = sum(c[colour] for c in state["control"])
        assert held + state["control_supply"][colour] == data.CONTROL_MARKERS_PER_COLOUR[n]
    cells = [tuple(t["pos"]) for t in state["tiles"]]
    assert len(set(cells)) == len(cells)


def play_random(n: int, index: int, deep: bool = False) -> tuple[dict, Counter]:
    state = RULES.setup(n, {}, f"playout-{n}-{index}")
    rng = random.Random(index)
    seen: Counter = Counter()
    for _ in range(5000):
        awaited = RULES.to_act(state)
        if not awaited:
            break
        seat = awaited[0]
        move = RULES.random_move(state, seat, rng)
        seen[move["action"]] += 1
        if deep:
            before = copy.deepcopy(state)
            assert RULES.parse_move(state, seat, RULES.format_move(state, seat, move)) == move
        state = RULES.apply(state, seat, move)
        if deep:
            assert json.loads(json.dumps(state)) == state
        _check_invariants(state)
    else:
        raise AssertionError("no end after 5000 moves")
    return state, seen


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_end_cleanly(n: int) -> None:
    reasons: Counter = Counter()
    actions: Counter = Counter()
    markers: set = set()
    for index in range(67):
        state, seen = play_random(n, index, deep=index < 3)
        result = RULES.result(state)
        assert result is not None and RULES.to_act(state) == []
        assert len(result["scores"]) == n and result["winners"]
        reasons[result["detail"]["reason"]] += 1
        actions.update(seen)
    # both ways to end a game and every kind of choice come up in random play
    assert set(reasons) == {"five bosses", "final scoring"}
    assert {"place", "pass", "move", "skip", "take", "special", "elect"} <= set(actions)


def test_random_play_reaches_every_building() -> None:
    """Each building is in play in some game and its owner uses it (smuggling included)."""
    used: set = set()
    actions: Counter = Counter()
    for index in range(300):
        state, seen = play_random(3, 1000 + index)
        actions.update(seen)
        used |= {line.split(":")[0].split(" (")[0] for line in state["log"]}
        if len(used & {b["name"] for b in data.BUILDINGS}) == len(data.BUILDINGS) and actions["smuggle"]:
            break
    assert {b["name"] for b in data.BUILDINGS} <= used | {"Tammany Hall"}
    assert actions["smuggle"] > 0
