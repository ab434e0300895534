"""Real Redis, Celery workers and beat: deadlines enforced once, and no move or mail lost to an outage."""

from __future__ import annotations

import random

import pytest
from django.db import connection

from accounts.models import User
from games import services
from games.models import Event, Projection
from games.rules import get_rules
from notifications import render
from notifications.models import DevMail, OutboxMessage
from tests.integration import live

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'",
                       reason="worker processes share the test database, which needs a database server"),
]


def players(n: int) -> list[User]:
    return [User.objects.create_user(email=f"live{i}@example.org") for i in range(n)]


def revolution_game(time_control=None):
    users = players(3)
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed="live-seed",
                                time_control=time_control)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def bid(game_id: int, seat: int) -> None:
    rules = get_rules("revolution")
    state = Projection.objects.get(pk=game_id).state
    services.submit_move(game_id=game_id, seat=seat, move=rules.default_move(state, seat), source="api")


def all_mail_sent() -> bool:
    return not OutboxMessage.objects.filter(status="pending").exists()


def test_deadline_applies_default_moves_once_with_two_workers_and_beat(tmp_path, redis, changes):
    env = live.worker_env(tmp_path, redis, DEADLINE_SWEEP_SECONDS="0.5", OUTBOX_RETRY_SECONDS="1")
    workers, beat = [], None
    try:
        workers = [live.start_worker(env, f"w{i}") for i in range(2)]
        beat = live.start_beat(env, tmp_path)
        game = revolution_game({"move": 3, "reminder": 1, "max_timeouts": 3})
        bid(game.pk, 0)  # seats 1 and 2 stay silent
        changes.wait_until(lambda: Event.objects.filter(game=game, kind="timeout").count() >= 2,
                           what="the timeouts of seats 1 and 2")
        projection = Projection.objects.get(pk=game.pk)
        assert projection.state["round"] == 2 and projection.to_act == [0, 1, 2], "the game went on"
        round_two = projection.version
        for seat in range(3):  # everyone answers in time in round 2
            bid(game.pk, seat)
        assert Projection.objects.get(pk=game.pk).state["round"] == 3
        # Beat keeps running (its retry sweep included) while the mail goes out.
        changes.wait_until(all_mail_sent, timeout=120, what="every mail to be sent")
        rows = list(OutboxMessage.objects.filter(status="sent").select_related("game"))
    finally:
        live.stop_all(beat, *workers)
    # Round 3 may have timed out meanwhile; round 1's deadline is the one under test.
    timeouts = Event.objects.filter(game=game, kind="timeout", seq__lte=round_two)
    assert sorted(timeouts.values_list("seat", flat=True)) == [1, 2], "each default move applied exactly once"
    assert set(timeouts.values_list("source", flat=True)) == {"deadline"}
    reminders = OutboxMessage.objects.filter(game=game, kind="reminder", event_seq__lte=round_two)
    assert sorted(reminders.values_list("seat", flat=True)) == [1, 2]
    assert OutboxMessage.objects.filter(game=game, kind="timed_out", event_seq__lte=round_two).count() == 2
    message_ids = [mail.headers.get("Message-ID") for mail in DevMail.objects.all()]
    assert len(message_ids) == len(set(message_ids)), "no mail was sent twice"
    sent = set(message_ids)
    assert all(render.row_message_id(row) in sent for row in rows), "every mail was sent"


def test_no_move_or_mail_is_lost_while_redis_is_down(tmp_path, redis, changes):
    env = live.worker_env(tmp_path, redis, OUTBOX_RETRY_SECONDS="1", DEADLINE_SWEEP_SECONDS="1")
    worker = beat = None
    try:
        worker = live.start_worker(env, "w1")
        beat = live.start_beat(env, tmp_path)
        game = revolution_game()
        for seat in range(3):
            bid(game.pk, seat)
        redis.stop()
        for seat in range(3):  # moves while the broker is down are accepted and stored
            bid(game.pk, seat)
        assert Projection.objects.get(pk=game.pk).state["round"] == 3
        assert OutboxMessage.objects.filter(status="pending").exists()
        redis.start()  # same port: the worker and beat reconnect
        changes.wait_until(all_mail_sent, timeout=90, what="mail written during the outage to be sent")
    finally:
        live.stop_all(beat, worker)
    moves = Event.objects.filter(game=game, kind="move").count()
    assert moves == 6
    sent = OutboxMessage.objects.filter(status="sent").count()
    # A folded row went out inside another mail (a game's start in the first turn mail).
    assert sent == OutboxMessage.objects.exclude(status="folded").count() > 0 and DevMail.objects.count() == sent
