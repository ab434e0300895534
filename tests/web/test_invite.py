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
    assert invitation.subject == f"[Ravenpost] an invitation to play Revolution! #{open_game.pk}"
    assert "Host invites you to a game of Revolution!" in invitation.body
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


def test_invitations_are_limited_per_player_and_per_game(client, open_game):
    from games.services.seats import INVITATIONS_PER_HOUR, INVITATIONS_PER_SEAT

    per_game = open_game.num_players * INVITATIONS_PER_SEAT
    assert per_game < INVITATIONS_PER_HOUR  # the per-game cap is met first in one game
    for i in range(per_game):
        assert "Invitation sent" in client.post(f"/games/{open_game.pk}/invite/", {"email": f"s{i}@example.org"},
                                                follow=True).content.decode()
    refused = client.post(f"/games/{open_game.pk}/invite/", {"email": "one-more@example.org"}, follow=True)
    assert f"has had its {per_game} invitations" in refused.content.decode()
    assert OutboxMessage.objects.filter(kind="invitation").count() == per_game
    # Over several games, the same player meets the hourly cap.
    host = User.objects.get(email="host@example.org")
    sent = per_game
    while sent < INVITATIONS_PER_HOUR:
        game = services.game_create(rules_slug="revolution", creator=host, num_players=3)
        client.post(f"/games/{game.pk}/invite/", {"email": f"t{sent}@example.org"})
        sent += 1
    game = services.game_create(rules_slug="revolution", creator=host, num_players=3)
    refused = client.post(f"/games/{game.pk}/invite/", {"email": "late@example.org"}, follow=True)
    assert f"you have sent {INVITATIONS_PER_HOUR} invitations in the last hour" in refused.content.decode()
    assert OutboxMessage.objects.filter(kind="invitation").count() == INVITATIONS_PER_HOUR


def test_the_inviters_name_is_not_the_subject(client, open_game):
    host = User.objects.get(email="host@example.org")
    host.display_name = "Your account is suspended, log in at evil.example"
    host.save()
    client.post(f"/games/{open_game.pk}/invite/", {"email": "friend@example.org"})
    sender.send_pending()
    invitation = [m for m in mail.outbox if m.to == ["friend@example.org"]][-1]
    assert "suspended" not in invitation.subject
