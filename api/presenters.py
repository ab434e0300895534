"""Games as the API shows them, built only from selectors (what the caller's seat may see)."""

from __future__ import annotations

import datetime
from typing import Any

from accounts.models import User
from games import selectors
from games.models import Event, Game, GameStatus, Projection, iso


def seat_of(game: Game, user: User) -> int | None:
    return selectors.viewer_for(game, user).seat


def summary(game: Game, user: User, projection: Projection | None = None) -> dict[str, Any]:
    projection = projection or selectors.projection_of(game)
    seat = seat_of(game, user)
    active = game.status == GameStatus.ACTIVE
    return {
        "id": game.pk,
        "rules": game.rules_slug,
        "rules_name": game.rules.name,
        "status": game.status,
        "num_players": game.num_players,
        "version": projection.version,
        "seats": [{"index": s.index, "name": s.name, "resigned": s.resigned} for s in selectors.seats_of(game)],
        "to_act": list(projection.to_act) if active else [],
        "awaited": selectors.awaited_names(game, projection) if active else [],
        "my_seat": seat,
        "my_turn": active and selectors.is_awaited(game, seat, projection) and seat not in projection.bot_seats,
        "phase": selectors.phase_label(game, seat, projection) if active else GameStatus(game.status).label,
    }


def detail(game: Game, user: User) -> dict[str, Any]:
    projection = selectors.projection_of(game)
    seat = seat_of(game, user)
    deadline = projection.deadline if game.status == GameStatus.ACTIVE else None
    return {
        **summary(game, user, projection),
        "view": selectors.seat_view(game, seat, projection),
        "description": selectors.seat_description(game, seat, projection),
        "result": game.result,
        "winners": selectors.winners(game),
        "deadline": iso(deadline) if deadline else None,
        "seed_commitment": seed_commitment_of(game),
    }


def seed_commitment_of(game: Game) -> str | None:
    payload = (Event.objects.filter(game=game, seq=1).values_list("payload", flat=True).first()) or {}
    value = payload.get("seed_commitment")
    return str(value) if value else None


def moment(value: datetime.datetime | None) -> str:
    return iso(value) if value else ""
