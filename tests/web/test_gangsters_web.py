"""Gangsters on the web: the map page for every seat and spectators, the path builder's offer, a whole game.

The builder's trees are read back from the page (the JSON the map script walks)
and expanded into moves, which must be exactly the engine's legal path moves on
the stored state; every other option is a button of the decision. A whole game
is then played through the page's own forms (paths, recruits, the gang order,
buttons) and the text box.
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
from games.rules.gangsters import bot, moves
from tests.web.conftest import form_meta, projection, seat_client

pytestmark = pytest.mark.django_db
RULES = get_rules("gangsters")
BUILDER = re.compile(r'<script id="gx-builder-data" type="application/json">(.*?)</script>', re.S)


def start_game(players: list[tuple[Any, Client]], seed: str, count: int = 2) -> Game:
    users = [u for u, _ in players[:count]]
    game = services.game_create(rules_slug="gangsters", creator=users[0], num_players=count, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == "active"
    return game


def page(client: Client, game: Game) -> str:
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def builder_of(html: str) -> dict[str, Any] | None:
    found = BUILDER.search(html)
    return json.loads(found.group(1)) if found else None


def _leaves(tree: Any, prefix: list[str]) -> list[list[str]]:
    out = []
    for key, sub in tree.items():
        if key == "$":
            out.append(prefix)
        else:
            out.extend(_leaves(sub, prefix + [key]))
    return out


def offered_paths(data: dict[str, Any]) -> set[str]:
    """Every path move the page's builder offers, in notation."""
    texts = set()
    for mover in data["movers"]:
        key = mover["key"]
        for path in _leaves(mover["tree"], []):
            if key.startswith("cop:"):
                texts.add(f"cop {key[4:]} " + " ".join(path))
            elif key.startswith("public:"):
                texts.add(f"public {key[7:]} " + " ".join(path))
            else:
                for ending in mover["ends"][path[-1]]:
                    texts.add(f"move {key} " + " ".join(path) + ending["tail"])
    return texts


def engine_paths(game: Game, seat: int) -> set[str]:
    state = projection(game).state
    return {RULES.format_move(state, seat, m) for m in moves.path_moves(state, seat)}


def move_fields(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, str]:
    """The fields the page's forms post for ``move`` (what clicking fills in)."""
    a = move["a"]
    decision = RULES.choices(state, seat)
    text = RULES.format_move(state, seat, move)
    if decision.find(text) is not None:
        return {"action": "choice", "choice": text}
    if a == "move":
        ends = decision.detail["pieces"][move["piece"]]["ends"][move["path"][-1]]
        index = next(i for i, e in enumerate(ends)
                     if (e["act"], e["target"]) == (move["act"], move["target"]))
        return {"action": "path", "mover": move["piece"], "path": " ".join(move["path"]),
                "ending": str(index)}
    if a == "cop":
        return {"action": "path", "mover": f"cop:{move['cop']}", "path": " ".join(move["path"])}
    if a == "public":
        return {"action": "path", "mover": f"public:{move['id']}", "path": " ".join(move["path"])}
    if a == "recruit":
        fields = {"action": "recruit", "piece": move["piece"], "n": str(move["n"])}
        if move["facing"]:
            fields["facing"] = move["facing"]
        return fields
    if a == "gang":
        fields = {"action": "order", **{k: str(move[k]) for k in "RTV"}}
        fields.update({f"at_{k}": v for k, v in move["at"].items()})
        return fields
    raise AssertionError(f"no form for {move}")


def post_move(client: Client, game: Game, seat: int, move: dict[str, Any], *, use_text: bool) -> None:
    html = page(client, game)
    state = projection(game).state
    if use_text:
        url = reverse("games:move", args=[game.pk])
        fields = {"text": RULES.format_move(state, seat, move)}
    else:
        url = reverse("games:play", args=[game.pk])
        fields = move_fields(state, seat, move)
    before = Event.objects.filter(game=game).count()
    response = client.post(url, {**fields, **form_meta(html, url)})
    assert response.status_code == 302, (fields, response.content.decode()[:3000])
    assert Event.objects.filter(game=game).count() == before + 1
    last = Event.objects.filter(game=game).order_by("-seq").first()
    assert last.payload.get("move") == move, (last.payload, move)


@pytest.fixture
def gx_game(three_players) -> Game:
    return start_game(three_players, "gx-web-tests", count=3)


def test_the_map_page_for_each_seat_and_a_spectator(gx_game, three_players):
    game = gx_game
    awaited = projection(game).to_act[0]
    for seat in range(3):
        html = page(seat_client(game, seat, three_players), game)
        assert 'id="gx-map"' in html and "ui/gangsters/gangsters.css" in html
        for code in ("BRI", "HUF", "ICE", "HAV", "LAK"):
            assert f">{code}</text>" in html
        assert html.count('class="gx-cell gx-subway"') == 6
        assert 'aria-label="crime level track, 0 to 9: now 0"' in html
        assert (">Set-up: buy a joint" in html) == (seat == awaited)
        assert 'data-gx-group="buy"' in html if seat == awaited else 'data-gx-group="buy"' not in html
    html = page(Client(), game)
    assert 'id="gx-map"' in html and "gx-decision" not in html and "You are watching" in html


