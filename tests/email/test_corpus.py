"""The reply corpus (``corpus/``): every client's reply shape yields exactly its move, every quote-only twin nothing.

Each shape answers the real turn mail of a game the test starts, so what the
client quotes is that mail. Three ways in:

- ``mailparse.parse`` with the answered mail's texts from ``notifications.originals``
  (found by the reply's In-Reply-To / References, or the token's seat): every shape;
- ``mailparse.parse`` alone: every shape whose new text can be told without the original;
- the pipeline, which reads each reply knowing the mail it answers: every shape,
  the move applied exactly once, the twin changing nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core import mail as django_mail

from games.models import Event
from games.selectors import projection_of
from notifications import commands, mailparse, originals, render, sender, tokens
from notifications.inbound import run
from notifications.models import InboundStatus, OutboxMessage, OutboxStatus, ReplyToken

from .conftest import deliver, events
from .corpus import build

SHAPES = build.load_shapes()
ALONE = [s for s in SHAPES if not s.needs_original]


def ids(shape: build.Shape) -> str:
    return shape.id


@pytest.fixture
def turn(game, players) -> build.Original:
    """Ada's turn mail (her bid in round 1), as her client received it."""
    sender.send_pending()
    sent = [m for m in django_mail.outbox if "ada@example.com" in m.to and "your bid" in m.subject][-1]
    return build.Original.of(sent)


def read(raw: bytes) -> mailparse.ParsedMail:
    """What the pipeline reads: the reply parsed again with the answered mail's texts."""
    first = mailparse.parse(raw)
    token = tokens.lookup(tokens.find_token(first.recipients))
    assert token is not None, "the shape must be addressed to the turn mail's reply address"
    texts = originals.texts_for(first, token)
    assert texts, "the answered mail is found"
    return mailparse.parse(raw, originals=texts)


def ada_bid(game) -> Any:
    seat = game.seats.get(user__email="ada@example.com").index
    last = Event.objects.filter(game=game, seat=seat, kind="move").order_by("seq").last()
    return last.payload["move"] if last else None


def expected_bid(game, shape: build.Shape) -> Any:
    seat = game.seats.get(user__email="ada@example.com").index
    text = "; ".join(commands.split_lines(shape.move))
    return json.loads(json.dumps(game.rules.parse_move(projection_of(game).state, seat, text)))


# -- with the original ----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("shape", SHAPES, ids=ids)
def test_the_move_is_the_reply_text(shape, turn):
    assert read(build.build(shape, turn)).reply_text == shape.move


@pytest.mark.django_db
@pytest.mark.parametrize("shape", SHAPES, ids=ids)
def test_the_quote_only_twin_has_no_reply_text(shape, turn):
    assert read(build.build(shape, turn, move="")).reply_text == ""


# -- without it: today's pipeline ---------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("shape", ALONE, ids=ids)
def test_without_the_original(shape, turn):
    assert mailparse.parse(build.build(shape, turn)).reply_text == shape.move
    assert mailparse.parse(build.build(shape, turn, move="")).reply_text == ""


@pytest.mark.django_db
@pytest.mark.parametrize("shape", ALONE, ids=ids)
def test_delivered_today(shape, game, turn):
    before = events(game)
    _, inbound = deliver(build.build(shape, turn, move="", nonce="twin"))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason  # "no commands": answered with help
    assert events(game) == before
    expected = expected_bid(game, shape)
    _, inbound = deliver(build.build(shape, turn, nonce="move"))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before + 1
    assert ada_bid(game) == expected


@pytest.mark.django_db
# -- the pipeline: run.py reads each reply knowing the mail it answers ----------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("shape", SHAPES, ids=ids)
def test_delivered_with_the_original(shape, game, turn):
    before = events(game)
    _, inbound = deliver(build.build(shape, turn, move="", nonce="twin"))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before
    expected = expected_bid(game, shape)
    _, inbound = deliver(build.build(shape, turn, nonce="move"))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before + 1
    assert ada_bid(game) == expected


