"""The ESPs' tracking webhooks (bounced, rejected, complained, unsubscribed, deferred, …) → delivery reports.

``/anymail/<provider>/tracking/`` exists for the ESP the service sends through
(the one named by ``EMAIL_BACKEND``) and for those in
``settings.EMAIL_TRACKING_PROVIDERS``; any other provider is a 404. Each post
must be authenticated: by the provider's signature where anymail checks one and
its key is configured (Mailgun, MailerSend, Mailtrap, Postal, Resend), else by
HTTP basic auth (``ANYMAIL["WEBHOOK_SECRET"]``). A post with neither is refused
before anymail parses it, so a forged event changes nothing.

anymail normalises every provider's events and sends its ``tracking`` signal;
:func:`on_tracking` turns each into one :func:`notifications.delivery.record`
call, keyed by the provider's event id so a retried webhook counts once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from functools import lru_cache
from typing import Any, Callable

from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.signals import AnymailTrackingEvent, EventType
from anymail.signals import tracking as tracking_signal
from anymail.webhooks.amazon_ses import AmazonSESTrackingWebhookView
from anymail.webhooks.brevo import BrevoTrackingWebhookView
from anymail.webhooks.mailersend import MailerSendTrackingWebhookView
from anymail.webhooks.mailgun import MailgunTrackingWebhookView
from anymail.webhooks.mailjet import MailjetTrackingWebhookView
from anymail.webhooks.mailtrap import MailtrapTrackingWebhookView
from anymail.webhooks.postal import PostalTrackingWebhookView
from anymail.webhooks.postmark import PostmarkTrackingWebhookView
from anymail.webhooks.resend import ResendTrackingWebhookView
from anymail.webhooks.sendgrid import SendGridTrackingWebhookView
from anymail.webhooks.sparkpost import SparkPostTrackingWebhookView
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.dispatch import receiver
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

from notifications import delivery
from notifications.models import OutboxMessage

log = logging.getLogger(__name__)

VIEWS: dict[str, type] = {
    "amazon_ses": AmazonSESTrackingWebhookView,
    "brevo": BrevoTrackingWebhookView,
    "mailersend": MailerSendTrackingWebhookView,
    "mailgun": MailgunTrackingWebhookView,
    "mailjet": MailjetTrackingWebhookView,
    "mailtrap": MailtrapTrackingWebhookView,
    "postal": PostalTrackingWebhookView,
    "postmark": PostmarkTrackingWebhookView,
    "resend": ResendTrackingWebhookView,
    "sendgrid": SendGridTrackingWebhookView,
    "sparkpost": SparkPostTrackingWebhookView,
}
PROVIDERS = sorted(VIEWS)
# Where anymail keeps a provider's signing key once configured (None or empty: not configured).
_SIGNATURE_KEYS = ("webhook_signing_key", "signing_secret", "_svix_webhook", "webhook_key")
_BACKEND = re.compile(r"^anymail\.backends\.([a-z_]+)\.")


class _Authenticated:
    """Refuse a post that carries neither a checked signature nor the basic auth secret."""

    basic_auth: Any

    def validate_request(self, request: Any) -> None:
        signed = any(getattr(self, name, None) for name in _SIGNATURE_KEYS)
        if not signed and not self.basic_auth:
            raise AnymailWebhookValidationFailure("tracking webhook refused: no signing key and no "
                                                  "ANYMAIL WEBHOOK_SECRET is configured")
        super().validate_request(request)  # type: ignore[misc]


def configured_providers() -> list[str]:
    """The providers whose tracking webhook is served (read per request, never at import)."""
    names = [str(name).strip().lower() for name in getattr(settings, "EMAIL_TRACKING_PROVIDERS", ()) or ()]
    found = _BACKEND.match(str(getattr(settings, "EMAIL_BACKEND", "")))
    if found:
        names.append(found.group(1))
    return names


@lru_cache(maxsize=None)
def _view(provider: str) -> Callable[..., HttpResponse]:
    view = VIEWS[provider]
    return type(f"Authenticated{view.__name__}", (_Authenticated, view), {}).as_view()  # type: ignore[attr-defined]


@csrf_exempt
def tracking_webhook(request: HttpRequest, provider: str) -> HttpResponse:
    """``/anymail/<provider>/tracking/``: the provider's own anymail view, if we send through it."""
    if provider not in PROVIDERS or provider not in configured_providers():
        raise Http404("no tracking events are taken from that provider")
    try:
        return _view(provider)(request)
    except ImproperlyConfigured as error:
        log.error("tracking webhook for %s is not configured: %s", provider, error)
        return HttpResponse("tracking is not configured for this provider\n", status=503, content_type="text/plain")


# -- the signal -----------------------------------------------------------------------------------

_KINDS = {
    EventType.BOUNCED: "hard",
    EventType.REJECTED: "rejected",
    EventType.COMPLAINED: "complaint",
    EventType.UNSUBSCRIBED: "unsubscribed",
    # The ESP is still trying (and reports each try): noted, neither counted nor resent.
    EventType.DEFERRED: "delayed",
    EventType.DELIVERED: "delivered",
}
# Words some providers use for a temporary bounce that anymail reports as "bounced".
_SOFT = re.compile(r"soft[ _-]?bounce|\btransient\b", re.I)
_STATUS = re.compile(r"\b([45])\.\d{1,3}\.\d{1,3}\b")


def kind_of(event: AnymailTrackingEvent) -> str | None:
    """Our kind for an anymail event: a bounce is hard unless the provider says it was temporary.

    ``failed`` is usually the ESP's own trouble (a template error) and changes nothing, except when it
    carries a permanent SMTP status (Postal reports a hard bounce so).
    """
    text = " ".join(str(part or "") for part in (event.description, event.mta_response))
    kind = _KINDS.get(event.event_type)
    if event.event_type == EventType.FAILED:
        status = _STATUS.search(text)
        kind = "hard" if status and status.group(1) == "5" else None
    if kind == "hard":
        raw = json.dumps(event.esp_event, default=str)[:20000] if event.esp_event is not None else ""
        status = _STATUS.search(text)
        if _SOFT.search(raw) or _SOFT.search(text) or (status and status.group(1) == "4"):
            kind = "soft"
    return kind


def _row_of(event: AnymailTrackingEvent) -> OutboxMessage | None:
    metadata = event.metadata or {}
    ref = metadata.get("ravenpost_ref") if isinstance(metadata, dict) else None
    if ref:
        return delivery.row_from_ref(str(ref))
    if event.message_id:
        return OutboxMessage.objects.select_related("user").filter(esp_message_id=str(event.message_id)).first()
    return None


@receiver(tracking_signal, dispatch_uid="ravenpost-tracking")
def on_tracking(sender: Any, event: AnymailTrackingEvent, esp_name: str, **kwargs: Any) -> None:
    kind = kind_of(event)
    if kind is None or not event.recipient:
        return  # opens, clicks, queued, sent: nothing to act on
    row = _row_of(event)
    source = esp_name.lower().replace(" ", "_")[:20]
    event_id = event.event_id or hashlib.sha256(
        json.dumps(event.esp_event, sort_keys=True, default=str).encode()).hexdigest()[:40]
    detail = " ".join(str(part) for part in (event.reject_reason, event.description, event.mta_response) if part)
    delivery.record(key=f"{source}:{event_id}:{event.event_type}:{event.recipient.lower()}", source=source,
                    kind=kind, address=event.recipient, detail=detail, row=row if kind == "soft" else None)