def test_cash_and_bribes_are_shown_only_to_their_owner(three_players):
    game = start_game(three_players, "gx-web-secret", count=2)
    state = projection(game).state
    while state["phase"] != "play":
        seat = projection(game).to_act[0]
        move = RULES.default_move(state, seat)
        client = seat_client(game, seat, three_players)
        post_move(client, game, seat, move, use_text=True)
        state = projection(game).state
    for seat in range(2):
        html = page(seat_client(game, seat, three_players), game)
        mine = f"${state['gangs'][seat]['cash']}</td>"
        assert mine in html
        assert html.count('title="cash is secret">hidden</span>') == 1
    assert page(Client(), game).count('title="cash is secret">hidden</span>') == 2


def test_the_builder_offers_exactly_the_legal_paths(three_players):
    game = start_game(three_players, "gx-web-paths", count=2)
    rng = random.Random(2)
    checked = {"move": 0, "cop": 0}
    for _ in range(120):
        if not projection(game).to_act or (checked["move"] >= 4 and checked["cop"] >= 2):
            break
        seat = projection(game).to_act[0]
        client = seat_client(game, seat, three_players)
        html = page(client, game)
        state = projection(game).state
        decision = RULES.choices(state, seat)
        data = builder_of(html)
        if data is not None:
            assert offered_paths(data) == engine_paths(game, seat)
            checked[decision.kind] = checked.get(decision.kind, 0) + 1
        for option in decision.options:
            if option.group == "recruit":  # the recruit form offers every size instead
                assert f'<input type="hidden" name="piece" value="{option.move["piece"]}">' in html
            else:
                assert f'value="{option.text}"' in html
        if 1 - seat not in projection(game).to_act:
            other = page(seat_client(game, 1 - seat, three_players), game)
            assert builder_of(other) is None and "gx-decision" not in other
        post_move(client, game, seat, bot.random_move(state, seat, rng, 0.9), use_text=False)
    assert checked["move"] >= 4 and checked["cop"] >= 1, checked


def test_bad_forms_are_refused_with_a_message(three_players):
    game = start_game(three_players, "gx-web-bad", count=2)
    rng = random.Random(1)
    while projection(game).state["phase"] != "play" or projection(game).state["turn"]["step"] != "move":
        seat = projection(game).to_act[0]
        post_move(seat_client(game, seat, three_players), game, seat,
                  bot.random_move(projection(game).state, seat, rng, 1.0), use_text=True)
    seat = projection(game).to_act[0]
    client = seat_client(game, seat, three_players)
    url = reverse("games:play", args=[game.pk])
    before = Event.objects.count()
    recruiting = list(RULES.choices(projection(game).state, seat).detail["recruit"])
    cases = [({"action": "recruit", "piece": recruiting[0], "n": "²"}, "choose how much strength to recruit")
             ] if recruiting else []
    for fields, message in cases + [
        ({"action": "recruit", "piece": "Z", "n": "1"}, "that piece cannot recruit now"),
        ({"action": "path", "mover": "Q", "path": "d7"}, "cannot move now"),
        ({"action": "path", "mover": "R", "path": ""}, "click the spaces of the path"),
        ({"action": "path", "mover": "R", "path": "p16 a1"}, "cannot come next on that path"),
        ({"action": "order", "R": "5"}, "no gang order is awaited"),
        ({"action": "hop"}, "did not say what it is for"),
        ({"action": "choice", "choice": "buy BRI"}, "is not one of your choices now"),
    ]:
        html = page(client, game)
        response = client.post(url, {**fields, **form_meta(html, url)})
        assert response.status_code == 400, fields
        assert message in response.content.decode().replace("&#x27;", "'"), (fields, message)
    assert Event.objects.count() == before


def test_the_ui_imports_only_the_game_package_exports():
    from pathlib import Path

    import games.rules.gangsters as package
    import games.ui.gangsters as ui

    for path in Path(ui.__file__).parent.glob("*.py"):
        source = path.read_text()
        assert not re.search(r"games\.rules\.gangsters\.\w", source), path
        for found in re.finditer(r"from games\.rules\.gangsters import \(([^)]*)\)", source):
            names = {n.strip() for n in found.group(1).replace("\n", " ").split(",") if n.strip()}
            assert names <= set(package.__all__), (path, names - set(package.__all__))


def test_a_complete_game_through_the_web(three_players):
    """A two-gang game to the end by the page's forms and the text box, then its replay."""
    game = start_game(three_players, "gx-web-whole", count=2)
    rng = random.Random(7)
    count = 0
    kinds: set[str] = set()
    while projection(game).to_act:
        seat = projection(game).to_act[0]
        state = projection(game).state
        move = bot.random_move(state, seat, rng, 0.95)
        kinds.add(move["a"])
        post_move(seat_client(game, seat, three_players), game, seat, move, use_text=count % 4 == 3)
        count += 1
        assert count < 1500
    game.refresh_from_db()
    assert game.status == "finished" and game.result["winners"]
    assert {"gang", "move", "done"} <= kinds, kinds
    for client in (three_players[0][1], Client()):
        html = page(client, game)
        assert "Final result" in html and "gx-decision" not in html and "game over" in html
    total = Event.objects.filter(game=game).count()
    html = Client().get(reverse("games:replay", args=[game.pk])).content.decode()
    assert f"Step {total} of {total}" in html and 'id="gx-map"' in html
    middle = three_players[1][1].get(reverse("games:replay", args=[game.pk]), {"step": total // 2})
    assert middle.status_code == 200 and 'id="gx-map"' in middle.content.decode()
