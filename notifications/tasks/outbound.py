"""Outbound tasks: thin adapters over the sender (outbox rows, the retry sweep, digests)."""

from __future__ import annotations

from celery import shared_task

from notifications import sender


@shared_task(name="notifications.send_outbox", autoretry_for=(sender.TransientSendError,),
             retry_backoff=True, retry_backoff_max=600, max_retries=8)
def send_outbox(ids: list[int]) -> int:
    return sender.send_rows(ids)


@shared_task(name="notifications.send_pending")
def send_pending() -> int:
    """Periodic safety net: send whatever is still pending (e.g. written while the broker was down)."""
    return sender.send_pending()


@shared_task(name="notifications.send_digests")
def send_digests() -> int:
    """Periodic (hourly): daily digests for the people who chose them, at their hour."""
    return sender.send_digests()
