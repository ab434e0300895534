"""The Celery app. Tasks are thin adapters over services; see each app's tasks.py."""

import os
from typing import Any

from celery import Celery
from celery.signals import beat_init, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("ravenpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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
