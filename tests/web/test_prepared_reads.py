"""The page's reads compiled once give what the ORM gives: the same rows, fields, related players and order."""

from __future__ import annotations

import pytest

from games import selectors, services
from games.selectors.seats import seat_rows
from games.models import ChatMessage, Game, Seat

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_game_seats_and_chat_read_as_the_orm_reads_them(running_game, three_players):
    for n, (user, _) in enumerate(three_players * 2):
        services.chat_post(game_id=running_game.pk, user=user, text=f"message {n} <b>&")
    game = selectors.game_get(running_game.pk)
    orm = Game.objects.select_related("projection").get(pk=running_game.pk)
    assert fields(game) == fields(orm)
    assert fields(game.projection) == fields(orm.projection)
    assert isinstance(game.projection.state, dict) and game.projection.state == orm.projection.state
    assert game.created_at == orm.created_at and game.created_at.tzinfo is not None

    seats = seat_rows(game)
    expected = list(Seat.objects.filter(game=running_game).select_related("user").order_by("index", "joined_at", "pk"))
    assert [fields(s) for s in seats] == [fields(s) for s in expected]
    assert [fields(s.user) for s in seats] == [fields(s.user) for s in expected]

    chat = selectors.chat_of(game)
    expected_chat = list(reversed(list(
        ChatMessage.objects.filter(game=running_game).select_related("user").order_by("-created_at")[:100])))
    assert [m.text for m in chat] == [f"message {n} <b>&" for n in range(6)]
    assert [fields(m) for m in chat] == [fields(m) for m in expected_chat]
    assert [m.user.name for m in chat] == [m.user.name for m in expected_chat]
    assert selectors.chat_of(game, limit=2) == expected_chat[-2:]


def test_a_missing_or_impossible_game_is_none(running_game):
    assert selectors.game_get(running_game.pk + 1000) is None
    assert selectors.game_get(2**70) is None
    assert selectors.game_get(-5) is None


def test_the_log_after_an_event_reads_as_the_orm_reads_it(running_game):
    from django.db.models import OuterRef, Subquery

    from games.models import Event, Narration
    from games.selectors.log import _LOG_AFTER, LOG_FIELDS
    from tests.web.test_log_rounds import play_until_round

    play_until_round(running_game, 2)
    narration = Narration.objects.filter(game=running_game, seq=OuterRef("seq")).values("texts")[:1]
    for after in (0, 3, 10**6):
        expected = list(Event.objects.filter(game=running_game, seq__gt=after).order_by("seq")
                        .annotate(narration=Subquery(narration)).values(*LOG_FIELDS, "narration"))
        assert _LOG_AFTER.dicts(running_game.pk, after) == expected
    rows = _LOG_AFTER.dicts(running_game.pk, 0)
    assert [row["seq"] for row in rows] == list(range(1, len(rows) + 1))
    assert any(isinstance(row["narration"], dict) for row in rows), "the narrations' JSON is decoded"
    assert all(isinstance(row["payload"], dict) for row in rows)
    assert _LOG_AFTER.dicts(running_game.pk, 10**6) == []


def test_json_columns_decode_as_djangos_own_even_where_the_fast_decoder_refuses(running_game):
    """JSON is decoded by orjson; what it refuses (an integer beyond 64 bits) is decoded as Django does."""
    values = {"big": 2**70, "small": -(2**63), "float": 0.1 + 0.2, "text": "é \u2028 \"q\"", "nested": [[], {}]}
    Game.objects.filter(pk=running_game.pk).update(options=values, time_control={"plain": [1, 2.5, None]})
    game = selectors.game_get(running_game.pk)
    orm = Game.objects.get(pk=running_game.pk)
    assert game.options == orm.options == values
    assert game.time_control == orm.time_control == {"plain": [1, 2.5, None]}
    assert type(game.options["big"]) is int and type(game.options["float"]) is float


def test_json_columns_are_decoded_by_orjson(running_game, monkeypatch):
    import orjson

    from config.db import compiled

    calls = []
    real = orjson.loads
    monkeypatch.setattr(compiled.orjson, "loads", lambda text: calls.append(text) or real(text))
    game = selectors.game_get(running_game.pk)
    assert game.projection.state is not None
    assert calls, "the game's JSON columns went through orjson"
