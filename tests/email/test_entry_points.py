"""The SMTP listener's own checks and the dev mailbox reply form."""

from __future__ import annotations

import smtplib

import pytest
from django.test import Client

from notifications import inbound, sender
from notifications.models import DevMail, InboundMessage, InboundStatus
from notifications.smtp import start_listener

from .conftest import events, seat_user
from .smtp_support import free_port


@pytest.fixture
def listener():
    port = free_port()
    controller = start_listener("127.0.0.1", port)
    try:
        yield port
    finally:
        controller.stop()


@pytest.mark.django_db(transaction=True)
def test_the_listener_is_not_an_open_relay(listener):
    with smtplib.SMTP("127.0.0.1", listener, timeout=30) as client:
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            client.sendmail("ada@example.com", ["someone@elsewhere.example"], b"Subject: hi\r\n\r\nhi\r\n")
    assert InboundMessage.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_the_listener_refuses_a_message_over_the_size_limit(listener, settings):
    big = b"From: ada@example.com\r\nTo: play+1-0-aa-bb@play.ravenpost.test\r\n\r\n" + (b"x" * 998 + b"\r\n") * 10600
    with smtplib.SMTP("127.0.0.1", listener, timeout=60) as client:
        with pytest.raises(smtplib.SMTPException):
            client.sendmail("ada@example.com", ["play+1-0-aa-bb@play.ravenpost.test"], big)
    assert InboundMessage.objects.count() == 0


@pytest.mark.django_db
def test_a_dev_mailbox_mail_can_be_answered_through_the_pipeline(game, settings):
    settings.EMAIL_BACKEND = "notifications.devmail.DevMailboxBackend"
    settings.DEV_MAILBOX = True
    settings.DEBUG = True
    sender.send_pending()
    user = seat_user(game, 0)
    turn = DevMail.objects.filter(to__icontains=user.email, subject__contains="your bid").first()
    client = Client()
    # The reply form is on the mail's own page (where a person reading the mail finds it).
    page = client.get(f"/dev/mailbox/{turn.pk}/")
    assert page.status_code == 200 and b"Send reply" in page.content
    assert f'action="/dev/mailbox/{turn.pk}/reply/"'.encode() in page.content
    before = events(game)
    response = client.post(f"/dev/mailbox/{turn.pk}/reply/", {"text": "printer f b 3g"})
    assert response.status_code == 302
    stored = InboundMessage.objects.get(via="devmail")
    assert b"> It is your move." in bytes(stored.raw)  # the original is quoted, as a client would
    inbound.process(stored.pk)  # the task runs after commit; this test's transaction never commits
    stored.refresh_from_db()
    assert stored.status == InboundStatus.APPLIED
    assert events(game) == before + 1


@pytest.mark.django_db
def test_the_reply_form_is_off_without_the_dev_mailbox(game, settings):
    settings.DEV_MAILBOX = False
    assert Client().get("/dev/mailbox/1/reply/").status_code == 404


@pytest.mark.django_db
def test_a_mail_without_a_reply_address_offers_no_reply_form(game, settings):
    settings.EMAIL_BACKEND = "notifications.devmail.DevMailboxBackend"
    settings.DEV_MAILBOX = True
    settings.DEBUG = True
    from django.core.mail import send_mail

    send_mail("Welcome", "Hello", "games@ravenpost.localhost", ["ada@example.com"])
    mail = DevMail.objects.get(subject="Welcome")
    page = Client().get(f"/dev/mailbox/{mail.pk}/").content.decode()
    assert "Send reply" not in page and "This mail has no reply address to answer." in page
