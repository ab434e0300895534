"""A reply is read against the texts its mail had when it went out, kept on the row: not rendered again.

The turn mail of the tests' game is sent (the start row folded into it), the
texts of that mail are kept on the row that went out, and a reply whose quote
can only be told with them is read with ``render.build_message`` broken: the
quote is still dropped, the move applied. A row sent before texts were kept is
rendered again.
"""

from __future__ import annotations

import types

import pytest
from django.core import mail as django_mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from notifications import mailparse, originals, render, sender, tokens
from notifications.models import InboundStatus, OutboxMessage, OutboxStatus

from .conftest import deliver, events
from .corpus import build
from .test_corpus import ada_bid, expected_bid

NEEDS_ORIGINAL = [s for s in build.load_shapes() if s.needs_original]


def _sent_turn_mail():
    sender.send_pending()
    return [m for m in django_mail.outbox if "ada@example.com" in m.to and "your bid" in m.subject][-1]


def _ada_rows(game):
    return OutboxMessage.objects.filter(game=game, user__email="ada@example.com").order_by("pk")


def _no_rendering(monkeypatch) -> list[int]:
    rendered: list[int] = []

    def broken(row):
        rendered.append(row.pk)
        raise AssertionError("the answered mail was rendered again")

    monkeypatch.setattr(render, "build_message", broken)
    return rendered


def _read(raw: bytes) -> mailparse.ParsedMail:
    first = mailparse.parse(raw)
    token = tokens.lookup(tokens.find_token(first.recipients))
    return mailparse.parse(raw, originals=originals.texts_for(first, token))


@pytest.mark.django_db
def test_the_sent_row_keeps_the_texts_of_the_mail_that_went_out(game):
    sent = _sent_turn_mail()
    rows = _ada_rows(game)
    turn_row = rows.get(kind="your_turn")
    assert turn_row.status == OutboxStatus.SENT
    assert turn_row.sent_texts == originals.message_texts(sent)  # the same strings the reader rendered before
    assert "It is your move." in turn_row.sent_texts[0]
    # The start row went out folded into the turn mail: it keeps nothing, the mail sent keeps the texts.
    assert rows.get(kind="game_started").status == OutboxStatus.FOLDED
    assert rows.get(kind="game_started").sent_texts is None


@pytest.mark.django_db
@pytest.mark.parametrize("shape", NEEDS_ORIGINAL[:3], ids=lambda s: s.id)
def test_a_reply_is_read_against_the_kept_texts_without_rendering(shape, game, monkeypatch):
    original = build.Original.of(_sent_turn_mail())
    rendered = _no_rendering(monkeypatch)
    raw = build.build(shape, original)
    # Without the answered mail's texts this shape's quote cannot be told from the move ...
    assert mailparse.parse(raw).reply_text != shape.move
    # ... with the kept texts it is, and nothing was rendered.
    assert _read(raw).reply_text == shape.move
    before = events(game)
    _, inbound = deliver(raw)
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before + 1
    assert ada_bid(game) == expected_bid(game, shape)
    assert rendered == []


@pytest.mark.django_db
def test_the_kept_texts_are_those_sent_even_if_the_mail_would_render_otherwise_now(game, players):
    sent = _sent_turn_mail()
    ada = players[0]
    old_name = ada.display_name
    ada.display_name = "Someone Else Entirely"
    ada.save(update_fields=["display_name"])
    turn_row = _ada_rows(game).get(kind="your_turn")
    parsed = mailparse.parse(build.build(NEEDS_ORIGINAL[0], build.Original.of(sent)))
    texts = originals.texts_for(parsed, tokens.lookup(tokens.find_token(parsed.recipients)))
    assert texts == originals.message_texts(sent)
    assert any(old_name in text for text in texts)


@pytest.mark.django_db
def test_a_row_sent_before_texts_were_kept_is_rendered_again(game, monkeypatch):
    original = build.Original.of(_sent_turn_mail())
    _ada_rows(game).update(sent_texts=None)  # as a row sent before the texts were kept
    real = render.build_message
    rendered: list[int] = []

    def counting(row):
        rendered.append(row.pk)
        return real(row)

    monkeypatch.setattr(render, "build_message", counting)
    shape = NEEDS_ORIGINAL[0]
    assert _read(build.build(shape, original)).reply_text == shape.move
    assert rendered == [_ada_rows(game).get(kind="your_turn").pk]


@pytest.mark.django_db
def test_reading_a_reply_costs_only_outbox_reads(game):
    sent = _sent_turn_mail()
    raw = build.build(NEEDS_ORIGINAL[0], build.Original.of(sent))
    first = mailparse.parse(raw)
    token = tokens.lookup(tokens.find_token(first.recipients))
    with CaptureQueriesContext(connection) as queries:
        texts = originals.texts_for(first, token)
    sql = [q["sql"] for q in queries.captured_queries]
    assert texts == originals.message_texts(sent)
    # The thread's root names the folded start row, then the mail that went out: two reads, nothing rendered
    # (no game state, no seats, no events).
    assert len(sql) == 2 and all(q.startswith('SELECT "notifications_outboxmessage"') for q in sql), sql
    assert not any("games_event" in q or "games_projection" in q or "games_seat" in q for q in sql), sql


def test_kept_texts_are_bounded_as_the_reader_reads_them():
    long = "word " * (mailparse.MAX_ORIGINAL_CHARS // 5 + 100)
    message = types.SimpleNamespace(body=long, alternatives=[("<p>" + long + "</p>", "text/html")] * 9)
    kept = originals.kept_texts(message)
    assert len(kept) == mailparse.MAX_ORIGINALS
    assert all(len(text) <= mailparse.MAX_ORIGINAL_CHARS for text in kept)
    assert kept[0] == long[:mailparse.MAX_ORIGINAL_CHARS]


def test_kept_texts_hold_no_nul_nor_unpaired_surrogate_and_read_the_same():
    text = "It is your move.\x00Bid \ud800 three coins on the General"
    kept = originals.kept_texts(types.SimpleNamespace(body=text, alternatives=[]))
    assert kept[0].encode("utf-8") and "\x00" not in kept[0] and len(kept[0]) == len(text)
    assert mailparse._words(kept[0]) == mailparse._words(text)


@pytest.mark.django_db
def test_kept_texts_are_stored_whatever_characters_they_hold(game):
    row = _ada_rows(game).first()
    texts = originals.kept_texts(types.SimpleNamespace(body="a\x00b \ud800 c", alternatives=[]))
    sender._mark_sent(row.pk, "esp-1", texts=texts)  # a JSON column of PostgreSQL refuses \u0000
    row.refresh_from_db()
    assert row.status == OutboxStatus.SENT and row.sent_texts == ["a b ? c"]


@pytest.mark.django_db
def test_a_failure_to_keep_the_texts_does_not_stop_the_mail(game, monkeypatch, caplog):
    def broken(message):
        raise ValueError("unreadable markup")

    monkeypatch.setattr(originals, "kept_texts", broken)
    _sent_turn_mail()
    turn_row = _ada_rows(game).get(kind="your_turn")
    assert turn_row.status == OutboxStatus.SENT and turn_row.sent_texts is None
    assert "could not be kept" in caplog.text
