"""No API answer shows a seat what it may not see.

For every hosted game: a seat's sealed input (two different moves, everything
else equal, the clock stopped) must leave every other seat's answers the same,
byte for byte, on every endpoint that reads a game; and no answer during play
holds the game's seed or the server's part of it.
"""

from __future__ import annotations

import datetime
import json
import random
from typing import Any

import pytest
from django.db import transaction

from games import services, store
from games.models import Game, Projection, Seat
from games.rules import game_slugs, get_rules
from games.selectors import seats as seat_selectors
from tests.api.conftest import ApiClient

NAMES = ("Ada", "Brook", "Cyd", "Dee", "Eli", "Fay")
MOVES_TO_SEARCH = 200
FROZEN = datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.timezone.utc)


def reading_paths(game_id: int) -> list[str]:
    base = f"/api/games/{game_id}"
    return [base, f"{base}/choices?limit=500", f"{base}/log", f"{base}/events?after=0&wait=0",
            f"{base}/replay", "/api/games"]


def answers(game_id: int, clients: list[ApiClient]) -> list[str]:
    store._SNAPSHOTS.clear()
    seat_selectors._PAST_STATES.clear()
    out = []
    for client in clients:
        for path in reading_paths(game_id):
            answer = client.client.get(path, headers={"Authorization": f"Bearer {client.token}"})
            assert answer.status_code == 200, (path, answer.content)
            out.append(json.dumps(answer.json(), sort_keys=True))
    return out


def set_up(slug: str, make_player: Any) -> tuple[int, dict[int, ApiClient], ApiClient]:
    rules = get_rules(slug)
    players = [make_player(name) for name in NAMES[:rules.min_players]]
    (first, _), *others = players
    game = services.game_create(rules_slug=slug, creator=first, num_players=rules.min_players)
    for user, _ in others:
        services.game_join(game_id=game.pk, user=user)
    by_user = {user.pk: client for user, client in players}
    seats = {s.index: by_user[s.user_id] for s in Seat.objects.filter(game=game)}
    _, spectator = make_player("Spectator")
    return game.pk, seats, spectator


def find_sealed_input(game_id: int, rng: random.Random) -> tuple[int, Any, Any] | None:
    """Play on until a seat's input is awaited with others' and two of its moves keep the others waiting."""
    rules = Game.objects.get(pk=game_id).rules
    for _ in range(MOVES_TO_SEARCH):
        projection = Projection.objects.get(pk=game_id)
        state, to_act = projection.state, projection.to_act
        if not to_act:
            return None
        if len(to_act) > 1:
            seat = to_act[0]
            first = rules.random_move(state, seat, rng)
            for _ in range(30):
                second = rules.random_move(state, seat, rng)
                waiting = [s for s in to_act if s != seat]
                if (second != first and rules.to_act(rules.apply(state, seat, first)) == waiting
                        and rules.to_act(rules.apply(state, seat, second)) == waiting):
                    return seat, first, second
        seat = rng.choice(to_act)
        services.submit_move(game_id=game_id, seat=seat, move=rules.random_move(state, seat, rng))
    return None


@pytest.mark.parametrize("slug", game_slugs())
def test_a_sealed_move_changes_no_other_seats_answers(slug, make_player, monkeypatch):
    monkeypatch.setattr("django.utils.timezone.now", lambda: FROZEN)
    game_id, seats, spectator = set_up(slug, make_player)
    found = find_sealed_input(game_id, random.Random(slug))
    if found is None:
        pytest.skip(f"{slug} has no sealed simultaneous input (its secrets are covered by the seed test)")
    seat, first, second = found
    others = [client for index, client in sorted(seats.items()) if index != seat] + [spectator]
    seen = []
    for move in (first, second):
        point = transaction.savepoint()
        services.submit_move(game_id=game_id, seat=seat, move=move, source="api")
        seen.append(answers(game_id, others))
        transaction.savepoint_rollback(point)
    paths = reading_paths(game_id) * len(others)
    for path, a, b in zip(paths, *seen):
        assert a == b, f"{slug}: seat {seat}'s sealed move shows through {path}"
    mover = seats[seat]
    point = transaction.savepoint()
    services.submit_move(game_id=game_id, seat=seat, move=first, source="api")
    own_first = answers(game_id, [mover])
    transaction.savepoint_rollback(point)
    services.submit_move(game_id=game_id, seat=seat, move=second, source="api")
    assert own_first != answers(game_id, [mover]), "the mover's own answers do show their move (a live test)"


@pytest.mark.parametrize("slug", game_slugs())
def test_no_answer_during_play_holds_the_seed(slug, make_player):
    game_id, seats, spectator = set_up(slug, make_player)
    rng = random.Random(slug)
    rules = Game.objects.get(pk=game_id).rules
    for _ in range(8):
        projection = Projection.objects.get(pk=game_id)
        if not projection.to_act:
            break
        seat = rng.choice(projection.to_act)
        services.submit_move(game_id=game_id, seat=seat, move=rules.random_move(projection.state, seat, rng))
    game = Game.objects.get(pk=game_id)
    started = game.events.get(kind="game_started").payload
    secrets = {game.seed, started["seed"]}
    for text in answers(game_id, [*seats.values(), spectator]):
        for secret in secrets:
            assert secret not in text, f"{slug}: an answer holds the seed"
    assert ApiClient(None).get(f"/api/games/{game_id}/record").status_code == 409
