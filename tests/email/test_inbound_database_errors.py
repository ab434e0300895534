"""A database that fails under a reply (a restart, a dropped connection) is not the reply's fault.

The whole run is repeated; the move is applied once and the mail is never marked
failed for it. Seen in the fault run: a PostgreSQL restart while a worker processed a
reply marked it failed, and the player's move was lost without an answer.
"""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection
from django.db.utils import InterfaceError, OperationalError

from notifications import inbound, sender
from notifications.inbound import run
from notifications.models import InboundMessage, InboundStatus

from .conftest import build_reply, events, seat_user

pytestmark = pytest.mark.django_db

BID = "mercenary 3g; general b; innkeeper f"


def turn_mail(game):  # noqa: ANN001, ANN201
    sender.send_pending()
    user = seat_user(game, 0)
    return [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]


def failing(times: int, error: Exception, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """``run._process`` raises ``error`` on its first ``times`` calls (after the claim), then works."""
    calls: list[int] = []
    real = run._process

    def flaky(claimed):  # noqa: ANN001, ANN202
        calls.append(claimed.pk)
        if len(calls) <= times:
            raise error
        return real(claimed)

    monkeypatch.setattr(run, "_process", flaky)
    return calls


@pytest.mark.parametrize("error", [OperationalError("terminating connection due to administrator command"),
                                   InterfaceError("connection already closed")])
def test_a_reply_is_processed_again_after_a_database_error(game, monkeypatch, error):
    raw = build_reply(turn_mail(game), BID)
    before = events(game)
    calls = failing(1, error, monkeypatch)
    received = inbound.receive(raw, via="test")
    assert inbound.process(received.inbound_id) == InboundStatus.APPLIED
    stored = InboundMessage.objects.get(pk=received.inbound_id)
    assert stored.status == InboundStatus.APPLIED, stored.reason
    assert len(calls) == 2 and events(game) == before + 1, "applied once, on the second run"


def test_a_database_that_stays_away_leaves_the_reply_for_the_sweep(game, monkeypatch):
    raw = build_reply(turn_mail(game), BID)
    before = events(game)
    failing(run.DATABASE_ATTEMPTS, OperationalError("the database system is shutting down"), monkeypatch)
    received = inbound.receive(raw, via="test")
    with pytest.raises(OperationalError):
        inbound.process(received.inbound_id)
    stored = InboundMessage.objects.get(pk=received.inbound_id)
    assert stored.status == InboundStatus.RECEIVED, "not failed: the stale sweep processes it later"
    assert events(game) == before


def test_any_other_system_error_still_marks_the_reply_failed(game, monkeypatch):
    raw = build_reply(turn_mail(game), BID)
    failing(1, RuntimeError("a bug"), monkeypatch)
    received = inbound.receive(raw, via="test")
    assert inbound.process(received.inbound_id) == InboundStatus.FAILED


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="a real server connection to cut")
def test_a_reply_whose_connection_the_server_cuts_is_applied_once(game, monkeypatch):
    """The server ends the worker's connection mid-processing (as a restart does): applied on a new one."""
    import psycopg

    raw = build_reply(turn_mail(game), BID)
    before = events(game)
    real = run._process
    cut: list[int] = []

    def cut_once(claimed):  # noqa: ANN001, ANN202
        if not cut:
            cut.append(connection.connection.info.backend_pid)
            params = connection.get_connection_params()
            with psycopg.connect(**{k: v for k, v in params.items() if k != "cursor_factory"},
                                 autocommit=True) as other:
                # Waits (up to 5 s) until the backend is gone, with its locks, as after a restart.
                other.execute("SELECT pg_terminate_backend(%s, 5000)", [cut[0]])
        return real(claimed)

    monkeypatch.setattr(run, "_process", cut_once)
    # Committed at once (no test transaction), the stored mail goes to its task, which runs in-process here.
    received = inbound.receive(raw, via="test")
    assert cut and connection.connection.info.backend_pid != cut[0], "processed again, on a new connection"
    assert InboundMessage.objects.get(pk=received.inbound_id).status == InboundStatus.APPLIED
    assert events(game) == before + 1
