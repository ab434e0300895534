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


# -- invitations waiting in the lobby ---------------------------------------------------------------------


def lobby_of(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.get("/").content.decode()


def invitations_section(page: str) -> str:
    if 'id="invitations"' not in page:
        return ""
    start = page.index('id="invitations"')
    return page[start:page.index("</section>", start)]


def test_an_invited_player_sees_the_invitation_in_the_lobby_and_accepts_it_by_joining(client, open_game):
    from accounts.services import user_get_or_create_verified

    friend = user_get_or_create_verified(email="friend@example.org", display_name="Friend")
    other = user_get_or_create_verified(email="other@example.org", display_name="Other")
    client.post(f"/games/{open_game.pk}/invite/", {"email": "FRIEND@example.org"})
    listed = invitations_section(lobby_of(friend))
    assert f"Revolution! #{open_game.pk}" in listed and "Invited by Host" in listed
    assert f'action="/games/{open_game.pk}/join/"' in listed and ">Accept</button>" in listed
    assert f'action="/games/{open_game.pk}/decline/"' in listed and ">Decline</button>" in listed
    assert invitations_section(lobby_of(other)) == ""  # nobody else's invitation
    client.force_login(friend)
    client.post(f"/games/{open_game.pk}/join/")
    assert open_game.seats.filter(user=friend).exists()
    assert invitations_section(lobby_of(friend)) == ""  # answered by joining


def test_someone_invited_before_signing_up_sees_it_once_the_address_is_verified(client, open_game):
    from allauth.account.models import EmailAddress

    client.post(f"/games/{open_game.pk}/invite/", {"email": "newcomer@example.org"})
    # Someone who merely typed the address at sign-up has not proved it: the invitation is not theirs yet.
    claimant = User.objects.create_user(email="newcomer@example.org", password="pw-for-tests-3")
    EmailAddress.objects.create(user=claimant, email="newcomer@example.org", verified=False, primary=True)
    assert invitations_section(lobby_of(claimant)) == ""
    EmailAddress.objects.filter(user=claimant).update(verified=True)
    assert f"Revolution! #{open_game.pk}" in invitations_section(lobby_of(claimant))
    # An invitation to a second, verified address of the same person is listed too.
    second = User.objects.create_user(email="second-game-host@example.org", password="pw-for-tests-4",
                                      display_name="Second")
    other_game = services.game_create(rules_slug="revolution", creator=second, num_players=3)
    services.game_invite(game_id=other_game.pk, inviter=second, email="alias@example.org")
    EmailAddress.objects.create(user=claimant, email="alias@example.org", verified=True, primary=False)
    listed = invitations_section(lobby_of(claimant))
    assert f"#{open_game.pk}" in listed and f"#{other_game.pk}" in listed and "Invited by Second" in listed


def test_declining_an_invitation_removes_it_and_keeps_counting_it(client, open_game):
    from accounts.services import user_get_or_create_verified

    friend = user_get_or_create_verified(email="friend@example.org", display_name="Friend")
    client.post(f"/games/{open_game.pk}/invite/", {"email": "friend@example.org"})
    client.force_login(friend)
    response = client.post(f"/games/{open_game.pk}/decline/", follow=True)
    assert f"You declined the invitation to Revolution! #{open_game.pk}" in response.content.decode()
    assert invitations_section(response.content.decode()) == ""
    assert not open_game.seats.filter(user=friend).exists()
    assert OutboxMessage.objects.filter(kind="invitation", game=open_game).count() == 1  # the limits still see it
    # Declining what is not there: a clear refusal, nothing changes, never a 500.
    again = client.post(f"/games/{open_game.pk}/decline/", follow=True)
    assert again.status_code == 200
    assert f"Nothing was declined: you have no invitation to game #{open_game.pk}" in again.content.decode()
    assert client.post("/games/999999/decline/").status_code == 404
    assert client.get(f"/games/{open_game.pk}/decline/").status_code == 405


def test_an_invitation_to_a_game_that_started_is_no_longer_listed(client, open_game):
    from accounts.services import user_get_or_create_verified

    friend = user_get_or_create_verified(email="friend@example.org", display_name="Friend")
    client.post(f"/games/{open_game.pk}/invite/", {"email": "friend@example.org"})
    assert invitations_section(lobby_of(friend))
    for name in ("p2", "p3"):
        services.game_join(game_id=open_game.pk, user=user_get_or_create_verified(email=f"{name}@example.org"))
    assert invitations_section(lobby_of(friend)) == ""


def test_the_profile_lists_pending_invitations_with_accept_and_decline_and_decline_comes_back_to_it(
        client, open_game):
    from accounts.services import user_get_or_create_verified
    from django.test import Client

    friend = user_get_or_create_verified(email="friend@example.org", display_name="Friend")
    other = user_get_or_create_verified(email="other@example.org", display_name="Other")
    client.post(f"/games/{open_game.pk}/invite/", {"email": "friend@example.org"})
    second = services.game_create(rules_slug="revolution", creator=open_game.seats.get().user, num_players=3)
    client.post(f"/games/{second.pk}/invite/", {"email": "friend@example.org"})
    mine = Client()
    mine.force_login(friend)
    listed = invitations_section(mine.get("/profile/").content.decode())
    for game in (open_game, second):
        assert f"Revolution! #{game.pk}" in listed and "Invited by Host" in listed
        assert f'action="/games/{game.pk}/join/"' in listed and f'action="/games/{game.pk}/decline/"' in listed
    assert ">Accept</button>" in listed and ">Decline</button>" in listed
    assert '<input type="hidden" name="next" value="/profile/">' in listed  # Decline comes back here
    theirs = Client()
    theirs.force_login(other)
    assert invitations_section(theirs.get("/profile/").content.decode()) == ""  # nobody else's invitation
    # Decline from the profile: back on the profile, told so, and that invitation is gone from it.
    response = mine.post(f"/games/{open_game.pk}/decline/", {"next": "/profile/"})
    assert response.status_code == 302 and response["Location"] == "/profile/"
    page = mine.get("/profile/").content.decode()
    assert f"You declined the invitation to Revolution! #{open_game.pk}" in page
    assert f"#{open_game.pk}" not in invitations_section(page) and f"#{second.pk}" in invitations_section(page)
    # Accept (join) from the profile: seated, and no invitation is left on it.
    mine.post(f"/games/{second.pk}/join/")
    assert second.seats.filter(user=friend).exists()
    assert invitations_section(mine.get("/profile/").content.decode()) == ""
    # A "next" that leaves the site is ignored: the lobby.
    client.post(f"/games/{open_game.pk}/invite/", {"email": "other@example.org"})
    away = theirs.post(f"/games/{open_game.pk}/decline/", {"next": "https://elsewhere.example/"})
    assert away["Location"] == "/"


def test_the_lobby_says_which_time_zone_a_deadline_is_in(db):
    from accounts.services import user_get_or_create_verified

    users = [user_get_or_create_verified(email=f"tz{i}@example.org", display_name=f"Tz {i}") for i in range(3)]
    users[0].time_zone = "Asia/Tokyo"
    users[0].save()
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3,
                                time_control={"move": 3600})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    page = lobby_of(users[0])
    mine = page[page.index('id="my-games"'):]
    assert "· deadline " in mine and "Asia/Tokyo" in mine[mine.index("· deadline "):mine.index("</span>",
                                                                                           mine.index("· deadline "))]
