"""Bad input on every POST: a clear message on the page, nothing recorded, never a 500."""

from __future__ import annotations

import html as htmllib

import pytest
from django.test import Client
from django.urls import reverse

from games.models import ChatMessage, Event, Game, Seat
from tests.web.conftest import client_for, form_meta, projection, seat_client

pytestmark = pytest.mark.django_db


def page(client: Client, game: Game) -> str:
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def assert_refused(response, text: str, events_before: int, status: int = 400) -> None:
    body = htmllib.unescape(response.content.decode())
    assert response.status_code == status, body[:2000]
    assert text in body, body[:4000]
    assert Event.objects.count() == events_before


@pytest.fixture
def bidder(running_game, three_players):
    client = seat_client(running_game, 0, three_players)
    return client


def test_illegal_bid_as_text(running_game, bidder):
    url = reverse("games:move", args=[running_game.pk])
    meta = form_meta(page(bidder, running_game), url)
    before = Event.objects.count()
    response = bidder.post(url, {"text": "printer g", **meta})
    assert_refused(response, "every token must be bid", before)
    assert "Your move was not recorded" in response.content.decode()
    # The typed text is kept in the box so it can be corrected.
    assert 'value="printer g"' in response.content.decode()


def test_unparseable_text(running_game, bidder):
    url = reverse("games:move", args=[running_game.pk])
    before = Event.objects.count()
    response = bidder.post(url, {"text": "dragon 3g", **form_meta(page(bidder, running_game), url)})
    assert_refused(response, "'dragon' is not a character or a token", before)


def test_empty_text(running_game, bidder):
    url = reverse("games:move", args=[running_game.pk])
    before = Event.objects.count()
    response = bidder.post(url, {"text": "", **form_meta(page(bidder, running_game), url)})
    assert_refused(response, "Your move: This field is required", before)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("bid-general-gold", "-2", "counts cannot be negative"),
        ("bid-dragon-gold", "1", "there is no character 'dragon' on the bid board"),
        ("bid-general-gold", "abc", "'abc' Gold on the General is not a whole number"),
        ("bid-general-jewels", "1", "'jewels' is not a token"),
        ("bid-general-gold", "100000", "more than the box holds"),
    ],
)
def test_tampered_bid_form(running_game, bidder, field, value, message):
    url = reverse("games:play", args=[running_game.pk])
    data = {"action": "bid", "bid-printer-force": "1", "bid-printer-blackmail": "1", field: value,
            **form_meta(page(bidder, running_game), url)}
    before = Event.objects.count()
    assert_refused(bidder.post(url, data), message, before)


def test_bid_form_with_wrong_budget(running_game, bidder):
    url = reverse("games:play", args=[running_game.pk])
    data = {"action": "bid", "bid-printer-gold": "5", **form_meta(page(bidder, running_game), url)}
    before = Event.objects.count()
    response = bidder.post(url, data)
    assert_refused(response, "you hold 1 Force, 1 Blackmail, 3 Gold but your bid uses 5 Gold", before)
    # The form comes back with what was typed.
    assert 'name="bid-printer-gold" value="5"' in response.content.decode()


def test_form_without_action(running_game, bidder):
    url = reverse("games:play", args=[running_game.pk])
    before = Event.objects.count()
    response = bidder.post(url, {"bid-printer-gold": "3", **form_meta(page(bidder, running_game), url)})
    assert_refused(response, "the form did not say what it is for", before)


def test_tampered_meta_fields(running_game, bidder):
    url = reverse("games:move", args=[running_game.pk])
    meta = form_meta(page(bidder, running_game), url)
    before = Event.objects.count()
    response = bidder.post(url, {"text": "printer f b 3g", **meta, "expected_version": "x"})
    assert_refused(response, "Enter a whole number", before)
    response = bidder.post(url, {"text": "printer f b 3g", **meta, "expected_version": "-1"})
    assert_refused(response, "greater than or equal to 0", before)
    response = bidder.post(url, {"text": "printer f b 3g", "expected_version": meta["expected_version"]})
    assert_refused(response, "This field is required", before)
    response = bidder.post(url, {"text": "printer f b 3g", **meta, "idempotency_key": "<script>alert(1)</script>"})
    assert_refused(response, "the form's key was altered", before)


def test_expected_version_from_the_future(running_game, bidder):
    url = reverse("games:move", args=[running_game.pk])
    meta = form_meta(page(bidder, running_game), url)
    meta["expected_version"] = str(int(meta["expected_version"]) + 50)
    before = Event.objects.count()
    assert_refused(bidder.post(url, {"text": "printer f b 3g", **meta}), "the form does not match this game",
                   before)


def _to_choice(game: Game, players) -> int:
    """Play the first round so that seat 0 must choose a Spy target; return the version before."""
    version = projection(game).version
    for seat, text in enumerate(["spy f b 3g", "printer f b 3g", "priest f b 3g"]):
        client = seat_client(game, seat, players)
        url = reverse("games:move", args=[game.pk])
        html = page(client, game)
        assert client.post(url, {"text": text, "confirm": "1", **form_meta(html, url)}).status_code == 302
    assert projection(game).state["phase"] == "choice" and projection(game).to_act == [0]
    return version


def test_stale_form_after_the_game_moved_on(running_game, three_players):
    game = running_game
    client = seat_client(game, 1, three_players)
    url = reverse("games:move", args=[game.pk])
    stale = form_meta(page(client, game), url)
    _to_choice(game, three_players)
    before = Event.objects.count()
    response = client.post(url, {"text": "printer f b 3g", **stale})
    assert_refused(response, "the game moved on since you looked at it", before)


