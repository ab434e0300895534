"""manage.py ingest_email: read one RFC 5322 message from standard input into the inbound pipeline.

For an MTA pipe, e.g. Postfix ``play: "|/srv/ravenpost/.venv/bin/python /srv/ravenpost/manage.py
ingest_email"``. Exit status 0 means stored (or a duplicate); 75 (EX_TEMPFAIL) asks the MTA
to try again later; an oversized message exits 0 as well, so the MTA does not bounce it to a
forger's claimed address.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError

from notifications import inbound

EX_TEMPFAIL = 75


class Command(BaseCommand):
    help = "Read one raw email from stdin and hand it to the inbound pipeline."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--sender", default=None, help="envelope sender (Postfix: ${sender})")
        parser.add_argument("--recipient", action="append", default=[],
                            help="envelope recipient (Postfix: ${original_recipient}); repeatable")

    def handle(self, *args: Any, **options: Any) -> None:
        stream = getattr(self, "stdin", None) or sys.stdin.buffer
        raw = stream.read(inbound.max_message_bytes() + 1)
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            result = inbound.receive(raw, via="ingest", envelope_sender=options["sender"],
                                      recipients=options["recipient"])
        except DatabaseError as error:
            self.stderr.write(f"could not store the message: {error}")
            sys.exit(EX_TEMPFAIL)
        self.stdout.write(f"{result.status} {result.inbound_id or ''}".strip())
