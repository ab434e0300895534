"""What a game page reads: a fixed number of queries however long the game, and the rules' answers kept per seat."""

from __future__ import annotations

import random

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import pytest

from games import selectors, services
from games.models import Game, Projection
from games.rules import get_rules
from tests.web.conftest import seat_client
from tests.web.test_log_rounds import play_until_round

pytestmark = pytest.mark.django_db

# Spectator: the game with its projection, the seats, the log with its narrations, the chat, and the players
# whose mail stopped. A player's page adds the session and the user (the player's own mail trouble is asked
# with the players').
SPECTATOR_QUERIES = 5
PLAYER_QUERIES = 7


def page_queries(client: Client, game: Game) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return len(queries.captured_queries)


def test_the_game_page_reads_the_same_few_queries_early_and_late(running_game, three_players):
    player = seat_client(running_game, 0, three_players)
    early = page_queries(Client(), running_game), page_queries(player, running_game)
    play_until_round(running_game, 3)
    late = page_queries(Client(), running_game), page_queries(player, running_game)
    assert early == late, "the page's queries do not grow with the log"
    assert late == (SPECTATOR_QUERIES, PLAYER_QUERIES)


def test_kept_answers_are_each_seats_own_and_cannot_be_changed_by_a_reader(running_game):
    rules = get_rules(running_game.rules_slug)
    projection = Projection.objects.get(pk=running_game.pk)
    seat = projection.to_act[0]
    # A sealed bid from one seat: from now on its description says what the others may not know.
    move = rules.random_move(projection.state, seat, random.Random(1))
    services.submit_move(game_id=running_game.pk, seat=seat, move=move, source="web")
    projection = Projection.objects.get(pk=running_game.pk)
    state = projection.state
    for viewer in (seat, *[s for s in range(running_game.num_players) if s != seat], None):
        assert selectors.seat_description(running_game, viewer, projection) == rules.describe(state, viewer)
    # Asked again (now from what was kept), every seat still gets its own answer.
    for viewer in (None, *range(running_game.num_players)):
        assert selectors.seat_description(running_game, viewer, projection) == rules.describe(state, viewer)

    other = next(s for s in projection.to_act if s != seat)
    first = selectors.seat_decision(running_game, other, projection)
    assert first is not None and first == rules.choices(state, other)
    first.detail["changed by a reader"] = True
    again = selectors.seat_decision(running_game, other, projection)
    assert again is not None and "changed by a reader" not in again.detail
    assert again == rules.choices(state, other)
