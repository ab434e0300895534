"""anymail's inbound signal → the inbound pipeline (Mailgun, Postmark, SendGrid, Amazon SES, …).

anymail's views have already checked the provider's authentication (Mailgun's
HMAC signature, HTTP basic auth from ``ANYMAIL["WEBHOOK_SECRET"]``) before the
signal fires; Postmark, which signs nothing, is mounted by
``notifications.inbound_urls`` behind a view that refuses to run without basic
auth. Here the message is only serialised and stored: processing is the
worker's job, so the provider gets its 200 quickly.
"""

from __future__ import annotations

import logging
from typing import Any

from anymail.signals import AnymailInboundEvent
from anymail.signals import inbound as inbound_signal
from django.dispatch import receiver

from notifications import inbound

log = logging.getLogger(__name__)


def provider_verdicts(esp_name: str, message: Any) -> dict[str, str]:
    """SPF/DKIM verdicts the provider reported in headers it added itself (first occurrence)."""
    verdicts: dict[str, str] = {}

    def first_word(name: str) -> str:
        value = message.get(name)
        return str(value).strip().split()[0].lower() if value and str(value).strip() else ""

    esp = esp_name.lower()
    if esp == "mailgun":
        if spf := first_word("X-Mailgun-Spf"):
            verdicts["spf"] = spf
        if dkim := first_word("X-Mailgun-Dkim-Check-Result"):
            verdicts["dkim"] = dkim
    elif esp == "postmark":
        if spf := first_word("Received-SPF"):
            verdicts["spf"] = spf
    elif esp == "amazon ses":
        for method, header in (("spf", "X-SES-Spf-Verdict"), ("dkim", "X-SES-Dkim-Verdict"),
                               ("dmarc", "X-SES-Dmarc-Verdict")):
            if value := first_word(header):
                verdicts[method] = value
    if getattr(message, "spam_detected", False):
        verdicts["spam"] = "fail"
    return verdicts


@receiver(inbound_signal, dispatch_uid="ravenpost-inbound-email")
def on_inbound(sender: Any, event: AnymailInboundEvent, esp_name: str, **kwargs: Any) -> None:
    message = event.message
    raw = message.as_bytes()
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    inbound.receive(raw, via=esp_name.lower().replace(" ", "_")[:20],
                     envelope_sender=getattr(message, "envelope_sender", None),
                     recipients=recipients, auth_results=provider_verdicts(esp_name, message))
