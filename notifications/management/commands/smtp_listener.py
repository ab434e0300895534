"""manage.py smtp_listener: receive reply mail over SMTP on a loopback (or given) address."""

from __future__ import annotations

import threading
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from notifications.smtp import start_listener


class Command(BaseCommand):
    help = "Listen for reply mail over SMTP and feed it to the inbound pipeline."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=2525)

    def handle(self, *args: Any, **options: Any) -> None:
        controller = start_listener(options["host"], options["port"])
        self.stdout.write(f"SMTP listener on {options['host']}:{options['port']} (Ctrl-C to stop)")
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        finally:
            controller.stop()
