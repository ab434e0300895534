"""URL routes for mail coming in: the ESPs' inbound and tracking webhooks and the dev mailbox reply form.

Include it from the root URLconf: ``path("", include("notifications.inbound_urls"))``.
Webhook addresses: ``/anymail/<provider>/inbound/`` (Mailgun also ``inbound_mime/``)
for each provider in ``settings.INBOUND_EMAIL_PROVIDERS``; see
:mod:`notifications.inbound_webhooks`. anymail's own URLconf (which would open
every provider it knows) is not included. Tracking events (bounces, complaints):
``/anymail/<provider>/tracking/``, see :mod:`notifications.tracking`.
"""

from __future__ import annotations

from django.urls import path, re_path

from notifications import reply_views
from notifications.inbound_webhooks import inbound_webhook
from notifications.tracking import tracking_webhook

app_name = "inbound"

urlpatterns = [
    # Mailgun posts parsed fields to .../inbound/ and the raw message to .../inbound_mime/.
    re_path(r"^anymail/(?P<provider>[a-z_]{1,20})/inbound(?P<mime>_mime)?/$", inbound_webhook, name="webhook"),
    re_path(r"^anymail/(?P<provider>[a-z_]{1,20})/tracking/$", tracking_webhook, name="tracking"),
    path("dev/mailbox/<int:mail_id>/reply/", reply_views.reply, name="mail_reply"),
]
