"""Outbound game mail: content for the recipient's seat only, reply address, threading, preferences."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail

from games.models import Projection
from notifications import render, sender, tokens
from notifications.models import MailPreference, OutboxMessage, OutboxStatus, ReplyToken

from .conftest import last_mail_to, reply_address_of, seat_user

pytestmark = pytest.mark.django_db


def test_turn_mail_has_view_examples_syntax_link_and_private_reply_address(game):
    sender.send_pending()
    user = seat_user(game, 0)
    turn = [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]
    assert turn.subject == f"[Ravenpost] Revolution! #{game.pk} — the game has started; your bid, round 1"
    assert "You are Red (seat 1)." in turn.body
    assert "Reply with your move on top of this mail, for example (each of these is one whole move" in turn.body
    assert f"http://127.0.0.1:8000/games/{game.pk}/" in turn.body
    html = dict((m, c) for c, m in turn.alternatives)["text/html"]
    assert "What you can send" in html and f"/games/{game.pk}/" in html
    assert "Bid: name characters" in turn.body  # the reply syntax
    address = reply_address_of(turn)
    parsed = tokens.parse_address(address)
    assert parsed is not None and (parsed.game_id, parsed.seat) == (game.pk, 0)
    assert ReplyToken.objects.get(nonce=parsed.nonce).user == user


def test_one_thread_per_game_per_player(game):
    sender.send_pending()
    user = seat_user(game, 1)
    mine = [m for m in mail.outbox if user.email in m.to]
    started = next(m for m in mine if "started" in m.subject)
    root = render.thread_root_id(game.pk, 1, user.pk)
    assert started.extra_headers["Message-ID"] == root
    for other in mine:
        if other is not started:
            assert other.extra_headers["In-Reply-To"] == root
            assert root in other.extra_headers["References"]
    ids = {m.extra_headers["Message-ID"] for m in mail.outbox}
    assert len(ids) == len(mail.outbox)


def test_no_mail_shows_another_seats_bid(game):
    from games import services

    red, blue = seat_user(game, 0), seat_user(game, 1)
    services.submit_moves(game_id=game.pk, user=red, texts=["mercenary 3g; general b; innkeeper f"], source="email")
    state = Projection.objects.get(pk=game.pk).state
    row = OutboxMessage(kind="your_turn", game=game, event_seq=Projection.objects.get(pk=game.pk).version,
                        user=blue, seat=1, payload={}, dedupe_key="x")
    row.save()
    message = render.build_message(row)
    assert "general b; innkeeper f; mercenary 3g" not in message.body.lower()
    assert "Bids in: Red." in message.body  # that Red has bid is public; what Red bid is not
    assert "Your bid:" not in message.body  # Blue has not bid; Red's bid is behind the screen
    assert state["bids"]  # but it is in the state


def test_deadline_in_the_players_time_zone(game):
    user = seat_user(game, 0)
    user.time_zone = "Europe/Paris"
    user.save()
    Projection.objects.filter(pk=game.pk).update(
        deadline=datetime.datetime(2030, 1, 5, 17, 30, tzinfo=datetime.timezone.utc))
    sender.send_pending()
    turn = [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]
    assert "Deadline: Saturday 05 January 2030, 18:30 (Europe/Paris)" in turn.body


def test_web_only_players_get_no_game_mail(players, mailoutbox):
    from .conftest import start_game

    MailPreference.objects.create(user=players[1], mode="web")
    game = start_game(players)
    sender.send_pending()
    assert not [m for m in mail.outbox if players[1].email in m.to]
    assert OutboxMessage.objects.filter(user=players[1], game=game, status=OutboxStatus.SKIPPED).exists()


def test_digest_readers_get_one_mail_at_their_hour(players, mailoutbox):
    from .conftest import start_game

    players[2].time_zone = "America/New_York"
    players[2].save()
    pref = MailPreference.objects.create(user=players[2], mode="digest", digest_hour=7)
    game = start_game(players)
    sender.send_pending()
    assert not [m for m in mail.outbox if players[2].email in m.to]
    kept = OutboxMessage.objects.filter(user=players[2], status=OutboxStatus.DIGEST).count()
    assert kept >= 1
    early = datetime.datetime(2030, 1, 5, 11, 0, tzinfo=datetime.timezone.utc)  # 06:00 in New York
    assert sender.send_digests(early) == 0
    due = datetime.datetime(2030, 1, 5, 12, 5, tzinfo=datetime.timezone.utc)  # 07:05 in New York
    assert sender.send_digests(due) == 1
    assert sender.send_digests(due + datetime.timedelta(minutes=30)) == 0  # once a day
    digest = last_mail_to(players[2].email)
    assert digest.subject == "[Ravenpost] your daily digest"
    assert f"Revolution! #{game.pk}" in digest.body
    pref.refresh_from_db()
    assert pref.last_digest_at == due
    assert not OutboxMessage.objects.filter(user=players[2], status=OutboxStatus.DIGEST).exists()


def test_a_move_made_on_the_web_is_confirmed_by_mail_to_its_player_only(game, mailoutbox):
    """Confirmations of web moves are off by default (tests/email/test_mail_settings.py); asked for, they come."""
    from games import services
    from notifications import sender

    from .conftest import seat_user

    user = seat_user(game, 0)
    MailPreference.objects.create(user=user, confirm_web_moves=True)
    services.submit_move(game_id=game.pk, user=user, text="mercenary 3g; general b; innkeeper f", source="web")
    sender.send_pending()
    confirmations = [m for m in mailoutbox if "your move is recorded" in m.subject]
    assert [m.to for m in confirmations] == [[user.email]]
    assert "general b; innkeeper f; mercenary 3g" in confirmations[0].body


def test_a_digest_never_tells_a_replaced_player_what_the_seat_holds_now(players, mailoutbox):
    """Ada keeps a digest, resigns, and Dan takes her seat and bids in secret: Ada's digest speaks
    to her as to a spectator, never with Dan's sealed bid."""
    from accounts.services import user_get_or_create_verified
    from games import services

    from .conftest import seat_user, start_game

    game = start_game(players)
    ada = seat_user(game, 0)
    MailPreference.objects.create(user=ada, mode="digest", digest_hour=7)
    services.game_resign(game_id=game.pk, user=ada)  # her seat is played by default moves meanwhile
    dan = user_get_or_create_verified(email="dan@example.com", display_name="Dan")
    services.seat_take_over(game_id=game.pk, seat=0, user=dan)
    secret = "spy 3g; apothecary b; mercenary f"
    services.submit_move(game_id=game.pk, user=dan, text=secret, source="web")
    OutboxMessage.objects.filter(user=ada).update(status=OutboxStatus.DIGEST)
    mail.outbox.clear()
    due = datetime.datetime(2030, 1, 5, 7, 5, tzinfo=datetime.timezone.utc)
    assert sender.send_digests(due) == 1
    digest = last_mail_to(ada.email)
    assert f"Revolution! #{game.pk}" in digest.body
    assert "3g" not in digest.body and "Your bid" not in digest.body


def test_the_turn_mails_html_reads_in_order_for_a_screen_reader(game):
    """#18: a language, one heading, named scroll regions, and no image without a text alternative."""
    import re

    sender.send_pending()
    user = seat_user(game, 0)
    turn = [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]
    html = dict((m, c) for c, m in turn.alternatives)["text/html"]
    assert re.search(r'<html lang="[a-z]{2}', html)
    assert html.count("<h1") == 1 and html.index("<h1") < html.index("<h2")
    for region in re.findall(r'<div[^>]*overflow-x: auto[^>]*>', html):
        assert 'role="region"' in region and 'aria-label="' in region and 'tabindex="0"' in region, region
    assert all("alt=" in tag for tag in re.findall(r"<img\b[^>]*>", html))
    assert all("<th" in table for table in re.findall(r"<table\b.*?</table>", html, re.S))
