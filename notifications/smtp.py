"""A small SMTP listener (aiosmtpd) feeding the inbound pipeline: the embedded default's way in.

It accepts mail only for our inbound domain (never an open relay), refuses a
message over the size limit during the SMTP dialogue (552), stores each
accepted message through :func:`notifications.inbound.receive` in a worker
thread (the ORM is synchronous) and answers 250 once it is stored. Processing
happens in the Celery task (in-process in the embedded default).

``start_listener(host, port)`` returns a running ``Controller`` (call ``.stop()``);
``manage.py smtp_listener`` runs one in the foreground, and ``runservice`` can
start one in a thread.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.db import close_old_connections

from notifications import inbound, tokens

log = logging.getLogger(__name__)


class InboundHandler:
    """aiosmtpd handler: RCPT checks the domain, DATA stores the message."""

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope, address: str,
                          rcpt_options: list[str]) -> str:
        domain = address.rpartition("@")[2].lower()
        if domain != tokens.inbound_domain():
            return "550 5.7.1 relaying denied"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(None, _store, raw, envelope.mail_from, list(envelope.rcpt_tos))
        except Exception:  # noqa: BLE001 - tell the sending MTA to retry rather than lose the mail
            log.exception("could not store an inbound message")
            return "451 4.3.0 temporary failure, try again later"
        return f"250 OK {result}"


def _store(raw: bytes, mail_from: str | None, rcpt_tos: list[str]) -> str:
    close_old_connections()
    try:
        result = inbound.receive(raw, via="smtp", envelope_sender=mail_from, recipients=rcpt_tos)
        return result.status
    finally:
        close_old_connections()


def start_listener(host: str = "127.0.0.1", port: int = 2525, **kwargs: Any) -> Controller:
    """Start the listener in its own thread and return its controller."""
    controller = Controller(InboundHandler(), hostname=host, port=port,
                            data_size_limit=inbound.max_message_bytes(), **kwargs)
    controller.start()
    return controller
