"""What one reply costs the database: its statements, none of them planned again on PostgreSQL."""

from __future__ import annotations

import email
from email import policy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from notifications import inbound, sender
from notifications.models import InboundMessage, InboundStatus, OutboxMessage, OutboxStatus

from .conftest import build_reply, events, last_mail_to, seat_user

BID = "mercenary 3g; general b; innkeeper f"


def without_thread_headers(raw: bytes) -> bytes:
    message = email.message_from_bytes(raw, policy=policy.compat32)
    del message["In-Reply-To"]
    del message["References"]
    return message.as_bytes()


def turn_reply(game, mailoutbox, text: str = BID) -> bytes:  # noqa: ANN001
    """A reply to seat 0's turn mail, written before that mail was sent (the outbox row is still pending)."""
    sender.send_pending()
    user = seat_user(game, 0)
    raw = build_reply(last_mail_to(user.email, mailoutbox), text)
    OutboxMessage.objects.filter(user=user, game=game).update(status=OutboxStatus.PENDING)
    return raw


@pytest.mark.django_db
def test_a_reply_naming_none_of_our_mails_to_a_seat_never_mailed_reads_no_outbox_row(game, mailoutbox):
    raw = without_thread_headers(turn_reply(game, mailoutbox))
    before = events(game)
    with CaptureQueriesContext(connection) as queries:
        received = inbound.receive(raw, via="test")
        inbound.process(received.inbound_id)
    stored = InboundMessage.objects.get(pk=received.inbound_id)
    assert stored.status == InboundStatus.APPLIED, stored.reason
    assert events(game) == before + 1
    outbox_reads = [q["sql"] for q in queries.captured_queries
                    if q["sql"].lstrip().upper().startswith("SELECT") and "notifications_outboxmessage" in q["sql"]
                    and "FROM notifications_replytoken" not in q["sql"]]
    assert outbox_reads == [], "whether the seat was mailed is read with the token, in one statement"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="prepared statements are PostgreSQL's")
def test_the_pipelines_statements_are_prepared_on_postgresql(game, mailoutbox):
    raw = turn_reply(game, mailoutbox)
    received = inbound.receive(raw, via="test")  # committed: its task runs in-process after commit
    assert InboundMessage.objects.get(pk=received.inbound_id).status == InboundStatus.APPLIED
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = " ".join(row[0] for row in cursor.fetchall())
    for table_and_verb in ("INSERT INTO notifications_inboundmessage", "FROM notifications_replytoken t",
                           "FROM notifications_inboundmessage WHERE id", "WITH o AS (INSERT INTO notifications"):
        assert table_and_verb in prepared, table_and_verb
    assert "WITH p AS" in prepared, "the write path's turn statement, run with prepare=True, is prepared too"
