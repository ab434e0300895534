"""Hand-written replies shaped like Gmail, Outlook, Apple Mail and Thunderbird send them.

Each fixture carries ``REPLY_ADDRESS`` where the client would put our reply
address; the test fills in a real one for Ada's seat.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.models import Seat
from notifications import commands, mailparse, tokens
from notifications.models import InboundStatus

from .conftest import deliver, events

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
REPLIES = sorted(p.name for p in FIXTURES.glob("*.eml") if not p.name.startswith("auto"))
BID_PARTS = ["mercenary 3g", "general b", "innkeeper f"]


def load(name: str, address: str) -> bytes:
    return (FIXTURES / name).read_bytes().replace(b"REPLY_ADDRESS", address.encode())


def ada_address(game, players) -> str:
    seat = Seat.objects.get(game=game, user=players[0]).index
    return tokens.reply_address(tokens.token_for(game_id=game.pk, seat=seat, user_id=players[0].pk))


def bid_parts(text: str) -> list[str]:
    parts = []
    for line in commands.split_lines(text):
        parts += [p.strip() for p in line.split(";") if p.strip()]
    return parts


@pytest.mark.parametrize("name", REPLIES)
def test_the_reply_is_found_without_quote_or_signature(name, game, players):
    parsed = mailparse.parse(load(name, ada_address(game, players)))
    assert bid_parts(parsed.reply_text) == BID_PARTS, parsed.reply_text
    assert parsed.from_address == "ada@example.com"
    assert not parsed.auto_reason


@pytest.mark.parametrize("name", REPLIES)
def test_the_reply_is_applied(name, game, players):
    before = events(game)
    _, inbound = deliver(load(name, ada_address(game, players)))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before + 1


@pytest.mark.parametrize("subject, clean", [
    ("Re: [Ravenpost] Revolution! #1", "[Ravenpost] Revolution! #1"),
    ("AW: WG: Re: hello", "hello"),
    ("SV: Re[2]: hej", "hej"),
    ("Fwd: TR: RE: salut", "salut"),
])
def test_reply_prefixes_are_stripped(subject, clean):
    assert mailparse.clean_subject(subject) == clean


@pytest.mark.parametrize("text, reply", [
    ("printer f\n\nOn Mon, 2 Mar 2026, Bob <b@x.org> wrote:\n> old\n", "printer f"),
    ("printer f\n\nLe lun. 2 mars 2026 à 10:00, Bob <b@x.org> a écrit :\n> vieux\n", "printer f"),
    ("printer f\n\nOp ma 2 mrt. 2026 om 10:00 schreef Bob <b@x.org>:\n> oud\n", "printer f"),
    ("printer f\n\nIl giorno lun 2 mar 2026, Bob ha scritto:\n> vecchio\n", "printer f"),
    ("> old line\nprinter f\n> another old line\nsay hi\n", "printer f\nsay hi"),
    ("printer f\n-- \nAda\nprinter g\n", "printer f"),
    ("printer f\n\n-----Original Message-----\nFrom: Ravenpost\nprinter g\n", "printer f"),
    ("printer f\n\nFrom: Ravenpost <x@y>\nSent: Monday\nTo: Ada\n\nold mail\n", "printer f"),
    ("printer f\n\nSent from my iPhone\n", "printer f"),
])
def test_strip_reply(text, reply):
    assert mailparse.strip_reply(text) == reply
