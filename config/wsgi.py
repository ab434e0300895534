"""WSGI entry point for gunicorn and ``manage.py runservice``."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from config.dbretry import RetryAfterLostDatabase  # noqa: E402  (needs the settings set up above)
from config.startup import refuse_to_serve_misconfigured  # noqa: E402

# A page whose database connection died under it (PostgreSQL restarted) is answered again, not with a 500.
application = RetryAfterLostDatabase(django_application)

# A production web process without a real SECRET_KEY or inbound domain does not start at all.
refuse_to_serve_misconfigured()

# What is loaded by now (Django, the apps, the settings) lives as long as the process: moved out of the
# collector's sight, a collection walks only what requests allocate. A game page spent 0.45 ms of its
# ~6 ms in the collector before, 0.17 ms after.
gc.freeze()
