"""Game pages rendered once per state and kept: each seat gets its own, a move shows the new state,
and what differs per request (tokens, keys, the clock, table talk) is new on every page."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from games import services
from games.models import Game, Projection
from games.rules import get_rules
from games.views.kept import FRAGMENTS
from tests.web.conftest import seat_client

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
KEY = re.compile(r'name="idempotency_key" value="([^"]*)"')
VERSION = re.compile(r'name="expected_version" value="(\d+)"')


@pytest.fixture(autouse=True)
def nothing_kept():
    FRAGMENTS.clear()
    yield
    FRAGMENTS.clear()


def normalised(html: str) -> str:
    """The page without what is new on every request: the CSRF token and the forms' idempotency keys."""
    return KEY.sub('name="idempotency_key" value="KEY"', CSRF.sub('name="csrfmiddlewaretoken" value="CSRF"', html))


def page(client: Client, game: Game, path: str = "") -> str:
    response = client.get(f"/games/{game.pk}/{path}")
    assert response.status_code == 200
    return response.content.decode()


def fresh_page(client: Client, game: Game, path: str = "") -> str:
    """The page as rendered with nothing kept."""
    FRAGMENTS.clear()
    html = page(client, game, path)
    FRAGMENTS.clear()
    return html


def sealed_bid(game: Game) -> int:
    """One seat seals its bid (what only that seat may see now); returns the seat."""
    rules = get_rules(game.rules_slug)
    projection = Projection.objects.get(pk=game.pk)
    seat = projection.to_act[0]
    move = rules.random_move(projection.state, seat, random.Random(1))
    services.submit_move(game_id=game.pk, seat=seat, move=move, source="web")
    return seat


def test_each_seat_and_spectators_get_their_own_page_whatever_was_kept_before(running_game, three_players):
    bidder = sealed_bid(running_game)
    viewers = {seat: seat_client(running_game, seat, three_players) for seat in range(3)}
    viewers[None] = Client()
    expected = {who: normalised(fresh_page(client, running_game)) for who, client in viewers.items()}
    assert len(set(expected.values())) == 4, "each seat and the spectators see a page of their own"
    assert "Your bid now" in expected[bidder] or expected[bidder] != expected[None]
    # Every order of looking, each page twice (rendered and kept, then from what was kept).
    for order in ([0, 1, 2, None], [None, 2, 1, 0], [1, None, 0, 2]):
        FRAGMENTS.clear()
        for who in order + order:
            assert normalised(page(viewers[who], running_game)) == expected[who], f"viewer {who} after {order}"
    assert len(FRAGMENTS) >= 4


def test_a_kept_page_has_this_requests_token_and_new_keys_and_no_markers(running_game, three_players):
    seat = Projection.objects.get(pk=running_game.pk).to_act[0]
    client = seat_client(running_game, seat, three_players)
    first, second = page(client, running_game), page(client, running_game)
    assert not re.search(r"kept[0-9a-f]{16}", first + second), "no marker is left in a page"
    keys_first, keys_second = KEY.findall(first), KEY.findall(second)
    assert keys_first and len(keys_first) == len(keys_second)
    assert not set(keys_first) & set(keys_second), "every page shown gets new idempotency keys"
    assert all(len(k) >= 16 and re.fullmatch(r"[A-Za-z0-9_-]+", k) for k in keys_second)
    tokens = set(CSRF.findall(second))
    assert len(tokens) == 1 and len(next(iter(tokens))) >= 32, "the request's own CSRF token in every form"
    # The kept page's form is accepted: a move posted from it is recorded.
    version = VERSION.findall(second)[0]
    response = client.post(f"/games/{running_game.pk}/move/", {
        "text": str(get_rules(running_game.rules_slug).format_move(
            Projection.objects.get(pk=running_game.pk).state, seat,
            get_rules(running_game.rules_slug).random_move(
                Projection.objects.get(pk=running_game.pk).state, seat, random.Random(2)))),
        "expected_version": version, "idempotency_key": keys_second[-1], "confirm": "1",
    })
    assert response.status_code == 302


def test_a_move_shows_the_new_state_to_everyone(running_game, three_players):
    spectator = Client()
    before = page(spectator, running_game)
    page(spectator, running_game)  # kept
    sealed_bid(running_game)
    after = page(spectator, running_game)
    assert normalised(after) != normalised(before)
    assert normalised(after) == normalised(fresh_page(spectator, running_game))
    player = seat_client(running_game, Projection.objects.get(pk=running_game.pk).to_act[0], three_players)
    version = Projection.objects.get(pk=running_game.pk).version
    assert VERSION.findall(page(player, running_game))[0] == str(version)


def test_table_talk_and_the_clock_are_new_on_every_page(running_game, three_players):
    spectator = Client()
    page(spectator, running_game)
    kept = page(spectator, running_game)
    assert "No messages yet." in kept
    user, client = three_players[0]
    assert client.post(f"/games/{running_game.pk}/chat/", {"text": "hello from the table"}).status_code == 302
    assert "hello from the table" in page(spectator, running_game), "chat is not an event: never kept"
    assert 'id="deadline"' in kept


def test_a_page_echoing_a_refused_form_is_not_kept(running_game, three_players):
    seat = Projection.objects.get(pk=running_game.pk).to_act[0]
    client = seat_client(running_game, seat, three_players)
    version = Projection.objects.get(pk=running_game.pk).version
    refused = client.post(f"/games/{running_game.pk}/move/", {
        "text": "no such move at all", "expected_version": version, "idempotency_key": "k" * 20})
    assert refused.status_code == 400
    assert "no such move at all" in refused.content.decode()
    assert "no such move at all" not in page(client, running_game)
    assert "no such move at all" not in page(client, running_game)


def test_replay_steps_are_each_seats_own(running_game, three_players):
    bidder = sealed_bid(running_game)
    viewers = {seat: seat_client(running_game, seat, three_players) for seat in range(3)}
    viewers[None] = Client()
    expected = {who: normalised(fresh_page(client, running_game, "replay/")) for who, client in viewers.items()}
    assert expected[bidder] != expected[None]
    for who in [None, 0, 1, 2, None, 2, 1, 0]:
        assert normalised(page(viewers[who], running_game, "replay/")) == expected[who]
    assert len(FRAGMENTS) == 4
    first_step = fresh_page(viewers[None], running_game, "replay/?step=1")
    assert page(viewers[None], running_game, "replay/?step=1") == first_step != expected[None]
