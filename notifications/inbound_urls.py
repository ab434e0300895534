"""URL routes for mail coming in: anymail's inbound webhooks and the dev mailbox reply form.

Include it from the root URLconf: ``path("", include("notifications.inbound_urls"))``.
Webhook addresses: ``/anymail/mailgun/inbound/`` (or ``inbound_mime/``),
``/anymail/postmark/inbound/``, ``/anymail/sendgrid/inbound/``,
``/anymail/amazon_ses/inbound/`` and the other providers anymail knows.
"""

from __future__ import annotations

from typing import Any

from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from anymail.webhooks.sendgrid import SendGridInboundWebhookView
from django.urls import include, path

from notifications import reply_views


class _BasicAuthRequired:
    """For providers that sign nothing: without a configured basic auth secret, refuse every post.

    anymail only warns when ``WEBHOOK_SECRET`` is unset; an open inbound URL would let anyone
    inject mail that skips the provider's SPF/DKIM checks.
    """

    basic_auth: Any

    def validate_request(self, request: Any) -> None:
        if not self.basic_auth:
            raise AnymailWebhookValidationFailure("inbound webhook refused: ANYMAIL WEBHOOK_SECRET is not set")


class PostmarkInbound(_BasicAuthRequired, PostmarkInboundWebhookView):
    pass


class SendGridInbound(_BasicAuthRequired, SendGridInboundWebhookView):
    pass


app_name = "inbound"

urlpatterns = [
    path("anymail/postmark/inbound/", PostmarkInbound.as_view(), name="postmark_inbound"),
    path("anymail/sendgrid/inbound/", SendGridInbound.as_view(), name="sendgrid_inbound"),
    path("anymail/", include("anymail.urls")),
    path("dev/mailbox/<int:mail_id>/reply/", reply_views.reply, name="mail_reply"),
]