# -- the corpus is what the issue asks for -----------------------------------------------------------------

SAMPLE = build.Original(
    text="It is your move.\n\n== The game as you see it ==\nBoard:\n  Fortress 0/8\n\n-- \nRavenpost\n",
    html="<html><body><p>It is your move.</p><h3>The game as you see it</h3><pre>Board:\n  Fortress 0/8"
         "</pre><p>— Ravenpost</p></body></html>",
    subject="[Ravenpost] Revolution! #1 — your bid, round 1", message_id="<ravenpost.4.your-turn@x.test>",
    references="<game-1.seat-0.user-1@x.test> <ravenpost.4.your-turn@x.test>",
    reply_address="play+1-0-abc-def@x.test", reply_name="Ravenpost Revolution! #1",
    sender_address="games@x.test", sender_name="Ravenpost")


def test_the_corpus_covers_clients_languages_forms_and_encodings():
    described = {s.id: build.describe(build.build(s, SAMPLE)) for s in SHAPES}
    assert len(SHAPES) >= 30 and len({s.id for s in SHAPES}) == len(SHAPES)
    assert len({s.client.split(" (")[0] for s in SHAPES}) >= 12
    languages = {s.language for s in SHAPES}
    assert len(languages) >= 6 and languages & {"he", "ar"} and {lang[:2] for lang in languages} & {"ja", "zh"}
    assert {d["form"] for d in described.values()} == {"plain", "plain+html", "html"}
    assert {"top", "bottom"} <= {s.posting for s in SHAPES}
    assert any(d["flowed"] for d in described.values())
    encodings = set().union(*(d["encodings"] for d in described.values()))
    assert {"quoted-printable", "base64"} <= encodings
    charsets = set().union(*(d["charsets"] for d in described.values()))
    assert any(c.startswith("iso-8859-") for c in charsets)
    assert any(c.startswith("windows-125") for c in charsets)
    assert "koi8-r" in charsets
    assert charsets & {"iso-2022-jp", "shift_jis"} and charsets & {"big5", "gbk", "gb2312"}
    for name in ("android_gmail_ru_top", "hotmail_html_only_en_top", "mailru_ru_html_only", "mailru_ru_plain_html",
                 "yandex_ru_html_only", "yandex_ru_plain_html", "windows_mail_ru_html_only",
                 "windows_mail_ru_plain_html"):
        assert name in described  # the failures named in issue #19


@pytest.mark.parametrize("shape", SHAPES, ids=ids)
def test_a_shape_is_a_well_formed_message(shape):
    raw = build.build(shape, SAMPLE)
    assert raw.isascii() or b"Content-Transfer-Encoding: 8bit" in raw
    parsed = mailparse.parse(raw)
    assert parsed.from_address == "ada@example.com"
    assert not parsed.auto_reason
    assert "play+1-0-abc-def@x.test" in parsed.recipients


# -- finding the answered mail -------------------------------------------------------------------------------


def _rows(game, email):
    return OutboxMessage.objects.filter(game=game, user__email=email).order_by("pk")


def _texts(row) -> list[str]:
    message = render.build_message(row)
    return [message.body, mailparse.html_to_text(message.alternatives[0][0])]


def _token(game, email):
    seat = game.seats.get(user__email=email).index
    tokens.token_for(game_id=game.pk, seat=seat, user_id=game.seats.get(index=seat).user_id)
    return ReplyToken.objects.get(game=game, seat=seat)


