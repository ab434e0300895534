"""Inbound tasks: thin adapters over the inbound pipeline (one stored mail, the stale-mail sweep)."""

from __future__ import annotations

import datetime

from celery import shared_task

from notifications.inbound import run


@shared_task(name="notifications.process_inbound")
def process_inbound(inbound_id: int) -> str:
    """Run one stored inbound mail through the pipeline (safe to run twice: it claims the row)."""
    return run.process(inbound_id)


@shared_task(name="notifications.process_received")
def process_received(older_than_seconds: float = 300.0) -> int:
    """Safety net: process stored mail whose task was lost (e.g. the broker was down).

    Beat runs it every few minutes for mail older than five (younger mail's task is
    probably still queued); a worker that (re)connects to the broker runs it for all
    stored mail (``older_than_seconds=0``): whatever was received while the broker
    was away, or whose task went down with a killed worker, is played now rather
    than minutes later. Processing claims each row, so a queued task finds it done.
    """
    return run.process_stale(datetime.timedelta(seconds=older_than_seconds))
