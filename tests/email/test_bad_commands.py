"""Hostile values in mail commands: refused with an answer that says why, never a mail marked failed.

Issue #13, finding 1: "general ² g" (``str.isdigit`` says yes, ``int`` says no), a
5000-digit count or ``vacation until 9999-12-31`` used to raise inside the
pipeline; the mail was marked failed and the player got no answer. Each is now
a refusal answered by mail, and nothing changes.
"""

from __future__ import annotations

import logging

import pytest
from django.core import mail

from accounts.models import Vacation
from games import services
from games.models import ChatMessage, Projection
from games.rules import get_rules
from notifications import commands, sender
from notifications.models import InboundStatus

from .conftest import build_reply, deliver, events, last_mail_to, make_players, seat_user

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000
SECRET = "seed=5eed-that-must-not-leak"


def turn_mail(game, seat: int = 0):
    sender.send_pending()
    user = seat_user(game, seat)
    return user, [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]


def refused(game, body: str, *expected: str, seat: int = 0) -> str:
    """Send ``body`` as seat's reply; it must be refused, answered with ``expected``, and change nothing."""
    user, turn = turn_mail(game, seat)
    before = (events(game), ChatMessage.objects.count(), Vacation.objects.count())
    _, inbound = deliver(build_reply(turn, body))
    assert inbound.status == InboundStatus.REFUSED, (inbound.status, inbound.reason)
    assert (events(game), ChatMessage.objects.count(), Vacation.objects.count()) == before
    sender.send_pending()
    answer = last_mail_to(user.email)
    assert answer.extra_headers["X-Ravenpost-Result"] == "refused"
    assert "Nothing was applied: the game is exactly as it was before your mail." in answer.body
    for text in expected:
        assert text in answer.body, answer.body
    return answer.body


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("vacation until 9999-12-31", "a vacation can be planned at most 366 days ahead; 9999-12-31 is further"),
        ("vacation until 10000-01-01", "'10000-01-01' is not a day"),
        ("vacation until ²⁰²⁶-01-01", "'²⁰²⁶-01-01' is not a day"),
        ("vacation until 2026-02-30", "'2026-02-30' is not a day"),
        ("vacation until 20261224", "(year-month-day with the digits 0-9, e.g. 2026-12-24)"),
        ("vacation until 0001-01-01", "0001-01-01 has passed"),
        (f"vacation until {HUGE[:1500]}", "… (1500 characters)' is not a day"),
        (f"vacation until {HUGE}", "line 1 is 5015 characters long; a command or a move fits in 2000"),
    ],
)
def test_bad_vacation_dates(game, body, expected):
    refused(game, body, expected)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("general ² g", "'²' is not a character or a token"),
        ("²", "'²' is not a character or a token"),
        (f"general {HUGE[:1500]} g", "is more tokens than the game has"),
        (f"general {HUGE[:1500]}g", "is more tokens than the game has"),
        ("general g" + HUGE[:1500], "is more tokens than the game has"),
        ("say hi\nprinter f b ³g", "'³g' is not a character or a token"),
        ("x" * 3000, "line 1 is 3000 characters long; a command or a move fits in 2000"),
        # PostgreSQL cannot store a NUL: a chat line or an answer quoting one used to fail the mail there.
        ("say hi\x00there", "line 1 contains a control character (\\x00)"),
        ("printer f b 3g\x00", "line 1 contains a control character (\\x00)"),
        ("help\nprinter\x1b f b 3g", "line 2 contains a control character (\\x1b)"),
    ],
)
def test_bad_numbers_in_moves(game, body, expected):
    answer = refused(game, body, expected)
    assert HUGE[:300] not in answer, "the answer quotes a long line cut short"


def test_an_unexpected_error_reading_the_commands_is_answered(game, monkeypatch, caplog):
    def boom(text):
        raise RuntimeError(f"parser bug near {SECRET}")

    monkeypatch.setattr(commands, "parse", boom)
    with caplog.at_level(logging.ERROR, logger="notifications.inbound.run"):
        body = refused(game, "printer f b 3g", "Your mail could not be read as commands",
                       "Reply to any mail of this game with one command per line")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "unexpected RuntimeError while reading the commands of inbound mail" in logged
    assert SECRET not in logged and "printer f b 3g" not in logged and SECRET not in body


def test_an_unexpected_error_in_the_rules_is_answered(game, monkeypatch):
    def boom(*args, **kwargs):
        raise KeyError(SECRET)

    monkeypatch.setattr(get_rules("revolution"), "parse_move", boom)
    body = refused(game, "printer f b 3g", "> printer f b 3g",
                   "'printer f b 3g' could not be read as a move, so nothing was changed",
                   "write it as the game's notation shows and send it again:")
    assert SECRET not in body


def test_an_unexpected_error_grouping_the_lines_is_answered(game, monkeypatch):
    def boom(*args, **kwargs):
        raise IndexError(SECRET)

    monkeypatch.setattr(get_rules("revolution"), "reply_moves", boom)
    body = refused(game, "printer f b 3g", "that move could not be read, so nothing was changed")
    assert SECRET not in body


def test_lines_that_hold_no_move_are_refused(db, mailoutbox):
    """Five Tribes splits a line at ";": a reply of separators only used to end in an IndexError (mail failed)."""
    users = make_players()[:2]
    game = services.game_create(rules_slug="five_tribes", creator=users[0], num_players=2, seed="no-move")
    services.game_join(game_id=game.pk, user=users[1])
    sender.send_pending()
    seat = Projection.objects.get(pk=game.pk).to_act[0]
    user = seat_user(game, seat)
    turn = [m for m in mail.outbox if user.email in m.to and m.reply_to][-1]
    before = events(game)
    _, inbound = deliver(build_reply(turn, ";;;\n ; "))
    assert inbound.status == InboundStatus.REFUSED, inbound.reason
    assert events(game) == before
    sender.send_pending()
    answer = last_mail_to(user.email)
    assert "';;; ;' holds no move" in answer.body and "bid 3" in answer.body


def test_a_control_character_in_the_subject_never_reaches_the_answer():
    """A Subject of ``=?utf-8?q?a=00b?=`` decoded to "a\\x00b" was copied into the answer, which PostgreSQL
    cannot store: the mail ended failed and unanswered."""
    from notifications import mailparse

    raw = (b"From: ada@example.com\r\nTo: play+1-0-aa-bb@play.ravenpost.test\r\n"
           b"Subject: =?utf-8?q?Re=3A_a=00b=07c?=\r\nMessage-ID: <x@example.com>\r\n\r\nhelp\r\n")
    assert mailparse.parse(raw, "ada@example.com").subject == "Re: abc"
