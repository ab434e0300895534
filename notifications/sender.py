"""Sending outbox rows as email, each exactly once.

A row is claimed (status moves from pending under a row lock) before its mail
goes out, so two workers or a retried task never send the same row twice.
"""

from __future__ import annotations

import logging
import smtplib

from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.utils import timezone

from notifications.models import OutboxMessage, OutboxStatus
from notifications import render

log = logging.getLogger(__name__)


class TransientSendError(Exception):
    """The mail service failed in a way worth retrying."""


def send_rows(ids: list[int]) -> int:
    sent = 0
    for pk in ids:
        sent += _send_one(pk)
    return sent


def send_pending(limit: int = 500) -> int:
    ids = list(
        OutboxMessage.objects.filter(status=OutboxStatus.PENDING).order_by("created_at").values_list("pk", flat=True)[:limit]
    )
    return send_rows(ids)


def _send_one(pk: int) -> int:
    failure: Exception | None = None
    with transaction.atomic():
        row = (
            OutboxMessage.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user", "game")
            .filter(pk=pk, status=OutboxStatus.PENDING)
            .first()
        )
        if row is None:
            return 0  # already sent, or another worker has it
        message = render.build_message(row)
        row.attempts += 1
        if message is None:
            row.status = OutboxStatus.SKIPPED
            row.save(update_fields=["status", "attempts"])
            return 0
        try:
            message.send()
        except (smtplib.SMTPException, OSError) as error:
            row.last_error = str(error)[:2000]
            row.save(update_fields=["attempts", "last_error"])
            failure = error
        else:
            row.status = OutboxStatus.SENT
            row.sent_at = timezone.now()
            row.save(update_fields=["status", "attempts", "sent_at"])
            return 1
    # Raised outside the transaction so the attempt count survives for the retry.
    raise TransientSendError(str(failure)) from failure
