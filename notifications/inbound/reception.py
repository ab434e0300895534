"""Receiving: what every entry point calls (webhook, MTA pipe, SMTP listener, dev mailbox).

Cheap checks only, then the raw message is stored once (unique by Message-ID:
a second delivery does nothing) and the ``notifications.process_inbound`` task
is queued after commit; :mod:`notifications.inbound.run` does the rest.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Iterable

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from notifications import mailparse
from notifications.inbound import statements
from notifications.models import InboundMessage, InboundStatus

PROCESS_TASK = "notifications.process_inbound"

log = logging.getLogger(__name__)


INSERT_SQL = (
    f"INSERT INTO {InboundMessage._meta.db_table} (message_id, via, envelope_sender, envelope_recipients, "
    "auth_results, raw, size, status, reason, token_id, received_at, processed_at) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, NULL, %s, NULL) "
    "ON CONFLICT (message_id) DO NOTHING RETURNING id"
)


def max_message_bytes() -> int:
    return int(getattr(settings, "INBOUND_EMAIL_MAX_BYTES", 10 * 1024 * 1024))


@dataclass
class Received:
    inbound_id: int | None
    created: bool
    status: str


def receive(raw: bytes, *, via: str, envelope_sender: str | None = None, recipients: Iterable[str] = (),
            auth_results: dict[str, str] | None = None) -> Received:
    """Store a raw message once and queue it for processing; returns quickly."""
    message_id = mailparse.header_message_id(raw) or f"<sha256.{hashlib.sha256(raw).hexdigest()}@ravenpost>"
    too_large = len(raw) > max_message_bytes()
    status = InboundStatus.DROPPED if too_large else InboundStatus.RECEIVED
    # One statement that skips a duplicate Message-ID without raising (no savepoint, one round trip).
    # An oversized mail is kept as its first bytes only: enough to audit, never processed.
    found = statements.fetchone(
        INSERT_SQL,
        [message_id, via[:20], envelope_sender, json.dumps([r.lower() for r in recipients]),
         json.dumps(dict(auth_results or {})), raw[:65536] if too_large else raw, len(raw), status,
         f"too large ({len(raw)} bytes)" if too_large else "", timezone.now()],
    )
    if found is None:
        return Received(None, False, "duplicate")
    pk = found[0]
    if not too_large:
        transaction.on_commit(lambda: queue(pk))
    return Received(pk, True, status)


def queue(pk: int) -> None:
    """Hand a stored message to the worker (the task is looked up by name: no import of the worker side)."""
    try:
        current_app.tasks[PROCESS_TASK].delay(pk)
    except Exception:  # the broker is down: the row stays received and the periodic sweep processes it
        log.warning("could not queue inbound mail %s; the periodic sweep will process it", pk, exc_info=True)
