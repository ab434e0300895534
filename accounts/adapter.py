"""allauth's adapter with the headers mailbox providers expect of a service's own mail (sign-up, password reset).

Django would name the machine's host (``socket.getfqdn()``, often a container
id) in the ``Message-ID``; these mails name the service's mail domain instead,
the domain of its replies (``INBOUND_EMAIL_DOMAIN``), and say that a machine
sent them (``Auto-Submitted: auto-generated``), so auto-responders stay quiet.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.utils import DNS_NAME
from django.utils.crypto import get_random_string


def mail_domain() -> str:
    return str(getattr(settings, "INBOUND_EMAIL_DOMAIN", "") or DNS_NAME).strip().lower()


class AccountAdapter(DefaultAccountAdapter):
    def render_mail(self, template_prefix: str, email: str | list[str], context: dict[str, Any],
                    headers: dict[str, str] | None = None) -> EmailMessage:
        own = {"Message-ID": f"<account.{get_random_string(24).lower()}@{mail_domain()}>",
               "Auto-Submitted": "auto-generated", **(headers or {})}
        return super().render_mail(template_prefix, email, context, headers=own)
