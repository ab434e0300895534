"""A reply to a daily digest is read against the texts the digest had when it went out, not rendered again.

Ada reads her game mail as a digest. The digest carries her rows of two games;
it keeps its texts on the latest row of each game (the others keep an empty
list), and a reply to it through one game's reply address is read against them
with ``render.build_message`` and ``render.build_digest`` broken. A digest sent
before texts were kept is read as before, its row rendered again; a failure to
compute the texts still sends the digest; nobody else's reply reads them.
"""

from __future__ import annotations

import dataclasses
import datetime
import re

import pytest
from django.core import mail as django_mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from notifications import mailparse, originals, render, sender, tokens
from notifications.models import InboundStatus, MailPreference, OutboxMessage, OutboxStatus

from .conftest import deliver, events, last_mail_to, start_game
from .corpus import build
from .test_corpus import ada_bid, expected_bid

SHAPES = {shape.id: shape for shape in build.load_shapes()}
HTML_ONLY_TOP = SHAPES["hotmail_html_only_en_top"]
# Outlook's header block over the unquoted copy, the move typed under it: read only with the answered mail.
NEEDS_ORIGINAL = SHAPES["outlook_2016_en_bottom"]
# A new mail with the digest pasted in, naming none of our mails: the seat's latest rows stand in.
PASTED = SHAPES["gmail_paste_en_alone"]
DUE = datetime.datetime(2030, 1, 5, 7, 5, tzinfo=datetime.timezone.utc)


@pytest.fixture
def ada(players):
    MailPreference.objects.create(user=players[0], mode="digest", digest_hour=7)
    return players[0]


@pytest.fixture
def games(ada, players, mailoutbox):
    """Two games in which Ada is awaited; her mail of both kept for her digest."""
    started = [start_game(players, seed="digest-1"), start_game(players, seed="digest-2")]
    sender.send_pending()
    assert not [m for m in django_mail.outbox if ada.email in m.to]
    return started


def _send_digest(ada):
    assert sender.send_digests(DUE) == 1
    return last_mail_to(ada.email)


def _ada_rows(game):
    return OutboxMessage.objects.filter(game=game, user__email="ada@example.com").order_by("pk")


def _answering(digest, game) -> build.Original:
    """The digest as Ada's client received it, answered to ``game``'s reply address (the digest has no
    Reply-To: each game's section gives its own)."""
    original = build.Original.of(digest)
    label = f"Revolution! #{game.pk}"
    section = original.text[original.text.index(label):]
    address = re.search(r"Reply with moves to: (\S+)", section).group(1)
    return dataclasses.replace(original, reply_address=address, reply_name=f"Ravenpost {label}")


def _no_rendering(monkeypatch) -> list[str]:
    rendered: list[str] = []

    def broken(*args):
        rendered.append(repr(args))
        raise AssertionError("the answered mail was rendered again")

    monkeypatch.setattr(render, "build_message", broken)
    monkeypatch.setattr(render, "build_digest", broken)
    return rendered


def _texts_for(raw: bytes) -> list[str]:
    first = mailparse.parse(raw)
    return originals.texts_for(first, tokens.lookup(tokens.find_token(first.recipients)))


@pytest.mark.django_db
def test_a_digest_keeps_its_texts_on_the_latest_row_of_each_game(ada, games):
    digest = _send_digest(ada)
    texts = originals.message_texts(digest)
    assert f"Revolution! #{games[0].pk}" in texts[0] and f"Revolution! #{games[1].pk}" in texts[0]
    for game in games:
        rows = list(_ada_rows(game))
        assert len(rows) >= 2 and all(row.status == OutboxStatus.SENT for row in rows)
        assert rows[-1].sent_texts == texts
        # The digest's other rows of the game keep nothing to read and nothing to render again.
        assert [row.sent_texts for row in rows[:-1]] == [[]] * (len(rows) - 1)
    # Nobody else's row holds Ada's digest.
    assert not OutboxMessage.objects.exclude(user=ada).filter(sent_texts=texts).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("shape", [HTML_ONLY_TOP, NEEDS_ORIGINAL, PASTED], ids=lambda s: s.id)
