"""The Sultanate's grid on the game page, built in one pass: the HTML the board template's loops printed.

A first view of a Five Tribes page spent about a third of its time in those loops
(thirty tiles, each with its meeples, camel, palm trees and palaces), so the rows are
written here and the template prints them. tests/web/test_five_tribes_grid.py holds the
result to the template loops it replaces, over the boards of whole games.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.ui.markup import esc as escape


def _plural(count: Any) -> str:
    """Django's ``pluralize`` for a count: "s" unless it is one."""
    return "" if count == 1 else "s"


def _meeples(meeples: Sequence[Mapping[str, Any]]) -> str:
    if not meeples:
        return '<span class="ft-empty muted small">empty</span>'
    return "".join(
        f'<span class="ft-meeple m-{escape(m["code"])}" title="{escape(m["count"])} {escape(m["colour"])} '
        f'({escape(m["tribe"])}{_plural(m["count"])})">{escape(m["count"])}<span class="sr-only"> '
        f'{escape(m["colour"])}</span></span> '
        for m in meeples)


def _foot(tile: Mapping[str, Any]) -> str:
    camel, palms, palaces = tile.get("camel"), tile.get("palms"), tile.get("palaces")
    camel_html = ""
    if camel:
        shown = camel.get("name") or camel.get("label")
        camel_html = (f'<span class="ft-camel c-{escape(camel.get("colour"))}" title="{escape(camel.get("label"))} '
                      f'{escape(camel.get("name"))} controls {escape(tile["name"])}">{escape(shown)}</span>')
    palms_html = ""
    if palms:
        count = f"{escape(palms)} " if palms > 1 else ""
        palms_html = (f'<span class="ft-palm" title="{escape(palms)} palm tree{_plural(palms)}">{count}'
                      f'palm{_plural(palms)}</span>')
    palaces_html = ""
    if palaces:
        count = f"{escape(palaces)} " if palaces > 1 else ""
        palaces_html = (f'<span class="ft-palace" title="{escape(palaces)} palace{_plural(palaces)}">{count}'
                        f'palace{_plural(palaces)}</span>')
    return (f"\n          {camel_html}\n          {palms_html}\n          {palaces_html}\n        ")


def _tile(tile: Mapping[str, Any]) -> str:
    name = escape(tile["name"])
    colour = escape(tile["colour"])
    value = escape(tile["value"])
    return (
        f'\n      <td class="ft-cell"><div class="ft-tile ft-{colour} ft-k-{escape(tile["kind"])}" data-tile="{name}" '
        f'id="ft-{name}">\n        <span class="ft-tile-head">\n          <span class="ft-name">{name}</span>\n'
        f'          <span class="ft-value" title="{value} points ({colour} tile)">{value}<span class="sr-only"> '
        f'points</span></span>\n        </span>\n        <span class="ft-kind">{escape(tile["label"])}</span>\n'
        f'        <span class="ft-meeples">{_meeples(tile["meeples"])}</span>\n'
        f'        <span class="ft-tile-foot">{_foot(tile)}</span>\n      </div></td>\n      ')


def rows_html(rows: Sequence[Mapping[str, Any]]) -> SafeString:
    """The grid's rows: a row heading, then each tile."""
    parts = []
    for row in rows:
        tiles = "".join(_tile(tile) for tile in row["cells"])
        parts.append(f'\n      <tr><th scope="row" class="ft-rowhead">{escape(row["number"])}</th>\n      {tiles}\n'
                     '      </tr>\n    ')
    return mark_safe("".join(parts))  # noqa: S308 - every value above is escaped
