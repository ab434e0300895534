"""Five Points under the "skip" timeout policy: a timed-out seat passes, or declines an optional effect.

Where the rules have no pass (a control marker to take, a special election to
place, tied elections to order) the deadline plays the default move instead.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.models import User
from games import deadlines, services
from games.models import Event, Game, Projection
from games.rules import get_rules
from notifications.models import OutboxMessage

pytestmark = pytest.mark.django_db
HOUR = 3600
RULES = get_rules("five_points")


def timed_game(seed: str, policy: str = "skip") -> Game:
    users = [User.objects.create_user(email=f"fp-skip{i}@example.org") for i in range(3)]
    game = services.game_create(rules_slug="five_points", creator=users[0], num_players=3, seed=seed,
                                time_control={"move": HOUR, "policy": policy})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


def time_out(game: Game) -> Event:
    """Let the awaited seat's deadline pass; the timeout event it caused."""
    assert deadlines.sweep(now=projection(game).deadline) == {"timeout": 1}
    return Event.objects.filter(game=game, kind="timeout").order_by("-seq").first()


def play_until(game: Game, kind: str, seed: str) -> dict[str, Any]:
    """Submit random legal moves (through the service) until a ``kind`` choice is awaited; its state."""
    rng = random.Random(seed)
    for _ in range(400):
        state = projection(game).state
        if state["phase"] == "resolution" and state["pending"]["kind"] == kind:
            return state
        seat = RULES.to_act(state)[0]
        move = RULES.random_move(state, seat, rng)
        if move["action"] == "skip" or state["phase"] == "resolution" and state["pending"]["kind"] != kind:
            move = RULES.default_move(state, seat)
        services.submit_move(game_id=game.pk, seat=seat, move=move)
    raise AssertionError(f"no {kind} choice was reached")


def test_a_timed_out_placement_passes():
    game = timed_game("fp-skip-placement")
    state = projection(game).state
    assert RULES.to_act(state) == [0] and state["hq"][0] > 0
    event = time_out(game)
    assert event.seat == 0 and event.source == "deadline"
    assert event.payload == {"move": {"action": "pass"}, "policy": "skip", "text": "pass"}
    state = projection(game).state
    assert state["passed"] == [0] and RULES.to_act(state) == [1]
    assert OutboxMessage.objects.filter(game=game, kind="timed_out").count() == 1


def test_a_timed_out_optional_effect_is_declined():
    game = timed_game("fp-skip-move")
    state = play_until(game, "move_tile", "fp-skip-move")
    seat = state["pending"]["seat"]
    event = time_out(game)
    assert event.seat == seat
    assert event.payload["move"] == {"action": "skip"} and event.payload["policy"] == "skip"
    after = projection(game).state
    assert f"{state['pending']['source']}: P{seat + 1} chooses not to use it" in after["log"]
    narration = RULES.narrate(state, seat, event.payload["move"], after, None)
    assert narration.startswith("{seat%d} chose not to use " % seat)
    assert state["pending"]["source"] in narration


def test_a_choice_without_a_pass_gets_the_default_move():
    game = timed_game("fp-skip-take")
    state = play_until(game, "take", "fp-skip-take")
    seat = state["pending"]["seat"]
    assert RULES.skip_move(state, seat) is None
    event = time_out(game)
    assert event.payload["move"] == RULES.default_move(state, seat)
    assert event.payload["move"]["action"] == "take" and event.payload["policy"] == "skip"
