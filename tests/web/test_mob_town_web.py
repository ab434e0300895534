"""Mob Town on the web: the city as the cards lie, secrets kept per seat, the forms, whole games.

The page's forms are shaped from ``rules.choices(state, seat)``: these tests
check what the page shows each seat, that posted forms are checked against the
decision, and play whole games (competitive and co-op) through the forms.
"""

from __future__ import annotations

import html as htmllib
import json
import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Game
from games.rules import get_rules
from tests.web.conftest import client_for, form_meta, projection, seat_client

pytestmark = pytest.mark.django_db
RULES = get_rules("mob_town")
BUILDER = re.compile(r'<script id="mt-builder-data" type="application/json">(.*?)</script>', re.S)
CHOICE_BUTTON = re.compile(r'<button[^>]*name="choice" value="([^"]*)"')
CHOICE_OPTION = re.compile(r'<option value="([^"]*)"')


@pytest.fixture
def two_players(make_user) -> list[tuple[Any, Client]]:
    users = [make_user(f"{n.lower()}@example.com", n) for n in ("Ada", "Brook")]
    return [(u, client_for(u)) for u in users]


def start_game(players, seed: str = "mt-web", options: dict[str, Any] | None = None) -> Game:
    users = [u for u, _ in players]
    game = services.game_create(rules_slug="mob_town", creator=users[0], num_players=len(users), seed=seed,
                                options=options or {})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == "active"
    return game


def page(client: Client, game: Game) -> str:
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def decision_html(html: str) -> str:
    if 'id="mt-decision"' not in html:
        return ""
    start = html.index('id="mt-decision"')
    return html[start:html.index("</section>", start)]


def offered_choices(html: str) -> set[str]:
    card = decision_html(html)
    choice_forms = [m for m in re.findall(r'name="action" value="choice">(.*?)</form>', card, re.S)]
    found = set()
    for chunk in choice_forms:
        found |= {htmllib.unescape(v) for v in CHOICE_BUTTON.findall(chunk) + CHOICE_OPTION.findall(chunk)}
    return found


def builder_data(html: str) -> dict[str, Any] | None:
    found = BUILDER.search(html)
    return json.loads(htmllib.unescape(found.group(1))) if found else None


def agree(game: Game, players) -> None:
    """Every seat chooses agendas through the agenda form."""
    url = reverse("games:play", args=[game.pk])
    for seat in list(projection(game).to_act):
        client = seat_client(game, seat, players)
        html = page(client, game)
        response = client.post(url, {"action": "agendas", "agenda": ["casinos", "types"], **form_meta(html, url)})
        assert response.status_code == 302


def test_the_city_is_drawn_as_the_cards_lie_and_hands_stay_secret(two_players):
    game = start_game(two_players)
    state = projection(game).state
    spectator = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    for entry in state["city"]:
        assert f'id="mt-{entry["card"]}"' in spectator
    assert "Your hand" not in spectator
    for seat in (0, 1):
        html = page(seat_client(game, seat, two_players), game)
        assert "Your hand" in html
        mine = html[html.index('id="mt-mine"'):]
        mine = mine[:mine.index("</section>")]
        for card in state["hands"][seat]:
            assert card.rstrip("0123456789") in mine
        assert "Tick exactly two agendas" in html
    agree(game, two_players)
    state = projection(game).state
    html = page(seat_client(game, 0, two_players), game)
    assert "Control the most Casinos" in html[html.index('id="mt-mine"'):]
    other = page(seat_client(game, 1, two_players), game)
    assert 'id="mt-takeover-form"' not in other  # not its turn
    assert "Control the most Casinos" not in Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert state["phase"] == "turn"


def test_agenda_form_needs_exactly_two(two_players):
    game = start_game(two_players)
    client = seat_client(game, 0, two_players)
    url = reverse("games:play", args=[game.pk])
    html = page(client, game)
    response = client.post(url, {"action": "agendas", "agenda": ["casinos"], **form_meta(html, url)})
    assert response.status_code == 400 and "tick exactly two agendas" in response.content.decode()
    assert projection(game).state["agendas"][0] == []


