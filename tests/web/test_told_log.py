"""A game's log is told once and kept per viewer (games.selectors.log): what a page shows after more events
is exactly what telling the whole log anew shows, names as they were, for every viewer and time zone.

The reference is the log read the plain way (``game_log`` with a limit reads every event through the ORM
and tells it from scratch).
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from accounts.models import User
from games import deadlines, services
from games.models import Game, Projection, Seat
from games.selectors import log

pytestmark = pytest.mark.django_db
HOUR = 3600
VIEWERS = (None, 0, 1, 2)
ZONES = ("UTC", "Pacific/Auckland")


def plain(game: Game, viewer: int | None, current: int | None) -> list[dict]:
    return log.game_log(game, viewer, limit=10**6, current_round=current)


def check_every_viewer(game: Game) -> int:
    """Compare the kept log (as earlier pages left it) with the plain one; the number of entries."""
    game.refresh_from_db()
    state = Projection.objects.get(pk=game.pk).state
    current = game.rules.round_of(state) if state is not None else None
    for zone in ZONES:
        with timezone.override(zone):
            for viewer in VIEWERS:
                kept = log.game_log(game, viewer, current_round=current)
                assert kept == plain(game, viewer, current), (zone, viewer)
    return len(kept)


def user_at(game: Game, seat: int) -> User:
    return Seat.objects.get(game=game, index=seat).user


def test_the_kept_log_grows_as_the_plain_one_through_every_kind_of_event(toy_rules):
    users = [User.objects.create_user(email=f"t{i}@example.org", display_name=f"T{i}") for i in range(4)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=3, seed="told",
                                time_control={"move": HOUR, "max_timeouts": 1, "then": "bot", "extensions": 2})
    check_every_viewer(game)  # an open game: told, never kept
    assert not log._TOLD
    for user in users[1:3]:
        services.game_join(game_id=game.pk, user=user)
    sizes = [check_every_viewer(game)]
    assert log._TOLD, "a started game's log is kept"
    services.submit_move(game_id=game.pk, seat=0, move=3)  # a secret pick: each seat reads it its own way
    sizes.append(check_every_viewer(game))
    services.deadline_extend(game_id=game.pk, user=user_at(game, 1))
    sizes.append(check_every_viewer(game))
    due = Projection.objects.get(pk=game.pk).deadline + datetime.timedelta(seconds=1)
    assert deadlines.sweep(now=due) == {"timeout": 1}
    sizes.append(check_every_viewer(game))
    seat = Projection.objects.get(pk=game.pk).bot_seats[0]
    services.seat_take_over(game_id=game.pk, seat=seat, user=users[3])  # later events name the substitute
    sizes.append(check_every_viewer(game))
    services.vacation_start(user=user_at(game, 0), until=timezone.localdate() + datetime.timedelta(days=2))
    sizes.append(check_every_viewer(game))
    services.vacation_end(user=user_at(game, 0))
    sizes.append(check_every_viewer(game))
    services.game_resign(game_id=game.pk, user=users[3])  # told with the substitute's name
    sizes.append(check_every_viewer(game))
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0] + 5
    assert any("T3" in e["summary"] for e in log.game_log(game, None)[:1]), log.game_log(game, None)[:1]


def test_a_kept_log_reads_only_the_events_since(toy_rules, django_assert_num_queries):
    users = [User.objects.create_user(email=f"q{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="since")
    services.game_join(game_id=game.pk, user=users[1])
    services.submit_move(game_id=game.pk, seat=0, move=1)
    first = log.game_log(game, 0)
    services.submit_move(game_id=game.pk, seat=1, move=2)
    (key, told), = log._TOLD.items()
    assert key[:2] == (game.pk, 0)
    with django_assert_num_queries(1):
        after = log.game_log(game, 0)
    assert [e["seq"] for e in after[1:]] == [e["seq"] for e in first]
    assert log._TOLD[key] is not told, "replaced whole"
    assert told.entries[-1].seq == first[0]["seq"], "the entry other readers held is unchanged"


def test_the_kept_logs_are_bounded(toy_rules, monkeypatch):
    monkeypatch.setattr(log, "TOLD_KEPT", 2)
    users = [User.objects.create_user(email=f"b{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=2, seed="bounded")
    services.game_join(game_id=game.pk, user=users[1])
    for viewer in VIEWERS:
        log.game_log(game, viewer)
    assert len(log._TOLD) == 2
