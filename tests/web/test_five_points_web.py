"""Five Points on the web: the city page for every seat and spectators, its clickable options, a whole game.

The clickable options are read back from the page (the JSON the map script uses
and the map's own submit buttons) and compared with the engine's legal moves on
the stored state, so the page offers exactly what the rules allow. The page
builds them from the seat's decision (``rules.choices``), never from the view.
"""

from __future__ import annotations

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
from games.rules.five_points import data
from games.ui.five_points.adapter import BUILDING_TEXT, decision_options
from tests.web.conftest import form_meta, projection, seat_client, seat_user

pytestmark = pytest.mark.django_db
RULES = get_rules("five_points")
OPTIONS = re.compile(r'<script id="fp-options" type="application/json">(.*?)</script>', re.S)


def start_game(players: list[tuple[Any, Client]], seed: str) -> Game:
    (ada, _), (brook, _), (cyd, _) = players
    game = services.game_create(rules_slug="five_points", creator=ada, num_players=3, seed=seed)
    services.game_join(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd)
    game.refresh_from_db()
    assert game.status == "active"
    return game


@pytest.fixture
def fp_game(three_players) -> Game:
    return start_game(three_players, "fp-web-tests")


def page(client: Client, game: Game) -> str:
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def page_options(html: str) -> dict[str, Any] | None:
    found = OPTIONS.search(html)
    return json.loads(found.group(1)) if found else None


def expand(options: dict[str, Any]) -> set[str]:
    """Every move the page offers, in notation (the inverse of how the page groups them)."""
    if options["kind"] == "placement":
        moves = {f"place {t}" for t in options["tiles"]}
        moves |= {f"place {t} bid {b} on marker {m}" for t in options["tiles"]
                  for m, amounts in options["bids"].items() for b in amounts}
        return moves | ({"pass"} if options["pass"] else set())
    moves = {"skip"} if options["skip"] else set()
    if options["kind"] == "smuggle":
        return moves | {f"smuggle player {p} from {f} to {t}" for p, froms in options["routes"].items()
                        for f, tos in froms.items() for t in tos}
    if options["kind"] == "move_tile":
        assert {f"move tile {t} to {c}" for t, cells in options["targets"].items() for c in cells} | moves \
            == set(options["moves"])
    return set(options["moves"])


def engine_moves(game: Game, seat: int) -> set[str]:
    state = projection(game).state
    return {RULES.format_move(state, seat, m) for m in RULES.legal_moves(state, seat)}


def map_submit_tiles(html: str) -> set[int]:
    found = re.findall(r'<button type="submit" form="fp-form" name="tile" value="(\d+)"', html)
    return {int(n) for n in found}


def move_fields(move: dict[str, Any]) -> dict[str, str]:
    """The fields the page's forms post for ``move`` (what clicking the map fills in)."""
    action = move["action"]
    fields = {"action": action}
    if action == "place":
        fields["tile"] = str(move["tile"])
        fields["marker"] = move.get("marker", "")
        fields["bid"] = str(move.get("bid", ""))
    elif action == "move":
        fields["tile_to"] = f"{move['tile']}:{move['to']}"
    elif action == "take":
        fields["colour"] = move["colour"]
    elif action == "special":
        fields["tile"] = str(move["tile"])
    elif action == "elect":
        fields["order"] = ",".join(str(t) for t in move["tiles"])
    elif action == "smuggle":
        fields.update({"player": str(move["seat"] + 1), "from": str(move["from"]), "to": str(move["to"])})
    return fields


def check_page_offers(html: str, game: Game, seat: int) -> dict[str, Any]:
    """The page of the awaited seat offers exactly the engine's legal moves, on the map and in the forms."""
    options = page_options(html)
    assert options is not None, "the awaited seat has no clickable options"
    assert expand(options) == engine_moves(game, seat)
    assert options == decision_options(RULES.choices(projection(game).state, seat))
    kind = options["kind"]
    if kind in ("placement", "special"):
        assert map_submit_tiles(html) == set(options["tiles"])
    elif kind == "move_tile":
        cells = set(re.findall(r'class="fp-cell fp-target" data-cell="([A-Z]\d+)"', html))
        assert cells == {c for cs in options["targets"].values() for c in cs}
        assert 'name="tile_to"' in html
    elif kind == "elect":
        picks = {int(n) for n in re.findall(r'class="fp-tile nb-\w+ fp-pick" data-tile="(\d+)"', html)}
        assert picks == set(options["tiles"])
        values = set(re.findall(r'<option value="(\d+(?:,\d+)*)">', html))
        assert values == {",".join(str(t) for t in o) for o in options["orders"]}
    elif kind == "take":
        assert set(re.findall(r'name="colour" value="(\w+)"', html)) == set(options["colours"])
    return options


