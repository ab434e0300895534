"""A new PostgreSQL connection waits out a database restart instead of failing the request (config.db.postgresql)."""

from __future__ import annotations

import pytest
from django.db.backends.postgresql import base as django_postgresql

from config.db.postgresql.base import DatabaseWrapper

REFUSED = django_postgresql.Database.OperationalError(
    'connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused')
STARTING = django_postgresql.Database.OperationalError("FATAL:  the database system is starting up")
WRONG_PASSWORD = django_postgresql.Database.OperationalError('FATAL:  password authentication failed for user "x"')


def connecting(monkeypatch: pytest.MonkeyPatch, failures: list[Exception]) -> list[int]:
    attempts: list[int] = []

    def django_connect(self: object, params: dict[str, object]) -> str:
        attempts.append(1)
        if failures:
            raise failures.pop(0)
        return "connection"

    monkeypatch.setattr(django_postgresql.DatabaseWrapper, "get_new_connection", django_connect)
    monkeypatch.setattr("config.db.postgresql.base.time.sleep", lambda seconds: None)
    return attempts


def test_a_connection_refused_while_the_server_restarts_is_tried_again(monkeypatch, settings) -> None:
    settings.DB_CONNECT_WAIT_SECONDS = 10
    attempts = connecting(monkeypatch, [REFUSED, STARTING])
    assert DatabaseWrapper.get_new_connection(DatabaseWrapper.__new__(DatabaseWrapper), {}) == "connection"
    assert len(attempts) == 3


def test_a_misconfiguration_fails_at_once_and_a_long_outage_after_the_wait(monkeypatch, settings) -> None:
    settings.DB_CONNECT_WAIT_SECONDS = 10
    attempts = connecting(monkeypatch, [WRONG_PASSWORD])
    with pytest.raises(django_postgresql.Database.OperationalError, match="password"):
        DatabaseWrapper.get_new_connection(DatabaseWrapper.__new__(DatabaseWrapper), {})
    assert len(attempts) == 1

    settings.DB_CONNECT_WAIT_SECONDS = 0
    attempts = connecting(monkeypatch, [REFUSED, REFUSED])
    with pytest.raises(django_postgresql.Database.OperationalError, match="refused"):
        DatabaseWrapper.get_new_connection(DatabaseWrapper.__new__(DatabaseWrapper), {})
    assert len(attempts) == 1


def test_a_postgresql_url_selects_this_backend() -> None:
    import subprocess
    import sys

    from faults.services import ROOT

    code = "import django; django.setup(); from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])"
    env = {"DATABASE_URL": "postgres://u@127.0.0.1:1/x", "DJANGO_SETTINGS_MODULE": "config.settings",
           "PATH": "/usr/bin:/bin", "RAVENPOST_VAR_DIR": "/tmp/ravenpost-engine-check"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.stdout.strip() == "config.db.postgresql", result.stderr


def app_failing_once(error: Exception, calls: list[str]):  # noqa: ANN201
    """A WSGI app like Django's: the first request's query fails with ``error`` (reported, answered 500)."""
    from django.core.signals import got_request_exception

    def app(environ, start_response):  # noqa: ANN001, ANN202
        length = int(environ.get("CONTENT_LENGTH") or 0)
        calls.append(environ["REQUEST_METHOD"] + " " + environ["wsgi.input"].read(length).decode())
        if len(calls) == 1:
            try:
                raise error
            except Exception:
                got_request_exception.send(sender=None, request=None)
            start_response("500 Internal Server Error", [("Content-Type", "text/html")])
            return [b"server error"]
        start_response("200 OK", [("Content-Type", "text/html")])
        return [b"the page"]

    return app


LOST = __import__("django.db.utils", fromlist=["OperationalError"]).OperationalError(
    "terminating connection due to administrator command")


def environ(method: str, form: str = "") -> dict[str, object]:
    import io

    return {"REQUEST_METHOD": method, "CONTENT_TYPE": "application/x-www-form-urlencoded",
            "CONTENT_LENGTH": str(len(form)), "wsgi.input": io.BytesIO(form.encode())}


@pytest.mark.parametrize("method, form, retried", [
    ("GET", "", True), ("HEAD", "", True),
    ("POST", "text=bid+1&idempotency_key=k-42&expected_version=7", True),  # a move: recorded once anyway
    ("POST", "text=hello+all", False),  # a chat line: it may have committed
    ("POST", "text=x&idempotency_key=", False),
])
def test_a_request_whose_connection_died_is_answered_again_when_that_is_harmless(
        method: str, form: str, retried: bool) -> None:
    from config.dbretry import RetryAfterLostDatabase

    calls: list[str] = []
    answered: list[str] = []
    body = RetryAfterLostDatabase(app_failing_once(LOST, calls))(
        environ(method, form), lambda status, headers, *exc: answered.append(status))
    if retried:
        assert (answered, list(body)) == (["200 OK"], [b"the page"])
        assert calls == [f"{method} {form}"] * 2, "the second run reads the same form"
    else:
        assert (answered, calls) == (["500 Internal Server Error"], [f"{method} {form}"]), "not run twice"


def test_a_read_that_failed_for_another_reason_is_not_repeated() -> None:
    from config.dbretry import RetryAfterLostDatabase

    calls: list[str] = []
    answered: list[str] = []
    RetryAfterLostDatabase(app_failing_once(ValueError("a bug"), calls))(
        environ("GET"), lambda status, headers, *exc: answered.append(status))
    assert (answered, len(calls)) == (["500 Internal Server Error"], 1)