@pytest.mark.django_db
def test_originals_by_in_reply_to_then_references(game, turn):
    turn_row = _rows(game, "ada@example.com").get(kind="your_turn")
    root_row = _rows(game, "ada@example.com").get(kind="game_started")
    # The first turn is the game's first mail: it went out under the thread's root Message-ID, and a
    # reply naming the root is read with that mail (the start row was folded into it).
    assert render.row_message_id(turn_row) == turn.message_id == render.row_message_id(root_row)
    parsed = mailparse.parse(build.build(SHAPES[0], turn))
    assert originals.rows_for(parsed.in_reply_to, parsed.references, game_id=game.pk, seat=turn_row.seat,
                              user_id=turn_row.user_id) == [turn_row]
    assert originals.texts_for(parsed, _token(game, "ada@example.com")) == _texts(turn_row)
    assert "It is your move." in originals.texts_for(parsed, _token(game, "ada@example.com"))[0]


@pytest.mark.django_db
def test_originals_of_someone_else_are_never_read(game, turn):
    brook_row = _rows(game, "brook@example.com").get(kind="your_turn")
    ada_rows = list(_rows(game, "ada@example.com").filter(status=OutboxStatus.SENT).order_by("-pk"))
    foreign = render.row_message_id(brook_row)
    brook_root = f"<game-{game.pk}.seat-{brook_row.seat}.user-{brook_row.user_id}@x>"
    found = originals.rows_for(foreign, [foreign, brook_root], game_id=game.pk, seat=ada_rows[0].seat,
                               user_id=ada_rows[0].user_id)
    assert found == ada_rows[:originals.MAX_ROWS]  # none of Brook's: the seat's own latest mails instead


@pytest.mark.django_db
def test_originals_fall_back_to_the_seats_latest_mails(game, turn):
    ada_rows = list(_rows(game, "ada@example.com").filter(status=OutboxStatus.SENT).order_by("-pk"))
    for in_reply_to, references in (("", []), ("<CAF1x9@mail.gmail.com>", ["<nothing@example.com>"]),
                                    (f"<ravenpost.{ada_rows[0].pk}.game-over@x>", [])):  # kind differs
        assert originals.rows_for(in_reply_to, references, game_id=game.pk, seat=ada_rows[0].seat,
                                  user_id=ada_rows[0].user_id) == ada_rows[:originals.MAX_ROWS]


@pytest.mark.django_db
def test_a_mail_that_cannot_be_rendered_again_gives_no_text(game, turn, monkeypatch, caplog):
    OutboxMessage.objects.filter(game=game).update(sent_texts=None)  # sent before the texts were kept

    def broken(row):
        raise KeyError("a template variable")

    monkeypatch.setattr(render, "build_message", broken)
    parsed = mailparse.parse(build.build(SHAPES[0], turn))
    assert originals.texts_for(parsed, _token(game, "ada@example.com")) == []
    assert "could not be rendered" in caplog.text


@pytest.mark.django_db
def test_originals_for_a_stored_reply(game, turn):
    _, inbound = deliver(build.build(SHAPES[0], turn))
    assert inbound.token_id is not None
    turn_row = _rows(game, "ada@example.com").get(kind="your_turn")
    assert originals.texts_for_inbound(inbound)[:2] == _texts(turn_row)


def _without_thread_headers(raw: bytes) -> bytes:
    """The reply as a client that drops In-Reply-To and References sends it."""
    import email
    from email import policy

    message = email.message_from_bytes(raw, policy=policy.compat32)
    del message["In-Reply-To"]
    del message["References"]
    return message.as_bytes()


NEEDS_ORIGINAL = [s for s in SHAPES if s.needs_original]


@pytest.mark.django_db
@pytest.mark.parametrize("shape", NEEDS_ORIGINAL, ids=ids)
def test_delivered_without_thread_headers_is_read_with_the_seats_latest_mails(shape, game, turn):
    # The token's statement says mail was sent to the seat, so the pipeline still reads the reply against it.
    assert NEEDS_ORIGINAL, "the corpus has shapes that only the answered mail's text reads right"
    before = events(game)
    _, inbound = deliver(_without_thread_headers(build.build(shape, turn, move="", nonce="twin")))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before
    expected = expected_bid(game, shape)
    _, inbound = deliver(_without_thread_headers(build.build(shape, turn, nonce="move")))
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before + 1
    assert ada_bid(game) == expected
