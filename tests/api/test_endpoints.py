"""Every endpoint, through the API as a client sees it: what players can do on the web and by mail."""

from __future__ import annotations

import datetime

from games import selectors, services
from games.models import Event, Game, Projection, Seat
from tests.api.conftest import ApiClient, client_of_seat, start_revolution


def test_create_join_and_the_game_starts_with_the_last_seat(trio):
    (ada, a), (_, b), (_, c) = trio
    made = a.post("/api/games", {"rules": "revolution", "num_players": 3})
    assert made.status_code == 201
    body = made.json()
    assert body["status"] == "open" and body["my_seat"] is None and body["seats"][0]["name"] == "Ada"
    game_id = body["id"]
    assert [g["id"] for g in b.get("/api/games/open").json()] == [game_id]
    b.post(f"/api/games/{game_id}/join", {})
    started = c.post(f"/api/games/{game_id}/join", {"entropy": "cafe" * 16}).json()
    assert started["status"] == "active" and started["my_seat"] is not None
    assert started["view"] is not None


def test_my_games_say_whose_turn_it_is(trio):
    game_id = start_revolution(trio)
    for user, client in trio:
        games = client.get("/api/games").json()
        assert [g["id"] for g in games] == [game_id]
        seat = Seat.objects.get(game_id=game_id, user=user).index
        assert games[0]["my_seat"] == seat
        assert games[0]["my_turn"] == (seat in Projection.objects.get(pk=game_id).to_act)
    assert trio[0][1].get("/api/games", status="finished").json() == []
    bad = trio[0][1].get("/api/games", status="won")
    assert bad.status_code == 400 and "open, active, finished, aborted" in bad.json()["detail"]


def test_the_game_as_my_seat_sees_it_is_the_rules_view(trio):
    game_id = start_revolution(trio)
    game = Game.objects.get(pk=game_id)
    for seat in range(3):
        body = client_of_seat(game_id, seat, trio).get(f"/api/games/{game_id}").json()
        assert body["my_seat"] == seat
        assert body["view"] == selectors.seat_view(game, seat)
        assert body["description"] == selectors.seat_description(game, seat)


def test_a_stranger_sees_the_spectators_view(trio, make_player):
    game_id = start_revolution(trio)
    _, eve = make_player("Eve")
    body = eve.get(f"/api/games/{game_id}").json()
    assert body["my_seat"] is None and body["view"] == selectors.seat_view(Game.objects.get(pk=game_id), None)
    refused = eve.post(f"/api/games/{game_id}/moves", {"text": "anything"})
    assert refused.status_code == 403 and refused.json()["code"] == "not_a_player"


def test_choices_list_legal_moves_and_a_move_as_text_is_accepted_with_its_receipt(trio):
    game_id = start_revolution(trio)
    seat = Projection.objects.get(pk=game_id).to_act[0]
    client = client_of_seat(game_id, seat, trio)
    offered = client.get(f"/api/games/{game_id}/choices", limit=5).json()
    assert offered["awaited"] and offered["decision"]["seat"] == seat
    assert 0 < len(offered["legal_moves"]) <= 5 and offered["notation"]
    text = offered["legal_moves"][0]["text"]
    answer = client.post(f"/api/games/{game_id}/moves", {"text": text, "expected_version": offered["version"]})
    assert answer.status_code == 200, answer.content
    receipt = answer.json()
    event = Event.objects.get(game_id=game_id, seq=receipt["seq"])
    assert receipt["hash"] == event.hash and event.source == "api" and event.payload["move"] == receipt["move"]
    assert receipt["duplicate"] is False and receipt["version"] >= receipt["seq"]


def test_a_move_as_canonical_json_is_accepted(trio):
    game_id = start_revolution(trio)
    seat = Projection.objects.get(pk=game_id).to_act[0]
    client = client_of_seat(game_id, seat, trio)
    move = client.get(f"/api/games/{game_id}/choices").json()["legal_moves"][-1]["move"]
    answer = client.post(f"/api/games/{game_id}/moves", {"move": move})
    assert answer.status_code == 200 and answer.json()["move"] == move


def test_an_idempotency_key_makes_a_resubmission_harmless(trio):
    game_id = start_revolution(trio)
    seat = Projection.objects.get(pk=game_id).to_act[0]
    client = client_of_seat(game_id, seat, trio)
    text = client.get(f"/api/games/{game_id}/choices").json()["legal_moves"][0]["text"]
    first = client.post(f"/api/games/{game_id}/moves", {"text": text}, headers={"Idempotency-Key": "k-1"}).json()
    events = Event.objects.filter(game_id=game_id).count()
    again = client.post(f"/api/games/{game_id}/moves", {"text": text}, headers={"Idempotency-Key": "k-1"})
    assert again.status_code == 200
    assert again.json()["duplicate"] is True and again.json()["seq"] == first["seq"]
    assert Event.objects.filter(game_id=game_id).count() == events


