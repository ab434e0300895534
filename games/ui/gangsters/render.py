"""The Gangsters map and joint list as HTML, written in Python rather than in the board template.

The map is 256 cells, each a ``<g>`` with a title, a square and up to three
badges: drawn by template tags it took some 4,000 template nodes per page, most
of the page's time. Here each cell is one formatted string. The markup is the
one the script (``static/gangsters.js``: ``.gx-cell[data-node]``, each cell's
``<title>``), the stylesheet and the accessibility checks rely on: keep them in
step when changing it. Every text is escaped (``html.escape``, what Django's
``escape`` does, without its lazy-string wrapper: it is called thousands of
times a page); seat labels in titles become the players' names as the
template's ``named`` filter did.
"""

from __future__ import annotations

from html import escape as _e
from typing import Any, Mapping, Sequence

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.ui.base import GameUI

_NAMING = GameUI()


def _named(text: str, names: Sequence[str] | None) -> str:
    return str(_e(_NAMING.name_seats(text, names)))


def _cell(c: Mapping[str, Any], names: Sequence[str] | None) -> str:
    x, y = c["x"], c["y"]
    owner = c.get("owner")
    owned = f" gx-owned gx-own-{_e(owner)}" if owner and owner != "none" else ""
    node = f' data-node="{_e(c["node"])}"' if c["node"] else ""
    parts = [f'<g class="gx-cell gx-{_e(c["kind"])}{owned}"{node}>',
             f"<title>{_named(c['title'], names)}</title>",
             f'<rect class="gx-bg" x="{x}" y="{y}" width="30" height="30"></rect>']
    if c["text"]:
        parts.append(f'<text class="gx-code" x="{x + 15}" y="{y + 10}" text-anchor="middle">'
                     f'{_e(c["text"])}</text>')
    if c["sub"]:
        parts.append(f'<text class="gx-sub" x="{x + 15}" y="{y + 17}" text-anchor="middle">'
                     f'{_e(c["sub"])}</text>')
    for g in c["badges"]:
        bx, by = g["x"], g["y"]
        parts.append(f'<g class="gx-badge {_e(g["cls"])}"><rect x="{bx}" y="{by}" width="14" '
                     f'height="9" rx="2"></rect><text x="{bx + 7}" y="{by + 7}" text-anchor="middle">'
                     f'{_e(g["text"])}</text></g>')
    if c.get("more"):
        parts.append(f'<text class="gx-more" x="{x + 28}" y="{y + 29}" text-anchor="end">+{c["more"]}</text>')
    parts.append("</g>")
    return "".join(parts)


def map_svg(b: Mapping[str, Any], names: Sequence[str] | None) -> SafeString:
    """The ``<svg>`` of the city: axis labels, then every cell with its building, pieces and title."""
    head = format_html(
        '<svg class="gx-map{}" viewBox="-16 -16 {} {}" role="group" '
        'aria-label="Map of Chicago: 16 columns a to p, 16 rows 1 to 16" data-gx-map>',
        " gx-live" if b["clickable"] else "", b["size"] + 18, b["height"] + 18)
    columns = format_html_join("", '<text class="gx-axis" x="{}" y="-5" text-anchor="middle">{}</text>',
                               ((c["x"], c["name"]) for c in b["columns"]))
    rows = format_html_join("", '<text class="gx-axis" x="-4" y="{}" text-anchor="end">{}</text>',
                            ((r["y"], r["name"]) for r in b["rows"]))
    cells = "\n".join(_cell(c, names) for c in b["cells"])
    # Every piece of text above went through html.escape or format_html.
    return mark_safe(f"{head}\n{columns}\n{rows}\n{cells}\n</svg>")


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
