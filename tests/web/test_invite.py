"""Inviting a friend to an open game by email."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.models import User
from games import services
from notifications import sender
from notifications.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_game(client):
    host = User.objects.create_user(email="host@example.org", password="pw-for-tests-1", display_name="Host")
    game = services.game_create(rules_slug="revolution", creator=host, num_players=3)
    client.force_login(host)
    return game


def test_a_player_invites_a_friend_who_gets_a_mail_with_the_game_link(client, open_game):
    response = client.post(f"/games/{open_game.pk}/invite/", {"email": "Friend@Example.org"}, follow=True)
    assert "Invitation sent to Friend@Example.org" in response.content.decode()
    row = OutboxMessage.objects.get(kind="invitation")
    assert row.payload["to"] == "friend@example.org"
    sender.send_pending()
    invitation = [m for m in mail.outbox if m.to == ["friend@example.org"]][-1]
    assert "Host invites you to play Revolution!" in invitation.subject
    assert f"/games/{open_game.pk}/" in invitation.body
    # Inviting the same address again sends nothing new.
    client.post(f"/games/{open_game.pk}/invite/", {"email": "friend@example.org"})
    assert OutboxMessage.objects.filter(kind="invitation").count() == 1


def test_bad_invitations_are_refused_with_the_reason(client, open_game):
    response = client.post(f"/games/{open_game.pk}/invite/", {"email": "not an address"}, follow=True)
    assert "is not an email address" in response.content.decode()
    stranger = User.objects.create_user(email="stranger@example.org", password="pw-for-tests-2")
    client.force_login(stranger)
    response = client.post(f"/games/{open_game.pk}/invite/", {"email": "x@example.org"}, follow=True)
    assert "only a player of the game can invite" in response.content.decode()
    assert not OutboxMessage.objects.filter(kind="invitation").exists()
