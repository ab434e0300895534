"""Replies in: commands applied all or nothing, answered with a confirmation or a precise error."""

from __future__ import annotations

import io

import pytest
from django.core import mail
from django.core.management import call_command

from games.models import ChatMessage, Projection, Seat
from notifications import sender
from notifications.models import InboundMessage, InboundStatus

from .conftest import build_reply, deliver, events, last_mail_to, replies_to, seat_user

pytestmark = pytest.mark.django_db

BID = "mercenary 3g; general b; innkeeper f"


def turn_mail(game, seat):
    sender.send_pending()
    user = seat_user(game, seat)
    return user, [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]


def answer(user):
    sender.send_pending()
    return last_mail_to(user.email)


def test_a_reply_with_a_bid_is_applied_and_confirmed(game):
    user, turn = turn_mail(game, 0)
    before = events(game)
    _, inbound = deliver(build_reply(turn, BID))
    assert inbound.status == InboundStatus.APPLIED
    assert events(game) == before + 1
    confirmation = answer(user)
    assert confirmation.extra_headers["X-Ravenpost-Result"] == "applied"
    assert "Accepted. Applied in Revolution! #" in confirmation.body
    assert "general b; innkeeper f; mercenary 3g" in confirmation.body
    assert confirmation.subject == "Re: " + turn.subject
    assert confirmation.extra_headers["In-Reply-To"] == inbound_message_id(inbound)


def inbound_message_id(inbound):
    return inbound.message_id


def test_a_refused_line_is_quoted_with_the_reason_and_nothing_is_applied(game):
    user, turn = turn_mail(game, 1)
    before = events(game)
    _, inbound = deliver(build_reply(turn, "say hello\nprinter f b 2g"))
    assert inbound.status == InboundStatus.REFUSED
    assert events(game) == before
    assert not ChatMessage.objects.filter(game=game).exists()  # 'say' did not happen either
    error = answer(user)
    assert error.extra_headers["X-Ravenpost-Result"] == "refused"
    assert "Nothing was applied" in error.body
    assert "> printer f b 2g" in error.body
    assert "every token must be bid" in error.body or "bid exactly the tokens you hold" in error.body
    assert "Reply with your move on top of this mail, for example (each of these is one whole move: send one of them):" in error.body  # what would be accepted


def test_a_bid_written_over_several_lines_is_one_bid(game):
    user, turn = turn_mail(game, 2)
    before = events(game)
    _, inbound = deliver(build_reply(turn, "mercenary 3g\ngeneral b\ninnkeeper f  # my first bid"))
    assert inbound.status == InboundStatus.APPLIED
    assert events(game) == before + 1


def test_help_status_moves_and_say(game):
    user, turn = turn_mail(game, 0)
    before = events(game)
    _, inbound = deliver(build_reply(turn, "help\nstatus\nmoves\nsay good luck all"))
    assert inbound.status == InboundStatus.APPLIED
    assert events(game) == before
    assert ChatMessage.objects.get(game=game).text == "good luck all"
    reply = answer(user)
    assert "How to play by email" in reply.body
    assert "You are Red (seat 1)." in reply.body
    assert "said: good luck all" in reply.body


def test_an_empty_reply_gets_help(game):
    user, turn = turn_mail(game, 0)
    deliver(build_reply(turn, ""))
    reply = answer(user)
    assert "No commands were found in your mail" in reply.body


def test_resign_by_mail(game):
    user, turn = turn_mail(game, 0)
    _, inbound = deliver(build_reply(turn, "resign"))
    assert inbound.status == InboundStatus.APPLIED
    assert Seat.objects.get(game=game, index=0).resigned
    assert "you resigned" in answer(user).body


def test_resign_with_moves_is_refused(game):
    user, turn = turn_mail(game, 0)
    before = events(game)
    deliver(build_reply(turn, f"{BID}\nresign"))
    assert events(game) == before
    assert "cannot be sent together with moves" in answer(user).body


def test_bottom_posted_reply(game):
    user, turn = turn_mail(game, 0)
    before = events(game)
    _, inbound = deliver(build_reply(turn, BID, style="bottom"))
    assert inbound.status == InboundStatus.APPLIED and events(game) == before + 1


def test_the_same_message_twice_is_stored_and_applied_once(game):
    user, turn = turn_mail(game, 0)
    raw = build_reply(turn, BID)
    before = events(game)
    deliver(raw)
    received, _ = deliver(raw)
    assert received.status == "duplicate"
    assert events(game) == before + 1
    assert InboundMessage.objects.count() == 1
    assert len(replies_to(user.email)) == 1


def test_processing_twice_applies_once(game):
    from notifications import inbound

    user, turn = turn_mail(game, 0)
    before = events(game)
    received, _ = deliver(build_reply(turn, BID))
    assert inbound.process(received.inbound_id) == "skipped"
    assert events(game) == before + 1


def test_ingest_email_command_reads_stdin(game):
    user, turn = turn_mail(game, 0)
    raw = build_reply(turn, BID)
    out = io.StringIO()
    command_stdin = io.BytesIO(raw)
    from notifications.management.commands.ingest_email import Command

    cmd = Command(stdout=out)
    cmd.stdin = command_stdin
    call_command(cmd)
    assert out.getvalue().startswith("received")
    stored = InboundMessage.objects.get()
    assert stored.via == "ingest"
    from notifications import inbound

    inbound.process(stored.pk)
    stored.refresh_from_db()
    assert stored.status == InboundStatus.APPLIED
    assert Projection.objects.get(pk=game.pk).state["bids"]
