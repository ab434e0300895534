"""On the web: a finished game's record is downloadable from its page, and its replay shows any seat."""

from __future__ import annotations

from django.test import Client

from games import services
from games.exports import export_record
from games.models import Game
from ravenpost_verify import verify
from tests.records.conftest import finished_game, users


def test_a_finished_games_page_links_its_record(db, toy_rules):
    game = finished_game("toy", 2)
    page = Client().get(f"/games/{game.pk}/").content.decode()
    link = f'href="/api/games/{game.pk}/record" download="ravenpost-game-{game.pk}.json"'
    assert link in page
    record = Client().get(f"/api/games/{game.pk}/record").json()
    assert record == export_record(Game.objects.get(pk=game.pk))
    assert verify(record).ok


def test_a_running_games_page_has_no_record_and_its_replay_shows_no_other_seat(db):
    people = users(3)
    game = services.game_create(rules_slug="revolution", creator=people[0], num_players=3)
    for user in people[1:]:
        services.game_join(game_id=game.pk, user=user)
    assert "/record" not in Client().get(f"/games/{game.pk}/").content.decode()
    replay = Client().get(f"/games/{game.pk}/replay/", {"seat": "1"})
    assert replay.context["viewer"].seat is None, "before the end, ?seat= shows nobody's secrets"
    assert 'id="replay-as"' not in replay.content.decode()


def test_after_the_end_anyone_replays_as_any_seat(db, toy_rules):
    game = finished_game("toy", 2)
    for seat in (0, 1):
        answer = Client().get(f"/games/{game.pk}/replay/", {"seat": str(seat), "step": "8"})
        assert answer.status_code == 200
        assert answer.context["viewer"].seat == seat
        assert f'?step=1&amp;seat={seat}' in answer.content.decode() or f"?step=1&seat={seat}" in \
            answer.content.decode()
    for garbled in ("9", "-1", "²", "x"):
        answer = Client().get(f"/games/{game.pk}/replay/", {"seat": garbled})
        assert answer.status_code == 200 and answer.context["viewer"].seat is None


def test_web_players_send_their_own_entropy_when_they_create_and_join(db):
    from games.models import Event

    creator, joiner = users(2)
    first, second = Client(), Client()
    first.force_login(creator)
    second.force_login(joiner)
    lobby = first.get("/games/new/revolution/").content.decode()
    assert 'name="entropy" data-entropy' in lobby, "the create form carries a field the browser fills"
    response = first.post("/games/new/revolution/", {"num_players": "3", "entropy": "a" * 64})
    assert response.status_code == 302
    game_id = int(response["Location"].strip("/").split("/")[-1])
    assert 'name="entropy" data-entropy' in second.get(f"/games/{game_id}/").content.decode()
    assert second.post(f"/games/{game_id}/join/", {"entropy": "b" * 64}).status_code == 302
    joined = [event.payload for event in Event.objects.filter(game_id=game_id, kind="player_joined").order_by("seq")]
    assert [payload["entropy"] for payload in joined] == ["a" * 64, "b" * 64]


def test_bad_entropy_from_a_form_is_refused_and_the_seat_stays_free(db):
    from games.models import Seat

    creator, joiner = users(2)
    game = services.game_create(rules_slug="revolution", creator=creator, num_players=3)
    client = Client()
    client.force_login(joiner)
    response = client.post(f"/games/{game.pk}/join/", {"entropy": "not entropy!"}, follow=True)
    assert "You did not join" in response.content.decode() and "entropy" in response.content.decode()
    assert not Seat.objects.filter(game=game, user=joiner).exists()
