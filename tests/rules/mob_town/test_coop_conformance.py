"""The shared conformance harness, run on the co-op mode (Upholding the Law) at every player count.

The shared suite plays the options as the rules declare them; ``mode`` is a
free-text option there (see ``games/rules/mob_town/__init__.py``), so it plays
the competitive game only. Here the same harness plays co-op games: seeded
random playouts to the end with every deep check (determinism, JSON round
trips, notation round trips, views and narrations without the seed, refused
garbage and out-of-turn input, legal choices). The one check relaxed is the
result's winners: a lost co-op game has none (every player loses together).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from games.rules import get_rules
from tests.conformance import harness

RULES = get_rules("mob_town")
PLAYOUTS = int(os.environ.get("RAVENPOST_PLAYOUTS", "1000"))
CHUNK = 60


def coop_options(rules: Any, rng: random.Random) -> dict[str, Any]:
    return {"mode": "coop", "starting_city": rng.choice([0, -1, 1, 2]), "no_master_crimes": rng.random() < 0.5,
            "more_mob_activity": rng.random() < 0.5}


def check_coop_result(result: dict[str, Any], players: int) -> None:
    assert harness.json_round_trip(result) == result
    assert len(result["scores"]) == players and len(set(result["scores"])) == 1, result
    outcome = result["detail"]["outcome"]
    assert result["winners"] == (list(range(players)) if outcome == "won" else []), result


@pytest.fixture
def coop_harness(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harness, "random_options", coop_options)
    monkeypatch.setattr(harness, "_check_result", check_coop_result)


def _chunks() -> list[Any]:
    per_count = max(1, PLAYOUTS // 3)
    return [pytest.param(players, start, min(start + CHUNK, per_count), id=f"coop-{players}p-{start}")
            for players in (2, 3, 4) for start in range(0, per_count, CHUNK)]


@pytest.mark.parametrize(("players", "start", "stop"), _chunks())
def test_coop_random_playouts(coop_harness: None, players: int, start: int, stop: int) -> None:
    outcomes = set()
    for index in range(start, stop):
        deep = index % 5 == 0
        record = harness.playout(RULES, players, 50_000 + index, deep=deep)
        assert RULES.to_act(record.final) == []
        outcomes.add(record.final["end"])
        if deep:
            assert harness.replay_hashes(RULES, record) == record.hashes
    assert outcomes <= {"win", "mob", "deck"}


def test_coop_default_moves_finish_the_game() -> None:
    for players in (2, 3, 4):
        state = RULES.setup(players, {"mode": "coop"}, f"coop-default-{players}")
        for _ in range(5000):
            awaited = RULES.to_act(state)
            if not awaited:
                break
            move = RULES.default_move(state, awaited[0])
            assert RULES.parse_move(state, awaited[0], RULES.format_move(state, awaited[0], move)) == move
            state = RULES.apply(state, awaited[0], move)
        assert RULES.to_act(state) == [] and RULES.result(state) is not None
