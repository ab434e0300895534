"""Finding 13: a task whose worker process is killed is put back on the queue, not dropped.

A Celery worker (prefork, one pool process) sends two outbox rows in one task;
the ESP stand-in takes the first mail and does not answer, and the pool process
is killed with SIGKILL. No beat runs, so only redelivery of the task can send
the second row. The first stays ``sending``: the task that comes back leaves it
to the retry sweep (which sends it again, marked, after OUTBOX_SENDING_TIMEOUT).
"""

from __future__ import annotations

import os
import signal

import pytest
from django.db import connection  # noqa: F401  (the skip conditions read it)

from accounts.models import User
from notifications import outbox
from notifications.models import OutboxMessage, OutboxStatus
from tests.integration import live

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'",
                       reason="worker processes share the test database, which needs a database server"),
]


def test_a_task_whose_worker_process_is_killed_is_redelivered(tmp_path, redis, sink):
    env = live.worker_env(tmp_path, redis, EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                          EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(sink.port), EMAIL_TIMEOUT="20")
    first, second = (User.objects.create_user(email=f"{name}@example.org") for name in ("first", "second"))
    # Written, not yet handed over (the write path would queue them at once).
    ids = [OutboxMessage.objects.create(kind="email_reply", user=user, dedupe_key=f"redelivery-{user.pk}",
                                        payload={"subject": "[Ravenpost] hello"}).pk for user in (first, second)]
    changes = live.Changes()
    worker = None
    try:
        worker = live.start_worker(env, "redeliver")
        sink.hold(lambda message: "first@example.org" in str(message["To"]))
        outbox.hand_over(ids)
        assert sink.holding.wait(60), "the worker is handing the first mail to the ESP"
        (pool_process,) = worker.children()
        os.kill(pool_process, signal.SIGKILL)
        sink.release()
        changes.wait_until(lambda: OutboxMessage.objects.get(pk=ids[1]).status == OutboxStatus.SENT, timeout=60,
                           what="the second row, sent by the redelivered task")
    finally:
        live.stop_all(worker)
        changes.close()
    assert OutboxMessage.objects.get(pk=ids[0]).status == OutboxStatus.SENDING, "left to the retry sweep"
    assert [str(m["To"]) for m in sink.messages] == ["first@example.org", "second@example.org"]