def post_move(client: Client, game: Game, seat: int, move: dict[str, Any], *, use_text: bool) -> None:
    html = page(client, game)
    check_page_offers(html, game, seat)
    state = projection(game).state
    if use_text:
        url = reverse("games:move", args=[game.pk])
        fields = {"text": RULES.format_move(state, seat, move)}
    else:
        url = reverse("games:play", args=[game.pk])
        fields = move_fields(move)
    before = Event.objects.filter(game=game).count()
    response = client.post(url, {**fields, **form_meta(html, url)})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.filter(game=game).count() == before + 1
    # The server built exactly the canonical move from the form.
    last = Event.objects.filter(game=game).order_by("-seq").first()
    assert last.payload.get("move") in (None, move), last.payload


def test_page_renders_for_each_seat_and_a_spectator(fp_game, three_players):
    game = fp_game
    state = projection(game).state
    awaited = projection(game).to_act[0]
    for seat in range(3):
        html = page(seat_client(game, seat, three_players), game)
        assert 'id="fp-map"' in html and "Manipulation markers" in html and "Control-marker piles" in html
        assert "ui/five_points/five_points.css" in html
        # Every tile with its number and cell, in its neighbourhood colour.
        for i, tile in enumerate(state["tiles"]):
            assert re.search(rf'class="fp-tile nb-{tile["colour"]}[^"]*" data-tile="{i + 1}"', html)
        assert ("Your turn: Place a rabble or pass" in html) == (seat == awaited)
        assert ('id="fp-options"' in html) == (seat == awaited)
    for client in (Client(), three_players[0][1].__class__()):
        html = page(client, game)
        assert 'id="fp-map"' in html and 'id="fp-options"' not in html and 'form="fp-form"' not in html
        assert "You are watching" in html


def test_board_shows_rabble_buildings_markers_and_pass_order(fp_game, three_players):
    game = fp_game
    state = projection(game).state
    html = page(three_players[0][1], game)
    for tile in state["tiles"]:
        if tile["building"]:
            assert data.BUILDINGS_BY_ID[tile["building"]]["name"].replace("'", "&#x27;") in html
    for mid in state["markers"]:
        assert data.MARKERS_BY_ID[mid]["label"] in html
    rabble = sum(sum(t["rabble"]) for t in state["tiles"])
    cubes = sum(1 for t in state["tiles"] for n in t["rabble"] if n)
    assert len(re.findall(r'class="fp-cube c-', html)) == cubes
    assert rabble == 9
    assert "nobody has passed yet" in html
    # A pass and a bid show up for everyone.
    seat = projection(game).to_act[0]
    client = seat_client(game, seat, three_players)
    post_move(client, game, seat, {"action": "place", "tile": 1, "marker": "B", "bid": 2}, use_text=False)
    seat = projection(game).to_act[0]
    post_move(seat_client(game, seat, three_players), game, seat, {"action": "pass"}, use_text=False)
    html = page(Client(), game)
    first = seat_user(game, 0).name
    assert re.search(rf'class="chip c-(purple|black|teal|pink|brown)">{first}: 2</span>', html)  # P1's bid on B
    assert "Pass order this round" in html and "+6" in html


def test_hidden_things_never_appear(fp_game, three_players):
    """The generator (seed and counter) and the buildings not in play are never on any page."""
    game = fp_game
    state = projection(game).state
    in_play = {t["building"] for t in state["tiles"] if t["building"]}
    absent = [b["name"] for b in data.BUILDINGS if b["id"] not in in_play and b["id"] != "smuggler"]
    pages = [page(c, game) for _, c in three_players] + [page(Client(), game)]
    pages.append(Client().get(reverse("games:replay", args=[game.pk])).content.decode())
    first = three_players[0][1].get(reverse("games:replay", args=[game.pk]), {"step": 1})
    pages.append(first.content.decode())
    for html in pages:
        assert "fp-web-tests" not in html and '"rng"' not in html and "counter" not in html
        for name in absent:  # the Smuggler's Tunnel is named in the notation help
            assert name.replace("'", "&#x27;") not in html
            assert BUILDING_TEXT[next(b["id"] for b in data.BUILDINGS if b["name"] == name)] not in html


def test_clickable_options_equal_the_legal_moves_in_every_decision(three_players):
    """Play a whole game and check the offer at every step; this seed meets every kind of decision."""
    game = start_game(three_players, "fp-web-192")
    rng = random.Random(3)
    seen: set[str] = set()
    steps = 0
    while projection(game).to_act and steps < 400:
        seat = projection(game).to_act[0]
        client = seat_client(game, seat, three_players)
        html = page(client, game)
        options = check_page_offers(html, game, seat)
        seen.add(options["kind"])
        # Nobody else is offered anything.
        for other in range(3):
            if other != seat:
                assert page_options(page(seat_client(game, other, three_players), game)) is None
        move = RULES.random_move(projection(game).state, seat, rng)
        post_move(client, game, seat, move, use_text=steps % 3 == 0)
        steps += 1
    assert seen == {"placement", "move_tile", "take", "special", "elect", "smuggle"}, seen
    game.refresh_from_db()
    assert game.status == "finished" and game.result["detail"]["reason"] == "final scoring"


