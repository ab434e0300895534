"""Random playouts to the end at 2, 3 and 4 players, with the state kept JSON-clean."""

from __future__ import annotations

import json
import random

import pytest

from games.rules.five_tribes import RULES


def playout(n: int, seed: int, check: bool = False) -> dict:
    s = RULES.setup(n, {}, f"playout-{n}-{seed}")
    rng = random.Random(seed)
    for _ in range(3000):
        if RULES.result(s) is not None:
            return s
        (seat,) = RULES.to_act(s)
        move = RULES.random_move(s, seat, rng)
        if check:
            assert RULES.parse_move(s, seat, RULES.format_move(s, seat, move)) == move
        s = RULES.apply(s, seat, move)
        if check:
            assert json.loads(json.dumps(s)) == s
    raise AssertionError("game did not end")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_cleanly(n: int) -> None:
    for seed in range(200):
        s = playout(n, seed, check=seed < 10)
        res = RULES.result(s)
        assert res is not None and len(res["scores"]) == n and res["winners"]
        assert RULES.to_act(s) == []
        # Meeples are conserved: board + bag + held Viziers/Elders = 90.
        held = sum(p["viziers"] + p["elders"] for p in s["seats"])
        assert sum(map(len, s["meeples"])) + sum(s["bag"]) + held == 90
        # Cards are conserved: 54 resource cards, 22 Djinns.
        cards = len(s["deck"]) + len(s["row"]) + len(s["discard"]) + sum(
            len(p["goods"]) + p["fakirs"] for p in s["seats"])
        assert cards == 54
        djinns = len(s["djinn_deck"]) + len(s["djinns"]) + len(s["djinn_discard"]) + sum(
            len(p["djinns"]) for p in s["seats"])
        assert djinns == 22


def test_replay_is_deterministic() -> None:
    assert playout(3, 7) == playout(3, 7)
