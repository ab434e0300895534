"""rebuild_projections: the projection, the clock's bookkeeping and the narrations come back from the events.

A game is taken through everything that writes bookkeeping (moves, timeouts, a replacement by a bot, a
substitute taking over, an extension, a vacation, a resignation, an abort); after each step
``--verify`` finds nothing, and dropping the projection and rebuilding it gives back what it held.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from games import deadlines, services, store
from games.models import Game, GameStatus, Narration, Projection, Seat
from games.store import verify_game

pytestmark = pytest.mark.django_db
HOUR = 3600
FIELDS = ("state", "version", "last_hash", "to_act", "bot_seats", "deadline", "seat_users")


def snapshot(game: Game) -> dict:
    p = Projection.objects.get(pk=game.pk)
    clock = {k: v for k, v in (p.clock or {}).items() if v}  # empty bookkeeping is no bookkeeping
    return {**{f: getattr(p, f) for f in FIELDS}, "clock": clock,
            "narrations": dict(Narration.objects.filter(game=game).values_list("seq", "texts"))}


def user_at(game: Game, seat: int) -> User:
    return Seat.objects.get(game=game, index=seat).user


def check_rebuild(game: Game) -> None:
    game.refresh_from_db()
    assert verify_game(game) == []
    before = snapshot(game)
    Projection.objects.filter(pk=game.pk).update(state=None, to_act=[], bot_seats=[], clock={}, deadline=None)
    Narration.objects.filter(game=game).delete()
    assert verify_game(game), "a damaged projection must be reported"
    store.rebuild_projection(game)
    assert snapshot(game) == before
    assert verify_game(game) == []


def test_bookkeeping_survives_a_rebuild(toy_rules):
    users = [User.objects.create_user(email=f"r{i}@example.org", display_name=f"R{i}") for i in range(4)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=3, seed="rebuild",
                                time_control={"move": HOUR, "max_timeouts": 1, "then": "bot", "extensions": 2})
    for user in users[1:3]:
        services.game_join(game_id=game.pk, user=user)
    check_rebuild(game)
    services.submit_move(game_id=game.pk, seat=0, move=3)
    services.deadline_extend(game_id=game.pk, user=user_at(game, 1))
    check_rebuild(game)
    due = Projection.objects.get(pk=game.pk).deadline + datetime.timedelta(seconds=1)
    assert deadlines.sweep(now=due) == {"timeout": 1}  # seats 1 and 2 time out and become bots
    assert Projection.objects.get(pk=game.pk).bot_seats
    check_rebuild(game)
    seat = Projection.objects.get(pk=game.pk).bot_seats[0]
    services.seat_take_over(game_id=game.pk, seat=seat, user=users[3])
    check_rebuild(game)
    services.vacation_start(user=user_at(game, 0), until=timezone.localdate() + datetime.timedelta(days=2))
    check_rebuild(game)
    services.vacation_end(user=user_at(game, 0))
    check_rebuild(game)


def test_an_aborted_game_verifies_and_rebuilds_awaiting_no_one(toy_rules, three_users):
    game = services.game_create(rules_slug="toy", creator=three_users[0], num_players=2, seed="abort")
    services.game_join(game_id=game.pk, user=three_users[1])
    services.submit_move(game_id=game.pk, seat=0, move=1)
    services.game_resign(game_id=game.pk, user=three_users[0])
    services.game_resign(game_id=game.pk, user=three_users[1])
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    check_rebuild(game)
    assert Projection.objects.get(pk=game.pk).to_act == []
    call_command("rebuild_projections", "--verify", stdout=__import__("io").StringIO())


@pytest.fixture
def three_users(db):
    return [User.objects.create_user(email=f"a{i}@example.org") for i in range(3)]


def test_the_data_migrations_store_each_recorded_games_narrations_as_the_move_path_did(toy_rules, three_users):
    from games.models import Event
    from games.narration import renarrate_recorded

    game = services.game_create(rules_slug="toy", creator=three_users[0], num_players=3, seed="renarrate")
    for user in three_users[1:]:
        services.game_join(game_id=game.pk, user=user)
    services.submit_move(game_id=game.pk, seat=0, move=3)
    services.submit_move(game_id=game.pk, seat=1, move=2)
    stored = dict(Narration.objects.filter(game=game).values_list("seq", "texts"))
    assert len(stored) == 2 and any(len(texts) > 1 for texts in stored.values()), stored  # a secret pick
    Narration.objects.filter(game=game).update(texts={"": "stale"})
    renarrate_recorded(Event, Narration)
    assert dict(Narration.objects.filter(game=game).values_list("seq", "texts")) == stored


@pytest.mark.parametrize("slug", ["revolution", "five_tribes", "five_points", "mob_town", "gangsters"])
def test_a_replay_applies_stored_moves_and_an_audit_checks_them_again(slug, monkeypatch):
    """Rebuilds from the log take each move as already checked (``apply_stored``) and reach the projection's
    state; ``verify_game`` and ``rebuild_projection`` check every move again, as an audit must."""
    import random

    from games.rules import get_rules

    rules = get_rules(slug)
    users = [User.objects.create_user(email=f"{slug}{i}@example.org", display_name=f"S{i}")
             for i in range(rules.min_players)]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=rules.min_players, seed=slug)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    rng = random.Random(5)
    for _ in range(40):
        state = Projection.objects.get(pk=game.pk).state
        awaited = rules.to_act(state)
        if not awaited:
            break
        services.submit_move(game_id=game.pk, seat=awaited[0], move=rules.random_move(state, awaited[0], rng))
    calls = {"apply": 0, "apply_stored": 0}
    for name in calls:
        method = getattr(type(rules), name)

        def counted(self, *args, _name=name, _method=method):
            calls[_name] += 1
            return _method(self, *args)
        monkeypatch.setattr(type(rules), name, counted)

    assert store.replay_game_state(game.pk) == Projection.objects.get(pk=game.pk).state
    moves = Projection.objects.get(pk=game.pk).version - rules.min_players - 2  # created, joins, started
    assert calls["apply_stored"] == moves > 0
    checked_by_replay = calls["apply"]
    game.refresh_from_db()
    assert verify_game(game) == []
    assert calls["apply"] - checked_by_replay >= moves, "the audit must apply every move with its checks"