def test_a_stale_expected_version_is_refused_and_changes_nothing(make_player, toy_rules):
    # The toy game: secret picks by everyone, then the round's seat must "ack" (a sequential choice).
    players = [make_player("Ada"), make_player("Brook")]
    (_, a), (_, b) = players
    game_id = a.post("/api/games", {"rules": "toy", "num_players": 2}).json()["id"]
    b.post(f"/api/games/{game_id}/join")
    for seat in (0, 1):
        client_of_seat(game_id, seat, players).post(f"/api/games/{game_id}/moves", {"text": str(seat + 1)})
    acking = Projection.objects.get(pk=game_id).to_act
    assert len(acking) == 1
    client = client_of_seat(game_id, acking[0], players)
    seen = client.get(f"/api/games/{game_id}/choices").json()
    events = Event.objects.filter(game_id=game_id).count()
    answer = client.post(f"/api/games/{game_id}/moves", {"text": seen["legal_moves"][0]["text"],
                                                         "expected_version": seen["version"] - 1})
    assert answer.status_code == 409
    assert answer.json()["code"] == "stale_version"
    assert answer.json()["detail"].startswith("the game moved on since you looked at it")
    assert Event.objects.filter(game_id=game_id).count() == events
    fresh = client.post(f"/api/games/{game_id}/moves", {"text": seen["legal_moves"][0]["text"],
                                                        "expected_version": seen["version"]})
    assert fresh.status_code == 200


def test_an_illegal_move_gets_the_players_message(trio):
    game_id = start_revolution(trio)
    seat = Projection.objects.get(pk=game_id).to_act[0]
    client = client_of_seat(game_id, seat, trio)
    answer = client.post(f"/api/games/{game_id}/moves", {"text": "fly to the moon"})
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "illegal_move" and "'fly'" in body["detail"]
    try:
        services.submit_move(game_id=game_id, seat=seat, text="fly to the moon")
    except Exception as refusal:  # the same refusal the web and mail give
        assert str(refusal) == body["detail"]
    both = client.post(f"/api/games/{game_id}/moves", {"text": "x", "move": {"a": 1}})
    assert both.status_code == 400 and "not both" in both.json()["detail"]
    garbled = client.post(f"/api/games/{game_id}/moves", {"move": {"no": ["such", "move"]}})
    assert garbled.status_code == 400 and garbled.json()["code"] == "illegal_move"


def test_bad_requests_are_json_errors_not_500s(trio):
    _, a = trio[0]
    assert a.get("/api/games/99999").status_code == 404
    assert a.get("/api/games/99999").json()["detail"] == "there is no game #99999"
    for body in ({"rules": "chess", "num_players": 2}, {"rules": "revolution", "num_players": 9},
                 {"rules": "revolution", "num_players": 3, "options": {"nope": True}},
                 {"rules": "revolution", "num_players": 3, "time_control": {"move": -5}},
                 {"rules": "revolution", "num_players": 3, "time_control": {"moves": 5}},
                 {"rules": "revolution", "num_players": "three"}, [1, 2]):
        answer = a.post("/api/games", body)
        assert answer.status_code in (400, 422), (body, answer.content)
        assert answer.json()["detail"] and answer.json()["code"]
    raw = a.client.post("/api/games", "{not json", content_type="application/json",
                        headers={"Authorization": f"Bearer {a.token}"})
    assert raw.status_code in (400, 422) and "detail" in raw.json()
    assert a.post("/api/games", {"rules": "revolution", "num_players": 3, "entropy": "no spaces!"}).status_code == 400
    assert not Game.objects.exists()


def test_log_chat_and_resign(trio):
    game_id = start_revolution(trio)
    (_, a), (_, b), (_, c) = trio
    log = a.get(f"/api/games/{game_id}/log").json()
    assert log[0]["kind"] == "game_started" or any(e["kind"] == "game_started" for e in log)
    assert all(e["summary"] for e in log)
    posted = b.post(f"/api/games/{game_id}/chat", {"text": "good luck"})
    assert posted.status_code == 201
    assert [m["text"] for m in c.get(f"/api/games/{game_id}/chat").json()] == ["good luck"]
    assert b.post(f"/api/games/{game_id}/chat", {"text": "   "}).json()["detail"] == "an empty message was not posted"
    for client in (a, b):
        assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    again = a.post(f"/api/games/{game_id}/resign")
    assert again.status_code == 400 and "already resigned" in again.json()["detail"]
    last = c.post(f"/api/games/{game_id}/resign").json()
    assert last["status"] == "aborted"


def test_leave_and_start(make_player):
    (_, a), (_, b) = make_player("Ada"), make_player("Brook")
    game_id = a.post("/api/games", {"rules": "revolution", "num_players": 3}).json()["id"]
    b.post(f"/api/games/{game_id}/join")
    assert b.post(f"/api/games/{game_id}/leave").json()["seats"] == [{"index": None, "name": "Ada",
                                                                      "resigned": False}]
    early = a.post(f"/api/games/{game_id}/start")
    assert early.status_code == 400 and "needs 3 players" in early.json()["detail"]
    assert b.post(f"/api/games/{game_id}/start").status_code == 403


