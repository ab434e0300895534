"""The Celery app. Tasks are thin adapters over services; see each app's tasks.py."""

import os
from typing import Any

import logging

from celery import Celery, bootsteps
from celery.signals import beat_init, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("ravenpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

log = logging.getLogger(__name__)

# The sweeps that pick up work written while the broker was away: mail the outbox could not hand to
# Celery, and inbound mail stored but not yet queued (all of it, however recent: its task may have been
# lost with the broker or with a killed worker). Both claim their rows, so a second run is a no-op.
CATCH_UP_TASKS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("notifications.send_pending", {}),
    ("notifications.process_received", {"older_than_seconds": 0}),
)


class CatchUpOnConnect(bootsteps.StartStopStep):
    """Each time a worker (re)connects to the broker, it queues the catch-up sweeps.

    Without this, mail written during a Redis outage waits for beat's next
    periodic retry (a minute by default) after Redis is back.
    """

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, consumer: Any) -> None:
        for name, kwargs in CATCH_UP_TASKS:
            try:
                consumer.app.send_task(name, kwargs=kwargs)
            except Exception as error:  # noqa: BLE001 - the periodic retry still covers it
                log.warning("could not queue %s after connecting to the broker: %r", name, error)


app.steps["consumer"].add(CatchUpOnConnect)


@worker_init.connect
@beat_init.connect
def _refuse_to_serve_misconfigured(**_: Any) -> None:
    """A production worker or beat without a real SECRET_KEY or inbound domain does not start."""
    from django.core.exceptions import ImproperlyConfigured

    from config.startup import refuse_to_serve_misconfigured

    try:
        refuse_to_serve_misconfigured()
    except ImproperlyConfigured as error:
        # Celery logs and ignores a signal handler's Exception; SystemExit does stop the process.
        raise SystemExit(f"ImproperlyConfigured: {error}") from error
