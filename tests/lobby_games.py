"""Many games at once for the lobby's tests: rows written directly (no events), as a busy service would hold them."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from games.models import Game, GameStatus, Projection, Seat
from games.rules import get_rules

T0 = timezone.now() - datetime.timedelta(days=30)


def add_open_games(count: int, creator: Any, *, slug: str = "revolution", newest: datetime.datetime = T0,
                   same_time: bool = False) -> list[Game]:
    """``count`` games waiting for players, one minute apart (or all created at the same moment), newest first."""
    rules = get_rules(slug)
    games = Game.objects.bulk_create([
        Game(rules_slug=slug, rules_version=rules.version, num_players=rules.max_players, seed="s",
             created_at=newest if same_time else newest - datetime.timedelta(minutes=i))
        for i in range(count)])
    Seat.objects.bulk_create([Seat(game=game, user=creator) for game in games])
    Projection.objects.bulk_create([Projection(game=game, last_hash="0" * 64) for game in games])
    return games


def copies(game: Game, count: int, *, status: str = GameStatus.ACTIVE, to_act: list[int] | None = None,
           newest: datetime.datetime = T0) -> list[Game]:
    """``count`` copies of a running game (same players, seats and state), one minute apart, newest first."""
    projection = Projection.objects.get(pk=game.pk)
    seats = list(Seat.objects.filter(game=game))
    made = Game.objects.bulk_create([
        Game(rules_slug=game.rules_slug, rules_version=game.rules_version, options=game.options,
             num_players=game.num_players, seed="s", status=status, created_at=newest - datetime.timedelta(minutes=i))
        for i in range(count)])
    Seat.objects.bulk_create([Seat(game=g, user_id=s.user_id, index=s.index) for g in made for s in seats])
    Projection.objects.bulk_create([
        Projection(game=g, state=projection.state, version=projection.version, last_hash=projection.last_hash,
                   to_act=projection.to_act if to_act is None else to_act, seat_users=projection.seat_users)
        for g in made])
    return made
