"""Shared test configuration.

Transactional tests end with Django's flush, which must empty games_event too;
only there is the append-only trigger told to let deletes through.
"""

from __future__ import annotations

import uuid

import pytest
from django.core.management.commands import flush

from games.db import event_purge_allowed

_original_handle = flush.Command.handle


def _handle_with_purge(self, **options):  # noqa: ANN001, ANN202
    from django.db import connections

    connection = connections[options.get("database", "default")]
    with event_purge_allowed(connection):
        return _original_handle(self, **options)


flush.Command.handle = _handle_with_purge


@pytest.fixture(autouse=True)
def _tasks_in_process(settings):
    """Unit tests run Celery tasks in the test process even when a broker is configured.

    Tests of real workers start their own processes with their own settings.
    """
    from config.celery import app

    app.conf.task_always_eager = True
    settings.CELERY_TASK_ALWAYS_EAGER = True
    yield


# The cache (allauth's rate limits) lives in Redis when REDIS_URL is set, and Redis outlives a test run: a
# second run within minutes found the first run's sign-up limits and sent no verification mail. Each run
# keys its own entries (a flush would also empty the broker's queues, which share the database).
_RUN_CACHE_PREFIX = f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture(autouse=True)
def _cache_of_this_run(settings):
    default = settings.CACHES["default"]
    if not default["BACKEND"].endswith("LocMemCache") and default.get("KEY_PREFIX") != _RUN_CACHE_PREFIX:
        settings.CACHES = {**settings.CACHES, "default": {**default, "KEY_PREFIX": _RUN_CACHE_PREFIX}}
    yield


@pytest.fixture
def toy_rules(monkeypatch):
    """Register the toy game of tests/toy_game.py under the slug 'toy' for one test."""
    from games import rules as registry

    registry.register("toy", {1: "tests.toy_game:RULES"})
    yield registry.get_rules("toy")
    registry.unregister("toy")


@pytest.fixture(autouse=True)
def _fresh_snapshot_cache():
    """Each test starts with empty per-process state caches (test rollbacks reuse game ids)."""
    from games import store
    from games.selectors import log, seats

    for kept in (store._SNAPSHOTS, seats._PAST_STATES, log._TOLD):
        kept.clear()
    yield
    for kept in (store._SNAPSHOTS, seats._PAST_STATES, log._TOLD):
        kept.clear()


PURE_FOLDERS = ("rules", "conformance", "golden")
# Folders whose tests without the database still depend on the backends set in the environment (they start
# processes or check the configuration that DATABASE_URL and REDIS_URL make).
BACKEND_FOLDERS = ("integration", "deploy", "core")
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_setup", "live_server", "client",
                               "admin_client", "django_user_model"})


def pytest_collection_modifyitems(config, items):  # noqa: ANN001, ANN201
    """Tests that touch no database carry the ``pure`` marker, so a run on another database backend can
    leave them out: they would test the same code the same way twice. That is every test of the pure rules,
    and elsewhere (outside the folders that start processes or read the backends' settings) every test that
    neither asks for the database (pytest-django refuses it to them) nor uses a fixture that does."""
    for item in items:
        parts = item.path.parts
        folder = parts[parts.index("tests") + 1] if "tests" in parts else ""
        if folder in PURE_FOLDERS or item.path.name == "test_rules_total.py":
            item.add_marker(pytest.mark.pure)
        elif (folder not in BACKEND_FOLDERS and item.get_closest_marker("django_db") is None
              and item.get_closest_marker("integration") is None
              and not DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.pure)
