"""Inbound tasks: thin adapters over the inbound pipeline (one stored mail, the stale-mail sweep)."""

from __future__ import annotations

from celery import shared_task

from notifications.inbound import run


@shared_task(name="notifications.process_inbound")
def process_inbound(inbound_id: int) -> str:
    """Run one stored inbound mail through the pipeline (safe to run twice: it claims the row)."""
    return run.process(inbound_id)


@shared_task(name="notifications.process_received")
def process_received() -> int:
    """Periodic safety net: process stored mail whose task was lost (e.g. the broker was down)."""
    return run.process_stale()
