"""Finished games made through the services, for the record and verifier tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.exports import export_record
from games.models import Game, Projection

NAMES = ("Ada", "Brook", "Cyd", "Dee")


def users(count: int) -> list[Any]:
    return [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES[:count]]


def play_to_the_end(game_id: int, seed: str = "records") -> Game:
    """Random legal moves through the write path until the game is over."""
    rng = random.Random(seed)
    rules = Game.objects.get(pk=game_id).rules
    for _ in range(5000):
        projection = Projection.objects.get(pk=game_id)
        if not projection.to_act:
            break
        seat = rng.choice(projection.to_act)
        services.submit_move(game_id=game_id, seat=seat, move=rules.random_move(projection.state, seat, rng))
    game = Game.objects.get(pk=game_id)
    assert game.status == "finished"
    return game


def finished_game(slug: str, players: int, **create: Any) -> Game:
    people = users(players)
    game = services.game_create(rules_slug=slug, creator=people[0], num_players=players, **create)
    for user in people[1:]:
        services.game_join(game_id=game.pk, user=user)
    return play_to_the_end(game.pk)


@pytest.fixture
def toy_record(db, toy_rules) -> dict[str, Any]:
    return export_record(finished_game("toy", 2))
