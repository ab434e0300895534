"""An email backend that keeps every message in the database for the dev mailbox page.

The mailbox pages let anyone read anyone's mail (verification links, password
resets) and answer as anyone, so they are served only on a local run: with the
dev backend chosen (``settings.DEV_MAILBOX``) **and** ``DEBUG`` on. A production
process (``DEBUG=0``) never serves them, whatever else is configured.
"""

from __future__ import annotations

from typing import Sequence

from django.conf import settings


def mailbox_open() -> bool:
    """Whether the dev mailbox pages are served (read per request, never at import)."""
    return bool(getattr(settings, "DEV_MAILBOX", False)) and bool(settings.DEBUG)

from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage, EmailMultiAlternatives


class DevMailboxBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        from notifications.models import DevMail

        count = 0
        for message in email_messages:
            html = ""
            if isinstance(message, EmailMultiAlternatives):
                for content, mimetype in message.alternatives:
                    if mimetype == "text/html":
                        html = str(content)
            mime = message.message()
            DevMail.objects.create(
                sender=message.from_email,
                to=list(message.recipients()),
                subject=str(message.subject),
                text=str(message.body),
                html=html,
                headers={key: str(value) for key, value in mime.items()},
                raw=mime.as_string(),
            )
            count += 1
        return count
