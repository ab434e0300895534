"""Finding 13: a row is marked as being sent before the backend is called, so an interrupted send is visible.

"Interrupted" is what kill -9 does to a worker in the middle of ``send()``: no
Python code after the call runs, no transaction is rolled back by us. A
BaseException that no ``except Exception`` catches stands in for it here.
"""

from __future__ import annotations

import datetime
import smtplib

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import services
from notifications import render, sender
from notifications.models import OutboxMessage, OutboxStatus

pytestmark = pytest.mark.django_db(transaction=True)


class Killed(BaseException):
    """The process died here."""


@pytest.fixture
def row(toy_rules, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    users = [User.objects.create_user(email=f"c{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="claim-seed")
    services.game_join(game_id=game.pk, user=users[1])
    OutboxMessage.objects.filter(game=game).update(status=OutboxStatus.SENT)
    first = OutboxMessage.objects.filter(game=game).order_by("pk").first()
    OutboxMessage.objects.filter(pk=first.pk).update(status=OutboxStatus.PENDING, attempts=0)
    mail.outbox.clear()
    return first


def accept_then_die(monkeypatch, seen: list) -> None:
    """The mail service takes the mail, then the worker dies before it hears back."""

    def send(message, fail_silently=False):  # noqa: ANN001, ANN202
        seen.append((OutboxMessage.objects.get(pk=message.row_pk).status, transaction.get_connection().in_atomic_block))
        mail.outbox.append(message)
        raise Killed

    monkeypatch.setattr("django.core.mail.EmailMessage.send", send)


@pytest.fixture
def tagged(monkeypatch):
    """Each built message remembers its row (so the fake backend can look at the row)."""
    build = render.build_message

    def build_tagged(row):  # noqa: ANN001, ANN202
        message = build(row)
        if message is not None:
            message.row_pk = row.pk
        return message

    monkeypatch.setattr(render, "build_message", build_tagged)


def test_the_row_is_marked_sending_and_committed_before_the_backend_is_called(row, tagged, monkeypatch):
    seen: list = []
    accept_then_die(monkeypatch, seen)
    with pytest.raises(Killed):
        sender.send_rows([row.pk])
    assert seen == [(OutboxStatus.SENDING, False)], "committed as sending, no transaction open during the send"
    row.refresh_from_db()
    assert row.status == OutboxStatus.SENDING and row.claimed_at is not None and row.attempts == 1


def test_an_interrupted_send_is_not_resent_silently(row, tagged, monkeypatch, settings):
    seen: list = []
    accept_then_die(monkeypatch, seen)
    with pytest.raises(Killed):
        sender.send_rows([row.pk])
    monkeypatch.undo()  # the mail service works again
    # The task is redelivered, and the retry sweep runs, while the claim is fresh: nothing is sent again.
    assert sender.send_rows([row.pk]) == 0
    assert sender.send_pending() == 0
    assert len(mail.outbox) == 1
    # Past OUTBOX_SENDING_TIMEOUT the send counts as interrupted: sent again, marked.
    OutboxMessage.objects.filter(pk=row.pk).update(
        claimed_at=timezone.now() - datetime.timedelta(seconds=settings.OUTBOX_SENDING_TIMEOUT + 1))
    assert sender.send_pending() == 1
    row.refresh_from_db()
    assert row.status == OutboxStatus.SENT and row.maybe_duplicate, "sent, and marked as a possible duplicate"
    first, second = mail.outbox
    assert first.extra_headers["Message-ID"] == second.extra_headers["Message-ID"] == render.row_message_id(row)
    assert "X-Ravenpost-Resend" not in first.extra_headers and second.extra_headers["X-Ravenpost-Resend"] == "2"
    assert sender.send_pending() == 0 and len(mail.outbox) == 2


def test_a_send_that_ends_in_an_unknown_state_is_marked_when_retried(row, monkeypatch):
    def drop(self, *args, **kwargs):  # noqa: ANN001, ANN202
        raise smtplib.SMTPServerDisconnected("connection lost after DATA")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", drop)
    with pytest.raises(sender.TransientSendError):
        sender.send_rows([row.pk])
    row.refresh_from_db()
    assert row.status == OutboxStatus.PENDING and row.maybe_duplicate and row.attempts == 1


def test_a_refused_send_is_retried_unmarked_after_a_pause(row, monkeypatch):
    def refuse(self, *args, **kwargs):  # noqa: ANN001, ANN202
        raise smtplib.SMTPDataError(451, b"try again later")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    with pytest.raises(sender.TransientSendError):
        sender.send_rows([row.pk])
    monkeypatch.undo()
    row.refresh_from_db()
    assert row.status == OutboxStatus.PENDING and not row.maybe_duplicate and "451" in row.last_error
    assert sender.send_pending() == 0, "the pause after a failure is not over"
    OutboxMessage.objects.filter(pk=row.pk).update(claimed_at=timezone.now() - sender.retry_pause(1))
    assert sender.send_pending() == 1 and len(mail.outbox) == 1


def test_a_row_is_given_up_after_many_failures(row, monkeypatch):
    OutboxMessage.objects.filter(pk=row.pk).update(attempts=sender.MAX_ATTEMPTS - 1)

    def refuse(self, *args, **kwargs):  # noqa: ANN001, ANN202
        raise smtplib.SMTPRecipientsRefused({"c0@example.org": (550, b"no such user")})

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    with pytest.raises(sender.TransientSendError):
        sender.send_rows([row.pk])
    row.refresh_from_db()
    assert row.status == OutboxStatus.FAILED and "550" in row.last_error


def test_the_send_task_does_not_retry_itself(row, monkeypatch):
    from notifications.tasks.outbound import send_outbox

    def refuse(self, *args, **kwargs):  # noqa: ANN001, ANN202
        raise ConnectionRefusedError("the ESP is down")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    assert send_outbox.apply(args=[[row.pk]]).get() == 0, "the failure is left to the periodic retry"
    row.refresh_from_db()
    assert row.status == OutboxStatus.PENDING and row.attempts == 1
