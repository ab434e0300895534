"""The Mob Town city as an HTML table, written in Python rather than in the board template.

The city is a grid of up to a few hundred cells, each card with a dozen
pieces of text; as template loops it was most of the page's rendering time.
The markup is the one the script (``static/mob_town.js``: ``data-cell``, the
``mt-`` ids of the cards), the stylesheet and the accessibility checks rely on
(a caption, row and column headers, screen-reader words for the arrow and the
token stack): keep them in step when changing it. Every text is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from django.utils.safestring import SafeString, mark_safe


def esc(text: Any) -> str:
    """``html.escape``, what Django's ``escape`` does, without its lazy-string wrapper (called thousands of
    times a page)."""
    return escape(str(text))


def _tokens(tokens: list[Mapping[str, Any]]) -> str:
    last = len(tokens) - 1
    spans = "".join(
        f'<span class="mt-token c-{esc(t["color"])}{" mt-top" if i == last else ""}" '
        f'title="{esc(t["colour_name"])}">{esc(t["letter"])}<span class="sr-only"> {esc(t["colour_name"])}'
        f'{" (controls)" if i == last else ""},</span></span>'
        for i, t in enumerate(tokens))
    return (f'<span class="mt-stack" title="tokens, bottom to top"><span class="sr-only">tokens, bottom to top: '
            f"</span>{spans}</span>")


def _card(cell: Mapping[str, Any], coop: bool) -> str:
    card = cell["card"]
    where = f'{cell["x"]},{cell["y"]}'
    down = " mt-down" if cell.get("down") else ""
    lines = [
        f'<td class="mt-slot"><div class="mt-cell mt-card mt-t-{esc(card["type"])}{down}" data-cell="{where}" '
        f'id="mt-{esc(card["code"])}" title="{esc(cell["aria"])}">',
        f'<span class="mt-card-head"><span class="mt-label">{esc(cell["label"])}</span> '
        f'<span class="mt-code">{esc(card["code"])}</span> <span class="mt-arrow" '
        f'title="arrow: {esc(card["arrow_word"])}">{esc(card["arrow"])}<span class="sr-only"> arrow '
        f'{esc(card["arrow_word"])}</span></span></span>',
        f'<span class="mt-name">{esc(card["name"])}</span>',
        f'<span class="mt-kind">{esc(card["kind"])} <span class="mt-value" title="value {esc(card["value"])}">'
        f'{esc(card["value"])}</span></span>',
        f'<span class="mt-suits small">{esc(card["suits"])}</span>',
    ]
    if coop:
        if cell.get("down"):
            lines.append('<span class="mt-shut">shut down</span>')
        elif cell.get("mob"):
            mob = cell["mob"]
            lines.append(f'<span class="mt-mob" title="{mob} mob token{"" if mob == 1 else "s"}">mob × {mob}</span>')
    elif cell.get("tokens"):
        lines.append(_tokens(cell["tokens"]))
    if cell["pawns"]:
        pawns = "".join(f'<span class="mt-pawn c-{esc(p["color"])}" title="{esc(p["role"])} ({esc(p["name"])})">'
                        f'{esc(p["role"] or p["colour_name"])}</span> ' for p in cell["pawns"])
        lines.append(f'<span class="mt-pawns">{pawns}</span>')
    lines.append("</div></td>")
    return "\n".join(lines)


def _cell(cell: Mapping[str, Any], coop: bool) -> str:
    if cell["empty"]:
        return (f'<td class="mt-slot"><div class="mt-cell mt-empty" data-cell="{cell["x"]},{cell["y"]}">'
                f'<span class="mt-label">{esc(cell["label"])}</span><span class="sr-only"> empty</span></div></td>')
    return _card(cell, coop)


def city_table(b: Mapping[str, Any]) -> SafeString:
    """The ``<table>`` of the city: a caption, the column and row headers, and every cell as the cards lie."""
    columns = b["columns"]
    head = "".join(f'<th scope="col" class="mt-colhead">{esc(c)}</th>' for c in columns)
    first, last = (columns[0], columns[-1]) if columns else ("", "")
    rows = "\n".join(f'<tr><th scope="row" class="mt-rowhead">{row["number"]}</th>\n'
                     + "\n".join(_cell(cell, b["coop"]) for cell in row["cells"]) + "\n</tr>"
                     for row in b["rows"])
    html = (f'<table class="mt-city">\n<caption class="sr-only">The city: columns {esc(first)} to {esc(last)}, '
            f'rows 1 to {len(b["rows"])}</caption>\n'
            f'<thead><tr><td class="mt-corner"></td>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>')
    return mark_safe(html)  # every text above is escaped