def test_extensions_and_vacation(make_player):
    players = [make_player(n) for n in ("Ada", "Brook", "Cyd")]
    (_, a), *others = players
    game_id = a.post("/api/games", {"rules": "revolution", "num_players": 3,
                                    "time_control": {"move": 86400, "extensions": 1}}).json()["id"]
    for _, client in others:
        client.post(f"/api/games/{game_id}/join")
    seat = Projection.objects.get(pk=game_id).to_act[0]
    client = client_of_seat(game_id, seat, players)
    before = Projection.objects.get(pk=game_id).deadline
    extended = client.post(f"/api/games/{game_id}/extend")
    assert extended.status_code == 200
    assert Projection.objects.get(pk=game_id).deadline > before
    used = client.post(f"/api/games/{game_id}/extend")
    assert used.status_code == 400 and "used all 1 extensions" in used.json()["detail"]
    until = (datetime.date.today() + datetime.timedelta(days=3)).isoformat()
    away = client.post("/api/vacation", {"until": until})
    assert away.status_code == 200 and away.json()["away"] is True
    assert client.get("/api/vacation").json()["until"] == until
    assert client.post("/api/vacation", {"until": "soon"}).json()["code"] == "bad_date"
    assert client.delete("/api/vacation").json()["away"] is False
    assert client.delete("/api/vacation").json()["detail"] == "you are not on vacation"


def test_the_rules_list_and_me(make_player):
    _, a = make_player("Ada", scope="read")
    slugs = [r["slug"] for r in a.get("/api/rules").json()]
    assert "revolution" in slugs and len(slugs) >= 5
    assert a.get("/api/me").json() == {"id": a.get("/api/me").json()["id"], "name": "Ada", "time_zone": "UTC",
                                       "token_name": "Ada's bot", "scope": "read"}


def test_rate_limits_per_token(make_player, settings):
    settings.API_RATE_LIMIT = "3/min"
    _, a = make_player("Ada")
    _, b = make_player("Brook")
    assert [a.get("/api/me").status_code for _ in range(3)] == [200, 200, 200]
    limited = a.get("/api/me")
    assert limited.status_code == 429
    assert limited.json()["code"] == "rate_limited" and int(limited["Retry-After"]) >= 1
    assert b.get("/api/me").status_code == 200, "another token has its own count"


def test_a_record_is_published_only_when_the_game_is_over(trio):
    game_id = start_revolution(trio)
    anyone = ApiClient(None)
    early = anyone.get(f"/api/games/{game_id}/record")
    assert early.status_code == 409 and "published when it ends" in early.json()["detail"]
    for _, client in trio:
        client.post(f"/api/games/{game_id}/resign")
    record = anyone.get(f"/api/games/{game_id}/record").json()
    assert record["format"] == "ravenpost-game-record/1"
    assert record["events"][-1]["kind"] == "seed_revealed"


def test_replay_as_my_seat_while_running_and_as_any_seat_after_the_end(trio):
    game_id = start_revolution(trio)
    seat = Seat.objects.get(game_id=game_id, user=trio[0][0]).index
    _, a = trio[0]
    mine = a.get(f"/api/games/{game_id}/replay", step=1, seat=seat)
    assert mine.status_code == 200 and mine.json()["seat"] == seat and mine.json()["step"] == 1
    other = (seat + 1) % 3
    refused = a.get(f"/api/games/{game_id}/replay", seat=other)
    assert refused.status_code == 403 and "only as your own seat" in refused.json()["detail"]
    for _, client in trio:
        client.post(f"/api/games/{game_id}/resign")
    after = a.get(f"/api/games/{game_id}/replay", seat=other).json()
    assert after["seat"] == other and after["view"] == selectors.replay_at(
        Game.objects.get(pk=game_id), selectors.Viewer(None, other), None)["view"]
    assert a.get(f"/api/games/{game_id}/replay", seat=7).status_code == 400


def test_numbers_too_large_for_the_database_are_refused_not_failed(trio):
    _, a = trio[0]
    game_id = start_revolution(trio)
    huge = 10**23
    for path in (f"/api/games/{huge}", f"/api/games/{huge}/events?wait=0", f"/api/games/{game_id}/events?after={huge}"):
        answer = a.get(path)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid_request", path
    assert a.post(f"/api/games/{huge}/join", {}).status_code == 422
    assert a.post(f"/api/games/{game_id}/moves", {"text": "x", "expected_version": huge}).status_code == 422
    assert a.get("/api/games/0").status_code == 422


def test_public_records_are_limited_per_client_address_behind_the_proxy(trio, settings):
    game_id = start_revolution(trio)
    for _, client in trio:
        client.post(f"/api/games/{game_id}/resign")
    settings.API_RATE_LIMIT = "2/min"
    settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER = "X-Real-IP"
    from django.test import Client

    web = Client()
    path = f"/api/games/{game_id}/record"
    assert [web.get(path, headers={"X-Real-IP": "192.0.2.1"}).status_code for _ in range(3)] == [200, 200, 429]
    assert web.get(path, headers={"X-Real-IP": "192.0.2.2"}).status_code == 200
