"""Keyset pages of games, newest first: a page is named by the game it starts after, not by its number.

A list of games ordered by ``(created_at, id)`` descending is cut into pages of
``size``. Moving on asks for the games *older* than the last one shown
(``before=<cursor>``); moving back asks for those *newer* than the first one
shown (``after=<cursor>``). Unlike ``?page=3`` (an offset), a page named this way
stays the same when games are created or leave the list meanwhile, and reading
it costs the same on page 1 as on page 500: the database walks an index from
the cursor and stops after ``size + 1`` rows.

A cursor is the game's creation time in microseconds since 1970 (UTC) and its
id, as ``"<microseconds>-<id>"``: for example ``"1795935600123456-4211"``. It
names a place in the order, so it stays valid when its own game is gone.
``parse_cursor`` is total: any other text (too long, not ASCII digits, a time
no calendar holds, an id no database keeps) is None, never an exception.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Generic, Sequence, TypeVar

from django.db.models import Model, Q, QuerySet

_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
# ASCII digits only: ``\d`` and ``int()`` also take other scripts' digits ("٣"), and ``str.isdigit`` takes "²".
_CURSOR = re.compile(r"([0-9]{1,18})-([0-9]{1,19})", re.ASCII)
_CURSOR_MAX_LENGTH = 40
_MAX_ID = 2**63 - 1
# The latest moment Python's datetime holds, in microseconds since 1970.
_MAX_MICROS = (datetime.datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=datetime.timezone.utc) - _EPOCH) // (
    datetime.timedelta(microseconds=1))

M = TypeVar("M", bound=Model)
T = TypeVar("T")


@dataclass(frozen=True)
class Cursor:
    """A place in the newest-first order: the creation time and id of a game (that game may be gone)."""

    created_at: datetime.datetime
    game_id: int

    @classmethod
    def of(cls, game: Model) -> Cursor:
        created_at: datetime.datetime = getattr(game, "created_at")
        return cls(created_at, int(game.pk))

    def __str__(self) -> str:
        micros = (self.created_at - _EPOCH) // datetime.timedelta(microseconds=1)
        return f"{micros}-{self.game_id}"


def parse_cursor(text: str | None) -> Cursor | None:
    """The cursor written as ``text`` (see the module's docstring), or None for anything else."""
    if not text or len(text) > _CURSOR_MAX_LENGTH:
        return None
    match = _CURSOR.fullmatch(text)
    if match is None:
        return None
    micros, game_id = int(match.group(1)), int(match.group(2))
    if micros > _MAX_MICROS or not 0 < game_id <= _MAX_ID:
        return None
    return Cursor(_EPOCH + datetime.timedelta(microseconds=micros), game_id)


@dataclass
class Page(Generic[T]):
    """One page of a list: its rows, newest first, and where the pages either side of it start.

    ``newer`` is the cursor to ask for with ``after=`` (None: this is the newest page);
    ``older`` the one to ask for with ``before=`` (None: nothing older).
    """

    rows: list[T]
    newer: Cursor | None
    older: Cursor | None


def keyset_page(rows: QuerySet[M], *, size: int, before: Cursor | None = None,
                after: Cursor | None = None) -> Page[M]:
    """The page of ``rows`` (newest first) older than ``before``, newer than ``after``, or the newest.

    At most two queries of at most ``size + 1`` rows: the page, and the newest page
    instead when asking for newer rows reaches the top of the list (so "newer" always
    shows a full page, as the first page would).
    """
    if after is not None:
        found = list(rows.filter(_newer_than(after)).order_by("created_at", "pk")[:size + 1])
        if len(found) > size:
            shown = found[:size][::-1]
            return Page(shown, Cursor.of(shown[0]), Cursor.of(shown[-1]))
    newest_first = rows.order_by("-created_at", "-pk")
    if before is not None and after is None:
        found = list(newest_first.filter(_older_than(before))[:size + 1])
        shown = found[:size]
        # Past the end (the games after the cursor have gone): the link back still leads to the rows before it.
        newer = Cursor.of(shown[0]) if shown else before
        return Page(shown, newer, Cursor.of(shown[-1]) if len(found) > size else None)
    found = list(newest_first[:size + 1])
    shown = found[:size]
    return Page(shown, None, Cursor.of(shown[-1]) if len(found) > size else None)


def keyset_slice(keys: Sequence[Cursor], *, size: int, before: Cursor | None = None,
                 after: Cursor | None = None) -> Page[Cursor]:
    """The page ``keyset_page`` would read, cut from the places of rows already in hand (in any order).

    For a list whose keys are read whole anyway (a player's unfinished games), so that
    only the rows of the page shown are then read in full.
    """
    newest_first = sorted(keys, key=_place, reverse=True)
    if after is not None:
        newer = [key for key in newest_first if _place(key) > _place(after)]
        if len(newer) > size:
            shown = newer[-size:]
            return Page(shown, shown[0], shown[-1])
    if before is not None and after is None:
        older = [key for key in newest_first if _place(key) < _place(before)]
        shown = older[:size]
        return Page(shown, shown[0] if shown else before, shown[-1] if len(older) > size else None)
    shown = newest_first[:size]
    return Page(shown, None, shown[-1] if len(newest_first) > size else None)


def _place(cursor: Cursor) -> tuple[datetime.datetime, int]:
    return cursor.created_at, cursor.game_id


def _older_than(cursor: Cursor) -> Q:
    # The first condition alone is a range on the created_at index; the second breaks ties between equal times.
    return Q(created_at__lte=cursor.created_at) & (Q(created_at__lt=cursor.created_at) | Q(pk__lt=cursor.game_id))


def _newer_than(cursor: Cursor) -> Q:
    return Q(created_at__gte=cursor.created_at) & (Q(created_at__gt=cursor.created_at) | Q(pk__gt=cursor.game_id))
