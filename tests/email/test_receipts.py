"""Move confirmations carry the recorded event's hash: a receipt the player can check against the record."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from games import services
from games.models import Event, Projection
from notifications import render, sender
from notifications.models import OutboxMessage

from .conftest import build_reply, deliver, last_mail_to, seat_user

pytestmark = pytest.mark.django_db

BID = "mercenary 3g; general b; innkeeper f"


def test_a_mailed_move_is_answered_with_its_receipt(game):
    sender.send_pending()
    user = seat_user(game, 0)
    turn = [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]
    deliver(build_reply(turn, BID))
    sender.send_pending()
    body = last_mail_to(user.email).body
    found = re.search(r"receipt: event (\d+), hash ([0-9a-f]{64})", body)
    assert found, body
    event = Event.objects.get(game=game, seq=int(found.group(1)))
    assert event.kind == "move" and event.seat == 0 and event.hash == found.group(2)


def test_a_web_move_is_confirmed_with_its_receipt_on_the_page_and_by_mail(game):
    user = seat_user(game, 0)
    web = Client()
    web.force_login(user)
    version = Projection.objects.get(pk=game.pk).version
    page = web.post(f"/games/{game.pk}/move/", {"text": BID, "expected_version": version,
                                                "idempotency_key": "receipt-1"}, follow=True).content.decode()
    event = Event.objects.get(game=game, idempotency_key="receipt-1")
    assert f"receipt: event {event.seq}, hash {event.hash}" in page
    row = OutboxMessage.objects.get(kind="move_confirmed", user_id=user.pk)
    assert row.payload["hash"] == event.hash
    # Whether it is sent depends on the player's mail settings; what it says does not.
    confirmation = render.build_message(row)
    assert confirmation is not None and event.hash in confirmation.body


def test_a_resubmitted_move_returns_the_same_receipt(game):
    first = services.submit_move(game_id=game.pk, seat=0, text=BID, idempotency_key="k")
    again = services.submit_move(game_id=game.pk, seat=0, text=BID, idempotency_key="k")
    assert again.duplicate and again.hash == first.hash == Event.objects.get(game=game, seq=first.seq).hash
