"""Five Tribes on the web: the board page, secret gold, the click builder's legal options, a whole game.

The page's forms are shaped from ``rules.choices(state, seat)`` (the Decision):
these tests check that what the page offers is exactly that decision, that
posted forms are checked against it, and that whole games can be played
through the forms alone.
"""

from __future__ import annotations

import html as htmllib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Game, Projection, Source
from games.rules import get_rules
from games.rules import five_tribes as five_tribes_rules
from games.ui.five_tribes import adapter
from games.rules.five_tribes.movement import continuations, finishing_colours, starts
from tests.web.conftest import client_for, form_meta, projection, seat_client, seat_user

pytestmark = pytest.mark.django_db
RULES = get_rules("five_tribes")
BUILDER = re.compile(r'<script id="ft-builder-data" type="application/json">(.*?)</script>', re.S)
CHOICE_BUTTON = re.compile(r'<button[^>]*name="choice" value="([^"]*)"')
CHOICE_OPTION = re.compile(r'<option value="([^"]*)"')


@pytest.fixture
def two_players(make_user) -> list[tuple[Any, Client]]:
    users = [make_user(f"{n.lower()}@example.com", n) for n in ("Ada", "Brook")]
    return [(u, client_for(u)) for u in users]


def start_game(players: list[tuple[Any, Client]], seed: str = "ft-web") -> Game:
    users = [u for u, _ in players]
    game = services.game_create(rules_slug="five_tribes", creator=users[0], num_players=len(users), seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == "active"
    return game


@pytest.fixture
def ft_game(two_players) -> Game:
    return start_game(two_players)


def page(client: Client, game: Game) -> str:
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def decision_html(html: str) -> str:
    """The seat's own decision card (empty when the page offers none)."""
    if 'id="ft-decision"' not in html:
        return ""
    start = html.index('id="ft-decision"')
    return html[start:html.index("</section>", start)]


def offered_choices(html: str) -> set[str]:
    card = decision_html(html)
    return {htmllib.unescape(v) for v in CHOICE_BUTTON.findall(card) + CHOICE_OPTION.findall(card)}


def builder_data(html: str) -> dict[str, Any] | None:
    found = BUILDER.search(html)
    return json.loads(found.group(1)) if found else None


def engine_choices(state: dict[str, Any], seat: int) -> set[str]:
    """The options of the seat's decision (movements and sales have their own forms)."""
    decision = RULES.choices(state, seat)
    assert decision is not None
    return {option.text for option in decision.options}


def listed_moves(state: dict[str, Any], seat: int) -> set[str]:
    """What the rules allow at this decision, movements and sales aside (those have their own forms)."""
    if _movement_step(state):
        # Only the Djinn powers: listing every movement (legal_moves) can be very long.
        return {RULES.format_move(state, seat, m) for m in RULES.legal_moves(state, seat) if m["t"] == "djinn"}
    return {RULES.format_move(state, seat, m) for m in RULES.legal_moves(state, seat) if m["t"] != "sell"}


def _movement_step(state: dict[str, Any]) -> bool:
    return state["phase"] == "play" and state["turn"]["step"] == "move" and state["turn"]["can_move"]


def play_random_until(game: Game, done, rng: random.Random, limit: int = 400) -> None:
    """Advance the game through the services with random legal moves until ``done(state)``."""
    for _ in range(limit):
        p = projection(game)
        if done(p.state) or not p.to_act:
            return
        seat = p.to_act[0]
        move = RULES.random_move(p.state, seat, rng)
        services.submit_move(game_id=game.pk, user=seat_user(game, seat), move=move, source=Source.WEB,
                             idempotency_key=f"setup-{p.version}", expected_version=p.version)
    raise AssertionError("the position was not reached")


# -- the page ----------------------------------------------------------------------


def test_board_renders_for_each_seat_and_a_spectator(ft_game, two_players):
    for client in (two_players[0][1], two_players[1][1], Client()):
        html = page(client, ft_game)
        assert 'id="ft-board"' in html and html.count('class="ft-tile ') == 30
        for heading in ("Resource row", "Djinns face up", "Turn order", "Players"):
            assert heading in html
        assert "ui/five_tribes/five_tribes.css" in html
    # Only the seat whose decision it is gets the decision card (here: a bid).
    to_act = projection(ft_game).to_act[0]
    for seat in (0, 1):
        html = page(seat_client(ft_game, seat, two_players), ft_game)
        assert ("Bid for turn order" in decision_html(html)) == (seat == to_act)
    assert 'id="ft-decision"' not in page(Client(), ft_game)


def test_gold_is_shown_only_to_its_owner(ft_game, two_players):
    # A constructed position with distinctive totals, so the exact numbers can be looked for.
    p = projection(ft_game)
    state = json.loads(json.dumps(p.state))
    state["seats"][0]["gold"], state["seats"][1]["gold"] = 4817, 5923
    Projection.objects.filter(pk=ft_game.pk).update(state=state)
    own = {0: "4817", 1: "5923"}
    for seat in (0, 1):
        html = page(seat_client(ft_game, seat, two_players), ft_game)
        assert own[seat] in html
        assert own[1 - seat] not in html
        assert re.search(rf'class="ft-gold"[^>]*>{own[seat]}<', html)
    spectator = page(Client(), ft_game)
    assert "4817" not in spectator and "5923" not in spectator
    replay = Client().get(reverse("games:replay", args=[ft_game.pk])).content.decode()
    assert "4817" not in replay and "5923" not in replay


def test_builder_offers_only_the_legal_starts_and_continuations(ft_game, two_players):
    play_random_until(ft_game, _movement_step, random.Random(3))
    p = projection(ft_game)
    seat = p.to_act[0]
    html = page(seat_client(ft_game, seat, two_players), ft_game)
    data = builder_data(html)
    assert data is not None and "ui/five_tribes/five_tribes.js" in html
    assert data["starts"] == starts(p.state)
    for start in data["starts"]:
        assert sorted(data["tree"][start]) == sorted(continuations(p.state, start, []))
        # Follow one branch to its end: the finishing colours match the engine's.
        path: list[str] = []
        node = data["tree"][start]
        while isinstance(node, dict):
            path.append(sorted(node)[0])
            node = node[path[-1]]
        assert node == "".join(finishing_colours(p.state, start, path))
    # The other seat, and a spectator, get no builder.
    assert builder_data(page(seat_client(ft_game, 1 - seat, two_players), ft_game)) is None
    assert builder_data(page(Client(), ft_game)) is None


def test_the_builder_is_the_decisions_tree(ft_game, two_players):
    play_random_until(ft_game, _movement_step, random.Random(8))
    p = projection(ft_game)
    seat = p.to_act[0]
    decision = RULES.choices(p.state, seat)
    assert decision is not None and decision.kind == "move" and not decision.complete
    html = page(seat_client(ft_game, seat, two_players), ft_game)
    assert builder_data(html) == decision.detail["movement"]
    # The decision's other options (Djinn powers) are the page's buttons.
    assert offered_choices(html) == engine_choices(p.state, seat) == listed_moves(p.state, seat)


def test_the_ui_uses_only_the_rules_packages_public_names():
    source = (Path(adapter.__file__)).read_text()
    imported = re.findall(r"^from (games\.rules[\w.]*) import", source, re.M)
    assert set(imported) == {"games.rules", "games.rules.five_tribes"}, imported
    names = re.search(r"from games\.rules\.five_tribes import \((.*?)\)", source, re.S)
    assert names is not None
    exported = set(five_tribes_rules.__all__)
    assert {n.strip() for n in names.group(1).split(",") if n.strip()} <= exported
    assert "_choices" not in source and "visible_state" not in source


def test_a_new_game_gets_rules_version_2_and_the_board_marks_djinns_used_this_round(ft_game, two_players):
    assert ft_game.rules_version == 2
    state = json.loads(json.dumps(projection(ft_game).state))
    assert state["round_used"] == [[], []]
    state["seats"][0]["djinns"] = ["Iblis", "Enki"]
    state["round_used"] = [["Iblis"], []]
    Projection.objects.filter(pk=ft_game.pk).update(state=state)
    for client in (two_players[1][1], Client()):
        html = page(client, ft_game)
        assert re.search(r">Iblis <span[^>]*>8 · used this round<", html)
        assert re.search(r">Enki <span[^>]*>8</span>", html)


def test_builder_and_sale_forms_are_checked_against_the_decision(ft_game, two_players):
    # A movement decision where some tile is not a start (emptied, or no legal ending from it).
    play_random_until(ft_game, lambda state: _movement_step(state) and len(starts(state)) < 30, random.Random(3))
    p = projection(ft_game)
    seat = p.to_act[0]
    client = seat_client(ft_game, seat, two_players)
    html = page(client, ft_game)
    url = reverse("games:play", args=[ft_game.pk])
    tree = builder_data(html)
    assert tree is not None
    before = Event.objects.filter(game=ft_game).count()

    def refused(data: dict[str, str], message: str) -> None:
        response = client.post(url, {**data, **form_meta(html, url)})
        assert response.status_code == 400 and message in htmllib.unescape(response.content.decode()), message

    # A start the tree does not offer.
    other = next(f"{c}{r}" for r in "12345" for c in "ABCDEF" if f"{c}{r}" not in tree["starts"])
    refused({"action": "move", "from": other, "path": "A1", "last": "Y"}, f"no legal move starts from {other}")
    # A path the tree does not offer after a legal start.
    start = tree["starts"][0]
    hand = tree["hands"][start]
    wrong = next(t for t in ("A1", "F5", "C3", "D4", "A5", "F1") if t not in tree["tree"][start] and t != start)
    refused({"action": "move", "from": start, "path": " ".join([wrong] * len(hand)), "last": hand[0]},
            f"{wrong} cannot come after {start}")
    # Too few tiles for the meeples picked up.
    refused({"action": "move", "from": start, "path": sorted(tree["tree"][start])[0], "last": hand[0]},
            f"{start} holds {len(hand)} meeples")
    # A sale while the decision is a movement.
    refused({"action": "sell", "sell-Fish": "1"}, "you cannot sell merchandise now")
    assert Event.objects.filter(game=ft_game).count() == before


def test_sale_form_offers_the_cards_held_and_refuses_more(ft_game, two_players):
    def selling(state: dict[str, Any]) -> bool:
        return (state["phase"] == "play" and state["turn"]["step"] == "end"
                and bool(state["seats"][state["turn"]["seat"]]["goods"]))

    play_random_until(ft_game, selling, random.Random(4), limit=1500)
    p = projection(ft_game)
    seat = p.to_act[0]
    goods = p.state["seats"][seat]["goods"]
    client = seat_client(ft_game, seat, two_players)
    html = page(client, ft_game)
    card = decision_html(html)
    for kind in set(goods):
        assert f'name="sell-{kind}" min="0" max="{goods.count(kind)}"' in card
    url = reverse("games:play", args=[ft_game.pk])
    kind = goods[0]
    response = client.post(url, {"action": "sell", f"sell-{kind}": str(goods.count(kind) + 1), **form_meta(html, url)})
    assert response.status_code == 400
    assert f"you hold {goods.count(kind)} {kind}, not {goods.count(kind) + 1}" in response.content.decode()


# -- a whole game through the page's forms -------------------------------------------


def post_move(client: Client, game: Game, seat: int, move: dict[str, Any], *, use_text: bool) -> str:
    """Post ``move`` as a player would, from what the page offers; returns how it was sent."""
    html = page(client, game)
    state = projection(game).state
    text = RULES.format_move(state, seat, move)
    how = "text"
    if use_text:
        url = reverse("games:move", args=[game.pk])
        data = {"text": text, **form_meta(html, url)}
    else:
        url = reverse("games:play", args=[game.pk])
        meta = form_meta(html, url)
        if move["t"] == "move":
            tree = builder_data(html)
            assert tree is not None and move["from"] in tree["starts"]
            node = tree["tree"][move["from"]]
            for tile in move["path"]:
                assert tile in node, f"{tile} not offered after {node}"
                node = node[tile]
            assert move["drops"][-1] in node
            data = {"action": "move", "from": move["from"], "path": " ".join(move["path"]),
                    "last": move["drops"][-1], "drops": move["drops"], **meta}
            how = "builder"
        elif move["t"] == "sell":
            assert 'name="sell-' in decision_html(html)
            data = {"action": "sell", **meta}
            for card in set(move["cards"]):
                data[f"sell-{card}"] = str(move["cards"].count(card))
            how = "sale"
        else:
            offered = offered_choices(html)
            # Exactly the decision's options, and they are the rules' legal moves at this step.
            assert offered == engine_choices(state, seat) == listed_moves(state, seat), (
                offered, engine_choices(state, seat))
            assert text in offered
            data = {"action": "choice", "choice": text, **meta}
            how = "choice"
    before = Event.objects.filter(game=game).count()
    response = client.post(url, data)
    if response.status_code == 200 and "Are you sure?" in response.content.decode():
        assert Event.objects.filter(game=game).count() == before
        response = client.post(url, {**data, "confirm": "1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.filter(game=game).count() > before
    return how


def test_full_game_through_the_web(ft_game, two_players):
    game = ft_game
    rng = random.Random(11)
    used: dict[str, int] = {}
    moves = 0
    while projection(game).to_act:
        p = projection(game)
        seat = p.to_act[0]
        move = RULES.random_move(p.state, seat, rng)
        how = post_move(seat_client(game, seat, two_players), game, seat, move, use_text=moves % 5 == 4)
        used[how] = used.get(how, 0) + 1
        moves += 1
        assert moves < 1500
    game.refresh_from_db()
    assert game.status == "finished"
    assert used.get("builder") and used.get("choice") and used.get("text"), used
    for client in (two_players[0][1], Client()):
        html = page(client, game)
        assert "Final result" in html and "Final scores" in html and "Winner" in html
        assert 'id="ft-decision"' not in html
    total = Event.objects.filter(game=game).count()
    for step in (None, 1, total // 2):
        params = {} if step is None else {"step": step}
        response = two_players[1][1].get(reverse("games:replay", args=[game.pk]), params)
        assert response.status_code == 200
    assert f"Step {total} of {total}" in two_players[1][1].get(
        reverse("games:replay", args=[game.pk])).content.decode()


def test_three_player_game_to_the_end_with_the_forms_only(make_user):
    players = [(u, client_for(u)) for u in (make_user(f"{n}@example.com", n) for n in ("ann", "bo", "cy"))]
    game = start_game(players, seed="ft-web-3p")
    rng = random.Random(5)
    moves = 0
    while projection(game).to_act:
        p = projection(game)
        seat = p.to_act[0]
        post_move(seat_client(game, seat, players), game, seat, RULES.random_move(p.state, seat, rng),
                  use_text=False)
        moves += 1
        assert moves < 1500
    game.refresh_from_db()
    assert game.status == "finished" and game.result["winners"]
