"""Gangsters' five-player Police variant on the web: created from the new-game page, played to the end.

The creator ticks the Police option on the new-game page for five players (four
gangs and the Police); the page refuses the option for other counts with the
rules' own message. The game is then played to its end through the page (its
buttons and the text box), every seat's page rendering the Police player's
board, and no page shows the Police player's cash or chits to anyone else.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.rules import get_rules
from games.rules.gangsters import bot
from tests.web.conftest import client_for, projection, seat_client
from tests.web.conftest import form_meta
from tests.web.test_gangsters_web import move_fields, page

pytestmark = pytest.mark.django_db
RULES = get_rules("gangsters")


@pytest.fixture
def five_players(make_user) -> list[tuple[Any, Client]]:
    users = [make_user(f"{n.lower()}@example.com", n) for n in ("Ada", "Brook", "Cyd", "Dee", "Eli")]
    return [(u, client_for(u)) for u in users]


def test_the_police_option_is_refused_for_four_players(five_players):
    client = five_players[0][1]
    response = client.post(reverse("games:create", args=["gangsters"]),
                           {"num_players": "4", "option_police": "on", "option_random_order": "on"})
    assert response.status_code == 400
    assert "the Police option needs exactly five players" in response.content.decode()
    assert not Game.objects.exists()


def test_a_police_game_created_on_the_new_game_page_and_played_to_the_end(five_players, monkeypatch):
    # A fixed seed, so the game (and its length) is the same on every run.
    monkeypatch.setattr("games.services.lifecycle.secrets.token_hex", lambda n: "police-web-1")
    ada = five_players[0][1]
    form = ada.get(reverse("games:create", args=["gangsters"])).content.decode()
    assert '<option value="5"' in form and "Police player (five-player variant)" in form
    response = ada.post(reverse("games:create", args=["gangsters"]),
                        {"num_players": "5", "option_police": "on", "option_random_order": "on"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.options["police"] is True and game.num_players == 5
    for _, client in five_players[1:]:
        assert client.post(reverse("games:join", args=[game.pk])).status_code == 302
    game.refresh_from_db()
    assert game.status == "active"
    rng = random.Random(2)  # with this seed a short game (round 11)
    count = 0
    kinds: set[str] = set()
    police_steps: set[str] = set()
    while projection(game).to_act:
        seat = projection(game).to_act[0]
        state = projection(game).state
        if seat == 4 and state["phase"] == "play":
            police_steps.add(state["turn"]["step"])
        move = bot.random_move(state, seat, rng, 0.9)
        kinds.add(move["a"])
        post(seat_client(game, seat, five_players), game, seat, move, use_text=count % 3 != 0)
        count += 1
        assert count < 2500
        if count % 97 == 0:
            _pages_keep_the_police_secrets(game, five_players)
    game.refresh_from_db()
    assert game.status == "finished" and game.result["winners"]
    assert {"commish", "face", "done"} <= kinds, kinds
    assert "cmove" in police_steps, police_steps
    for client in (five_players[4][1], Client()):
        html = page(client, game)
        assert "Final result" in html and "gx-decision" not in html


def police_fields(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, str] | None:
    """The page's form for a move: the path builder for the Commissioner and Informants, else the base's."""
    if move["a"] == "cmove":
        return {"action": "path", "mover": "commish", "path": " ".join(move["path"])}
    if move["a"] == "informant" and move["path"] and move["flip"] is None:
        return {"action": "path", "mover": f"informant:{move['id']}", "path": " ".join(move["path"])}
    try:
        return move_fields(state, seat, move)
    except AssertionError:
        return None  # no form for it (an Informant moving and flipping): the text box


def post(client: Client, game: Game, seat: int, move: dict[str, Any], *, use_text: bool) -> None:
    from games.models import Event

    html = page(client, game)
    state = projection(game).state
    fields = None if use_text else police_fields(state, seat, move)
    if fields is None:
        url = reverse("games:move", args=[game.pk])
        fields = {"text": RULES.format_move(state, seat, move)}
    else:
        url = reverse("games:play", args=[game.pk])
    response = client.post(url, {**fields, **form_meta(html, url)})
    assert response.status_code == 302, (fields, response.content.decode()[:2000])
    # The last move event: a game's final move may be followed by the reveal of the server's seed.
    last = Event.objects.filter(game=game, kind="move").order_by("-seq").first()
    assert last is not None and last.payload.get("move") == move, (last and last.payload, move)


def _pages_keep_the_police_secrets(game: Game, players: list[tuple[Any, Client]]) -> None:
    state = projection(game).state
    cash = state["gangs"][4]["cash"]
    chits = state["police"]["chits"]
    for seat in range(4):
        html = page(seat_client(game, seat, players), game)
        assert 'id="gx-map"' in html and 'id="gx-police"' in html
        assert 'Cash <span class="muted" title="cash is secret">hidden</span>' in html
        assert f"Chits: {len(chits)}" in html
    html = page(seat_client(game, 4, players), game)
    assert f"Cash ${cash}" in html
    assert "Chits: " + (", ".join(f"x{c}" for c in chits) or "none") in html
