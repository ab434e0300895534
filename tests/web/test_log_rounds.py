"""The game log and the replay's event list tell the whole game by round: the current round unfolded."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from games import services
from games.models import Narration, Projection
from games.rules import get_rules
from games.selectors import by_round, game_log

pytestmark = pytest.mark.django_db

ROUND_BLOCK = re.compile(
    r'<details class="log-round"[^>]*?( open)?>\s*<summary><span class="round-title">([^<]+)</span>')


def play_until_round(game, number: int, extra: int = 1) -> None:
    """Random legal moves through the one write path into round ``number``, and ``extra`` moves of it."""
    rules = get_rules(game.rules_slug)
    rng = random.Random(3)
    for _ in range(500):
        projection = Projection.objects.get(pk=game.pk)
        if rules.round_of(projection.state) >= number:
            if not extra:
                return
            extra -= 1
        seat = projection.to_act[0]
        user = game.seats.get(index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(projection.state, seat, rng),
                             source="web")
    raise AssertionError(f"round {number} never came")


def test_the_log_tells_every_round_and_unfolds_the_current_one(running_game, three_players):
    play_until_round(running_game, 3)
    narrations = Narration.objects.filter(game=running_game)
    assert {n.texts.get("round") for n in narrations} == {1, 2, 3}, "each stored narration knows its move's round"

    html = Client().get(f"/games/{running_game.pk}/").content.decode()
    log = html[html.index('id="log"'):]
    blocks = ROUND_BLOCK.findall(log)
    assert [title for _, title in blocks] == ["Round 3", "Round 2", "Round 1"]
    assert [bool(is_open) for is_open, _ in blocks] == [True, False, False], "only the current round is unfolded"
    # Round 1 holds the start of the game and its first revealed bids (the story, oldest first).
    first = log[log.index("Round 1"):]
    assert first.index("Game started") < first.index("bids revealed")

    entries = game_log(running_game, None)
    groups = by_round(entries)
    assert [g["round"] for g in groups] == [3, 2, 1] and groups[0]["open"] and not groups[1]["open"]
    assert [e["seq"] for e in groups[1]["entries"]] == sorted(e["seq"] for e in groups[1]["entries"])


def test_the_replay_lists_its_steps_by_round_with_the_steps_round_open(running_game, three_players):
    play_until_round(running_game, 3)
    html = Client().get(f"/games/{running_game.pk}/replay/?step=4").content.decode()
    events = html[html.index("<h2>Events</h2>"):]
    blocks = ROUND_BLOCK.findall(events)
    assert [title for _, title in blocks][-1] == "Round 1"
    assert [title for is_open, title in blocks if is_open] == ["Round 1"], "the shown step's round is unfolded"
    assert 'aria-current="step"' in events and '<li value="4" class="current">' in events
