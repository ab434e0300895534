"""Hand-written replies shaped like Gmail, Outlook, Apple Mail and Thunderbird send them.

Each fixture carries ``REPLY_ADDRESS`` where the client would put our reply
address; the test fills in a real one for Ada's seat.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


@pytest.mark.parametrize("text, reply", [
    # issue #19: an Android attribution in Russian wrapped over two lines, right under the reply
    ('printer f\n02.04.2012 14:20 пользователь "bob@example.com" <\nbob@example.com> написал:\n\n> Hi\n>\n',
     "printer f"),
    # mail.ru, Yandex
    ("printer f\n\nThu, 26 Jun 2014 14:00:51 +0400 от Alexander L <abc@example.com>:\n> Hello\n", "printer f"),
    ('printer f\n\n26.06.2014, 14:41, "Alexander L" <abc@example.com>:\n> Hello\n', "printer f"),
    # Windows Mail in Russian, Hotmail's Date/Subject/From/To block, Outlook in Japanese and Chinese
    ("printer f\n\nОт: Alexander L\nОтправлено: \u200eчетверг\u200e, \u200e26\u200e \u200eиюня\u200e 2014 г. 15:05\n"
     "Кому: Alex\n\nHello! How are you?\n", "printer f"),
    ("printer f\n________________________________\nDate: Thu, 26 Jun 2014 13:53:45 +0400\nSubject: Test\n"
     "From: abc@example.com\nTo: alex@example.com\n\nHello\n", "printer f"),
    ("printer f\n\n差出人: Ravenpost <x@y.test>\n送信日時: 2026年3月3日 17:58\n宛先: Ada\n件名: 手番\n\nHello\n",
     "printer f"),
    ("printer f\n\n发件人：Ravenpost <x@y.test>\n发送时间：2026年3月3日 16:58\n收件人：Ada\n主题：x\n\nHello\n", "printer f"),
    # Gmail in Hebrew: the attribution wrapped in direction marks
    ("printer f\n\n\u202bבתאריך יום ג׳, 3 במרץ 2026 ב-9:58 מאת \u202aRavenpost\u202c\u200f <\u202a\nx@y.test\u202c\u200f>:\u202c"
     "\n\n> Hello\n", "printer f"),
    # Yahoo: an attribution over a copy that is not quoted
    ("printer f\n\n    On Tuesday, 3 March 2026, 09:58:00 GMT, Ravenpost <x@y.test> wrote:\n \n \n Hello\n", "printer f"),
    # bottom-posting under a quote whose header has a date but no address
    ("El 3/3/26 a las 9:58, Ravenpost escribió:\n> Hello\n\nprinter f\n", "printer f"),
    # "Sent from my phone" in other languages, and a signature
    ("printer f\n\nОтправлено из мобильной Почты Mail.ru\n", "printer f"),
    ("printer f\n\niPhoneから送信\n", "printer f"),
    ("printer f\n\nأُرسلت من الـ iPhone\n", "printer f"),
    ("printer f\n\nEnviado do meu iPhone\n", "printer f"),
    ("printer f\n--\nAda\n", "printer f"),
    # a line that only looks like a header stays when no quote follows it
    ("say see you at 20:00\nprinter f\n", "say see you at 20:00\nprinter f"),
])
def test_strip_reply_in_other_clients_and_languages(text, reply):
    assert mailparse.strip_reply(text) == reply


@pytest.mark.parametrize("text, original, reply", [
    # a copy with no header at all, re-wrapped; the move below it
    ("It is your move. Reply to this mail with your move,\none command per line. The board: Fortress 0/8,"
     " Town Hall 0/7, Harbor 0/6, Cathedral 0/7, Plantation 0/6, Market 0/5, Tavern 0/4.\n\nprinter f\n",
     "It is your move. Reply to this mail with your move, one command per line.\n\nThe board: Fortress 0/8, "
     "Town Hall 0/7, Harbor 0/6, Cathedral 0/7, Plantation 0/6, Market 0/5, Tavern 0/4.\n", "printer f"),
    # a move that is one of the original's own example lines is still the player's
    ("printer f b 3g\n\nOn Tue, 3 Mar 2026, Ravenpost wrote:\n> Reply with one command per line, for example:\n"
     ">     printer f b 3g\n", "Reply with one command per line, for example:\n    printer f b 3g\n",
     "printer f b 3g"),
    # an answer typed inside an unquoted copy, where the original goes on without a break
    ("From: Ravenpost <x@y.test>\nSent: Tuesday\nTo: Ada\nSubject: your bid\n\nIt is your move. Reply to this mail"
     " with your move, one command per line.\nprinter f\nThe game as you see it: Revolution! round 1, you are Red"
     " (seat 1), support Red 0, Blue 0, Green 0.\n",
     "It is your move. Reply to this mail with your move, one command per line.\n\nThe game as you see it: "
     "Revolution! round 1, you are Red (seat 1), support Red 0, Blue 0, Green 0.\n", "printer f"),
    # curly quotes, no-break spaces and a different spacing do not hide a copy
    ("From: Ravenpost <x@y.test>\nSent: Tuesday\n\nBid: name characters and the tokens on each, e.g. “general b g;"
     " merchant 2g; printer f”.\n\xa0\xa0Tokens: f = Force, b = Blackmail, g = Gold; counts like 2g.\n\nprinter f\n",
     'Bid: name characters and the tokens on each, e.g. "general b g; merchant 2g; printer f".\n'
     "  Tokens: f = Force, b = Blackmail, g = Gold; counts like 2g.\n", "printer f"),
])
def test_strip_reply_drops_a_copy_of_the_original(text, original, reply):
    assert mailparse.strip_reply(text, [original]) == reply


# -- total and bounded -------------------------------------------------------------------------------------

def _message(body: str, kind: str = "text/plain") -> bytes:
    return (f"From: ada@example.com\nTo: play@example.com\nSubject: x\nContent-Type: {kind}; charset=utf-8\n"
            f"Content-Transfer-Encoding: 8bit\n\n").encode() + body.encode("utf-8", "surrogatepass")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=3000), originals=st.lists(st.text(max_size=300), max_size=3))
def test_any_bytes_parse_or_raise_value_error(raw, originals):
    try:
        parsed = mailparse.parse(raw, originals=originals)
    except ValueError:
        return
    assert isinstance(parsed.reply_text, str)


PIECES = list("<>/=\"' abc:\n-_>@.0123456789&;#!") + [
    "<div>", "</div>", "<br>", "<blockquote>", "</blockquote>", "<!--", "-->", "On ", " wrote:", "From: ", "Sent: ",
    "-- ", "\xa0", "\u202b", "написал:", "&nbsp;", "<pre>", "</pre>", "<hr>", "<style>", "</style>"]
TEXTY = st.lists(st.sampled_from(PIECES), max_size=300).map("".join)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=TEXTY, original=TEXTY, html=st.booleans())
def test_any_text_is_read_without_error(body, original, html):
    parsed = mailparse.parse(_message(body, "text/html" if html else "text/plain"), originals=[original, body])
    assert isinstance(parsed.reply_text, str)


ORIGINAL = ("It is your move. Reply to this mail with your move, one command per line.\n" * 20
            + "Tokens held: Red 1 Force, 1 Blackmail, 3 Gold\n" * 40)


@pytest.mark.parametrize("body, kind", [
    ("<a " * 100_000, "text/html"),  # unclosed tags: quadratic in html.parser
    ('<a b="' * 100_000, "text/html"),
    ("x<" * 200_000, "text/html"),
    ("<blockquote>a" * 100_000, "text/html"),
    ("<div>" * 100_000 + "</span>" * 100_000, "text/html"),
    ("<!--" + "x" * 1_000_000, "text/html"),
    ("<br>x" * 100_000, "text/html"),
    ("On " * 300_000 + "wrote:", "text/plain"),
    (" " * 1_000_000 + ":", "text/plain"),
    ("From: a\nSent: b\n" * 50_000, "text/plain"),
    ("03.03.2026 9:58 <a@b.c> " * 50_000 + ":", "text/plain"),
    ((ORIGINAL + "\n") * 50, "text/plain"),  # a copy of the original, many times over
    ("x" * 5_000_000, "text/plain"),
])
def test_huge_inputs_take_bounded_time(body, kind):
    started = time.monotonic()
    parsed = mailparse.parse(_message(body, kind), originals=[ORIGINAL] * 8)
    assert time.monotonic() - started < 8, "a linear reading of a megabyte takes about a second"
    assert len(parsed.reply_text) <= mailparse.MAX_READ_CHARS
