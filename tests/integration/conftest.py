"""Fixtures shared by the integration tests that run real workers: a Redis of their own, table changes, an ESP."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.integration import live, topology


@pytest.fixture
def redis() -> Iterator[live.Redis]:
    """A private Redis that this test process publishes tasks to (a module may define its own instead)."""
    server = live.Redis()
    server.start()
    live.point_celery_at(server.url)
    yield server
    live.point_celery_at(None)
    server.stop()


@pytest.fixture
def changes() -> Iterator[live.Changes]:
    watcher = live.Changes()
    yield watcher
    watcher.close()


@pytest.fixture
def sink() -> Iterator[topology.SmtpSink]:
    """An SMTP server standing in for the ESP."""
    server = topology.SmtpSink()
    server.start()
    yield server
    server.stop()
