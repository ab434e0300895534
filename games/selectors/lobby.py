"""The lobby's lists of games, each bounded whatever the number of games on the service.

- Open games: a keyset page (:mod:`games.paging`) of the newest games waiting for
  players, optionally of one game (a registered rules slug), and how many there
  are, counted up to ``COUNT_LIMIT``.
- A player's games: *every* running game awaiting their move (never behind a page:
  a turn missed is a game lost on time), then a page of their other unfinished
  games, and a page of their finished or aborted ones.

The number of queries does not grow with the number of games listed. Seats are
not read here: the page reads those of every game it lists in one query
(``games.selectors.seats.load_seat_rows``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from accounts.models import User
from games.models import Game, GameStatus, Seat
from games.paging import Cursor, Page, keyset_page, keyset_slice

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
    if page.newer is None and page.older is None:
        return OpenGames(page, len(page.rows))  # all of them on one page: nothing more to count
    return OpenGames(page, rows.order_by()[:COUNT_LIMIT + 1].count())


def games_of_page(user: User, *, others_at: PageAt = PageAt(), finished_at: PageAt = PageAt(),
                  size: int = PAGE_SIZE) -> GamesOf:
    """``user``'s games: all those awaiting their move, a page of the other unfinished ones, a page of the rest.

    Who is awaited is a JSON list in each projection, which SQLite cannot search by
    index; so a few small columns of each of the player's unfinished games are read
    (no states), the games awaiting them and the page of the others are picked here,
    and only those games are then read in full, in one query.
    """
    unfinished = _unfinished_seats(user).values_list("game_id", "game__created_at", "game__status", "index",
                                                     "game__projection__to_act")
    to_play_ids: set[int] = set()
    other_places: list[Cursor] = []
    for game_id, created_at, status, seat, to_act in unfinished:
        if status == GameStatus.ACTIVE and isinstance(to_act, list) and seat is not None and seat in to_act:
            to_play_ids.add(game_id)
        else:
            other_places.append(Cursor(created_at, game_id))
    others = keyset_slice(other_places, size=size, before=others_at.before, after=others_at.after)
    wanted = to_play_ids | {place.game_id for place in others.rows}
    found = {game.pk: game for game in Game.objects.filter(pk__in=wanted).select_related("projection")} if wanted else {}
    to_play = sorted((found[i] for i in to_play_ids if i in found), key=_urgency)
    other_games = [found[place.game_id] for place in others.rows if place.game_id in found]
    finished = keyset_page(Game.objects.filter(seats__user=user, status__in=OVER).select_related("projection"),
                           size=size, before=finished_at.before, after=finished_at.after)
    return GamesOf(to_play, Page(other_games, others.newer, others.older), finished)


def _unfinished_seats(user: User) -> QuerySet[Seat]:
    return Seat.objects.filter(user=user, game__status__in=UNFINISHED).order_by()


def _urgency(game: Game) -> tuple[bool, float, float]:
    """Sort key: games with a deadline first, the soonest first; then the newest."""
    deadline = game.projection.deadline
    return (deadline is None, deadline.timestamp() if deadline else 0.0, -game.created_at.timestamp())
