"""The lobby: create a game with its options, others join, the game starts; leave before the start."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Event, Game, Seat
from games.store import verify_game

pytestmark = pytest.mark.django_db


def test_create_join_start(three_players):
    (ada, ada_c), (brook, brook_c), (cyd, cyd_c) = three_players
    form = ada_c.get(reverse("games:create", args=["revolution"])).content.decode()
    # Player counts within the game's range and every declared option with its help text.
    assert '<option value="3"' in form and '<option value="4"' in form and '<option value="5"' not in form
    assert "Bid Refunds" in form and "Losing and tied bids go back to their owners" in form
    assert "Area Control Bonus" in form
    response = ada_c.post(reverse("games:create", args=["revolution"]),
                          {"num_players": "3", "option_bid_refunds": "on"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("games:detail", args=[game.pk])
    assert game.options == {"bid_refunds": True, "area_control_bonus": False}
    assert list(Seat.objects.filter(game=game).values_list("user_id", flat=True)) == [ada.pk]
    # The open game is listed with a join button for others, a leave button for its creator.
    lobby = brook_c.get(reverse("games:lobby")).content.decode()
    assert f"Revolution! #{game.pk}" in lobby and reverse("games:join", args=[game.pk]) in lobby
    assert reverse("games:leave", args=[game.pk]) in ada_c.get(reverse("games:lobby")).content.decode()
    brook_c.post(reverse("games:join", args=[game.pk]))
    response = cyd_c.post(reverse("games:join", args=[game.pk]), follow=True)
    assert "the game has started" in response.content.decode()
    game.refresh_from_db()
    assert game.status == "active"
    assert Event.objects.filter(game=game, kind="game_started").count() == 1
    # Every player sees "your turn" (simultaneous bids) in their games list and the bid form.
    for client in (ada_c, brook_c, cyd_c):
        lobby = client.get(reverse("games:lobby")).content.decode()
        assert "Your turn!" in lobby
        assert 'name="bid-printer-gold"' in client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_leave_before_start(three_players):
    (ada, ada_c), (brook, brook_c), _ = three_players
    ada_c.post(reverse("games:create", args=["revolution"]), {"num_players": "4"})
    game = Game.objects.get()
    brook_c.post(reverse("games:join", args=[game.pk]))
    response = brook_c.post(reverse("games:leave", args=[game.pk]), follow=True)
    assert "You left Revolution!" in response.content.decode()
    assert list(Seat.objects.filter(game=game).values_list("user_id", flat=True)) == [ada.pk]
    # Leaving is recorded like joining, and the chain still verifies.
    kinds = list(Event.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds[-2:] == ["player_joined", "player_left"]
    assert verify_game(game) == []


def test_new_game_page_needs_sign_in():
    response = Client().get(reverse("games:new"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert "Sign in" in Client().get(reverse("games:lobby")).content.decode()


def test_recent_games_and_spectator_page(running_game):
    lobby = Client().get(reverse("games:lobby")).content.decode()
    assert f"Revolution! #{running_game.pk}" in lobby and reverse("games:replay", args=[running_game.pk]) in lobby
    page = Client().get(reverse("games:detail", args=[running_game.pk])).content.decode()
    assert "You are watching" in page
    assert 'name="bid-' not in page and 'action="' + reverse("games:move", args=[running_game.pk]) not in page
    assert "Bid board" in page and "Fortress" in page and "Support and holdings" in page
