"""manage.py runservice: the whole service in one process, for the embedded default.

Serves the web pages and runs, in background threads, what Celery workers and
beat do in production: the deadline sweep, the outbox retry, daily digests and
the retry of received mail, plus the SMTP listener that takes replies.
"""

from __future__ import annotations

from typing import Any

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
        parser.add_argument("--smtp-port", type=int, default=None,
                            help="port of the SMTP listener for replies (default: SMTP_LISTENER_PORT; 0: off)")

    def handle(self, *args: Any, **options: Any) -> None:
        from games.deadlines import sweep
        from notifications.inbound import process_stale
        from notifications.sender import send_digests, send_pending

        host, port = options["host"], options["port"]
        if not settings.SITE_URL_FROM_ENV:
            # Links in mail point where this service really is (PORT=8101 make run), not at a default.
            settings.SITE_URL = f"http://{host}:{port}"
        stop = threading.Event()
        jobs = [("outbox", settings.OUTBOX_RETRY_SECONDS, send_pending),
                ("deadlines", settings.DEADLINE_SWEEP_SECONDS, sweep),
                ("digests", 3600.0, send_digests),
                ("received-mail", 300.0, process_stale)]
        for name, interval, job in jobs:
            threading.Thread(target=periodic, args=(interval, job, stop), daemon=True, name=name).start()
        smtp_port = settings.SMTP_LISTENER_PORT if options["smtp_port"] is None else options["smtp_port"]
        listener = None
        if smtp_port:
            from notifications.smtp import start_listener

            listener = start_listener(str(host), int(smtp_port))
        self.stdout.write("")
        self.stdout.write(f"Ravenpost is running at http://{host}:{port}/ (links in mail: {settings.SITE_URL})")
        if listener is not None:
            self.stdout.write(f"Replies by mail: SMTP on {host}:{smtp_port} "
                              f"(addresses @{settings.INBOUND_EMAIL_DOMAIN})")
        if settings.DEV_MAILBOX:
            self.stdout.write(f"Mail is kept in the dev mailbox: http://{host}:{port}/dev/mailbox/")
        self.stdout.write("Press Ctrl-C to stop.")
        try:
            call_command("runserver", f"{host}:{port}", use_reloader=False, use_threading=True)
        finally:
            stop.set()
            if listener is not None:
                listener.stop()
