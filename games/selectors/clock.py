"""Reads about the clock: the current deadline and its history, seats wanting a substitute, vacations."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from accounts.models import User, Vacation
from accounts.services import current_vacation, vacation_days_per_year, vacation_days_used
from games.models import Game, GameStatus, Projection, Seat
from games.selectors.log import DEADLINE_KINDS, game_log, parse_moment
from games.selectors.seats import Viewer, projection_of, seat_names
from games.timecontrol import TimeControl


def due_game_ids(now: datetime.datetime, limit: int = 500) -> list[int]:
    """Games with a reminder or deadline due, oldest first: one range scan of the next_due index.

    Only running games awaiting someone have a ``next_due`` (the write path clears it
    when a game ends), so no join with games is needed here.
    """
    return list(
        Projection.objects.filter(next_due__lte=now).order_by("next_due").values_list("pk", flat=True)[:limit]
    )


@dataclass
class DeadlineInfo:
    """What the game page says about the clock: the deadline, whom it is for, and the rules of time."""

    enabled: bool
    summary: str  # TimeControl.describe()
    deadline: datetime.datetime | None
    reminder_at: datetime.datetime | None
    for_names: list[str]
    away: list[tuple[str, datetime.datetime]]  # awaited players on vacation and when they are back
    extensions_total: int
    extensions_left: int | None  # the viewer's own, None for spectators
    can_extend: bool
    history: list[dict[str, Any]]


def deadline_info(game: Game, viewer: Viewer, projection: Projection | None = None,
                  log: list[dict[str, Any]] | None = None) -> DeadlineInfo:
    """The current deadline and why it is what it is (the clock's events, newest first).

    ``log``: the viewer's whole game log (:func:`game_log`, newest first) when the caller has it;
    the history is then taken from it instead of read again.
    """
    projection = projection or projection_of(game)
    time = TimeControl.from_json(game.time_control)
    names = seat_names(game)
    clock = projection.clock or {}
    # Seats the service plays never wait for a deadline: it is for the humans still owing input.
    awaited = [s for s in projection.to_act if s not in projection.bot_seats]
    now = timezone.now()
    away = []
    for seat in awaited:
        back = parse_moment((clock.get("away") or {}).get(str(seat)))
        if back is not None and back > now and seat < len(names):
            away.append((names[seat], back))
    left = None
    can_extend = False
    if viewer.seat is not None:
        used = int((clock.get("extensions") or {}).get(str(viewer.seat), 0))
        left = max(time.extensions - used, 0)
        can_extend = (game.status == GameStatus.ACTIVE and time.enabled and projection.deadline is not None
                      and viewer.seat in awaited and left > 0)
    return DeadlineInfo(
        enabled=time.enabled,
        summary=time.describe(),
        deadline=projection.deadline if game.status == GameStatus.ACTIVE else None,
        reminder_at=projection.reminder_at if game.status == GameStatus.ACTIVE else None,
        for_names=[names[s] for s in awaited if s < len(names)],
        away=away,
        extensions_total=time.extensions,
        extensions_left=left,
        can_extend=can_extend,
        history=_history(game, viewer, log) if time.enabled else [],
    )


def _history(game: Game, viewer: Viewer, log: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The last 30 of the clock's events in words, newest first."""
    if log is None:
        return game_log(game, viewer.seat, limit=30, kinds=DEADLINE_KINDS)
    return [entry for entry in log if entry["kind"] in DEADLINE_KINDS][:30]


@dataclass
class AutoSeat:
    """A seat of a running game that the service plays, open to a substitute."""

    index: int
    name: str  # the player who left it
    why: str  # "resigned", "replaced by a bot", "substitute wanted"


def auto_seats(game: Game, projection: Projection | None = None) -> list[AutoSeat]:
    """Seats played automatically (resigned, or replaced after repeated timeouts), with the reason."""
    projection = projection or projection_of(game)
    if game.status != GameStatus.ACTIVE or not projection.bot_seats:
        return []
    names = seat_names(game)
    resigned = set(Seat.objects.filter(game=game, resigned=True).values_list("index", flat=True))
    bots = set((projection.clock or {}).get("random_bots", []))
    seats = []
    for index in projection.bot_seats:
        why = "resigned" if index in resigned else "replaced by a bot" if index in bots else "timed out repeatedly"
        seats.append(AutoSeat(index, names[index] if index < len(names) else f"seat {index + 1}", why))
    return seats


def substitute_wanted(user: User | None) -> list[dict[str, Any]]:
    """Running games with seats played automatically, for the lobby's "substitute wanted" list.

    ``can_take`` is False where the viewer already plays (one person, one seat).
    """
    # From the projections, so that "has seats the service plays" is the condition of a partial index
    # (projection_service_seats): the lobby reads the few such games, not every running one.
    projections = (
        Projection.objects.exclude(bot_seats=[])
        .filter(game__status=GameStatus.ACTIVE)
        .select_related("game")
        .prefetch_related("game__seats__user")
        .order_by("-game__started_at")[:50]
    )
    items = []
    for projection in projections:
        game = projection.game
        game.projection = projection
        seats = auto_seats(game, projection)
        if not seats:
            continue
        playing = user is not None and user.is_authenticated and any(s.user_id == user.pk for s in game.seats.all())
        items.append({"game": game, "seats": seats, "can_take": user is not None and user.is_authenticated
                      and not playing, "playing": playing})
    return items


@dataclass
class VacationInfo:
    """The vacation page: the yearly bank, the vacation now running, and the games it pauses."""

    per_year: int
    used: int
    left: int
    current: Any  # accounts.models.Vacation | None
    last_day: datetime.date | None  # the current vacation's last day away, in the user's zone
    history: list[Any]
    paused_games: list[Game]


def vacation_info(user: User) -> VacationInfo:
    now = timezone.now()
    per_year = vacation_days_per_year()
    used = vacation_days_used(user, now.year)
    current = current_vacation(user)
    last_day = None
    if current is not None:
        # ends_at is midnight after the last day away, in the player's zone: the day before is "until".
        last_day = (timezone.localtime(current.ends_at) - datetime.timedelta(seconds=1)).date()
    history = list(Vacation.objects.filter(user=user).order_by("-starts_at")[:10])
    games = list(
        Game.objects.filter(status=GameStatus.ACTIVE, seats__user=user, seats__resigned=False)
        .order_by("-started_at")
    )
    return VacationInfo(per_year, used, max(per_year - used, 0), current, last_day, history, games)
