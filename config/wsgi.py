"""WSGI entry point for gunicorn and ``manage.py runservice``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.startup import refuse_to_serve_misconfigured  # noqa: E402  (needs the settings set up above)

# A production web process without a real SECRET_KEY or inbound domain does not start at all.
refuse_to_serve_misconfigured()
