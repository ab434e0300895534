"""``events?after=seq``: a bounded long poll that answers as soon as the game moves on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from api import live
from games import services
from games.models import Event, Projection
from tests.api.conftest import client_of_seat, start_revolution


class FakeTime:
    """A clock that only moves when the poll pauses; ``on_pause`` runs at each pause (a move "meanwhile")."""

    def __init__(self, on_pause: Any = None) -> None:
        self.now = 1000.0
        self.pauses: list[float] = []
        self.on_pause = on_pause

    def clock(self) -> float:
        return self.now

    def pause(self, seconds: float) -> None:
        assert seconds > 0, "a poll that does not pause is a busy loop"
        self.pauses.append(seconds)
        self.now += seconds
        if self.on_pause:
            self.on_pause(len(self.pauses))


@pytest.fixture
def fake_time(monkeypatch):
    def install(on_pause: Any = None) -> FakeTime:
        fake = FakeTime(on_pause)
        monkeypatch.setattr(live, "clock", fake.clock)
        monkeypatch.setattr(live, "pause", fake.pause)
        return fake

    return install


def test_past_events_come_at_once_told_as_my_seat_may_know_them(trio, fake_time):
    game_id = start_revolution(trio)
    fake = fake_time()
    seat = Projection.objects.get(pk=game_id).to_act[0]
    client = client_of_seat(game_id, seat, trio)
    answer = client.get(f"/api/games/{game_id}/events", after=0).json()
    assert fake.pauses == []
    assert [e["seq"] for e in answer["events"]] == list(range(1, answer["version"] + 1))
    assert answer["my_turn"] is True and answer["timed_out"] is False
    assert all(e["summary"] for e in answer["events"])
    assert all("payload" not in e for e in answer["events"])


def test_a_wait_with_nothing_new_is_bounded_and_slows_down(trio, fake_time):
    game_id = start_revolution(trio)
    fake = fake_time()
    version = Projection.objects.get(pk=game_id).version
    answer = trio[0][1].get(f"/api/games/{game_id}/events", after=version, wait=10).json()
    assert answer["timed_out"] is True and answer["events"] == [] and answer["version"] == version
    assert sum(fake.pauses) == pytest.approx(10)
    assert len(fake.pauses) <= 15, "the poll backs off instead of asking many times a second"
    assert fake.pauses == sorted(fake.pauses[:-1]) + fake.pauses[-1:]
    long = trio[0][1].get(f"/api/games/{game_id}/events", after=version, wait=3600).json()
    assert long["timed_out"] is True and sum(fake.pauses) == pytest.approx(10 + live.max_wait())


def test_a_waiting_player_learns_of_a_move_made_meanwhile(trio, fake_time):
    game_id = start_revolution(trio)
    projection = Projection.objects.get(pk=game_id)
    mover, waiter = projection.to_act[0], projection.to_act[1]
    move = projection.game.rules.random_move(projection.state, mover, random.Random(7))

    def move_on_second_pause(count: int) -> None:
        if count == 2:
            services.submit_move(game_id=game_id, seat=mover, move=move)

    fake = fake_time(move_on_second_pause)
    answer = client_of_seat(game_id, waiter, trio).get(f"/api/games/{game_id}/events",
                                                       after=projection.version, wait=20).json()
    assert answer.get("timed_out") is False, answer
    assert len(fake.pauses) == 2, "the answer comes at the first look after the move"
    moved = [e for e in answer["events"] if e["kind"] == "move"]
    assert len(moved) == 1 and moved[0]["seat"] == mover
    assert moved[0]["hash"] is None, "another seat's sealed move: its hash could be tested against guesses"
    assert moved[0]["summary"] == f"{moved[0]['summary'].split(' ')[0]} placed a bid"
    own = client_of_seat(game_id, mover, trio).get(f"/api/games/{game_id}/events",
                                                   after=projection.version, wait=0).json()
    assert own["events"][0]["hash"] == Event.objects.get(game_id=game_id, seq=moved[0]["seq"]).hash


def test_events_of_a_missing_game_or_a_bad_after_are_clear_errors(trio):
    _, client = trio[0]
    assert client.get("/api/games/4242/events", wait=0).status_code == 404
    game_id = start_revolution(trio)
    bad = client.get(f"/api/games/{game_id}/events", after=-1, wait=0)
    assert bad.status_code == 422 and "after" in bad.json()["detail"]
    garbled = client.get(f"/api/games/{game_id}/events", after="²", wait=0)
    assert garbled.status_code == 422 and garbled.json()["code"] == "invalid_request"


def test_the_operator_caps_the_wait(trio, fake_time, settings):
    settings.API_MAX_WAIT = 2
    game_id = start_revolution(trio)
    fake = fake_time()
    version = Projection.objects.get(pk=game_id).version
    trio[0][1].get(f"/api/games/{game_id}/events", after=version, wait=25)
    assert sum(fake.pauses) == pytest.approx(2)
    settings.API_MAX_WAIT = 0
    trio[0][1].get(f"/api/games/{game_id}/events", after=version, wait=25)
    assert sum(fake.pauses) == pytest.approx(2), "0: answers at once, never waits"


def test_the_signed_in_page_may_ask_for_news_but_a_session_never_acts(trio):
    from django.test import Client

    game_id = start_revolution(trio)
    user = trio[0][0]
    page = Client()
    page.force_login(user)
    news = page.get(f"/api/games/{game_id}/events", {"after": 0, "wait": 0})
    assert news.status_code == 200 and news.json()["events"]
    move = page.post(f"/api/games/{game_id}/moves", {"text": "x"}, content_type="application/json")
    assert move.status_code == 401
    assert Client().get(f"/api/games/{game_id}/events", {"wait": 0}).status_code == 401
