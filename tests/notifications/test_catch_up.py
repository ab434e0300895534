"""A worker that (re)connects to the broker catches up on inbound mail at once, however recent it is.

Mail stored while Redis was away (or whose task died with a killed worker) used
to wait for the five-minute stale sweep: a mail move was applied minutes late.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from config.celery import CatchUpOnConnect, app
from notifications.models import InboundMessage, InboundStatus

pytestmark = pytest.mark.django_db

RAW = (b"From: someone@example.net\r\nTo: play+nobody@play.example.org\r\nSubject: hello\r\n"
       b"Message-ID: <fresh-catch-up@example.net>\r\n\r\nbid general gold 1\r\n")


def test_a_connecting_worker_processes_mail_stored_a_moment_ago() -> None:
    row = InboundMessage.objects.create(message_id="<fresh-catch-up@example.net>", via="test", raw=RAW,
                                        size=len(RAW), envelope_recipients=["play+nobody@play.example.org"])
    sent: list[str] = []

    def send_task(name: str, args: Any = None, kwargs: Any = None) -> None:
        sent.append(name)
        app.tasks[name].apply(args=args, kwargs=kwargs)  # what the worker would run off the queue

    CatchUpOnConnect(SimpleNamespace()).start(SimpleNamespace(app=SimpleNamespace(send_task=send_task)))

    assert "notifications.process_received" in sent
    row.refresh_from_db()
    assert row.status != InboundStatus.RECEIVED, "the fresh mail was processed (here: dropped, no reply address)"
    assert row.processed_at is not None


def test_beats_periodic_sweep_still_leaves_recent_mail_to_its_queued_task() -> None:
    row = InboundMessage.objects.create(message_id="<recent@example.net>", via="test", raw=RAW, size=len(RAW))
    app.tasks["notifications.process_received"].apply()
    row.refresh_from_db()
    assert row.status == InboundStatus.RECEIVED
