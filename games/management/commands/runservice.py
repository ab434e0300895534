"""manage.py runservice: the whole service in one process, for the embedded default.

Serves the web pages and runs, in background threads, what Celery workers and
beat do in production: the deadline sweep and the outbox retry.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

log = logging.getLogger(__name__)


def periodic(interval: float, job, stop: threading.Event) -> None:  # noqa: ANN001
    """Run ``job`` every ``interval`` seconds until ``stop`` is set; errors are logged, not fatal."""
    while not stop.wait(interval):
        try:
            job()
        except Exception:  # a failing sweep must not take the web server down
            log.exception("background job failed")


class Command(BaseCommand):
    help = "Run the web service with in-process background work (the embedded default)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: object, **options: object) -> None:
        from games.deadlines import sweep
        from notifications.sender import send_pending

        host, port = options["host"], options["port"]
        stop = threading.Event()
        jobs = [("outbox", settings.OUTBOX_RETRY_SECONDS, send_pending),
                ("deadlines", settings.DEADLINE_SWEEP_SECONDS, sweep)]
        for name, interval, job in jobs:
            threading.Thread(target=periodic, args=(interval, job, stop), daemon=True, name=name).start()
        self.stdout.write("")
        self.stdout.write(f"Ravenpost is running at http://{host}:{port}/")
        if settings.DEV_MAILBOX:
            self.stdout.write(f"Mail is kept in the dev mailbox: http://{host}:{port}/dev/mailbox/")
        self.stdout.write("Press Ctrl-C to stop.")
        try:
            call_command("runserver", f"{host}:{port}", use_reloader=False, use_threading=True)
        finally:
            stop.set()
