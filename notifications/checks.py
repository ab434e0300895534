"""System checks of the mail set-up: a production process must send mail, not keep it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks

DEV_BACKEND = "notifications.devmail.DevMailboxBackend"


@checks.register(checks.Tags.compatibility, deploy=True)
def mail_is_sent_in_production(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    if not settings.DEBUG and settings.EMAIL_BACKEND == DEV_BACKEND:
        return [checks.Warning(
            "DEBUG is off but mail goes to the dev mailbox backend: it is kept in the database and never sent "
            "(and the dev mailbox pages are not served).",
            hint="Set EMAIL_BACKEND to your ESP's anymail backend (docs/operators/email.md).",
            id="notifications.W001",
        )]
    return []
