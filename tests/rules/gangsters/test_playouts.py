"""Games end: simple-bot games mostly by a win well before closing time, random games at the latest then."""

from __future__ import annotations

import os

import pytest

from .playouts import play, report


def test_simple_bot_games_end_mostly_by_cash_around_the_fifteenth_round():
    for players in (2, 3, 4):
        stats = report(players, 8, skill=1.0)
        assert stats["rounds"]["max"] <= 40
        assert stats["wins"].get("closing", 0) <= 2, stats
        assert 6 <= stats["rounds"]["median"] <= 24, stats


def test_random_games_end_too():
    stats = report(3, 3, skill=0.0)
    assert sum(stats["wins"].values()) == 3 and stats["rounds"]["max"] <= 40


POLICE = {"police": True}


def test_police_games_end_and_the_police_can_win():
    stats = report(5, 3, skill=1.0, options=POLICE)
    assert sum(stats["wins"].values()) == 3 and stats["rounds"]["max"] <= 40
    random_games = report(5, 2, skill=0.0, options=POLICE)
    assert random_games["seats"].get(4, 0) >= 1, random_games  # random gangs build nothing; the Police win


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RAVENPOST_LONG_PLAYOUTS"),
                    reason="half an hour of playouts: run with RAVENPOST_LONG_PLAYOUTS=1 (the conformance suite "
                           "plays Police games in every run)")
@pytest.mark.parametrize("start", range(0, 2000, 250))
def test_two_thousand_random_police_games_end(start):
    """The conformance suite's player (85 % simple bot, 15 % uniformly random moves) in 2,000 Police games."""
    for index in range(start, start + 250):
        state, moves = play(5, f"police-{index}", 0.85, POLICE)
        assert state["result"] is not None and state["round"] <= 40 and moves < 6000