def test_the_takeover_builder_offers_the_decisions_targets_and_checks_the_form(two_players):
    game = start_game(two_players, seed="mt-web-builder")
    agree(game, two_players)
    state = projection(game).state
    seat = state["turn"]
    client = seat_client(game, seat, two_players)
    html = page(client, game)
    data = builder_data(html)
    decision = RULES.choices(state, seat)
    assert data["targets"] == decision.detail["targets"] and data["hand"] == state["hands"][seat]
    url = reverse("games:play", args=[game.pk])
    meta = form_meta(html, url)
    bad = client.post(url, {"action": "takeover", "at": "99,99", "pay": ["cash"], **meta})
    assert bad.status_code == 400 and "highlighted properties" in bad.content.decode()
    target = data["targets"][0]
    wrong = client.post(url, {"action": "takeover", "at": f"{target['cell'][0]},{target['cell'][1]}", **meta})
    assert wrong.status_code == 400 and "tick the cards" in wrong.content.decode()
    assert Event.objects.filter(game=game, kind="move").count() == 2


def post_move(client: Client, game: Game, seat: int, move: dict[str, Any], *, use_text: bool) -> str:
    """Post ``move`` through the form a player would use; returns which one."""
    html = page(client, game)
    state = projection(game).state
    text = RULES.format_move(state, seat, move)
    url = reverse("games:play", args=[game.pk])
    action = move["action"]
    if use_text or action == "hire" and "at" in move:
        url = reverse("games:move", args=[game.pk])
        data: dict[str, Any] = {"text": text, **form_meta(html, url)}
        how = "text"
    elif action == "agendas":
        data = {"action": "agendas", "agenda": move["agendas"], **form_meta(html, url)}
        how = "agendas"
    elif action == "takeover":
        builder = builder_data(html)
        assert builder is not None and move["at"] in [t["cell"] for t in builder["targets"]]
        data = {"action": "takeover", "at": f"{move['at'][0]},{move['at'][1]}", "pay": move["pay"],
                "via": [f"{c[0]},{c[1]}:{card}" for c, card in move["via"]], **form_meta(html, url)}
        how = "builder"
    elif action == "openlot":
        data = {"action": "openlot", "lot": str(move["lot"]), "at": f"{move['at'][0]},{move['at'][1]}",
                **form_meta(html, url)}
        if move["pay"] is not None:
            data.update({"take": "yes", "pay": move["pay"]})
        how = "openlot"
    elif action in ("clear", "shutdown"):
        data = {"action": action, "pay": move["pay"], **form_meta(html, url)}
        how = "pay"
    else:
        offered = offered_choices(html)
        if text not in offered:
            url = reverse("games:move", args=[game.pk])
            data = {"text": text, **form_meta(html, url)}
            how = "text"
        else:
            data = {"action": "choice", "choice": text, **form_meta(html, url)}
            how = "choice"
    before = Event.objects.filter(game=game).count()
    response = client.post(url, data)
    assert response.status_code == 302, (text, response.content.decode()[:3000])
    assert Event.objects.filter(game=game).count() > before
    return how


def play_to_the_end(game: Game, players, rng: random.Random, text_every: int = 7) -> dict[str, int]:
    used: dict[str, int] = {}
    moves = 0
    while projection(game).to_act:
        p = projection(game)
        seat = p.to_act[0]
        move = RULES.random_move(p.state, seat, rng)
        how = post_move(seat_client(game, seat, players), game, seat, move, use_text=moves % text_every == text_every - 1)
        used[how] = used.get(how, 0) + 1
        moves += 1
        assert moves < 1500
    return used


