"""A worker outlives the broker: Redis stops under a task in flight, returns, and the same worker goes on.

kombu's Redis transport used to fail a late acknowledgement through the closed
channel with an AttributeError, which stopped the worker for good
(config.broker). And mail written while Redis was away used to wait for beat's
periodic retry; here no beat runs, so only the worker's catch-up on reconnecting
(config.celery) can send it.
"""

from __future__ import annotations

import pytest
from django.db import connection  # noqa: F401  (the skip condition reads it)

from games.models import Event
from notifications.models import OutboxMessage
from tests.integration import live
from tests.integration.test_celery import all_mail_sent, bid, revolution_game

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'",
                       reason="worker processes share the test database, which needs a database server"),
]


def test_the_same_worker_serves_tasks_after_redis_returns_under_a_task_in_flight(tmp_path, redis, changes, sink):
    env = live.worker_env(tmp_path, redis, EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                          EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(sink.port), EMAIL_TIMEOUT="60",
                          # No beat runs; an hour-long retry period keeps the periodic sweep out of it anyway.
                          OUTBOX_RETRY_SECONDS="3600")
    worker = live.start_worker(env, "outlives")
    try:
        pid = worker.proc.pid
        sink.hold(lambda message: True)  # the first mail reaches the ESP, which does not answer yet
        game = revolution_game()
        assert sink.holding.wait(60), "the worker is handing the first turn mail to the ESP"

        redis.stop()  # the queued sends of the other turn mails are lost with it
        for seat in range(3):  # round 1 resolves while the broker is away: stored, its mail left pending
            bid(game.pk, seat)
        assert OutboxMessage.objects.filter(status="pending").exists()
        redis.start()  # same port
        worker.wait_for(r"Connected to \S+://", timeout=120)
        sink.release()  # the task in flight finishes and acknowledges through its closed channel

        changes.wait_until(all_mail_sent, timeout=60, what="the mail written before and during the outage")
        for seat in range(3):  # round 2 resolves: new mail, published to the returned Redis
            bid(game.pk, seat)
        changes.wait_until(all_mail_sent, timeout=60, what="the mail written after the outage")

        output = worker.output(last=400)
        assert worker.proc.poll() is None and worker.proc.pid == pid, f"the worker exited:\n{output}"
        assert "Unrecoverable error" not in output, output
    finally:
        live.stop_all(worker)
    assert Event.objects.filter(game=game, kind="move").count() == 6
    delivered = {message["Message-ID"] for message in sink.messages}
    sent = OutboxMessage.objects.filter(status="sent").count()
    assert sent == OutboxMessage.objects.exclude(status="folded").count() > 0  # folded: sent inside another mail
    assert len(delivered) == sent, "every mail reached the ESP"
