"""Outbox rows are written with the move and sent once, even if the send task runs twice."""

from __future__ import annotations

import smtplib

import pytest
from django.core import mail

from accounts.models import User
from games import services
from notifications import sender
from notifications.models import DevMail, OutboxMessage, OutboxStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(toy_rules):
    users = [User.objects.create_user(email=f"o{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="outbox-seed")
    services.game_join(game_id=game.pk, user=users[1])
    return game


def test_rows_are_sent_once_even_if_the_task_runs_twice(game, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    ids = list(OutboxMessage.objects.filter(game=game).values_list("pk", flat=True))
    OutboxMessage.objects.filter(pk__in=ids).update(status=OutboxStatus.PENDING)
    mail.outbox.clear()
    # Two rows per player (the start, the first turn: both pick at once), one mail per player.
    assert len(ids) == 4 and sender.send_rows(ids) == 2
    assert sender.send_rows(ids) == 0
    assert len(mail.outbox) == 2
    assert all(m.subject.startswith(f"[Ravenpost] Toy #{game.pk}") for m in mail.outbox)


def test_dev_mailbox_keeps_sent_mail(game, settings):
    # The embedded default's backend (pytest-django swaps in locmem unless told otherwise).
    settings.EMAIL_BACKEND = "notifications.devmail.DevMailboxBackend"
    OutboxMessage.objects.filter(game=game).update(status=OutboxStatus.PENDING)
    sender.send_pending()
    subjects = set(DevMail.objects.values_list("subject", flat=True))
    assert subjects == {f"[Ravenpost] Toy #{game.pk} — the game has started; your pick, round 1"}, subjects


def test_transient_failure_keeps_row_pending_with_attempt_counted(game, monkeypatch):
    row = OutboxMessage.objects.filter(game=game, kind="your_turn").first()  # the start folds into it
    OutboxMessage.objects.filter(pk=row.pk).update(status=OutboxStatus.PENDING, attempts=0)

    def refuse(self, *args, **kwargs):  # noqa: ANN001
        raise smtplib.SMTPServerDisconnected("connection dropped")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    with pytest.raises(sender.TransientSendError, match="connection dropped"):
        sender.send_rows([row.pk])
    row.refresh_from_db()
    assert row.status == OutboxStatus.PENDING and row.attempts == 1
    assert "connection dropped" in row.last_error