def test_a_whole_competitive_game_through_the_forms(two_players):
    game = start_game(two_players, seed="mt-web-full", options={"landmarks": True, "professionals": True})
    used = play_to_the_end(game, two_players, random.Random(4))
    game.refresh_from_db()
    assert game.status == "finished" and game.result["winners"]
    assert used.get("builder") and used.get("choice") and used.get("agendas") and used.get("text"), used
    for client in (two_players[0][1], Client()):
        html = page(client, game)
        assert "Final result" in html and "Final scores" in html
        assert 'id="mt-decision"' not in html
    total = Event.objects.filter(game=game).count()
    assert two_players[1][1].get(reverse("games:replay", args=[game.pk]), {"step": 1}).status_code == 200
    for step in (total // 2, total):
        response = two_players[1][1].get(reverse("games:replay", args=[game.pk]), {"step": step})
        assert response.status_code == 200 and 'id="mt-city"' in response.content.decode()


def test_a_whole_coop_game_through_the_forms(two_players):
    game = start_game(two_players, seed="mt-web-coop", options={"mode": "coop", "no_master_crimes": True})
    html = page(seat_client(game, 0, two_players), game)
    assert "Choose your role" in html and "Player track" in html
    used = play_to_the_end(game, two_players, random.Random(2))
    game.refresh_from_db()
    assert game.status == "finished"
    assert used.get("choice"), used
    html = page(two_players[0][1], game)
    assert "Final result" in html and ("The players won" in html or "The players lost" in html)


def test_the_coop_pay_form_is_checked(two_players):
    game = start_game(two_players, seed="mt-web-coop-pay", options={"mode": "coop"})
    url = reverse("games:play", args=[game.pk])
    rng = random.Random(1)
    while projection(game).state["phase"] != "actions":
        p = projection(game)
        seat = p.to_act[0]
        post_move(seat_client(game, seat, two_players), game, seat, RULES.random_move(p.state, seat, rng),
                  use_text=False)
    seat = projection(game).to_act[0]
    client = seat_client(game, seat, two_players)
    html = page(client, game)
    assert "At your pawn" in html
    response = client.post(url, {"action": "shutdown", **form_meta(html, url)})
    assert response.status_code == 400 and "tick the cards you pay with" in response.content.decode()
    response = client.post(url, {"action": "clear", "pay": ["cash"] * 9, **form_meta(html, url)})
    assert response.status_code == 400 and "you hold" in response.content.decode()


def test_phone_width_markup_keeps_the_city_in_its_own_scroller(two_players):
    game = start_game(two_players)
    html = page(seat_client(game, 0, two_players), game)
    city = html[html.index('id="mt-city"'):]
    assert city.index('class="table-scroll"') < city.index('class="mt-city"')
    # Every form control has a label.
    card = decision_html(html)
    for control in re.findall(r"<(?:select|input)(?![^>]*type=\"hidden\")[^>]*>", card):
        assert "aria-label" in control or "id=" in control or "checkbox" in control or "radio" in control, control


def test_the_create_form_offers_the_mode_and_every_variant(two_players):
    (ada, ada_c), (brook, brook_c) = two_players
    form = ada_c.get(reverse("games:create", args=["mob_town"])).content.decode()
    for label in ("Mode", "Professionals", "City cards", "Landmarks", "Big Money!", "Starting City (co-op)",
                  "No Master Crimes (co-op)", "More Mob Activity (co-op)"):
        assert label in form, label
    response = ada_c.post(reverse("games:create", args=["mob_town"]),
                          {"num_players": "2", "option_mode": "coop", "option_starting_city": "1",
                           "option_more_mob_activity": "on"})
    assert response.status_code == 302
    game = Game.objects.get(rules_slug="mob_town")
    brook_c.post(reverse("games:join", args=[game.pk]))
    state = projection(game).state
    assert state["mode"] == "coop" and state["options"]["starting_city"] == 1
    refused = ada_c.post(reverse("games:create", args=["mob_town"]), {"num_players": "2", "option_mode": "chess",
                                                                            "option_starting_city": "0"})
    text = htmllib.unescape(refused.content.decode())
    assert refused.status_code == 400 and "Select a valid choice. chess is not one of the available choices" in text
