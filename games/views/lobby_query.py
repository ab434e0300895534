"""The lobby's address parameters, read totally, and the links of its page navigation.

Parameters: ``game`` (a registered game's slug: open games of that game only) and,
for each paged list, ``<list>_before`` / ``<list>_after`` holding a cursor
(:mod:`games.paging`), where ``<list>`` is ``open`` (open games), ``mine`` (the
viewer's unfinished games not awaiting them) or ``done`` (their finished games).
For example ``/?game=<slug>&open_before=1795935600123456-4211``.

Whatever the address holds, reading it never fails: what cannot be read is left
out and named in a notice ("showing the newest"), which repeats nothing of the
address and tells nothing about any game. Parameters the lobby does not use
(``page=3``) are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import QueryDict

from games.paging import Cursor, parse_cursor
from games.rules import game_slugs
from games.selectors.lobby import PageAt

LISTS = ("open", "mine", "done")
_SLUG_MAX_LENGTH = 40

UNKNOWN_GAME = "The address names a game that is not hosted here: showing open games of every game."
UNREADABLE_PAGE = "The address asks for a page that could not be read: showing the newest games of that list instead."


@dataclass(frozen=True)
class LobbyQuery:
    """What the lobby was asked to show: which open games, and which page of each list."""

    rules_slug: str | None = None
    open: PageAt = PageAt()
    mine: PageAt = PageAt()
    done: PageAt = PageAt()

    def link(self, list_name: str, *, before: Cursor | None = None, after: Cursor | None = None) -> str:
        """The lobby's address showing this, except ``list_name`` at the page ``before``/``after`` names."""
        pages = {name: PageAt(before=before, after=after) if name == list_name else getattr(self, name)
                 for name in LISTS}
        params: list[tuple[str, str]] = []
        if self.rules_slug is not None:
            params.append(("game", self.rules_slug))
        for name, at in pages.items():
            if at.before is not None:
                params.append((f"{name}_before", str(at.before)))
            if at.after is not None:
                params.append((f"{name}_after", str(at.after)))
        return "?" + urlencode(params) if params else "?"


def parse_lobby_query(params: QueryDict) -> tuple[LobbyQuery, list[str]]:
    """The query the parameters ask for, and a notice for each kind of part that could not be read."""
    notices: list[str] = []
    rules_slug: str | None = None
    asked_game = params.get("game", "")
    if asked_game:
        if len(asked_game) <= _SLUG_MAX_LENGTH and asked_game in game_slugs():
            rules_slug = asked_game
        else:
            notices.append(UNKNOWN_GAME)
    pages: dict[str, PageAt] = {}
    for name in LISTS:
        at, readable = _page_at(params, name)
        pages[name] = at
        if not readable and UNREADABLE_PAGE not in notices:
            notices.append(UNREADABLE_PAGE)
    return LobbyQuery(rules_slug, pages["open"], pages["mine"], pages["done"]), notices


def _page_at(params: QueryDict, name: str) -> tuple[PageAt, bool]:
    """The page of list ``name`` asked for (the newest when none or not readable) and whether it was readable."""
    # An empty value (a form's blank field) counts as none.
    before_text, after_text = params.get(f"{name}_before") or None, params.get(f"{name}_after") or None
    if before_text is None and after_text is None:
        return PageAt(), True
    before, after = parse_cursor(before_text), parse_cursor(after_text)
    # Exactly one direction, and readable: anything else shows the newest page.
    if (before is None) == (after is None) or (before_text is not None and after_text is not None):
        return PageAt(), False
    return PageAt(before=before, after=after), True
