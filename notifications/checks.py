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


@checks.register(checks.Tags.security, deploy=True)
def inbound_webhooks_are_authenticated(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Each configured inbound provider is one we know, and can authenticate what it posts."""
    from django.core.exceptions import ImproperlyConfigured

    from notifications.inbound_webhooks import PROVIDERS, SIGNED, configured_providers

    problems: list[checks.CheckMessage] = []
    secret = (getattr(settings, "ANYMAIL", {}) or {}).get("WEBHOOK_SECRET")
    for provider in configured_providers():
        if provider not in PROVIDERS:
            problems.append(checks.Error(f"INBOUND_EMAIL_PROVIDERS names {provider!r}, which is not an inbound "
                                         f"provider (known: {', '.join(PROVIDERS)})", id="notifications.E002"))
        elif provider in SIGNED:
            try:
                SIGNED[provider]()
            except ImproperlyConfigured as error:
                problems.append(checks.Error(f"inbound mail from {provider} cannot be verified: {error}",
                                             id="notifications.E003"))
        elif not secret:
            problems.append(checks.Error(
                f"inbound mail from {provider} is refused: {provider} signs nothing, so its webhook needs HTTP "
                "basic auth (ANYMAIL WEBHOOK_SECRET)", id="notifications.E004"))
    return problems


@checks.register(checks.Tags.security, deploy=True)
def tracking_webhooks_are_authenticated(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """The tracking webhook of each ESP we send through can authenticate what it posts (else bounces are lost)."""
    from notifications.tracking import PROVIDERS, configured_providers

    problems: list[checks.CheckMessage] = []
    anymail = getattr(settings, "ANYMAIL", {}) or {}
    keys = {"mailgun": "MAILGUN_WEBHOOK_SIGNING_KEY", "mailersend": "MAILERSEND_SIGNING_SECRET",
            "mailtrap": "MAILTRAP_TRACKING_SECRET", "postal": "POSTAL_WEBHOOK_KEY",
            "resend": "RESEND_SIGNING_SECRET"}
    for provider in configured_providers():
        if provider not in PROVIDERS:
            problems.append(checks.Error(f"EMAIL_TRACKING_PROVIDERS names {provider!r}, which has no tracking "
                                         f"webhook (known: {', '.join(PROVIDERS)})", id="notifications.E005"))
        elif not anymail.get("WEBHOOK_SECRET") and not anymail.get(keys.get(provider, "")):
            problems.append(checks.Warning(
                f"bounces and complaints from {provider} are refused: its tracking webhook has neither a signing "
                "key nor HTTP basic auth (ANYMAIL WEBHOOK_SECRET)", id="notifications.W006"))
    return problems