def test_another_seats_choice(running_game, three_players):
    game = running_game
    _to_choice(game, three_players)
    intruder = seat_client(game, 2, three_players)
    url = reverse("games:play", args=[game.pk])
    meta = {"expected_version": str(projection(game).version), "idempotency_key": "abcdefgh12345"}
    before = Event.objects.count()
    response = intruder.post(url, {"action": "spy", "target": "cathedral:green", **meta})
    assert_refused(response, "the resolution waits for Red (seat 1), who won the Spy", before)
    response = intruder.post(url, {"action": "pass", **meta})
    assert_refused(response, "the resolution waits for Red (seat 1)", before)


def test_spy_on_own_cube_and_bad_target(running_game, three_players):
    game = running_game
    _to_choice(game, three_players)
    chooser = seat_client(game, 0, three_players)
    url = reverse("games:play", args=[game.pk])
    meta = form_meta(page(chooser, game), url)
    before = Event.objects.count()
    assert_refused(chooser.post(url, {"action": "spy", "target": "moon:green", **meta}),
                   "'moon' is not an area of the board", before)
    assert_refused(chooser.post(url, {"action": "spy", "target": "cathedral:purple", **meta}),
                   "'purple' is not a colour in this game", before)
    assert_refused(chooser.post(url, {"action": "spy", "target": "fortress:blue", **meta}),
                   "Blue has no cube in the Fortress", before)


def test_form_for_a_game_the_user_is_not_in(running_game, make_user):
    outsider = client_for(make_user("zed@example.com", "Zed"))
    before = Event.objects.count()
    meta = {"expected_version": str(projection(running_game).version), "idempotency_key": "abcdefgh12345"}
    response = outsider.post(reverse("games:move", args=[running_game.pk]), {"text": "printer f b 3g", **meta})
    assert_refused(response, f"you are not playing in game #{running_game.pk}", before)
    response = outsider.post(reverse("games:play", args=[running_game.pk]),
                             {"action": "bid", "bid-printer-gold": "3", **meta})
    assert_refused(response, f"you are not playing in game #{running_game.pk}", before, status=403)
    response = outsider.post(reverse("games:chat", args=[running_game.pk]), {"text": "hello"})
    assert_refused(response, "only the game's players can post in its chat", before)
    response = outsider.post(reverse("games:resign", args=[running_game.pk]), {"confirm": "on"})
    assert_refused(response, f"you are not playing in game #{running_game.pk}", before)
    assert not ChatMessage.objects.exists()


def test_unknown_game_is_a_404_page(bidder):
    before = Event.objects.count()
    for name in ("games:detail", "games:replay"):
        response = bidder.get(reverse(name, args=[999999]))
        assert response.status_code == 404
        assert "There is no game #999999" in response.content.decode()
    meta = {"expected_version": "1", "idempotency_key": "abcdefgh12345"}
    for name in ("games:move", "games:play", "games:join", "games:leave", "games:resign", "games:chat"):
        response = bidder.post(reverse(name, args=[999999]), {"text": "x", **meta})
        assert response.status_code == 404
        assert "There is no game #999999" in response.content.decode()
    assert Event.objects.count() == before
    assert bidder.get(reverse("games:create", args=["chess"])).status_code == 404


def test_get_on_post_only_urls_is_405(running_game, bidder):
    before = Event.objects.count()
    for name in ("games:move", "games:play", "games:join", "games:leave", "games:resign", "games:chat"):
        response = bidder.get(reverse(name, args=[running_game.pk]))
        assert response.status_code == 405
        assert response["Allow"] == "POST"
        assert "only accepts form submissions" in response.content.decode()
    assert Event.objects.count() == before


def test_anonymous_post_goes_to_sign_in(running_game):
    before = Event.objects.count()
    response = Client().post(reverse("games:move", args=[running_game.pk]), {"text": "printer f b 3g"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert Event.objects.count() == before


def test_same_form_twice_records_once(running_game, bidder):
    url = reverse("games:move", args=[running_game.pk])
    data = {"text": "printer f b 3g", **form_meta(page(bidder, running_game), url)}
    before = Event.objects.count()
    assert bidder.post(url, data).status_code == 302
    response = bidder.post(url, data, follow=True)
    assert "That form had already been sent" in response.content.decode()
    assert Event.objects.count() == before + 1


def test_join_started_game_and_join_twice(running_game, three_players, make_user):
    before = Event.objects.count()
    late = client_for(make_user("late@example.com", "Late"))
    response = late.post(reverse("games:join", args=[running_game.pk]), follow=True)
    assert f"game #{running_game.pk} has already started" in response.content.decode()
    assert Event.objects.count() == before
    # Leaving a started game is refused too.
    response = three_players[0][1].post(reverse("games:leave", args=[running_game.pk]), follow=True)
    assert "the game has started; use resign instead" in response.content.decode()
    assert Seat.objects.filter(game=running_game).count() == 3


def test_create_form_rejects_bad_player_count(three_players):
    client = three_players[0][1]
    before = Game.objects.count()
    response = client.post(reverse("games:create", args=["revolution"]), {"num_players": "9"})
    assert response.status_code == 400
    assert "Select a valid choice. 9 is not one of the available choices." in htmllib.unescape(
        response.content.decode())
    assert Game.objects.count() == before


def test_empty_chat_is_refused(running_game, bidder):
    response = bidder.post(reverse("games:chat", args=[running_game.pk]), {"text": "   "})
    assert response.status_code == 400
    assert "Your message was not posted" in response.content.decode()
    assert not ChatMessage.objects.exists()
