"""Reads about games as a whole: lobby lists, seats, awaited players, results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from accounts.models import User
from games.models import ChatMessage, Event, Game, GameStatus, Projection
from config.db.compiled import Prepared
from games.selectors.seats import projection_of, seat_names, seat_rows


def game_get(game_id: int) -> Game | None:
    """The game with its projection (one query), None if there is none."""
    if not -(2**63) <= game_id < 2**63:
        return None  # no database keeps such an id
    found = _GAME(game_id)
    return found[0] if found else None  # type: ignore[return-value]


_GAME = Prepared("game", lambda game_id: Game.objects.filter(pk=game_id).select_related("projection").order_by("pk")[:1])


def open_games() -> QuerySet[Game]:
    return Game.objects.filter(status=GameStatus.OPEN).order_by("-created_at").prefetch_related("seats__user")


def games_of(user: User) -> QuerySet[Game]:
    return (
        Game.objects.filter(seats__user=user)
        .order_by("status", "-created_at")
        .select_related("projection")
        .prefetch_related("seats__user")
    )


def recent_games(limit: int = 20) -> list[Game]:
    """The newest ``limit`` games past their opening (without their seats: see ``load_seat_rows``)."""
    return list(Game.objects.exclude(status=GameStatus.OPEN).order_by("-created_at")[:limit])


def awaited_names(game: Game, projection: Projection | None = None) -> list[str]:
    projection = projection or projection_of(game)
    names = seat_names(game)
    return [names[s] for s in projection.to_act if s < len(names)]


def is_awaited(game: Game, seat: int | None, projection: Projection | None = None) -> bool:
    projection = projection or projection_of(game)
    return seat is not None and seat in projection.to_act


@dataclass
class SeatInfo:
    index: int | None
    name: str
    user_id: int
    resigned: bool


def seats_of(game: Game) -> list[SeatInfo]:
    """Who sits where (index None until the game starts and seats are drawn)."""
    return [SeatInfo(s.index, s.user.name, s.user_id, s.resigned) for s in seat_rows(game)]


def _resigned(game: Game) -> set[int]:
    return {s.index for s in seat_rows(game) if s.resigned and s.index is not None}


def winners(game: Game) -> list[int]:
    """The rules' winners, less any who resigned (a resigned seat is played on but cannot win)."""
    if not game.result:
        return []
    resigned = _resigned(game)
    return [seat for seat in game.result.get("winners", []) if seat not in resigned]


def result_summary(game: Game) -> str:
    """Final scores in one block of text (for mails and the page)."""
    result = game.result
    if not result:
        return ""
    names = seat_names(game)
    resigned = _resigned(game)
    won = winners(game)
    order = sorted(range(len(result["scores"])), key=lambda s: -result["scores"][s])
    lines = ["Final scores:"]
    for seat in order:
        marks = []
        if seat in won:
            marks.append("winner")
        if seat in resigned:
            marks.append("resigned")
        label = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"  {names[seat] if seat < len(names) else seat + 1}: {result['scores'][seat]}{label}")
    return "\n".join(lines)


def abort_reason(game: Game) -> str:
    """Why an aborted game ended ("every player resigned", "3 timeouts in a row"), from its event."""
    payload = (Event.objects.filter(game=game, kind="game_aborted").order_by("-seq")
               .values_list("payload", flat=True).first())
    return str((payload or {}).get("reason", ""))


def chat_of(game: Game, limit: int = 100) -> list[Any]:
    """The game's last ``limit`` table-talk messages with their writers, oldest first."""
    if limit != CHAT_LIMIT:
        messages = ChatMessage.objects.filter(game=game).select_related("user").order_by("-created_at")[:limit]
        return list(reversed(list(messages)))
    return list(reversed(_CHAT(game.pk)))


CHAT_LIMIT = 100
_CHAT = Prepared("chat", lambda game_id: ChatMessage.objects.filter(game_id=game_id).select_related("user")
                 .order_by("-created_at")[:CHAT_LIMIT])
