"""Commit-reveal seeds: a commitment at creation, the players' entropy at the start, the reveal at the end."""

from __future__ import annotations

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Event, Game, Projection
from games.records import game_seed, seed_commitment
from games.rules import state_hash
from games.services import GameError
from games.store import verify_game
from ravenpost_verify import verify
from tests.records.conftest import finished_game, play_to_the_end, users
from games.exports import export_record


def payloads(game: Game) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for kind, payload in Event.objects.filter(game=game).order_by("seq").values_list("kind", "payload"):
        out.setdefault(kind, []).append(payload)
    return out


def test_a_new_game_commits_to_the_servers_seed_and_mixes_in_the_players_entropy(db):
    ada, brook, cyd = users(3)
    game = services.game_create(rules_slug="revolution", creator=ada, num_players=3, entropy="a" * 64)
    services.game_join(game_id=game.pk, user=brook, entropy="b-1")
    services.game_join(game_id=game.pk, user=cyd)
    game.refresh_from_db()
    events = payloads(game)
    created = events["game_created"][0]
    assert "seed" not in created and created["seed_commitment"] == seed_commitment(game.seed)
    entropy = [p["entropy"] for p in events["player_joined"]]
    assert entropy[:2] == ["a" * 64, "b-1"] and len(entropy[2]) == 32, "a player who sent none gets one drawn"
    started = events["game_started"][0]
    assert started["entropy"] == entropy
    assert started["seed"] == game_seed(game.seed, entropy) != game.seed
    rules = game.rules
    projection = Projection.objects.get(pk=game.pk)
    assert state_hash(projection.state) == state_hash(rules.setup(3, game.options, started["seed"]))
    assert verify_game(game) == []


def test_neither_part_alone_decides_the_seed():
    assert game_seed("server", ["x", "y"]) != game_seed("server", ["x", "z"])
    assert game_seed("server", ["x", "y"]) != game_seed("other", ["x", "y"])
    assert game_seed("server", ["x", "y"]) != game_seed("server", ["y", "x"])


def test_the_server_part_is_revealed_when_the_game_ends_and_the_record_verifies(db, toy_rules):
    game = finished_game("toy", 2)
    events = list(Event.objects.filter(game=game).order_by("seq"))
    assert [e.kind for e in events].count("seed_revealed") == 1
    assert events[-1].kind == "seed_revealed" and events[-1].payload == {"server_seed": game.seed}
    report = verify(export_record(game))
    assert report.ok, report.failure
    assert any("matches the commitment" in line for line in report.checks)
    assert any("seat order" in line for line in report.checks)
    assert verify_game(game) == []


def test_an_aborted_game_reveals_its_seed_too(db):
    people = users(3)
    game = services.game_create(rules_slug="revolution", creator=people[0], num_players=3)
    for user in people[1:]:
        services.game_join(game_id=game.pk, user=user)
    for user in people:
        services.game_resign(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == "aborted"
    assert Event.objects.filter(game=game).order_by("-seq").first().kind == "seed_revealed"
    assert verify(export_record(game)).ok


def test_nothing_is_revealed_while_the_game_runs(db):
    people = users(3)
    game = services.game_create(rules_slug="revolution", creator=people[0], num_players=3)
    for user in people[1:]:
        services.game_join(game_id=game.pk, user=user)
    assert not Event.objects.filter(game=game, kind="seed_revealed").exists()
    report = verify(export_record(game))
    assert not report.ok and "never reveals" in report.failure


def test_a_fixed_seed_game_keeps_the_old_form_and_still_verifies(db, toy_rules):
    game = finished_game("toy", 2, seed="operator-seed")
    events = payloads(game)
    assert events["game_created"][0]["seed"] == "operator-seed"
    assert "entropy" not in events["player_joined"][0] and "seed_revealed" not in events
    report = verify(export_record(game))
    assert report.ok and "chosen by the server alone" in report.notes[0]
    with pytest.raises(GameError, match="fixed seed; it takes no entropy"):
        other = services.game_create(rules_slug="toy", creator=None, num_players=2, seed="s")
        services.game_join(game_id=other.pk, user=user_get_or_create_verified(email="x@example.com"),
                           entropy="abc")


def test_bad_entropy_is_refused_and_changes_nothing(db):
    (ada,) = users(1)
    with pytest.raises(GameError, match="1 to 128 letters, digits"):
        services.game_create(rules_slug="revolution", creator=ada, num_players=3, entropy="not ok!")
    assert not Game.objects.exists()


def test_a_player_who_left_takes_no_part_in_the_seed(db, toy_rules):
    ada, brook, cyd = users(3)
    game = services.game_create(rules_slug="toy", creator=ada, num_players=3, entropy="ada")
    services.game_join(game_id=game.pk, user=brook, entropy="brook-first")
    services.game_leave(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd, entropy="cyd")
    services.game_join(game_id=game.pk, user=brook, entropy="brook-again")
    game.refresh_from_db()
    assert payloads(game)["game_started"][0]["entropy"] == ["ada", "cyd", "brook-again"]
    play_to_the_end(game.pk)
    assert verify(export_record(Game.objects.get(pk=game.pk))).ok