def test_bad_forms_are_refused_with_a_message(fp_game, three_players):
    game = fp_game
    seat = projection(game).to_act[0]
    client = seat_client(game, seat, three_players)
    url = reverse("games:play", args=[game.pk])
    before = Event.objects.count()
    for fields, message in [
        ({"action": "place", "tile": "99"}, "there is no neighbourhood 99"),
        ({"action": "place", "tile": "x"}, "is not a whole number"),
        ({"action": "place", "tile": "1", "bid": "2"}, "chose no marker"),
        ({"action": "place", "tile": "1", "marker": "Z", "bid": "2"}, "no marker"),
        ({"action": "take", "colour": "purple"}, "is not a colour"),
        ({"action": "hop"}, "did not say what it is for"),
        # Well-formed forms that are not among the decision's options now.
        ({"action": "skip"}, "skipping is not one of your choices now"),
        ({"action": "take", "colour": "red"}, "that control marker is not one of your choices now"),
        ({"action": "move", "tile_to": "1:A1"}, "that tile move is not one of your choices now"),
        ({"action": "smuggle", "player": "1", "from": "1", "to": "2"}, "Smuggler&#x27;s Tunnel is not yours"),
        ({"action": "choice", "choice": "skip"}, "&#x27;skip&#x27; is not one of your choices now"),
    ]:
        html = page(client, game)
        response = client.post(url, {**fields, **form_meta(html, url)})
        assert response.status_code in (400, 403), fields
        assert message in response.content.decode(), (fields, response.content.decode()[:2000])
    assert Event.objects.count() == before
    # A bid outside what the decision allows is refused with the range that would do.
    html = page(client, game)
    fields = {"action": "place", "tile": "1", "marker": "A", "bid": "99"}
    response = client.post(url, {**fields, **form_meta(html, url)})
    assert response.status_code == 400
    refusal = "on marker A you may bid 1 to 5 rabble now, not 99 (you have 6 on your HQ"
    assert refusal in response.content.decode()
    # A seat that is not awaited has no decision: its forms are refused before the rules see them.
    other = next(s for s in range(3) if s != seat)
    other_client = seat_client(game, other, three_players)
    meta = {"expected_version": str(projection(game).version), "idempotency_key": "not-awaited-0001"}
    response = other_client.post(url, {"action": "pass", **meta})
    assert response.status_code == 400 and "nothing is awaited from you now" in response.content.decode()
    assert Event.objects.count() == before


def test_the_generic_choice_form_plays_an_option_of_the_decision(fp_game, three_players):
    """``action=choice`` (the generic buttons) is looked up among the decision's options."""
    game = fp_game
    seat = projection(game).to_act[0]
    client = seat_client(game, seat, three_players)
    url = reverse("games:play", args=[game.pk])
    html = page(client, game)
    response = client.post(url, {"action": "choice", "choice": "place 4", **form_meta(html, url)})
    assert response.status_code == 302
    last = Event.objects.filter(game=game).order_by("-seq").first()
    assert last.payload["move"] == {"action": "place", "tile": 4}


def test_the_ui_imports_only_the_game_package_exports():
    """The UI reads the rules through ``games.rules`` and the package's ``__all__``, never a submodule."""
    from pathlib import Path

    import games.rules.five_points as package
    import games.ui.five_points as ui

    for path in Path(ui.__file__).parent.glob("*.py"):
        source = path.read_text()
        assert not re.search(r"games\.rules\.five_points\.\w", source), path
        for found in re.finditer(r"from games\.rules\.five_points import ([^\n]+)", source):
            names = {n.strip() for n in found.group(1).split(",")}
            assert names <= set(package.__all__), (path, names)
    assert "slug" not in type(ui.UI).__dict__  # the registry knows the slug


@pytest.mark.parametrize(("seed", "rng_seed", "reason"), [("fp-web-113", 4, "five bosses"),
                                                         ("fp-web-46", 3, "final scoring")])
def test_complete_game_through_the_web(three_players, seed, rng_seed, reason):
    """A 3-player game to the end by the page's forms and the text box (both ways a game can end)."""
    game = start_game(three_players, seed)
    rng = random.Random(rng_seed)
    moves = 0
    while projection(game).to_act:
        seat = projection(game).to_act[0]
        move = RULES.random_move(projection(game).state, seat, rng)
        post_move(seat_client(game, seat, three_players), game, seat, move, use_text=moves % 2 == 1)
        moves += 1
        assert moves < 2000
    game.refresh_from_db()
    assert game.status == "finished"
    result = game.result
    assert result["detail"]["reason"] == reason
    for client in (three_players[0][1], Client()):
        html = page(client, game)
        assert "Final result" in html and "Final scores" in html and "Winner" in html
        assert 'id="fp-options"' not in html and "Your turn" not in html
        for total in result["scores"]:
            assert f"<strong>{total}</strong>" in html
    total = Event.objects.filter(game=game).count()
    html = Client().get(reverse("games:replay", args=[game.pk])).content.decode()
    assert f"Step {total} of {total}" in html and 'id="fp-map"' in html and "Final scores" in html
    middle = total // 2
    html = three_players[1][1].get(reverse("games:replay", args=[game.pk]), {"step": middle}).content.decode()
    assert f"Step {middle} of" in html and 'id="fp-map"' in html and 'id="fp-options"' not in html
