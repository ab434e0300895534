"""PostgreSQL: a turn's one statement is prepared on the server once and reused by later moves.

Django leaves psycopg without a prepare threshold, which silently makes
``execute(..., prepare=True)`` a no-op; the backend in ``config.db.postgresql``
sets one. Without it every move's statement was parsed and planned again.
"""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.models import User
from games import services
from games.models import Projection

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif("connection.vendor != 'postgresql'", reason="prepared statements are PostgreSQL's")]

TURN = "WITH p AS (UPDATE games_projection%"


def play_picks(rounds: int) -> int:
    """A toy game played for a few rounds through submit_move; the number of moves made."""
    users = [User.objects.create_user(email=f"prep{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="prepared")
    services.game_join(game_id=game.pk, user=users[1])
    made = 0
    for _ in range(rounds):
        for seat in (0, 1):
            services.submit_move(game_id=game.pk, seat=seat, move=1 + seat)
            made += 1
        acker = Projection.objects.get(pk=game.pk).to_act
        if not acker:
            break
        services.submit_move(game_id=game.pk, seat=acker[0], move="ack")
        made += 1
    return made


def prepared_turns() -> list[tuple[str, int]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements "
                       "WHERE statement LIKE %s", [TURN])
        return list(cursor.fetchall())


def test_the_turn_statement_is_prepared_and_reused(toy_rules) -> None:
    made = play_picks(3)
    prepared = prepared_turns()
    executions = sum(count for _, count in prepared)
    assert executions == made  # every move ran a prepared statement...
    assert 0 < len(prepared) <= 4 < made  # ...of a few shapes, each prepared once


@pytest.mark.django_db(transaction=True)  # the test closes its connection, which a test transaction forbids
def test_prepared_statements_can_be_turned_off_for_a_pooler(toy_rules, settings) -> None:
    settings.DB_PREPARED_STATEMENTS = False
    connection.close()  # the next connection reads the setting
    try:
        play_picks(2)
        assert prepared_turns() == []
    finally:
        connection.close()


def test_a_game_pages_reads_by_id_are_prepared_and_reused(toy_rules, client) -> None:
    """The page's fixed reads (the game with its projection, its seats, its talk, its log) are planned once
    per connection: each page after the first only executes them."""
    play_picks(1)
    game_id = Projection.objects.latest("pk").pk

    def reads() -> dict[str, int]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements "
                           "WHERE statement NOT LIKE %s", [TURN])
            return {statement: count for statement, count in cursor.fetchall()}

    for _ in range(3):
        assert client.get(f"/games/{game_id}/").status_code == 200
    after_three = reads()
    assert client.get(f"/games/{game_id}/").status_code == 200
    after_four = reads()
    page_reads = [s for s in after_four if '"games_game"' in s or '"games_seat"' in s or '"games_event"' in s]
    assert len(page_reads) >= 3, after_four
    assert set(after_four) == set(after_three), "a later page prepares nothing new"
    # A page shown again reads the game (a kept page then skips what its state decides, such as the log).
    game_read = next(s for s in page_reads if s.lstrip().startswith('SELECT "games_game"'))
    assert after_four[game_read] == after_three[game_read] + 1, "the game was read again, as prepared"


def test_a_signed_in_players_per_request_reads_are_prepared_too(toy_rules, client) -> None:
    """What every signed-in page asks besides the game (the session; whether the viewer's and the players'
    mail arrives) is planned once per connection, not on each request."""
    play_picks(1)
    game_id = Projection.objects.latest("pk").pk
    client.force_login(User.objects.get(email="prep0@example.org"))

    def counts() -> dict[str, int]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements "
                           "WHERE statement LIKE %s OR statement LIKE %s",
                           ["%django_session%", "%notifications_addresshealth%"])
            return {statement: count for statement, count in cursor.fetchall()}

    pages = (f"/games/{game_id}/", "/")  # the game page asks for the players and the viewer at once
    for _ in range(2):
        for page in pages:
            assert client.get(page).status_code == 200
    before = counts()
    for page in pages:
        assert client.get(page).status_code == 200
    after = counts()
    session = [s for s in after if "django_session" in s]
    own, players = ([s for s in after if "addresshealth" in s and marker in s] for marker in ("address = $1", "ANY"))
    assert len(session) == len(own) == len(players) == 1, after
    assert after[session[0]] == before[session[0]] + len(pages)
    for statement in (*own, *players):
        assert after[statement] == before[statement] + 1, statement
