"""An email backend that keeps every message in the database for the dev mailbox page."""

from __future__ import annotations

from typing import Sequence

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
