"""The event store: append-only in the model and in the database, hash chain, replay and verify."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction

from accounts.models import User
from games import services
from games.models import Event, ImmutableEventError, Projection
from games.records import RecordError, replay_record, verify_chain
from games.exports import export_record
from games.rules import state_hash

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(toy_rules):
    users = [User.objects.create_user(email=f"s{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="store-seed")
    services.game_join(game_id=game.pk, user=users[1])
    services.submit_move(game_id=game.pk, seat=0, move=2)
    services.submit_move(game_id=game.pk, seat=1, move=3)
    return game


def test_model_refuses_update_and_delete(game):
    event = Event.objects.filter(game=game).first()
    event.kind = "tampered"
    with pytest.raises(ImmutableEventError, match="cannot be updated"):
        event.save()
    with pytest.raises(ImmutableEventError, match="cannot be deleted"):
        event.delete()
    with pytest.raises(ImmutableEventError):
        Event.objects.filter(game=game).update(kind="x")
    with pytest.raises(ImmutableEventError):
        Event.objects.filter(game=game).delete()


def test_database_refuses_update_and_delete(game):
    table = Event._meta.db_table
    for sql in (f"UPDATE {table} SET kind = 'tampered'", f"DELETE FROM {table}"):
        with pytest.raises(DatabaseError, match="append-only"):
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(sql)
    assert Event.objects.filter(game=game, kind="tampered").count() == 0
    assert Event.objects.filter(game=game).count() == 6


def test_duplicate_seq_is_rejected_by_the_database(game):
    last = Event.objects.filter(game=game).last()
    clone = Event(game=game, seq=last.seq, kind="move", actor="system", source="system", payload={},
                  created_at=last.created_at, prev_hash=last.hash, hash="f" * 64)
    with pytest.raises(Exception) as info, transaction.atomic():
        clone.save()
    assert "unique" in str(info.value).lower()


def test_export_replays_with_rules_alone_to_the_same_state(game):
    record = json.loads(json.dumps(export_record(game)))
    state = replay_record(record)
    assert state_hash(state) == state_hash(Projection.objects.get(pk=game.pk).state)
    created = record["events"][0]
    assert created["kind"] == "game_created"
    assert set(created["payload"]) == {"rules", "rules_version", "options", "num_players", "seed", "time"}
    move = next(e for e in record["events"] if e["kind"] == "move")
    assert set(move) == {"seq", "kind", "seat", "source", "actor", "payload", "prev_hash", "hash", "created_at"}


def test_tampered_export_fails_verification(game):
    record = export_record(game)
    record["events"][-1]["payload"]["move"] = 1
    with pytest.raises(RecordError, match="altered"):
        verify_chain(record["events"])
    record = export_record(game)
    record["final_state_hash"] = "0" * 64
    with pytest.raises(RecordError, match="final state"):
        replay_record(record)


def test_rebuild_projections_verify_reports_none_then_finds_drift(game, capsys):
    call_command("rebuild_projections", "--verify")
    assert "0 differences" in capsys.readouterr().out
    Projection.objects.filter(pk=game.pk).update(state={"scores": [99, 0]}, to_act=[])
    with pytest.raises(CommandError, match="differences found"):
        call_command("rebuild_projections", "--verify")
    out = capsys.readouterr().out
    assert "projected state differs" in out
    call_command("rebuild_projections")
    call_command("rebuild_projections", "--verify")
    assert "0 differences" in capsys.readouterr().out


def test_new_game_and_export_game_commands(toy_rules, capsys):
    call_command("new_game", "toy", "--player", "a@example.org", "--player", "b@example.org",
                 "--option", "target=4", "--seed", "cmd-seed")
    game_id = int(capsys.readouterr().out.strip())
    projection = Projection.objects.get(pk=game_id)
    assert projection.to_act == [0, 1]
    from allauth.account.models import EmailAddress
    assert EmailAddress.objects.filter(email="a@example.org", verified=True).exists()
    call_command("export_game", str(game_id))
    record = json.loads(capsys.readouterr().out)
    assert record["events"][0]["payload"]["options"] == {"target": 4}
    assert record["events"][0]["payload"]["seed"] == "cmd-seed"
    with pytest.raises(CommandError, match="has no option 'colour'"):
        call_command("new_game", "toy", "--player", "a@example.org", "--player", "c@example.org",
                     "--option", "colour=red")
    with pytest.raises(CommandError, match="no game called 'chess'"):
        call_command("new_game", "chess", "--player", "a@example.org")


def test_a_snapshot_read_afresh_is_the_projection_as_the_orm_reads_it(toy_rules):
    """A move's snapshot read (compiled once, prepared) gives every field the ORM gives, datetimes and JSON
    included, and nothing for a game that is not there."""
    from dataclasses import asdict

    from games import store
    from tests.core.test_deadlines import timed_game

    game = timed_game(toy_rules, move=3600)
    services.submit_move(game_id=game.pk, seat=0, move=2)
    fresh = store.load_snapshot(game.pk, fresh=True)
    orm = store._snapshot_from(Projection.objects.filter(pk=game.pk))
    assert fresh is not None and orm is not None
    assert asdict(fresh) == asdict(orm)
    assert fresh.deadline is not None and fresh.deadline.tzinfo is not None and fresh.time_control
    assert fresh.state == Projection.objects.get(pk=game.pk).state and fresh.version > 1
    assert store.load_snapshot(game.pk + 1000, fresh=True) is None
