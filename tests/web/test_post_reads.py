"""What a move POST reads: the game's projection once with the game, then the write path's own read."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Projection
from games.rules import get_rules
from tests.web.conftest import seat_client

pytestmark = pytest.mark.django_db


def test_a_text_move_reads_the_projection_with_the_game_only(running_game, three_players):
    rules = get_rules(running_game.rules_slug)
    projection = Projection.objects.get(pk=running_game.pk)
    seat = projection.to_act[0]
    client = seat_client(running_game, seat, three_players)
    text = rules.format_move(projection.state, seat, rules.random_move(projection.state, seat, random.Random(5)))
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/games/{running_game.pk}/move/", {
            "text": text, "expected_version": projection.version, "idempotency_key": "post-reads-1"})
    assert response.status_code == 302, response.content[:500]
    assert Projection.objects.get(pk=running_game.pk).version > projection.version
    reads = [q["sql"] for q in queries.captured_queries
             if q["sql"].lstrip().upper().startswith("SELECT") and '"games_projection"' in q["sql"]]
    # The game with its projection (one join) for the view, then the write path's own read (under its lock).
    assert len(reads) == 2, reads
    assert 'FROM "games_game"' in reads[0]
