"""Games end: simple-bot games mostly by a win well before closing time, random games at the latest then."""

from __future__ import annotations

from .playouts import report


def test_simple_bot_games_end_mostly_by_cash_around_the_fifteenth_round():
    for players in (2, 3, 4):
        stats = report(players, 8, skill=1.0)
        assert stats["rounds"]["max"] <= 40
        assert stats["wins"].get("closing", 0) <= 2, stats
        assert 6 <= stats["rounds"]["median"] <= 24, stats


def test_random_games_end_too():
    stats = report(3, 3, skill=0.0)
    assert sum(stats["wins"].values()) == 3 and stats["rounds"]["max"] <= 40
