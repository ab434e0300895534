"""Live services for integration tests: a private Redis, Celery workers and beat, and DB notifications.

Waiting is event-driven: tests block on a process's output line or on a
PostgreSQL NOTIFY fired by test-only triggers, never on a fixed sleep.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any, Callable

import psycopg
from django.db import connection

from faults.services import Redis, free_port  # noqa: F401  (re-exported for the tests)
from tests.integration.processes import BIN, Process, service_env

WATCHED_TABLES = ("games_event", "games_projection", "notifications_outboxmessage", "notifications_devmail")


def database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def worker_env(tmp_path: Path, redis: Redis, **extra: str) -> dict[str, str]:
    settings = {"DATABASE_URL": database_url(), "REDIS_URL": redis.url, "LOG_LEVEL": "INFO",
                "EMAIL_BACKEND": "notifications.devmail.DevMailboxBackend", **extra}
    return service_env(tmp_path, **settings)


def start_worker(env: dict[str, str], name: str) -> Process:
    worker = Process([str(BIN / "celery"), "-A", "config", "worker", "-l", "INFO", "-c", "1", "-n",
                      f"{name}@ravenpost-test", "--without-gossip", "--without-mingle", "--without-heartbeat"], env)
    worker.wait_for(r"ready\.")
    return worker


def start_beat(env: dict[str, str], tmp_path: Path) -> Process:
    beat = Process([str(BIN / "celery"), "-A", "config", "beat", "-l", "INFO", "-s",
                    str(tmp_path / "beat-schedule"), "--pidfile="], env)
    beat.wait_for(r"beat: Starting")
    return beat


class Changes:
    """Wakes a waiting test whenever a watched table changes (test-only NOTIFY triggers)."""

    def __init__(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "CREATE OR REPLACE FUNCTION ravenpost_test_notify() RETURNS trigger AS $$ "
                "BEGIN PERFORM pg_notify('ravenpost_test', TG_TABLE_NAME); RETURN NULL; END $$ LANGUAGE plpgsql"
            )
            for table in WATCHED_TABLES:
                cursor.execute(f"DROP TRIGGER IF EXISTS ravenpost_test_notify ON {table}")
                cursor.execute(f"CREATE TRIGGER ravenpost_test_notify AFTER INSERT OR UPDATE ON {table} "
                               "FOR EACH STATEMENT EXECUTE FUNCTION ravenpost_test_notify()")
        db = connection.settings_dict
        self.listener = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"],
                                        dbname=db["NAME"], autocommit=True)
        self.listener.execute("LISTEN ravenpost_test")

    def wait_until(self, condition: Callable[[], bool], timeout: float = 60.0, what: str = "condition") -> None:
        """Return when ``condition()`` holds, re-checking each time the database changes."""
        give_up = time.monotonic() + timeout
        while not condition():
            left = give_up - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}")
            for _ in self.listener.notifies(timeout=min(left, 2.0), stop_after=1):
                pass

    def close(self) -> None:
        self.listener.close()
        with connection.cursor() as cursor:
            for table in WATCHED_TABLES:
                cursor.execute(f"DROP TRIGGER IF EXISTS ravenpost_test_notify ON {table}")


def point_celery_at(redis_url: str | None) -> None:
    """Make this test process publish tasks to ``redis_url`` (None: back to the settings' broker, in-process tasks)."""
    from django.conf import settings

    from config.celery import app

    if redis_url is None:
        # The test's own Redis is gone with the test: close its connections; the settings' broker is used again.
        use_broker(app, settings.CELERY_BROKER_URL, close_current=True)
        app.conf.task_always_eager = True
        return
    use_broker(app, redis_url)
    app.conf.task_always_eager = False


def use_broker(app: Any, url: str, *, close_current: bool = False) -> None:
    """Publish to ``url`` from now on, through fresh connection and producer pools.

    kombu keeps one pool per broker URL for the whole process (eager tasks take a
    producer from it too): a pool still in use must not be closed, or the next
    publish fails with "Acquire on closed pool". Only a URL nobody will use again
    (a test's own Redis) may be closed, with ``close_current``.
    """
    if close_current:
        app.pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
    app.conf.broker_url = url


def stop_all(*processes: Process | None) -> None:
    for process in processes:
        if process is not None:
            process.stop()


def run(args: list[str]) -> None:
    subprocess.run(args, check=True, capture_output=True, timeout=30)
