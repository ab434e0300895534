"""The Gangsters map and joint list as HTML, written in Python rather than in the board template.

The map is 256 cells, each a ``<g>`` with a title, a square and up to three
badges: drawn by template tags it took some 4,000 template nodes per page, most
of the page's time. Here each cell is one formatted string, kept by what it
shows (most cells, streets and lots, look the same on every board; a move
changes a few): writing every cell anew was most of a board's 3 ms. The markup is the
one the script (``static/gangsters.js``: ``.gx-cell[data-node]``, each cell's
``<title>``), the stylesheet and the accessibility checks rely on: keep them in
step when changing it. Every text is escaped (``html.escape``, what Django's
``escape`` does, without its lazy-string wrapper: it is called thousands of
times a page); seat labels in titles become the players' names as the
template's ``named`` filter did.
"""

from __future__ import annotations

import functools
from html import escape as _e
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.ui.base import GameUI
from games.ui.markup import format_html, format_html_join

_NAMING = GameUI()


def _named(text: str, names: Sequence[str] | None) -> str:
    return str(_e(_NAMING.name_seats(text, names)))


CellKey = tuple[Any, ...]  # (x, y, kind, owner, node, title, text, sub, badges as (x, y, cls, text), more)


def _cell_key(c: Mapping[str, Any]) -> CellKey:
    """All a cell's markup depends on, hashable: most cells are the same from board to board."""
    badges = c["badges"]
    return (c["x"], c["y"], c["kind"], c.get("owner"), c["node"], c["title"], c["text"], c["sub"],
            tuple([(g["x"], g["y"], g["cls"], g["text"]) for g in badges]) if badges else (), c.get("more"))


@functools.lru_cache(maxsize=4096)  # the streets and lots never change; buildings and pieces a little each move
def _cell(key: CellKey, names: Sequence[str] | None) -> str:
    x, y, kind, owner, node, title, text, sub, badges, more = key
    owned = f" gx-owned gx-own-{_e(owner)}" if owner and owner != "none" else ""
    node_attr = f' data-node="{_e(node)}"' if node else ""
    parts = [f'<g class="gx-cell gx-{_e(kind)}{owned}"{node_attr}>',
             f"<title>{_named(title, names)}</title>",
             f'<rect class="gx-bg" x="{x}" y="{y}" width="30" height="30"></rect>']
    if text:
        parts.append(f'<text class="gx-code" x="{x + 15}" y="{y + 10}" text-anchor="middle">{_e(text)}</text>')
    if sub:
        parts.append(f'<text class="gx-sub" x="{x + 15}" y="{y + 17}" text-anchor="middle">{_e(sub)}</text>')
    for bx, by, cls, badge_text in badges:
        parts.append(f'<g class="gx-badge {_e(cls)}"><rect x="{bx}" y="{by}" width="14" '
                     f'height="9" rx="2"></rect><text x="{bx + 7}" y="{by + 7}" text-anchor="middle">'
                     f'{_e(badge_text)}</text></g>')
    if more:
        parts.append(f'<text class="gx-more" x="{x + 28}" y="{y + 29}" text-anchor="end">+{more}</text>')
    parts.append("</g>")
    return "".join(parts)


@functools.lru_cache(maxsize=8)  # one map size
def _head(clickable: bool, width: int, height: int, columns: tuple[tuple[Any, Any], ...],
          rows: tuple[tuple[Any, Any], ...]) -> str:
    head = format_html(
        '<svg class="gx-map{}" viewBox="-16 -16 {} {}" role="group" '
        'aria-label="Map of Chicago: 16 columns a to p, 16 rows 1 to 16" data-gx-map>',
        " gx-live" if clickable else "", width, height)
    column_labels = format_html_join("", '<text class="gx-axis" x="{}" y="-5" text-anchor="middle">{}</text>',
                                     columns)
    row_labels = format_html_join("", '<text class="gx-axis" x="-4" y="{}" text-anchor="end">{}</text>', rows)
    return f"{head}\n{column_labels}\n{row_labels}"


def map_svg(b: Mapping[str, Any], names: Sequence[str] | None) -> SafeString:
    """The ``<svg>`` of the city: axis labels, then every cell with its building, pieces and title."""
    head = _head(b["clickable"], b["size"] + 18, b["height"] + 18,
                 tuple((c["x"], c["name"]) for c in b["columns"]), tuple((r["y"], r["name"]) for r in b["rows"]))
    # Seat labels ("P2") in a title become names: a title without one is the same for every game.
    named = tuple(names) if names else None
    cells = "\n".join([_cell(_cell_key(c), named if "P" in c["title"] else None) for c in b["cells"]])
    # Every piece of text above went through html.escape or format_html.
    return mark_safe(f"{head}\n{cells}\n</svg>")


def _joint(j: Mapping[str, Any], names: Sequence[str] | None) -> str:
    jump = f" #{j['jump']}" if j["jump"] else ""
    guard = f" guard {j['guard']}" if j["guard"] > 1 else ""
    if j["owner"]:
        crim = " (criminal side)" if j["crim"] else ""
        owner = (f'<span class="dot c-{_e(j["colour"])}"></span>{_named(j["owner"], names)} '
                 f'level {j["level"]}{crim}')
    else:
        owner = '<span class="muted">unowned</span>'
    return (f"<li><strong>{_e(j['code'])}</strong> {_e(j['name'])} "
            f"${j['value']}{jump}{guard} — {owner}</li>")


def joint_lists(rows: Sequence[Mapping[str, Any]], names: Sequence[str] | None) -> SafeString:
    """Each colour group's heading and its joints: price, jump, guard, owner and level."""
    out = []
    for row in rows:
        colour = _e(row["colour"])
        out.append(f'<h3 class="gx-colour-head"><span class="gx-swatch gx-{colour}"></span>'
                   f'{_e(capfirst(row["colour"]))} ({row["size"]})</h3>\n'
                   f'<ul class="plain small gx-joint-list">'
                   + "".join(_joint(j, names) for j in row["joints"]) + "</ul>")
    return mark_safe("\n".join(out))  # every text above is escaped
