"""Revolution!'s own forms, built from the seat's Decision and checked against it when posted."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Game
from tests.web.conftest import form_meta, projection, seat_client

pytestmark = pytest.mark.django_db


def page(client: Client, game: Game) -> str:
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def post_form(client: Client, game: Game, data: dict[str, str]):
    url = reverse("games:play", args=[game.pk])
    return client.post(url, {**data, **form_meta(page(client, game), url)})


def bid_all(game: Game, texts: list[str]) -> None:
    for seat, text in enumerate(texts):
        services.submit_move(game_id=game.pk, seat=seat, text=text)


def test_a_seat_whose_bid_is_in_gets_the_form_back_filled_with_its_bid(running_game, three_players):
    game = running_game
    services.submit_move(game_id=game.pk, seat=0, text="general b; printer f 3g")
    html = page(seat_client(game, 0, three_players), game)
    assert "Change my bid" in html and "Your bid now: <code>general b; printer f 3g</code>" in html
    assert re.search(r'name="bid-printer-force" value="1"', html)
    assert re.search(r'name="bid-printer-gold" value="3"', html)
    assert re.search(r'name="bid-general-blackmail" value="1"', html)
    # Another seat's form is empty, and its page shows nothing of Red's bid.
    other = page(seat_client(game, 1, three_players), game)
    assert "Place my bid" in other and not re.search(r'name="bid-printer-gold" value="3"', other)
    assert "general b; printer f 3g" not in other
    # A spectator gets no form at all.
    assert 'name="bid-general-gold"' not in page(Client(), game)


def test_passing_a_bid_through_the_form_is_refused(running_game, three_players):
    game = running_game
    client = seat_client(game, 0, three_players)
    before = Event.objects.filter(game=game).count()
    response = post_form(client, game, {"action": "pass"})
    assert response.status_code == 400
    assert "a bid cannot be passed: every token you hold must be bid" in response.content.decode()
    assert Event.objects.filter(game=game).count() == before


def _spy_game(game: Game) -> None:
    bid_all(game, ["spy f 3g; general b", "printer f b 3g", "priest f b 3g"])
    assert projection(game).to_act == [0]


def test_the_spy_form_offers_the_decision_options_and_refuses_anything_else(running_game, three_players):
    game = running_game
    _spy_game(game)
    chooser = seat_client(game, 0, three_players)
    html = page(chooser, game)
    assert '<option value="cathedral:green">Green cube in the Cathedral</option>' in html
    assert "Pass (do nothing)" in html
    before = Event.objects.filter(game=game).count()
    assert '<option value="fortress:red">' not in html  # Red's own cube is no target
    for target, message in (("fortress:red", "the Spy replaces an opponent's cube, not your own"),
                            ("harbor:blue", "Blue has no cube in the Harbor"),
                            ("cathedral:yellow", "'yellow' is not a colour in this game"),
                            ("moon:blue", "'moon' is not an area of the board")):
        response = post_form(chooser, game, {"action": "spy", "target": target})
        assert response.status_code == 400 and message in unescape(response.content.decode()), target
    # A bid form (say, from a stale page) is not the decision awaited: the rules say what is.
    response = post_form(chooser, game, {"action": "bid", "bid-printer-gold": "5"})
    assert response.status_code == 400
    assert "you won the Spy and must choose first" in unescape(response.content.decode())
    assert Event.objects.filter(game=game).count() == before
    # Another seat has nothing to decide (and no form on its page): a crafted post is refused.
    other = seat_client(game, 1, three_players)
    assert 'action="' + reverse("games:play", args=[game.pk]) + '"' not in page(other, game)
    response = other.post(reverse("games:play", args=[game.pk]), {
        "action": "pass", "expected_version": projection(game).version, "idempotency_key": "k" * 32})
    assert response.status_code == 400
    assert "the resolution waits for Red (seat 1), who won the Spy" in unescape(response.content.decode())
    # The listed target is accepted.
    response = post_form(chooser, game, {"action": "spy", "target": "cathedral:green"})
    assert response.status_code == 302
    assert projection(game).state["board"]["cathedral"] == [1, 0, 0]


def test_the_generic_choice_field_takes_an_option_by_its_notation(running_game, three_players):
    game = running_game
    _spy_game(game)
    chooser = seat_client(game, 0, three_players)
    response = post_form(chooser, game, {"action": "choice", "choice": "Spy Green  Cathedral"})
    assert response.status_code == 302
    event = Event.objects.filter(game=game, kind="move").order_by("-seq").first()
    assert event.payload["move"] == {"action": "spy", "area": "cathedral", "color": "green"}


def _apothecary_game(game: Game) -> None:
    # Red wins the Innkeeper (Tavern) and the Apothecary; Blue the Priest (Cathedral), Green the Merchant (Market).
    bid_all(game, ["apothecary b 3g; innkeeper f", "priest f b 3g", "merchant f b 3g"])
    p = projection(game)
    assert p.to_act == [0] and p.state["resolution"]["pending"]["character"] == "apothecary"


def test_the_apothecary_form_takes_a_listed_pair_in_either_order(running_game, three_players):
    game = running_game
    _apothecary_game(game)
    chooser = seat_client(game, 0, three_players)
    html = page(chooser, game)
    assert "You won the Apothecary" in html and 'name="first"' in html and 'name="second"' in html
    assert '<option value="tavern:red">Red cube in the Tavern</option>' in html
    before = Event.objects.filter(game=game).count()
    response = post_form(chooser, game, {"action": "swap", "first": "tavern:red", "second": "market:red"})
    assert response.status_code == 400 and "Red has no cube in the Market" in response.content.decode()
    response = post_form(chooser, game, {"action": "swap", "first": "cathedral:blue", "second": "cathedral:blue"})
    assert response.status_code == 400
    assert "the Apothecary exchanges two cubes of different colours in two different areas" in (
        response.content.decode())
    assert Event.objects.filter(game=game).count() == before
    response = post_form(chooser, game, {"action": "swap", "first": "market:green", "second": "tavern:red"})
    assert response.status_code == 302
    event = Event.objects.filter(game=game, kind="move").order_by("-seq").first()
    assert event.payload["move"] == {"action": "swap", "cubes": [{"area": "market", "color": "green"},
                                                                {"area": "tavern", "color": "red"}]}
    board = projection(game).state["board"]
    assert board["market"] == [1, 0, 0] and board["tavern"] == [0, 0, 1]