def test_a_reply_to_a_digest_is_read_against_its_kept_texts_without_rendering(shape, ada, games, monkeypatch):
    game = games[1]
    raw = build.build(shape, _answering(_send_digest(ada), game))
    rendered = _no_rendering(monkeypatch)
    if shape.needs_original:
        assert mailparse.parse(raw).reply_text != shape.move
    assert mailparse.parse(raw, originals=_texts_for(raw)).reply_text == shape.move
    before = events(game)
    _, inbound = deliver(raw)
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert events(game) == before + 1
    assert ada_bid(game) == expected_bid(game, shape)
    assert rendered == []


@pytest.mark.django_db
def test_reading_a_reply_to_a_digest_costs_one_outbox_read(ada, games):
    game = games[0]
    digest = _send_digest(ada)
    raw = build.build(HTML_ONLY_TOP, _answering(digest, game))
    first = mailparse.parse(raw)
    token = tokens.lookup(tokens.find_token(first.recipients))
    with CaptureQueriesContext(connection) as queries:
        texts = originals.texts_for(first, token)
    sql = [q["sql"] for q in queries.captured_queries]
    assert texts == originals.message_texts(digest)
    # The row of this game the digest carried, found by the instant it was sent with the named row.
    assert len(sql) == 1 and sql[0].startswith('SELECT "notifications_outboxmessage"'), sql
    assert not any("games_" in q for q in sql), sql


@pytest.mark.django_db
def test_a_digest_sent_before_texts_were_kept_is_rendered_again(ada, games, monkeypatch):
    game = games[0]
    raw = build.build(HTML_ONLY_TOP, _answering(_send_digest(ada), game))
    OutboxMessage.objects.filter(user=ada).update(sent_texts=None)  # as rows sent before the texts were kept
    real = render.build_message
    rendered: list[int] = []

    def counting(row):
        rendered.append(row.pk)
        return real(row)

    monkeypatch.setattr(render, "build_message", counting)
    assert mailparse.parse(raw, originals=_texts_for(raw)).reply_text == HTML_ONLY_TOP.move
    assert rendered == [_ada_rows(game).last().pk]
    _, inbound = deliver(raw)
    assert inbound.status == InboundStatus.APPLIED, inbound.reason
    assert ada_bid(game) == expected_bid(game, HTML_ONLY_TOP)


@pytest.mark.django_db
def test_a_failure_to_keep_the_digest_texts_does_not_stop_the_digest(ada, games, monkeypatch, caplog):
    def broken(message):
        raise ValueError("unreadable markup")

    monkeypatch.setattr(originals, "kept_texts", broken)
    digest = _send_digest(ada)
    assert digest.subject == "[Ravenpost] your daily digest"
    rows = OutboxMessage.objects.filter(user=ada, game__in=games)
    assert {row.status for row in rows} == {OutboxStatus.SENT}
    assert {row.sent_texts for row in rows} == {None}  # a reply renders them again, as before
    assert "could not be kept" in caplog.text


@pytest.mark.django_db
def test_nobody_else_reads_a_digest(ada, games, players):
    """Brook answers through his own seat's address naming Ada's digest, even with his own id in its place:
    none of Ada's rows is read for him."""
    game, brook = games[0], players[1]
    digest = _send_digest(ada)
    seat = game.seats.get(user=brook).index
    ada_last = _ada_rows(game).last().pk
    for named in (digest.extra_headers["Message-ID"], render.digest_message_id(brook.pk, ada_last)):
        rows = originals.rows_for(named, [], game_id=game.pk, seat=seat, user_id=brook.pk)
        # His own latest mails stand in, as for a reply naming none of his mails.
        assert rows and {row.user_id for row in rows} == {brook.pk}
        token = tokens.token_for(game_id=game.pk, seat=seat, user_id=brook.pk)
        mail = dataclasses.replace(mailparse.parse(b"Subject: x\r\n\r\nhi\r\n"), in_reply_to=named)
        assert not set(originals.texts_for(mail, token)) & set(originals.message_texts(digest))
