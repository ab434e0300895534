"""The lobby's lists of games, each bounded whatever the number of games on the service.

- Open games: a keyset page (:mod:`games.paging`) of the newest games waiting for
  players, optionally of one game (a registered rules slug), and how many there
  are, counted up to ``COUNT_LIMIT``.
- A player's games: *every* running game awaiting their move (never behind a page:
  a turn missed is a game lost on time), then a page of their other unfinished
  games, and a page of their finished or aborted ones.

The number of queries does not grow with the number of games listed: seats and
their players are read for all listed games at once (``load_seat_rows``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from accounts.models import User
from games.models import Game, GameStatus, Seat
from games.paging import Cursor, Page, keyset_page
from games.selectors.seats import load_seat_rows

PAGE_SIZE = 20
# Counting stops here: a count costs a walk over what it counts, and "more than 1,000" is all anyone needs.
COUNT_LIMIT = 1000
UNFINISHED = (GameStatus.OPEN, GameStatus.ACTIVE)
OVER = (GameStatus.FINISHED, GameStatus.ABORTED)


@dataclass(frozen=True)
class PageAt:
    """Which page of a list to show: older than ``before``, newer than ``after``, or the newest."""

    before: Cursor | None = None
    after: Cursor | None = None


@dataclass
class OpenGames:
    page: Page[Game]
    count: int  # at most COUNT_LIMIT + 1, meaning "more than COUNT_LIMIT"


@dataclass
class GamesOf:
    """A player's games as the lobby lists them."""

    to_play: list[Game]  # every running game awaiting this player's move, soonest deadline first
    others: Page[Game]  # unfinished games not awaiting them (running, or waiting for players)
    finished: Page[Game]  # finished or aborted


def open_games_page(*, at: PageAt = PageAt(), rules_slug: str | None = None, size: int = PAGE_SIZE) -> OpenGames:
    """A page of the games waiting for players, newest first (only games of ``rules_slug`` when given)."""
    rows = Game.objects.filter(status=GameStatus.OPEN)
    if rules_slug is not None:
        rows = rows.filter(rules_slug=rules_slug)
    page = keyset_page(rows, size=size, before=at.before, after=at.after)
    load_seat_rows(page.rows)
    return OpenGames(page, rows.order_by()[:COUNT_LIMIT + 1].count())


def games_of_page(user: User, *, others_at: PageAt = PageAt(), finished_at: PageAt = PageAt(),
                  size: int = PAGE_SIZE) -> GamesOf:
    """``user``'s games: all those awaiting their move, a page of the other unfinished ones, a page of the rest."""
    to_play_ids = _awaiting(user)
    mine = Game.objects.filter(seats__user=user).select_related("projection")
    to_play = sorted(mine.filter(pk__in=to_play_ids), key=_urgency) if to_play_ids else []
    others = keyset_page(mine.filter(status__in=UNFINISHED).exclude(pk__in=to_play_ids), size=size,
                         before=others_at.before, after=others_at.after)
    finished = keyset_page(mine.filter(status__in=OVER), size=size, before=finished_at.before,
                           after=finished_at.after)
    load_seat_rows([*to_play, *others.rows, *finished.rows])
    return GamesOf(to_play, others, finished)


def _awaiting(user: User) -> list[int]:
    """The ids of the running games whose projection awaits ``user``'s seat.

    Who is awaited is a JSON list in the projection, which SQLite cannot search by
    index, so this reads three small columns of each of the player's running games
    (no states) and decides here.
    """
    rows = _running_seats(user).values_list("game_id", "index", "game__projection__to_act")
    return [game_id for game_id, seat, to_act in rows if isinstance(to_act, list) and seat in to_act]


def _running_seats(user: User) -> QuerySet[Seat]:
    return Seat.objects.filter(user=user, game__status=GameStatus.ACTIVE, index__isnull=False).order_by()


def _urgency(game: Game) -> tuple[bool, float, float]:
    """Sort key: games with a deadline first, the soonest first; then the newest."""
    deadline = game.projection.deadline
    return (deadline is None, deadline.timestamp() if deadline else 0.0, -game.created_at.timestamp())
