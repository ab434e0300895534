"""The write path: create, join, start, moves, idempotency, races, resign, outbox rows."""

from __future__ import annotations

import pytest

from accounts.models import User
from games import services
from games.models import Event, Game, GameStatus, Projection, Seat
from games.rules import IllegalMove, OptionError
from notifications.models import OutboxMessage

pytestmark = pytest.mark.django_db


def make_users(n: int) -> list[User]:
    return [User.objects.create_user(email=f"p{i}@example.org", password="x-pass-123") for i in range(n)]


def started_game(toy_rules, n: int = 3, **kwargs) -> tuple[Game, list[User]]:
    users = make_users(n)
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=n, seed="fixed-seed", **kwargs)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, users


def seat_user(game: Game, users: list[User], seat: int) -> User:
    return users[[u.pk for u in users].index(Projection.objects.get(pk=game.pk).seat_users[seat])]


def test_create_join_start_records_events_and_starts_when_full(toy_rules):
    game, users = started_game(toy_rules)
    kinds = list(Event.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds == ["game_created", "player_joined", "player_joined", "player_joined", "game_started"]
    assert game.status == GameStatus.ACTIVE
    projection = Projection.objects.get(pk=game.pk)
    assert sorted(projection.seat_users) == sorted(u.pk for u in users)
    assert projection.to_act == [0, 1, 2]
    assert sorted(Seat.objects.filter(game=game).values_list("index", flat=True)) == [0, 1, 2]
    # Everyone is told the game started, and the awaited seats that it is their turn.
    assert OutboxMessage.objects.filter(game=game, kind="game_started").count() == 3
    assert OutboxMessage.objects.filter(game=game, kind="your_turn").count() == 3


def test_seat_order_comes_from_the_seed(toy_rules):
    def seating(prefix: str, seed: str) -> list[int]:
        users = [User.objects.create_user(email=f"{prefix}{i}@example.org") for i in range(4)]
        game = services.game_create(rules_slug="toy", creator=users[0], num_players=4, seed=seed)
        for user in users[1:]:
            services.game_join(game_id=game.pk, user=user)
        seat_users = Projection.objects.get(pk=game.pk).seat_users
        return [[u.pk for u in users].index(pk) for pk in seat_users]  # join position of each seat

    assert seating("a", "seed-one") == seating("b", "seed-one")
    assert sorted(seating("c", "seed-one")) == [0, 1, 2, 3]
    orders = {tuple(seating(f"d{i}-", f"seed-{i}")) for i in range(6)}
    assert len(orders) > 1, "different seeds should not always give the same seating"


def test_bad_options_and_player_counts_are_refused_with_reasons(toy_rules):
    user = make_users(1)[0]
    with pytest.raises(OptionError, match="has no option 'speed'"):
        services.game_create(rules_slug="toy", creator=user, num_players=2, options={"speed": 3})
    with pytest.raises(IllegalMove, match="for 2 to 4 players, not 7"):
        services.game_create(rules_slug="toy", creator=user, num_players=7)
    assert Game.objects.count() == 0


def test_join_twice_or_when_full_is_refused(toy_rules):
    game, users = started_game(toy_rules, n=2)
    with pytest.raises(services.GameError, match="already started"):
        services.game_join(game_id=game.pk, user=User.objects.create_user(email="late@example.org"))


def test_move_by_text_appends_event_and_updates_projection(toy_rules):
    game, users = started_game(toy_rules)
    user = seat_user(game, users, 0)
    before = Projection.objects.get(pk=game.pk).version
    result = services.submit_move(game_id=game.pk, user=user, text=" 2 ")
    assert result.move == 2 and result.seat == 0
    event = Event.objects.get(game=game, seq=result.seq)
    assert event.kind == "move" and event.payload == {"move": 2, "text": "2"} and event.source == "web"
    projection = Projection.objects.get(pk=game.pk)
    assert projection.version == before + 1
    assert projection.to_act == [1, 2]
    assert projection.last_hash == event.hash


def test_illegal_move_changes_nothing_and_says_why(toy_rules):
    game, users = started_game(toy_rules)
    count = Event.objects.count()
    with pytest.raises(IllegalMove, match="is not a move"):
        services.submit_move(game_id=game.pk, user=seat_user(game, users, 0), text="seven")
    with pytest.raises(IllegalMove, match="pick 1, 2 or 3"):
        services.submit_move(game_id=game.pk, user=seat_user(game, users, 0), move=9)
    assert Event.objects.count() == count


def test_stranger_and_unknown_game_are_refused(toy_rules):
    game, _ = started_game(toy_rules)
    stranger = User.objects.create_user(email="stranger@example.org")
    with pytest.raises(services.NotAPlayer, match="not playing in game"):
        services.submit_move(game_id=game.pk, user=stranger, move=1)
    with pytest.raises(services.GameNotFound, match="no game #999999"):
        services.submit_move(game_id=999999, user=stranger, move=1)


def test_idempotency_key_returns_first_result_and_changes_nothing(toy_rules):
    game, users = started_game(toy_rules)
    user = seat_user(game, users, 0)
    first = services.submit_move(game_id=game.pk, user=user, move=3, idempotency_key="form-abc")
    count = Event.objects.count()
    again = services.submit_move(game_id=game.pk, user=user, move=1, idempotency_key="form-abc")
    assert again.duplicate and again.seq == first.seq and again.move == 3
    assert Event.objects.count() == count


def test_stale_submission_gets_game_moved_on(toy_rules):
    game, users = started_game(toy_rules, n=2)
    version = Projection.objects.get(pk=game.pk).version
    services.submit_move(game_id=game.pk, user=seat_user(game, users, 0), move=1)
    services.submit_move(game_id=game.pk, user=seat_user(game, users, 1), move=2)
    acker = Projection.objects.get(pk=game.pk).to_act[0]
    services.submit_move(game_id=game.pk, user=seat_user(game, users, acker), move="ack")
    # A second copy of an old page (seen at `version`) tries to pick again after the round moved on:
    # seat 0 may legally pick in the new round, so only a now-illegal move reports the change.
    with pytest.raises(services.GameMovedOn, match="the game moved on"):
        services.submit_move(game_id=game.pk, user=seat_user(game, users, acker), move="ack",
                             expected_version=version)


def test_resign_autoplays_the_seat_and_excludes_it_from_winning(toy_rules):
    game, users = started_game(toy_rules, n=2, options={"target": 3})
    quitter = seat_user(game, users, 1)
    services.game_resign(game_id=game.pk, user=quitter)
    assert Event.objects.filter(game=game, kind="resigned").count() == 1
    # The resigned seat's pick was made for it.
    auto = Event.objects.filter(game=game, kind="move", source="system")
    assert auto.count() == 1 and auto.first().seat == 1
    with pytest.raises(services.GameError, match="your seat is played automatically"):
        services.submit_move(game_id=game.pk, user=quitter, move=1)


def test_everyone_resigning_aborts_the_game(toy_rules):
    game, users = started_game(toy_rules, n=2)
    for user in users:
        services.game_resign(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    assert Event.objects.filter(game=game).last().kind == "game_aborted"


def test_game_end_writes_results_and_game_over_mail(toy_rules):
    game, users = started_game(toy_rules, n=2, options={"target": 3})
    for _ in range(50):
        projection = Projection.objects.get(pk=game.pk)
        if not projection.to_act:
            break
        for seat in projection.to_act:
            move = "ack" if projection.state["ack"] is not None else 3 if seat == 0 else 1
            services.submit_move(game_id=game.pk, seat=seat, move=move, source="system")
            projection = Projection.objects.get(pk=game.pk)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["winners"] == [0]
    assert OutboxMessage.objects.filter(game=game, kind="game_over").count() == 2
    with pytest.raises(services.GameError, match="finished"):
        services.submit_move(game_id=game.pk, seat=0, move=1)


def test_submit_moves_is_all_or_nothing_and_names_the_failing_line(toy_rules):
    game, users = started_game(toy_rules, n=2)
    user0 = seat_user(game, users, 0)
    count = Event.objects.count()
    with pytest.raises(services.CommandFailed, match=r"line 2 \('seven'\): 'seven' is not a move") as info:
        services.submit_moves(game_id=game.pk, user=user0, texts=["2", "seven"])
    assert info.value.index == 1
    assert Event.objects.count() == count
    results = services.submit_moves(game_id=game.pk, user=user0, texts=["2"], idempotency_key="mail-1")
    assert [r.move for r in results] == [2]
    again = services.submit_moves(game_id=game.pk, user=user0, texts=["3"], idempotency_key="mail-1")
    assert again[0].duplicate and again[0].move == 2
