"""ESP tracking webhooks through django-anymail: a bounce or a complaint from each supported ESP stops the address.

Each payload is shaped as the provider posts it (per the fields anymail's own
parser reads) and posted to ``/anymail/<provider>/tracking/`` with the
provider's authentication: its signature where anymail checks one (Mailgun,
MailerSend, Mailtrap) and HTTP basic auth. Two providers need a package this
install leaves out (Postal's RSA signatures need ``cryptography``, Amazon SES
needs ``boto3``): their events are checked at anymail's signal, as their
parsers hand them over, and their webhooks answer 503 here. A forged or
unauthenticated post changes nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Callable

import pytest
from anymail.signals import AnymailTrackingEvent, EventType
from anymail.signals import tracking as tracking_signal
from django.test import Client

from notifications import delivery
from notifications.models import AddressHealth, DeliveryReport, MailPreference

pytestmark = pytest.mark.django_db

BASIC = ("anymail", "tracking-secret-for-tests")
AUTH = "Basic " + base64.b64encode(":".join(BASIC).encode()).decode()
MAILGUN_KEY = "mailgun-signing-key-for-tests"
MAILERSEND_KEY = "mailersend-signing-secret"
MAILTRAP_KEY = "mailtrap-tracking-secret"
ADDRESS = "ada@example.com"
NOW = int(time.time())


@pytest.fixture
def tracking(settings, players):
    settings.ANYMAIL = {"WEBHOOK_SECRET": ":".join(BASIC), "MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY,
                        "MAILERSEND_SIGNING_SECRET": MAILERSEND_KEY, "MAILTRAP_TRACKING_SECRET": MAILTRAP_KEY}
    settings.EMAIL_TRACKING_PROVIDERS = ["amazon_ses", "brevo", "mailersend", "mailgun", "mailjet", "mailtrap",
                                         "postal", "postmark", "resend", "sendgrid", "sparkpost"]
    return Client()


# -- payloads as each provider posts them: (body, extra headers) ---------------------------------------------

Payload = tuple[str, dict[str, str]]


def hmac_hex(key: str, body: str) -> str:
    return hmac.new(key.encode(), body.encode(), hashlib.sha256).hexdigest()


def mailgun(kind: str) -> Payload:
    token = hashlib.sha256(f"{kind}{NOW}".encode()).hexdigest()[:50]
    data: dict[str, Any] = {"event": "failed" if kind == "bounce" else "complained", "recipient": ADDRESS,
                            "timestamp": NOW, "message": {"headers": {"message-id": "abc@mailgun.example"}}}
    if kind == "bounce":
        data.update(severity="permanent", reason="bounce",
                    **{"delivery-status": {"code": 550, "message": "5.1.1 mailbox unknown", "description": ""}})
    body = json.dumps({"signature": {"timestamp": str(NOW), "token": token,
                                     "signature": hmac_hex(MAILGUN_KEY, f"{NOW}{token}")}, "event-data": data})
    return body, {}


def mailersend(kind: str) -> Payload:
    activity = "hard_bounced" if kind == "bounce" else "spam_complaint"
    body = json.dumps({"type": f"activity.{activity}", "data": {
        "id": f"ms-{kind}", "type": activity, "created_at": "2030-01-06T10:00:00.000000Z",
        "email": {"message": {"id": "ms-message"}, "recipient": {"email": ADDRESS}},
        "morph": {"object": "recipient_bounce" if kind == "bounce" else "spam_complaint",
                  "reason": "550 5.1.1 mailbox unknown"}}})
    return body, {"HTTP_SIGNATURE": hmac_hex(MAILERSEND_KEY, body)}


def mailtrap(kind: str) -> Payload:
    body = json.dumps({"events": [{"event": "bounce" if kind == "bounce" else "spam", "email": ADDRESS,
                                   "timestamp": NOW, "message_id": "mt-message", "event_id": f"mt-{kind}",
                                   "response": "550 5.1.1 mailbox unknown"}]})
    return body, {"HTTP_MAILTRAP_SIGNATURE": hmac_hex(MAILTRAP_KEY, body)}


def amazon_ses(kind: str) -> Payload:
    mail = {"messageId": "ses-message", "destination": [ADDRESS], "headers": []}
    if kind == "bounce":
        event = {"notificationType": "Bounce", "mail": mail, "bounce": {
            "bounceType": "Permanent", "bounceSubType": "General",
            "bouncedRecipients": [{"emailAddress": ADDRESS, "diagnosticCode": "smtp; 550 5.1.1 user unknown"}]}}
    else:
        event = {"notificationType": "Complaint", "mail": mail, "complaint": {
            "complaintFeedbackType": "abuse", "complainedRecipients": [{"emailAddress": ADDRESS}]}}
    message_id = f"sns-{kind}"
    body = json.dumps({"Type": "Notification", "MessageId": message_id, "TopicArn": "arn:aws:sns:x:1:ses",
                       "Message": json.dumps(event), "Timestamp": "2030-01-06T10:00:00.000Z"})
    return body, {"HTTP_X_AMZ_SNS_MESSAGE_TYPE": "Notification", "HTTP_X_AMZ_SNS_MESSAGE_ID": message_id}


def brevo(kind: str) -> Payload:
    return json.dumps({"event": "hard_bounce" if kind == "bounce" else "spam", "email": ADDRESS,
                       "message-id": "<brevo@example>", "ts_epoch": NOW * 1000,
                       "reason": "550 5.1.1 mailbox unknown"}), {}


def mailjet(kind: str) -> Payload:
    event: dict[str, Any] = {"event": "bounce" if kind == "bounce" else "spam", "time": NOW, "MessageID": 42,
                             "email": ADDRESS}
    if kind == "bounce":
        event.update(hard_bounce=True, error="user unknown", smtp_reply="550 5.1.1 mailbox unknown")
    return json.dumps([event]), {}


def postmark(kind: str) -> Payload:
    if kind == "bounce":
        event = {"RecordType": "Bounce", "Type": "HardBounce", "ID": 1234, "Email": ADDRESS,
                 "Recipient": ADDRESS, "MessageID": "pm-message", "Details": "550 5.1.1 mailbox unknown"}
    else:
        event = {"RecordType": "SpamComplaint", "Type": "SpamComplaint", "ID": 1235, "Email": ADDRESS,
                 "Recipient": ADDRESS, "MessageID": "pm-message"}
    return json.dumps(event), {}


def resend(kind: str) -> Payload:
    data: dict[str, Any] = {"email_id": "rs-message", "to": [ADDRESS]}
    if kind == "bounce":
        data["bounce"] = {"message": "550 5.1.1 mailbox unknown", "type": "Permanent"}
    return json.dumps({"type": "email.bounced" if kind == "bounce" else "email.complained",
                       "created_at": "2030-01-06T10:00:00.000Z", "data": data}), {}


def sendgrid(kind: str) -> Payload:
    event: dict[str, Any] = {"event": "bounce" if kind == "bounce" else "spamreport", "email": ADDRESS,
                             "timestamp": NOW, "sg_event_id": f"sg-{kind}", "smtp-id": "<sg@example>"}
    if kind == "bounce":
        event.update(type="bounce", reason="550 5.1.1 mailbox unknown", status="5.1.1")
    return json.dumps([event]), {}


def sparkpost(kind: str) -> Payload:
    if kind == "bounce":
        event = {"type": "bounce", "bounce_class": "10", "raw_rcpt_to": ADDRESS, "event_id": "sp-bounce",
                 "timestamp": str(NOW), "transmission_id": "sp-message", "raw_reason": "550 5.1.1 user unknown"}
        wrapped = {"msys": {"message_event": event}}
    else:
        event = {"type": "spam_complaint", "raw_rcpt_to": ADDRESS, "event_id": "sp-complaint",
                 "timestamp": str(NOW), "transmission_id": "sp-message"}
        wrapped = {"msys": {"message_event": event}}
    return json.dumps([wrapped]), {}


PROVIDERS: dict[str, Callable[[str], Payload]] = {
    "brevo": brevo, "mailersend": mailersend, "mailgun": mailgun, "mailjet": mailjet,
    "mailtrap": mailtrap, "postmark": postmark, "resend": resend, "sendgrid": sendgrid, "sparkpost": sparkpost,
}


def post(client: Client, provider: str, payload: Payload, *, auth: str | None = AUTH):
    body, headers = payload
    extra = dict(headers)
    if auth:
        extra["HTTP_AUTHORIZATION"] = auth
    return client.post(f"/anymail/{provider}/tracking/", body, content_type="application/json", **extra)


@pytest.mark.parametrize("provider", sorted(PROVIDERS))
@pytest.mark.parametrize("kind, reason", [("bounce", "hard_bounce"), ("complaint", "complaint")])
def test_a_bounce_or_a_complaint_from_each_esp_stops_the_address(tracking, provider, kind, reason):
    response = post(tracking, provider, PROVIDERS[provider](kind))
    assert response.status_code == 200, response.content
    health = AddressHealth.objects.get(address=ADDRESS)
    assert not health.receiving and health.reason == reason
    # The provider retries the same webhook: counted once.
    post(tracking, provider, PROVIDERS[provider](kind))
    assert DeliveryReport.objects.filter(address=ADDRESS).count() == 1
    assert AddressHealth.objects.get(address=ADDRESS).episode == 1


@pytest.mark.parametrize("esp_name, event", [
    ("Postal", AnymailTrackingEvent(event_type=EventType.BOUNCED, recipient=ADDRESS, event_id="postal-bounce",
                                    esp_event={"payload": {"bounce": {"id": 1}}}, mta_response="550 5.1.1 unknown")),
    ("Postal", AnymailTrackingEvent(event_type=EventType.FAILED, recipient=ADDRESS, event_id="postal-hardfail",
                                    esp_event={"payload": {"status": "HardFail"}}, mta_response="550 5.1.1 unknown")),
    ("Amazon SES", AnymailTrackingEvent(event_type=EventType.BOUNCED, recipient=ADDRESS, event_id="ses-bounce",
                                        description="Permanent: General", esp_event={"notificationType": "Bounce"},
                                        mta_response="smtp; 550 5.1.1 user unknown")),
    ("Amazon SES", AnymailTrackingEvent(event_type=EventType.COMPLAINED, recipient=ADDRESS, event_id="ses-spam",
                                        description="abuse", esp_event={"notificationType": "Complaint"})),
], ids=["postal-bounce", "postal-hardfail", "ses-bounce", "ses-complaint"])
def test_events_of_providers_without_their_package_at_anymails_signal(players, esp_name, event):
    tracking_signal.send(sender=object, event=event, esp_name=esp_name)
    health = AddressHealth.objects.get(address=ADDRESS)
    assert not health.receiving
    assert health.reason == ("complaint" if event.event_type == EventType.COMPLAINED else "hard_bounce")


def test_a_transient_ses_bounce_is_soft(players):
    event = AnymailTrackingEvent(event_type=EventType.BOUNCED, recipient=ADDRESS, event_id="ses-soft",
                                 description="Transient: MailboxFull", esp_event={"notificationType": "Bounce"})
    tracking_signal.send(sender=object, event=event, esp_name="Amazon SES")
    health = AddressHealth.objects.get(address=ADDRESS)
    assert health.receiving and health.soft_bounces == 1


def test_a_failed_send_without_a_permanent_status_changes_nothing(players):
    event = AnymailTrackingEvent(event_type=EventType.FAILED, recipient=ADDRESS, event_id="tpl",
                                 description="template rendering error")
    tracking_signal.send(sender=object, event=event, esp_name="Mailgun")
    assert delivery.receiving(ADDRESS) and not DeliveryReport.objects.exists()


@pytest.mark.parametrize("provider, payload", [
    ("postal", json.dumps({"uuid": "x", "payload": {"bounce": {}}})),
    ("amazon_ses", amazon_ses("bounce")[0]),
])
def test_webhooks_of_providers_without_their_package_are_refused(tracking, provider, payload):
    response = tracking.post(f"/anymail/{provider}/tracking/", payload, content_type="application/json",
                             HTTP_AUTHORIZATION=AUTH)
    assert response.status_code == 503
    assert delivery.receiving(ADDRESS) and not DeliveryReport.objects.exists()


def test_a_soft_bounce_is_counted_not_stopped(tracking):
    body = json.dumps({"RecordType": "Bounce", "Type": "SoftBounce", "ID": 77, "Email": ADDRESS,
                       "MessageID": "pm", "Details": "452 4.2.2 mailbox full"})
    assert post(tracking, "postmark", (body, {})).status_code == 200
    health = AddressHealth.objects.get(address=ADDRESS)
    assert health.receiving and health.soft_bounces == 1


def test_an_unsubscribe_event_switches_to_web_only(tracking, players):
    body = json.dumps([{"event": "unsubscribe", "email": ADDRESS, "timestamp": NOW, "sg_event_id": "sg-u"}])
    assert post(tracking, "sendgrid", (body, {})).status_code == 200
    assert MailPreference.objects.get(user=players[0]).mode == "web"
    assert delivery.receiving(ADDRESS)


# -- forged and unauthenticated posts ------------------------------------------------------------------


@pytest.mark.parametrize("provider", sorted(PROVIDERS))
def test_an_unauthenticated_post_changes_nothing(tracking, provider):
    response = post(tracking, provider, PROVIDERS[provider]("bounce"), auth=None)
    assert response.status_code in (400, 403)
    wrong = "Basic " + base64.b64encode(b"anymail:guess").decode()
    assert post(tracking, provider, PROVIDERS[provider]("complaint"), auth=wrong).status_code in (400, 403)
    assert delivery.receiving(ADDRESS) and not DeliveryReport.objects.exists()


@pytest.mark.parametrize("provider, header", [("mailersend", "HTTP_SIGNATURE"),
                                              ("mailtrap", "HTTP_MAILTRAP_SIGNATURE")])
def test_a_wrong_signature_changes_nothing_even_with_basic_auth(tracking, provider, header):
    body, _ = PROVIDERS[provider]("bounce")
    response = post(tracking, provider, (body, {header: hmac_hex("not-the-key", body)}))
    assert response.status_code in (400, 403)
    assert delivery.receiving(ADDRESS) and not DeliveryReport.objects.exists()


def test_a_forged_mailgun_signature_changes_nothing(tracking):
    body = json.loads(mailgun("bounce")[0])
    body["signature"]["signature"] = "0" * 64
    assert post(tracking, "mailgun", (json.dumps(body), {})).status_code in (400, 403)
    assert delivery.receiving(ADDRESS) and not DeliveryReport.objects.exists()


def test_without_any_secret_an_unsigned_provider_is_refused(tracking, settings):
    settings.ANYMAIL = {}
    response = post(tracking, "postmark", postmark("bounce"), auth=None)
    assert response.status_code in (400, 403)
    assert delivery.receiving(ADDRESS)


def test_a_provider_we_do_not_send_through_has_no_tracking_webhook(tracking, settings):
    settings.EMAIL_TRACKING_PROVIDERS = []
    settings.EMAIL_BACKEND = "anymail.backends.postmark.EmailBackend"
    assert post(tracking, "sendgrid", sendgrid("bounce")).status_code == 404
    assert post(tracking, "nosuch", sendgrid("bounce")).status_code == 404
    assert post(tracking, "postmark", postmark("bounce")).status_code == 200  # the backend's own ESP
    assert not delivery.receiving(ADDRESS)


def test_the_deploy_check_names_a_tracking_webhook_that_cannot_authenticate(settings):
    from notifications.checks import tracking_webhooks_are_authenticated

    settings.EMAIL_BACKEND = "anymail.backends.postmark.EmailBackend"
    settings.EMAIL_TRACKING_PROVIDERS = ["nosuch"]
    settings.ANYMAIL = {}
    found = {message.id: message.msg for message in tracking_webhooks_are_authenticated()}
    assert "'nosuch', which has no tracking webhook" in found["notifications.E005"]
    assert "from postmark are refused" in found["notifications.W006"]
    settings.ANYMAIL = {"WEBHOOK_SECRET": "anymail:secret"}
    settings.EMAIL_TRACKING_PROVIDERS = []
    assert tracking_webhooks_are_authenticated() == []


def test_a_deferral_is_noted_neither_counted_nor_resent(tracking):
    """The ESP still tries (and reports each try): five deferrals of one mail must not stop the address."""
    for n in range(6):
        body = json.dumps([{"event": "deferred", "email": ADDRESS, "timestamp": NOW, "sg_event_id": f"sg-d{n}",
                            "response": "451 4.7.1 greylisted, try again"}])
        assert post(tracking, "sendgrid", (body, {})).status_code == 200
    assert delivery.receiving(ADDRESS)
    assert not AddressHealth.objects.filter(address=ADDRESS, soft_bounces__gt=0).exists()
    assert DeliveryReport.objects.filter(address=ADDRESS, kind="delayed").count() == 6
