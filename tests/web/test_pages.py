"""Every page, for every kind of visitor, at every stage of a game: never a 500."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Game
from games.rules import get_rules
from tests.web.conftest import client_for, projection, seat_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dev_mailbox")]  # a local run: the mailbox is a page too


def pages(game: Game) -> list[str]:
    return [
        reverse("games:lobby"),
        reverse("games:new"),
        reverse("games:create", args=["revolution"]),
        reverse("games:detail", args=[game.pk]),
        reverse("games:replay", args=[game.pk]),
        reverse("games:replay", args=[game.pk]) + "?step=1",
        reverse("games:replay", args=[game.pk]) + "?step=abc",
        reverse("games:replay", args=[game.pk]) + "?step=-5",
        reverse("games:replay", args=[game.pk]) + "?step=99999",
        reverse("accounts:profile"),
        reverse("notifications:mailbox"),
        reverse("account_login"),
        reverse("account_signup"),
    ]


def visitors(make_user, three_players) -> list[Client]:
    return [Client(), client_for(make_user("other@example.com", "Other")), three_players[0][1],
            three_players[1][1]]


def check_all(game: Game, clients: list[Client]) -> None:
    for client in clients:
        for url in pages(game):
            response = client.get(url)
            assert response.status_code in (200, 302), (url, response.status_code)


def test_pages_open_game(three_players, make_user):
    game = services.game_create(rules_slug="revolution", creator=three_players[0][0], num_players=3)
    check_all(game, visitors(make_user, three_players))
    html = three_players[1][1].get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Waiting for players (1/3)" in html and "Join this game" in html


def test_pages_through_a_whole_game(running_game, three_players, make_user):
    """Pages at several moments: bidding, a choice, the end (moves made through the services)."""
    rules = get_rules("revolution")
    rng = random.Random(3)
    clients = visitors(make_user, three_players)
    check_all(running_game, clients)
    seen_choice = False
    while projection(running_game).to_act:
        p = projection(running_game)
        seat = p.to_act[0]
        if p.state["phase"] == "choice" and not seen_choice:
            check_all(running_game, clients)
            seen_choice = True
        services.submit_move(game_id=running_game.pk, user=seat_user(running_game, seat),
                             move=rules.random_move(p.state, seat, rng))
    check_all(running_game, clients)
    assert seen_choice


def test_resigned_and_aborted_game_pages(running_game, three_players, make_user):
    for user, _ in three_players:
        services.game_resign(game_id=running_game.pk, user=user)
    running_game.refresh_from_db()
    assert running_game.status == "aborted"
    check_all(running_game, visitors(make_user, three_players))
    html = Client().get(reverse("games:detail", args=[running_game.pk])).content.decode()
    assert "Game aborted" in html


def test_an_unknown_game_is_the_sites_own_page_even_on_a_local_run(settings, three_players):
    settings.DEBUG = True  # make run
    for url in ("/games/999999/", "/games/999999/replay/"):
        response = three_players[0][1].get(url)
        page = response.content.decode()
        assert response.status_code == 404 and "There is no game #999999." in page
        assert "Back to the lobby" in page and "URLconf" not in page
