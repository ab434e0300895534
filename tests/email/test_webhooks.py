"""Acceptance: the same game played through anymail's inbound webhooks (Mailgun and Postmark).

Replies are posted as those providers post them: Mailgun's fully-parsed form and
its raw-MIME form (HMAC-signed with the webhook signing key), Postmark's JSON
(behind HTTP basic auth). Unsigned or wrongly signed posts are refused.
"""

from __future__ import annotations

import base64
import email
import hashlib
import hmac
import json
import random
import time
from email import policy
from email.utils import parseaddr

import pytest
from django.core import mail
from django.test import Client

from games.models import Game, GameStatus
from notifications.models import InboundMessage

from .conftest import build_reply, events, make_players, start_game
from .smtp_support import examples_in

SIGNING_KEY = "mailgun-signing-key-for-tests"
BASIC = ("anymail", "webhook-secret-for-tests")
AUTH = "Basic " + base64.b64encode(":".join(BASIC).encode()).decode()


@pytest.fixture
def webhooks(settings):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY, "WEBHOOK_SECRET": ":".join(BASIC)}
    settings.INBOUND_EMAIL_PROVIDERS = ["mailgun", "postmark"]
    return Client()


def mailgun_signature(timestamp: str, token: str, key: str = SIGNING_KEY) -> str:
    return hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()


def mailgun_fields(raw: bytes, *, raw_mime: bool, key: str = SIGNING_KEY) -> dict[str, str]:
    message = email.message_from_bytes(raw, policy=policy.default)
    timestamp, token = str(int(time.time())), hashlib.sha256(raw).hexdigest()[:50]
    fields = {"recipient": parseaddr(str(message["To"]))[1], "sender": parseaddr(str(message["From"]))[1],
              "timestamp": timestamp, "token": token, "signature": mailgun_signature(timestamp, token, key)}
    if raw_mime:
        fields["body-mime"] = raw.decode("utf-8")
    else:
        headers = [[k, str(v)] for k, v in message.items()] + [["X-Mailgun-Spf", "Pass"],
                                                                ["X-Mailgun-Dkim-Check-Result", "Pass"]]
        fields.update({"from": str(message["From"]), "subject": str(message["Subject"]),
                       "body-plain": message.get_content(), "message-headers": json.dumps(headers)})
    return fields


def postmark_json(raw: bytes) -> str:
    message = email.message_from_bytes(raw, policy=policy.default)
    name, address = parseaddr(str(message["From"]))
    to = parseaddr(str(message["To"]))[1]
    skip = {"from", "to", "subject", "date", "content-type", "content-transfer-encoding", "mime-version"}
    return json.dumps({
        "FromFull": {"Email": address, "Name": name}, "From": address,
        "ToFull": [{"Email": to, "Name": ""}], "To": to, "OriginalRecipient": to,
        "Subject": str(message["Subject"]), "Date": str(message["Date"]),
        "MessageID": "0b4b6e6c-8a5e-4c39-9b6d-postmark",
        "TextBody": message.get_content(), "HtmlBody": "", "Attachments": [],
        "Headers": [{"Name": k, "Value": str(v)} for k, v in message.items() if k.lower() not in skip]
        + [{"Name": "Received-SPF", "Value": "Pass (sender SPF authorized)"}],
    })


def post(client: Client, provider: str, raw: bytes):
    if provider == "postmark":
        return client.post("/anymail/postmark/inbound/", postmark_json(raw), content_type="application/json",
                           HTTP_AUTHORIZATION=AUTH)
    url = "/anymail/mailgun/inbound_mime/" if provider == "mailgun-mime" else "/anymail/mailgun/inbound/"
    return client.post(url, mailgun_fields(raw, raw_mime=provider == "mailgun-mime"), HTTP_AUTHORIZATION=AUTH)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_whole_game_through_the_webhooks(webhooks, mailoutbox):
    users = make_players()
    game = start_game(users, seed="webhook-acceptance")
    rng = random.Random(11)
    providers = ["mailgun", "mailgun-mime", "postmark"]
    answered = 0
    replies = 0
    while True:
        turns = [m for m in mail.outbox[answered:]]
        answered = len(mail.outbox)
        pending = [m for m in turns if m.extra_headers.get("X-Ravenpost-Kind") == "your_turn"]
        if not pending:
            break
        for turn in pending:
            player = turn.to[0]
            raw = build_reply(turn, rng.choice(examples_in(as_parsed(turn))), sender=player)
            response = post(webhooks, providers[replies % 3], raw)
            assert response.status_code == 200, response.content
            replies += 1
            assert replies < 600
        # Answers for this batch are in mail.outbox now (tasks run eagerly after each commit).
    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED
    assert set(InboundMessage.objects.values_list("via", flat=True)) == {"mailgun", "postmark"}
    answers = [m for m in mail.outbox if m.extra_headers.get("X-Ravenpost-Kind") == "email_reply"]
    assert len(answers) == replies
    assert all(a.extra_headers["X-Ravenpost-Result"] == "applied" for a in answers)
    finals = [m for m in mail.outbox if m.extra_headers.get("X-Ravenpost-Kind") == "game_over"]
    assert sorted(m.to[0] for m in finals) == sorted(u.email for u in users)


def as_parsed(message):
    return email.message_from_bytes(message.message().as_bytes(), policy=policy.default)


