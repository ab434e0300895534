"""Project configuration: settings from the environment, URLs, WSGI and the Celery app."""

from config import checks  # noqa: F401  (registers the deployment checks)
from config.celery import app as celery_app

__all__ = ["celery_app"]
