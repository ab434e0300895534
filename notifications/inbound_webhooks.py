"""The ESP inbound webhooks that exist: only the providers the operator configured, each authenticated.

``settings.INBOUND_EMAIL_PROVIDERS`` names them (``["mailgun"]``, ...). Any other
``/anymail/<provider>/inbound/`` address is a 404, so nobody can post mail through a
provider we do not use and skip its SPF/DKIM verdicts. Of the configured ones:

* providers that sign their posts (Mailgun, MailerSend, Mailtrap, Postal, Resend)
  are checked by anymail against their signing key;
* providers that sign nothing (Amazon SES, Brevo, Mailjet, Postmark, SendGrid,
  SparkPost) must be behind HTTP basic auth: without ``ANYMAIL["WEBHOOK_SECRET"]``
  every post is refused (anymail itself would only warn and accept it).

A configured provider whose signing key is missing answers 503, never a server
error page; ``manage.py check --deploy`` reports it beforehand.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any, Callable

from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.webhooks.amazon_ses import AmazonSESInboundWebhookView
from anymail.webhooks.brevo import BrevoInboundWebhookView
from anymail.webhooks.mailersend import MailerSendInboundWebhookView
from anymail.webhooks.mailgun import MailgunInboundWebhookView
from anymail.webhooks.mailjet import MailjetInboundWebhookView
from anymail.webhooks.mailtrap import MailtrapInboundWebhookView
from anymail.webhooks.postal import PostalInboundWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from anymail.webhooks.resend import ResendInboundWebhookView
from anymail.webhooks.sendgrid import SendGridInboundWebhookView
from anymail.webhooks.sparkpost import SparkPostInboundWebhookView
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

log = logging.getLogger(__name__)


class _BasicAuthRequired:
    """For providers that sign nothing: without a configured basic auth secret, refuse every post."""

    basic_auth: Any

    def validate_request(self, request: Any) -> None:
        if not self.basic_auth:
            raise AnymailWebhookValidationFailure("inbound webhook refused: ANYMAIL WEBHOOK_SECRET is not set")
        super().validate_request(request)  # type: ignore[misc]


def _basic_auth_required(view: type) -> type:
    return type(f"Authenticated{view.__name__}", (_BasicAuthRequired, view), {"warn_if_no_basic_auth": False})


SIGNED: dict[str, type] = {
    "mailgun": MailgunInboundWebhookView,
    "mailersend": MailerSendInboundWebhookView,
    "mailtrap": MailtrapInboundWebhookView,
    "postal": PostalInboundWebhookView,
    "resend": ResendInboundWebhookView,
}
UNSIGNED: dict[str, type] = {
    "amazon_ses": AmazonSESInboundWebhookView,
    "brevo": BrevoInboundWebhookView,
    "mailjet": MailjetInboundWebhookView,
    "postmark": PostmarkInboundWebhookView,
    "sendgrid": SendGridInboundWebhookView,
    "sparkpost": SparkPostInboundWebhookView,
}
PROVIDERS = sorted([*SIGNED, *UNSIGNED])


def configured_providers() -> list[str]:
    """The providers whose inbound webhook is served (read per request, never at import)."""
    return [str(name).strip().lower() for name in getattr(settings, "INBOUND_EMAIL_PROVIDERS", ()) or ()]


@lru_cache(maxsize=None)
def _view(provider: str) -> Callable[..., HttpResponse]:
    if provider in SIGNED:
        return SIGNED[provider].as_view()  # type: ignore[attr-defined]
    return _basic_auth_required(UNSIGNED[provider]).as_view()  # type: ignore[attr-defined]


@csrf_exempt
def inbound_webhook(request: HttpRequest, provider: str, mime: str = "") -> HttpResponse:
    """``/anymail/<provider>/inbound/``: the provider's own anymail view, if the provider is configured."""
    if provider not in PROVIDERS or provider not in configured_providers() or (mime and provider != "mailgun"):
        raise Http404("no inbound mail is taken from that provider")
    try:
        return _view(provider)(request)
    except ImproperlyConfigured as error:
        log.error("inbound webhook for %s is not configured: %s", provider, error)
        return HttpResponse("inbound mail is not configured for this provider\n", status=503,
                            content_type="text/plain")