@pytest.mark.django_db
class TestRefusedPosts:
    @pytest.fixture
    def raw(self, players, mailoutbox):
        from notifications import sender

        game = start_game(players)
        sender.send_pending()
        self.game = game
        turn = next(m for m in mail.outbox if m.extra_headers.get("X-Ravenpost-Kind") == "your_turn")
        return build_reply(turn, "printer f b 3g", sender=turn.to[0])

    def check_nothing(self):
        assert InboundMessage.objects.count() == 0
        assert events(self.game) == 5

    def test_mailgun_unsigned(self, webhooks, raw):
        fields = mailgun_fields(raw, raw_mime=True)
        del fields["signature"]
        assert webhooks.post("/anymail/mailgun/inbound_mime/", fields, HTTP_AUTHORIZATION=AUTH).status_code == 400
        self.check_nothing()

    def test_mailgun_wrongly_signed(self, webhooks, raw):
        fields = mailgun_fields(raw, raw_mime=True, key="not-the-key")
        assert webhooks.post("/anymail/mailgun/inbound_mime/", fields, HTTP_AUTHORIZATION=AUTH).status_code == 400
        self.check_nothing()

    def test_postmark_without_basic_auth(self, webhooks, raw):
        response = webhooks.post("/anymail/postmark/inbound/", postmark_json(raw), content_type="application/json")
        assert response.status_code == 400
        self.check_nothing()

    def test_postmark_with_wrong_basic_auth(self, webhooks, raw):
        wrong = "Basic " + base64.b64encode(b"anymail:guess").decode()
        response = webhooks.post("/anymail/postmark/inbound/", postmark_json(raw), content_type="application/json",
                                 HTTP_AUTHORIZATION=wrong)
        assert response.status_code == 400
        self.check_nothing()

    def test_postmark_refused_when_no_secret_is_configured(self, settings, raw):
        settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
        settings.INBOUND_EMAIL_PROVIDERS = ["postmark"]
        response = Client().post("/anymail/postmark/inbound/", postmark_json(raw), content_type="application/json")
        assert response.status_code == 400
        self.check_nothing()

    def test_a_signed_post_is_stored(self, webhooks, raw):
        assert post(webhooks, "mailgun", raw).status_code == 200
        assert InboundMessage.objects.get().via == "mailgun"


@pytest.mark.django_db
class TestOnlyConfiguredProviders:
    """Only the configured providers' webhooks exist; the others are 404, whatever is posted."""

    @pytest.fixture
    def raw(self, players, mailoutbox):
        from notifications import sender

        start_game(players)
        sender.send_pending()
        turn = next(m for m in mail.outbox if m.extra_headers.get("X-Ravenpost-Kind") == "your_turn")
        return build_reply(turn, "printer f b 3g", sender=turn.to[0])

    @pytest.mark.parametrize("provider", ["sparkpost", "mailjet", "amazon_ses", "brevo", "sendgrid", "resend",
                                          "mailersend", "postal", "mailtrap", "sendinblue", "mandrill", "nosuch"])
    def test_a_provider_not_configured_is_404(self, webhooks, raw, provider):
        body = {"_json": json.dumps({"msys": {"relay_message": {"content": {"email_rfc822": raw.decode()}}}}),
                "email": raw.decode()}
        for url in (f"/anymail/{provider}/inbound/", f"/anymail/{provider}/tracking/"):
            assert webhooks.post(url, body, HTTP_AUTHORIZATION=AUTH).status_code == 404
        assert InboundMessage.objects.count() == 0

    def test_mime_address_is_mailguns_only(self, webhooks, raw):
        assert webhooks.post("/anymail/postmark/inbound_mime/", {}, HTTP_AUTHORIZATION=AUTH).status_code == 404

    def test_a_configured_signed_provider_without_its_key_answers_503_not_500(self, settings, raw):
        settings.ANYMAIL = {"WEBHOOK_SECRET": ":".join(BASIC)}
        settings.INBOUND_EMAIL_PROVIDERS = ["mailgun"]
        response = Client().post("/anymail/mailgun/inbound_mime/", mailgun_fields(raw, raw_mime=True),
                                 HTTP_AUTHORIZATION=AUTH)
        assert response.status_code == 503 and b"not configured" in response.content
        assert InboundMessage.objects.count() == 0

    def test_a_configured_unsigned_provider_is_refused_without_basic_auth(self, settings, raw):
        settings.ANYMAIL = {}
        settings.INBOUND_EMAIL_PROVIDERS = ["sparkpost"]
        body = json.dumps([{"msys": {"relay_message": {"content": {"email_rfc822": raw.decode()}}}}])
        response = Client().post("/anymail/sparkpost/inbound/", body, content_type="application/json")
        assert response.status_code == 400
        assert InboundMessage.objects.count() == 0

    def test_deploy_checks_name_each_misconfiguration(self, settings):
        from notifications.checks import inbound_webhooks_are_authenticated

        settings.ANYMAIL = {}
        settings.INBOUND_EMAIL_PROVIDERS = ["mailgun", "postmark", "pigeon"]
        assert sorted(m.id for m in inbound_webhooks_are_authenticated()) == [
            "notifications.E002", "notifications.E003", "notifications.E004"]
        settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY, "WEBHOOK_SECRET": ":".join(BASIC)}
        settings.INBOUND_EMAIL_PROVIDERS = ["mailgun", "postmark"]
        assert inbound_webhooks_are_authenticated() == []
