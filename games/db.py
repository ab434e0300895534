"""Per-connection database setup: the SQLite function the event triggers consult, and
PostgreSQL's plan caching for the move path's prepared statement.

Only the test suite's flush (which must empty every table between tests) ever
turns the purge flag on; everything else sees events as append-only.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Iterator

from django.db.backends.signals import connection_created
from django.dispatch import receiver

_purge = threading.local()


def _purge_allowed() -> int:
    return 1 if getattr(_purge, "allowed", False) else 0


@receiver(connection_created)
def configure_connection(sender, connection, **kwargs) -> None:  # noqa: ANN001
    if connection.vendor == "sqlite":
        connection.connection.create_function("ravenpost_event_purge_allowed", 0, _purge_allowed, deterministic=False)
    elif connection.vendor == "postgresql":
        # The move path's one statement is prepared once per shape; planning it again on every
        # move (PostgreSQL's default for the first executions) would cost as much as running it.
        # Only server-side prepared statements are affected: Django binds its own queries client-side.
        with connection.cursor() as cursor:
            cursor.execute("SET plan_cache_mode = force_generic_plan")


@contextlib.contextmanager
def event_purge_allowed(connection) -> Iterator[None]:  # noqa: ANN001
    """Let a test-database flush empty games_event (never used by the service itself)."""
    _purge.allowed = True
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('ravenpost.allow_event_purge', 'on', false)")
    try:
        yield
    finally:
        _purge.allowed = False
        if connection.vendor == "postgresql" and connection.connection is not None:
            with connection.cursor() as cursor:
                cursor.execute("SELECT set_config('ravenpost.allow_event_purge', 'off', false)")
