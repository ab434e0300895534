"""The dev mailbox pages: list, one message with its HTML sandboxed, and 404 when switched off."""

from __future__ import annotations

import pytest
from django.core.mail import EmailMultiAlternatives
from django.test import Client
from django.urls import reverse

from notifications.models import DevMail

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dev_mailbox")]


def send_sample() -> DevMail:
    message = EmailMultiAlternatives("Your turn in Revolution! #3", "Bid now: printer f b 3g",
                                     "games@ravenpost.localhost", ["ada@example.com"])
    message.attach_alternative('<p>Bid <b>now</b><script>alert("x")</script></p>', "text/html")
    message.send()
    return DevMail.objects.get()


def test_mailbox_lists_and_shows_messages():
    mail = send_sample()
    client = Client()
    listing = client.get(reverse("notifications:mailbox")).content.decode()
    assert "Your turn in Revolution! #3" in listing and "ada@example.com" in listing
    detail = client.get(reverse("notifications:mail", args=[mail.pk])).content.decode()
    assert "Bid now: printer f b 3g" in detail
    # The HTML part is in a sandboxed iframe, escaped into srcdoc (it never runs in our page).
    assert "<iframe class=\"mail-frame\" sandbox srcdoc=\"&lt;p&gt;Bid &lt;b&gt;now" in detail
    assert '<script>alert("x")</script>' not in detail
    assert 'id="reply"' in detail  # the place the reply form goes


def test_mailbox_filter():
    send_sample()
    html = Client().get(reverse("notifications:mailbox"), {"to": "nobody@"}).content.decode()
    assert "Your turn in Revolution! #3" not in html


def test_mailbox_is_404_when_off(settings):
    mail = send_sample()
    settings.DEV_MAILBOX = False
    assert Client().get(reverse("notifications:mailbox")).status_code == 404
    assert Client().get(reverse("notifications:mail", args=[mail.pk])).status_code == 404
    assert "Dev mailbox" not in Client().get(reverse("games:lobby")).content.decode()


def test_unknown_mail_is_404():
    assert Client().get(reverse("notifications:mail", args=[12345])).status_code == 404


def test_mailbox_is_404_in_production_even_with_the_dev_backend(settings):
    """DEBUG=0 is production: the pages that read anyone's mail and answer as anyone do not exist."""
    mail = send_sample()
    settings.DEV_MAILBOX = True
    settings.DEBUG = False
    assert Client().get(reverse("notifications:mailbox")).status_code == 404
    assert Client().get(reverse("notifications:mail", args=[mail.pk])).status_code == 404
    assert Client().get(f"/dev/mailbox/{mail.pk}/reply/").status_code == 404
    assert Client().post(f"/dev/mailbox/{mail.pk}/reply/", {"text": "help"}).status_code == 404
    assert "Dev mailbox" not in Client().get(reverse("games:lobby")).content.decode()


def test_deploy_check_warns_when_production_would_keep_mail(settings):
    from notifications.checks import mail_is_sent_in_production

    settings.DEBUG = False
    settings.EMAIL_BACKEND = "notifications.devmail.DevMailboxBackend"
    assert [w.id for w in mail_is_sent_in_production()] == ["notifications.W001"]
    settings.EMAIL_BACKEND = "anymail.backends.mailgun.EmailBackend"
    assert mail_is_sent_in_production() == []
