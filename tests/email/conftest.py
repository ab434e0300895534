"""Fixtures for the play-by-email tests: verified players, a Revolution! game, mail helpers."""

from __future__ import annotations

import email
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr
from typing import Any

import pytest
from django.core import mail as django_mail
from django.utils import timezone

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Event, Game, Seat
from notifications import inbound
from notifications.models import InboundMessage, OutboxMessage

NAMES = ("Ada", "Brook", "Cyd")


@pytest.fixture(autouse=True)
def _inbound_settings(settings):
    settings.INBOUND_EMAIL_DOMAIN = "play.ravenpost.test"
    settings.INBOUND_EMAIL_LOCAL_PART = "play"
    settings.SITE_URL = "http://127.0.0.1:8000"


def make_players() -> list[Any]:
    return [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES]


def start_game(users: list[Any], seed: str = "email-tests") -> Game:
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


@pytest.fixture
def players(db) -> list[Any]:
    return make_players()


@pytest.fixture
def game(players, mailoutbox) -> Game:
    return start_game(players)


def seat_user(game: Game, seat: int) -> Any:
    return Seat.objects.select_related("user").get(game=game, index=seat).user


def events(game: Game) -> int:
    return Event.objects.filter(game=game).count()


def last_mail_to(address: str, mails: list[Any] | None = None) -> Any:
    mails = django_mail.outbox if mails is None else mails
    found = [m for m in mails if address in m.to]
    assert found, f"no mail to {address}"
    return found[-1]


def reply_address_of(message: Any) -> str:
    """The Reply-To of a sent Django message (or a parsed email.message)."""
    value = message.reply_to[0] if hasattr(message, "reply_to") else message["Reply-To"]
    return parseaddr(str(value))[1]


def build_reply(original: Any, text: str, *, sender: str | None = None, to: str | None = None,
                extra_headers: dict[str, str] | None = None, style: str = "gmail") -> bytes:
    """A reply as a mail client writes it: commands on top, the original quoted below."""
    if hasattr(original, "message"):  # a Django EmailMessage from the locmem outbox
        original = email.message_from_bytes(original.message().as_bytes(), policy=policy.default)
    body = original.get_body(("plain",)).get_content() if original.is_multipart() else original.get_content()
    reply = EmailMessage()
    reply["From"] = sender or original["To"]
    reply["To"] = to or parseaddr(str(original["Reply-To"]))[1]
    reply["Subject"] = "Re: " + str(original["Subject"])
    reply["Date"] = format_datetime(timezone.now())
    reply["Message-ID"] = make_msgid(domain="example.com")
    reply["In-Reply-To"] = str(original["Message-ID"])
    reply["References"] = (str(original.get("References", "")) + " " + str(original["Message-ID"])).strip()
    for key, value in (extra_headers or {}).items():
        reply[key] = value
    quoted = "\n".join("> " + line if line else ">" for line in body.splitlines())
    if style == "bottom":
        reply.set_content(f"On {original['Date']}, Ravenpost wrote:\n{quoted}\n\n{text}\n")
    else:
        reply.set_content(f"{text}\n\nOn {original['Date']}, Ravenpost <games@ravenpost.localhost> wrote:\n"
                          f"{quoted}\n")
    return reply.as_bytes()


def deliver(raw: bytes, **kwargs: Any) -> tuple[inbound.Received, InboundMessage | None]:
    """Store and process one message in the test's transaction (what the task does after commit)."""
    kwargs.setdefault("via", "test")
    received = inbound.receive(raw, **kwargs)
    if received.inbound_id is None:
        return received, None
    inbound.process(received.inbound_id)
    return received, InboundMessage.objects.get(pk=received.inbound_id)


def replies_to(address: str) -> list[OutboxMessage]:
    return [r for r in OutboxMessage.objects.filter(kind__in=["email_reply", "held_notice"]).select_related("user")
            if (r.payload.get("to") or r.user.email) == address]


def all_reply_recipients() -> set[str]:
    return {(r.payload.get("to") or r.user.email)
            for r in OutboxMessage.objects.filter(kind__in=["email_reply", "held_notice"]).select_related("user")}
