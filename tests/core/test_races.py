"""Two submissions racing for the same turn: exactly one event, and a clear 'moved on' answer."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts.models import User
from games import services, store
from games.models import Event, Projection


def ack_position(toy_rules):
    users = [User.objects.create_user(email=f"r{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="race-seed")
    services.game_join(game_id=game.pk, user=users[1])
    services.submit_move(game_id=game.pk, seat=0, move=1)
    services.submit_move(game_id=game.pk, seat=1, move=2)
    projection = Projection.objects.get(pk=game.pk)
    return game, projection.to_act[0], projection.version


@pytest.mark.django_db
def test_stale_writer_elsewhere_gets_game_moved_on_and_writes_nothing(toy_rules):
    game, acker, version = ack_position(toy_rules)
    stale = store.load_snapshot(game.pk)  # what a second web process still has in memory
    services.submit_move(game_id=game.pk, seat=acker, move="ack", expected_version=version)
    events = Event.objects.filter(game=game).count()
    store._remember(stale)
    with pytest.raises(services.GameMovedOn, match="the game moved on since you looked at it"):
        services.submit_move(game_id=game.pk, seat=acker, move="ack", expected_version=version)
    assert Event.objects.filter(game=game).count() == events


@pytest.mark.django_db
def test_stale_cache_never_refuses_a_legal_move(toy_rules):
    game, acker, version = ack_position(toy_rules)
    stale = store.load_snapshot(game.pk)
    services.submit_move(game_id=game.pk, seat=acker, move="ack")
    store._remember(stale)  # this process missed the ack; a new round's pick is legal now
    result = services.submit_move(game_id=game.pk, seat=0, move=3)
    assert result.seq == Projection.objects.get(pk=game.pk).version


@pytest.mark.django_db
def test_a_cache_older_than_the_players_page_is_read_again_without_asking_anything_else(toy_rules):
    """The page a move is posted from showed a later version than this process's cached snapshot (another
    process wrote it): the move is checked against a fresh read at once, with no look-up of its key first."""
    from django.test.utils import CaptureQueriesContext

    game, acker, version = ack_position(toy_rules)
    stale = store.load_snapshot(game.pk)
    services.submit_move(game_id=game.pk, seat=acker, move="ack")
    store._remember(stale)  # the ack was written by another process
    seen = Projection.objects.get(pk=game.pk).version
    with CaptureQueriesContext(connection) as queries:
        result = services.submit_move(game_id=game.pk, seat=0, move=3, expected_version=seen,
                                      idempotency_key="k-after-ack")
    assert result.seq == seen + 1 and not result.duplicate
    lookups = [q["sql"] for q in queries.captured_queries
               if q["sql"].lstrip().upper().startswith("SELECT") and '"idempotency_key" =' in q["sql"]]
    assert lookups == [], lookups


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="needs a server database for real concurrency")
def test_threads_racing_for_one_turn_record_one_event(toy_rules):
    game, acker, version = ack_position(toy_rules)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def racer() -> None:
        store._SNAPSHOTS.clear()
        try:
            barrier.wait()
            services.submit_move(game_id=game.pk, seat=acker, move="ack", expected_version=version)
            outcomes.append("ok")
        except services.GameMovedOn as error:
            outcomes.append(f"moved on: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=racer) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(o[:8] for o in outcomes) == ["moved on", "ok"], outcomes
    assert Event.objects.filter(game=game, kind="move", seat=acker, payload__move="ack").count() == 1
