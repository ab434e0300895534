"""A whole Revolution! game played through the web forms, its secrecy, results and replay."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from games.models import Event, Game
from games.rules import get_rules
from tests.web.conftest import form_meta, projection, seat_client

pytestmark = pytest.mark.django_db
RULES = get_rules("revolution")


def bid_fields(move: dict) -> dict[str, str]:
    return {f"bid-{cid}-{kind}": str(n) for cid, tokens in move["bid"].items() for kind, n in tokens.items()}


def post_move(client, game: Game, seat: int, move: dict, *, use_text: bool) -> None:
    """Post ``move`` as a player would: via the text box or the game's own forms; confirm warnings."""
    page = client.get(reverse("games:detail", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    state = projection(game).state
    if use_text:
        url = reverse("games:move", args=[game.pk])
        data = {"text": RULES.format_move(state, seat, move), **form_meta(html, url)}
    else:
        url = reverse("games:play", args=[game.pk])
        data = {"action": move["action"], **form_meta(html, url)}
        if move["action"] == "bid":
            assert 'name="bid-general-force"' in html  # the bid form is on the page
            data.update(bid_fields(move))
        elif move["action"] == "spy":
            assert 'name="target"' in html
            data["target"] = f"{move['area']}:{move['color']}"
        elif move["action"] == "swap":
            assert 'name="first"' in html
            first, second = move["cubes"]
            data["first"] = f"{first['area']}:{first['color']}"
            data["second"] = f"{second['area']}:{second['color']}"
    before = Event.objects.filter(game=game).count()
    response = client.post(url, data)
    if response.status_code == 200 and "Are you sure?" in response.content.decode():
        # The rules warned (immune tokens or more than six characters): nothing recorded yet.
        assert Event.objects.filter(game=game).count() == before
        response = client.post(url, {**data, "confirm": "1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.filter(game=game).count() > before


def test_full_game_through_the_web(running_game, three_players):
    game = running_game
    rng = random.Random(7)
    moves = 0
    used_text = used_form = confirmed_choice = 0
    while projection(game).to_act:
        seat = projection(game).to_act[0]
        state = projection(game).state
        move = RULES.random_move(state, seat, rng)
        use_text = moves % 2 == 1
        post_move(seat_client(game, seat, three_players), game, seat, move, use_text=use_text)
        used_text += use_text
        used_form += not use_text
        confirmed_choice += move["action"] != "bid"
        moves += 1
        assert moves < 500
    game.refresh_from_db()
    assert game.status == "finished"
    assert used_text and used_form and confirmed_choice
    # Results on the page, for a player and for an anonymous spectator.
    for client in (three_players[0][1], three_players[0][1].__class__()):
        html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "Final result" in html and "Final scores" in html
        assert "Winner" in html
    # The replay opens at the end and steps back to the start.
    client = three_players[1][1]
    total = Event.objects.filter(game=game).count()
    html = client.get(reverse("games:replay", args=[game.pk])).content.decode()
    assert f"Step {total} of {total}" in html
    html = client.get(reverse("games:replay", args=[game.pk]), {"step": 1}).content.decode()
    assert f"Step 1 of {total}" in html and "game created" in html
    html = client.get(reverse("games:replay", args=[game.pk]), {"step": 5}).content.decode()
    assert f"Step 5 of {total}" in html and 'href="?step=4"' in html and 'href="?step=6"' in html
    assert 'type="range"' in html


def test_bid_form_knows_immunities_and_budget(running_game, three_players):
    game = running_game
    client = seat_client(game, 0, three_players)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    # The General is immune to Force: its Force box is disabled; its Gold box is not.
    assert re.search(r'name="bid-general-force"[^>]*disabled', html)
    assert not re.search(r'name="bid-general-gold"[^>]*disabled', html)
    # Rogue and Mercenary take Gold only.
    assert re.search(r'name="bid-rogue-blackmail"[^>]*disabled', html)
    assert re.search(r'name="bid-mercenary-force"[^>]*disabled', html)
    # The budget: 1 Force, 1 Blackmail, 3 Gold at the start.
    assert 'data-budget-force="1"' in html and 'data-budget-gold="3"' in html
    assert "1 Force" in html and "3 Gold" in html
    assert "ui/revolution/bid.js" in html


def test_secret_bid_invisible_until_reveal_and_revisable(running_game, three_players):
    game = running_game
    bidder = seat_client(game, 0, three_players)
    other = seat_client(game, 1, three_players)
    url = reverse("games:move", args=[game.pk])
    html = bidder.get(reverse("games:detail", args=[game.pk])).content.decode()
    # A distinctive bid: everything on the Apothecary (Force is immune there, so it goes on the Spy).
    response = bidder.post(url, {"text": "spy f; apothecary b 3g", "confirm": "1", **form_meta(html, url)})
    assert response.status_code == 302
    own = bidder.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "you: 1B 3G" in own  # the bidder sees their own bid on the board
    assert "Change my bid" in own  # ...and may revise it
    for client in (other, other.__class__()):  # another seat, and an anonymous spectator
        for page in ("games:detail", "games:replay"):
            html = client.get(reverse(page, args=[game.pk])).content.decode()
            assert "1B 3G" not in html and ": 1B" not in html
            assert "apothecary b 3g" not in html.lower()
    # Revise: the new bid replaces the old one, still secret.
    html = bidder.get(reverse("games:detail", args=[game.pk])).content.decode()
    response = bidder.post(url, {"text": "printer f b 3g", **form_meta(html, url)})
    assert response.status_code == 302
    own = bidder.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "you: 1F 1B 3G" in own and "you: 1B 3G" not in own
    assert "1F 1B 3G" not in other.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_warning_asks_for_confirmation_first(running_game, three_players):
    game = running_game
    client = seat_client(game, 0, three_players)
    url = reverse("games:play", args=[game.pk])
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    meta = form_meta(html, url)
    # Blackmail on the Innkeeper (immune to Blackmail): legal, but those tokens would be lost.
    data = {"action": "bid", "bid-innkeeper-blackmail": "1", "bid-general-gold": "3", "bid-captain-blackmail": "0",
            "bid-priest-force": "1", **meta}
    before = Event.objects.count()
    response = client.post(url, data)
    page = response.content.decode()
    assert response.status_code == 200 and "Are you sure?" in page and "immune to Blackmail" in page
    assert Event.objects.count() == before
    response = client.post(url, {**data, "confirm": "1"})
    assert response.status_code == 302
    assert Event.objects.count() == before + 1


def test_choice_forms_for_spy_winner(running_game, three_players):
    """Only the Spy's winner gets the choice form; the pass button ends the choice."""
    game = running_game
    bids = ["spy f b 3g", "printer f b 3g", "priest f b 3g"]
    for seat, text in enumerate(bids):
        client = seat_client(game, seat, three_players)
        html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        url = reverse("games:move", args=[game.pk])
        assert client.post(url, {"text": text, "confirm": "1", **form_meta(html, url)}).status_code == 302
    p = projection(game)
    # Nobody has cubes yet except from the Priest (cathedral); the Spy may target it.
    assert p.state["phase"] == "choice"
    chooser = p.to_act[0]
    assert chooser == 0
    html = seat_client(game, chooser, three_players).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "You won the Spy" in html and 'name="target"' in html
    for seat in range(3):
        if seat != chooser:
            other = seat_client(game, seat, three_players).get(
                reverse("games:detail", args=[game.pk])).content.decode()
            assert 'name="target"' not in other
    # The bids are revealed now: every seat (and a spectator) sees Red's bid on the Spy.
    for client in (seat_client(game, 1, three_players), seat_client(game, 1, three_players).__class__()):
        page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        # Named, with Red's chip: "Brook: 1F 1B 3G" in red.
        assert re.search(r'class="chip c-red">\w+: 1F 1B 3G', page), "Red's revealed bid is not shown"
    url = reverse("games:play", args=[game.pk])
    response = seat_client(game, chooser, three_players).post(url, {"action": "pass", **form_meta(html, url)})
    assert response.status_code == 302
    assert projection(game).state["phase"] == "bidding"
    assert projection(game).state["round"] == 2


def test_chat_and_resign(running_game, three_players):
    game = running_game
    client = seat_client(game, 0, three_players)
    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "Good luck, everyone!"})
    assert response.status_code == 302
    html = three_players[1][1].get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Good luck, everyone!" in html
    # Resign needs the confirmation box.
    response = client.post(reverse("games:resign", args=[game.pk]), {})
    assert response.status_code == 400 and "tick the box" in response.content.decode()
    response = client.post(reverse("games:resign", args=[game.pk]), {"confirm": "on"})
    assert response.status_code == 302
    assert Event.objects.filter(game=game, kind="resigned").count() == 1


def test_warning_on_typed_move_carries_the_text_into_the_confirmation(running_game, three_players):
    game = running_game
    client = seat_client(game, 1, three_players)
    url = reverse("games:move", args=[game.pk])
    meta = form_meta(client.get(reverse("games:detail", args=[game.pk])).content.decode(), url)
    before = Event.objects.count()
    response = client.post(url, {"text": "general f b 3g", **meta})
    page = response.content.decode()
    assert "Are you sure?" in page and "immune to Force" in page
    assert '<input type="hidden" name="text" value="general f b 3g">' in page
    assert Event.objects.count() == before
    confirm = {"text": "general f b 3g", "confirm": "1", **meta}
    assert client.post(url, confirm).status_code == 302
    assert Event.objects.count() == before + 1


def test_the_game_page_has_no_duplicate_ids_and_every_field_a_label(running_game, three_players):
    import re
    from collections import Counter

    html = three_players[0][1].get(f"/games/{running_game.pk}/").content.decode()
    ids = Counter(re.findall(r'\sid="([^"]+)"', html))
    assert [i for i, n in ids.items() if n > 1] == []
    for field in ("id_text", "chat_text"):
        assert f'for="{field}"' in html, field


def test_a_stale_tab_cannot_record_a_move_that_is_legal_again(toy_rules, three_players):
    """Two tabs on the same turn: the first records the move; the older one, sent later, must not record a
    second move just because the game has come round to a position where it is legal again."""
    from games import services
    from games.models import Event, Projection
    from tests.web.conftest import form_meta, seat_client

    (ada, ada_c), (brook, brook_c), _ = three_players
    game = services.game_create(rules_slug="toy", creator=ada, num_players=2, seed="stale-tab")
    services.game_join(game_id=game.pk, user=brook)
    url = f"/games/{game.pk}/"
    move = f"/games/{game.pk}/move/"
    client = seat_client(game, 0, three_players[:2])
    old_tab = form_meta(client.get(url).content.decode(), move)
    new_tab = form_meta(client.get(url).content.decode(), move)
    assert client.post(move, {"text": "1", **new_tab}).status_code == 302
    # The round finishes and a new one begins: seat 0's pick is legal again.
    services.submit_move(game_id=game.pk, seat=1, move=2)
    acker = Projection.objects.get(pk=game.pk).to_act[0]
    services.submit_move(game_id=game.pk, seat=acker, move="ack")
    assert 0 in Projection.objects.get(pk=game.pk).to_act
    events = Event.objects.filter(game=game).count()
    response = client.post(move, {"text": "3", **old_tab})
    body = response.content.decode()
    assert response.status_code == 400 and "the game moved on since you looked at it" in body
    assert Event.objects.filter(game=game).count() == events
    # Sent again from the page that refusal shows, it is recorded.
    assert client.post(move, {"text": "3", **form_meta(body, move)}).status_code == 302


def test_a_sealed_bid_may_be_revised_from_an_older_page(running_game, three_players):
    """Revolution!: a seat revising its own bid is not stale, whatever others did meanwhile."""
    from games.models import Event, Projection
    from tests.web.conftest import form_meta, seat_client

    url, move = f"/games/{running_game.pk}/", f"/games/{running_game.pk}/move/"
    ada = seat_client(running_game, 0, three_players)
    page = form_meta(ada.get(url).content.decode(), move)
    assert ada.post(move, {"text": "printer f b 3g", **page}).status_code == 302
    old_page = form_meta(ada.get(url).content.decode(), move)  # a tab left open on Ada's bid
    brook = seat_client(running_game, 1, three_players)
    assert brook.post(move, {"text": "general b; priest f; mercenary 3g",
                             **form_meta(brook.get(url).content.decode(), move)}).status_code == 302
    before = Projection.objects.get(pk=running_game.pk).version
    assert int(old_page["expected_version"]) < before
    assert ada.post(move, {"text": "spy f; apothecary b 3g", **old_page}).status_code == 302
    assert Event.objects.filter(game=running_game).count() == before + 1
