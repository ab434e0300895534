"""Five Tribes in a mail's HTML part: the Sultanate and the players as tables with inline styles.

Built from the seat's view only (``rules.view(state, seat)``), which holds the
reader's own gold and nobody else's, so no one's gold but the reader's can be
printed. Mail clients drop stylesheets, so every style is inline. The 6 x 5 grid
fits a 390 px phone with short labels (the text description's own: ``LMkt 4``,
``2Y W``), a camel as its owner's seat label on the owner's colour. The parts of
the text description the tables do not show (resource row, Djinns, supply, turn
order, recent events, what to do now) follow as wrapped text, so the HTML part
tells everything the text part does.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules.five_tribes import COLOURS, COLUMN_LETTERS, COLUMNS, ROWS, goods_value
from games.ui.mailparts import CAPTION, NOTE, NUM, REST, ROWH, SCROLL, TABLE, TD, TH, Chip, rest_of
from games.ui.markup import format_html, format_html_join

# A tile's background says its value's colour, as the printed tiles do (blue or red).
TILE_BG = {"blue": "#e3ecfa", "red": "#fae6e1"}
CELL = ("border: 1px solid #b9b09a; padding: 2px 3px; vertical-align: top; font-size: 12px; line-height: 1.35; "
        "width: 16%; background: {};")

# The tiles' short names, as the text grid writes them (a cell on a phone holds about seven letters).
TILE_SHORT = {"large_market": "LMkt", "small_market": "SMkt", "oasis": "Oasis", "village": "Vill", "sacred": "Sacr"}

# Description lines (and the indented lines under them) that the tables show; the rest is kept as text.
COVERED = ("Five Tribes, round", "    A", "   +", "Tiles: LMkt", "Meeples: Y yellow", "Players:")



def seat_label(seat: int) -> str:
    """How the rules' texts name a seat: P1 for the first."""
    return f"P{seat + 1}"


def meeples_text(meeples: str) -> str:
    """'2Y W' as the text grid writes a tile's meeples; '-' for none."""
    return " ".join(f"{meeples.count(c)}{c}" if meeples.count(c) > 1 else c for c in COLOURS if c in meeples) or "-"


def _board(view: Mapping[str, Any], chip: Chip) -> SafeString:
    head = format_html_join("", '<th scope="col" style="{}">{}</th>', ((TH + " text-align: center;", c)
                                                                        for c in COLUMN_LETTERS[:COLUMNS]))
    rows = []
    for r in range(ROWS):
        cells = []
        for c in range(COLUMNS):
            tile = view["board"][r * COLUMNS + c]
            extras = [f"{tile['palms']}&nbsp;palm" if tile["palms"] else "",
                      f"{tile['palaces']}&nbsp;pal" if tile["palaces"] else ""]
            camel = chip(tile["camel"], seat_label(tile["camel"])) if tile["camel"] is not None else ""
            cells.append(format_html(
                '<td style="{}"><strong>{}&nbsp;{}</strong><br>{}<br>{}</td>',
                CELL.format(TILE_BG.get(tile["colour"], "#fff")), TILE_SHORT[tile["kind"]], tile["value"],
                meeples_text(tile["meeples"]),
                # the counts are plain numbers and fixed words; the chip was built with format_html
                mark_safe(" ".join(str(part) for part in (camel, *extras) if part))))
        rows.append(format_html('<tr><th scope="row" style="{}">{}</th>{}</tr>', TH + " text-align: center;", r + 1,
                                mark_safe("".join(cells))))  # each cell was built with format_html
    return format_html('<table style="{} width: 100%; max-width: 40em; table-layout: fixed;">'
                       '<caption style="{}">The Sultanate</caption><colgroup><col style="width: 1.4em;"></colgroup>'
                       '<thead><tr><td style="{}"></td>{}</tr></thead><tbody>{}</tbody></table>'
                       '<p style="{}">Tiles: LMkt Large Market, SMkt Small Market, Vill Village, Sacr Sacred Place, '
                       'Oasis; the value is blue on a blue tile, red on a red one. Meeples: Y Vizier, W Elder, '
                       'G Merchant, B Builder, R Assassin (2W = two Elders). A player label is a camel; palm = '
                       'palm trees, pal = palaces.</p>', TABLE, CAPTION, TH, head, mark_safe("".join(rows)), NOTE)


def _players(view: Mapping[str, Any], names: Sequence[str], chip: Chip) -> SafeString:
    you = view.get("you")
    head = format_html_join("", '<th scope="col" style="{}">{}</th>',
                            ((TH + " text-align: left;", h) for h in ("Player", "Gold", "Camels", "Viz.", "Eld.",
                                                                       "Fak.")))
    rows = []
    for s, p in enumerate(view["seats"]):
        name = names[s] if s < len(names) and names[s] else seat_label(s)
        goods = ", ".join(p["goods"]) or "no merchandise"
        djinns = ", ".join(p["djinns"]) or "no Djinns"
        rows.append(format_html(
            '<tr><th scope="row" rowspan="2" style="{}">{} {}{}</th><td style="{}">{}</td><td style="{}">{}</td>'
            '<td style="{}">{}</td><td style="{}">{}</td><td style="{}">{}</td></tr>'
            '<tr><td colspan="5" style="{} font-size: 12px;">{} (suits worth {}); {}</td></tr>',
            ROWH, chip(s, name), seat_label(s), " (you)" if s == you else "",
            NUM, p["gold"] if p["gold"] is not None else "?", NUM, p["camels"], NUM, p["viziers"],
            NUM, p["elders"], NUM, p["fakirs"], TD, goods, goods_value(p["goods"]), djinns))
    table = format_html('<table style="{}"><caption style="{}">Players</caption><thead><tr>{}</tr></thead>'
                        '<tbody>{}</tbody></table>', TABLE, CAPTION, head, mark_safe("".join(rows)))
    return format_html('{}<p style="{}">Gold is secret: you see only yours (?). Camels: left to place; Viz. '
                       'Viziers, Eld. Elders, Fak. Fakirs.</p>', format_html(SCROLL, "Players", table), NOTE)


def mail_situation(view: Mapping[str, Any] | None, names: Sequence[str] | None, description: str, *,
                   chip: Chip) -> SafeString:
    """The reader's situation as tables (see the module docstring); empty without a view."""
    if not view:
        return mark_safe("")
    rest = rest_of(description, COVERED)
    return format_html('<div data-board="five_tribes"><p style="margin: 0 0 .4em;"><strong>Round {}</strong></p>'
                       '{}{}{}</div>', view["round"], _board(view, chip), _players(view, list(names or []), chip),
                       format_html('<pre style="{}">{}</pre>', REST, rest) if rest else "")
