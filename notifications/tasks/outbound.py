"""Outbound tasks: thin adapters over the sender (outbox rows, the retry sweep, digests).

No task retries itself with a delay: a failed row goes back to pending and the
periodic sweep retries it, so the broker never holds a message for a long
countdown (which a short Redis visibility timeout would hand out twice).
"""

from __future__ import annotations

import logging

from celery import shared_task

from notifications import sender

log = logging.getLogger(__name__)


@shared_task(name="notifications.send_outbox")
def send_outbox(ids: list[int]) -> int:
    """Send these outbox rows now (queued after the commit that wrote them)."""
    try:
        return sender.send_rows(ids)
    except sender.TransientSendError as error:
        log.warning("mail not sent, left for the periodic retry: %s", error)
        return 0


@shared_task(name="notifications.send_pending")
def send_pending() -> int:
    """Periodic safety net: interrupted sends, failed sends and rows written while the broker was down."""
    return sender.send_pending()


@shared_task(name="notifications.send_digests")
def send_digests() -> int:
    """Periodic (hourly): daily digests for the people who chose them, at their hour."""
    return sender.send_digests()
