"""Five Points in a mail's HTML part: the city, its neighbourhoods, the markers and the players as tables.

Built from the seat's view only (``rules.view(state, seat)``); mail clients drop
stylesheets, so every style is inline. The city grid is the text description's
(tile number, colour letter, ``*`` for a building) on the neighbourhood's colour;
rabble, bosses and bids are the players' seat labels on their colours (chips),
and the players' table names each label's player (with the points each would
score now, which the rules compute: read from the description's players block,
as the view does not carry them). What the tables do not show
(the pass table, the last resolution, what to do now) follows as wrapped text,
so the HTML part tells everything the text part does.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules.five_points import BOSSES_PER_PLAYER, COLOURS
from games.ui.mailparts import CAPTION, NOTE, NUM, REST, ROWH, SCROLL, TABLE, TD, TH, Chip, rest_of
from games.ui.markup import format_html, format_html_join

# A neighbourhood's colour as a light tint (its letter is printed on it too: colour is never the only cue).
TINT = {"blue": "#dbe7fb", "green": "#dcf1e0", "red": "#fbdcdc", "orange": "#fde6cf"}
CELL = ("border: 1px solid #b9b09a; padding: 3px 4px; text-align: center; font-size: 12px; min-width: 2.4em; "
        "background: {};")

# Description lines (and the indented lines under them) that the tables show; the rest is kept as text.
COVERED = ("Five Points, round", "You are P", "The city (", "Neighbourhoods:", "Manipulation markers",
           "Control-marker piles:", "Players:")

# A colour's letter, as the text grid writes it (b blue, g green, r red, o orange).
COLOUR_CODES = {colour: colour[0] for colour in COLOURS}


def player(seat: int) -> str:
    """How the rules' texts name a seat: P1 for the first."""
    return f"P{seat + 1}"


def _per_player(counts: Sequence[int], chip: Chip) -> SafeString:
    """'P1 2 P3 1' with each label on its player's colour; 'none' when nobody has any."""
    return format_html_join(" ", "{}&nbsp;{}", ((chip(s, player(s)), n) for s, n in enumerate(counts) if n)) \
        or mark_safe("none")


def _city(view: Mapping[str, Any]) -> SafeString:
    columns, rows = view["grid"]["columns"], view["grid"]["rows"]
    at = {(t["pos"][0], t["pos"][1]): t for t in view["tiles"]}
    head = format_html_join("", '<th scope="col" style="{}">{}</th>',
                            ((TH + " text-align: center;", chr(65 + c)) for c in range(columns)))
    body = []
    for r in range(rows):
        cells = []
        for c in range(columns):
            t = at.get((c, r))
            if t is None:
                cells.append(format_html('<td style="{}">·</td>', CELL.format("#fff")))
            else:
                cells.append(format_html('<td style="{}"><strong>{}</strong>{}{}</td>',
                                         CELL.format(TINT.get(t["colour"], "#fff")), t["number"],
                                         COLOUR_CODES.get(t["colour"], ""), "*" if t["building"] else ""))
        body.append(format_html('<tr><th scope="row" style="{}">{}</th>{}</tr>', TH + " text-align: center;", r + 1,
                                mark_safe("".join(cells))))  # each cell was built with format_html
    return format_html('<table style="{}"><caption style="{}">The city</caption><thead><tr><td style="{}"></td>{}'
                       '</tr></thead><tbody>{}</tbody></table><p style="{}">Each tile: its number and colour '
                       '(b blue, g green, r red, o orange); * a building.</p>',
                       TABLE, CAPTION, TH, head, mark_safe("".join(body)), NOTE)


def _neighbourhoods(view: Mapping[str, Any], chip: Chip) -> SafeString:
    rows = []
    for t in view["tiles"]:
        rows.append(format_html(
            '<tr><th scope="row" style="{} white-space: nowrap;"><strong>{}</strong> {}</th>'
            '<td style="{} background: {};">{}</td><td style="{}">{}</td><td style="{}">{}</td></tr>',
            ROWH, t["number"], t["cell"], TD, TINT.get(t["colour"], "#fff"), t["colour"],
            TD, _per_player(t["rabble"], chip), TD,
            _per_player(t["bosses"], chip) if any(t["bosses"]) else "-"))
        if t["building"]:
            rows.append(format_html('<tr><td colspan="4" style="{} font-size: 12px;">Tile {}: building {}</td></tr>',
                                    TD, t["number"], t["building"]["name"]))
    head = format_html_join("", '<th scope="col" style="{}">{}</th>',
                            ((TH, h) for h in ("Tile", "Colour", "Rabble", "Bosses")))
    return format_html('<table style="{}"><caption style="{}">Neighbourhoods</caption><thead><tr>{}</tr></thead>'
                       '<tbody>{}</tbody></table>', TABLE, CAPTION, head, mark_safe("".join(rows)))


def _markers(view: Mapping[str, Any], chip: Chip) -> SafeString:
    rows = [format_html('<tr><th scope="row" style="{}"><strong>{}</strong></th><td style="{}">{}</td>'
                        '<td style="{}">{}</td><td style="{}">{}</td></tr>',
                        ROWH, m["letter"], TD, m["label"], TD, _per_player(m["bids"], chip),
                        TD, chip(m["leader"], player(m["leader"])) if m["leader"] is not None else "-")
            for m in view["markers"]]
    head = format_html_join("", '<th scope="col" style="{}">{}</th>',
                            ((TH, h) for h in ("Marker", "Effect", "Bids", "Leads")))
    piles = ", ".join(f"{c} {view['control_supply'][c]}" for c in COLOURS)
    return format_html('<table style="{}"><caption style="{}">Manipulation markers (resolved left to right)'
                       '</caption><thead><tr>{}</tr></thead><tbody>{}</tbody></table>'
                       '<p style="{}">Control-marker piles: {}.</p>',
                       TABLE, CAPTION, head, mark_safe("".join(rows)), NOTE, piles)


def _points_now(description: str, players: int) -> list[str]:
    """Each seat's points as they would score now, as the description's players block tells them ("-" if not):
    the rules compute them, and the view does not carry them."""
    found = dict(re.findall(r"^\s+P(\d+): .*\(points now (\d+)\)", description, re.M))
    return [found.get(str(s + 1), "-") for s in range(players)]


def _players(view: Mapping[str, Any], names: Sequence[str], chip: Chip, description: str) -> SafeString:
    seat = view.get("seat")
    passed = list(view["passed"])
    points = _points_now(description, view["players"])
    rows = []
    for s in range(view["players"]):
        name = names[s] if s < len(names) and names[s] else player(s)
        notes = []
        if s == view["start"]:
            notes.append("starts this round")
        if s in passed:
            k = passed.index(s)
            notes.append(f"passed {k + 1}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k + 1, 'th')}, "
                         f"retrieves {view['pass_retrieval'][k]}")
        control = " ".join(f"{COLOUR_CODES[c]}{view['control'][s][c]}" for c in COLOURS)
        rows.append(format_html(
            '<tr><th scope="row" rowspan="2" style="{}">{} {}{}</th><td style="{}">{}</td><td style="{}">{}</td>'
            '<td style="{}">{}/{}</td><td style="{}">{}</td><td style="{}"><strong>{}</strong></td></tr>'
            '<tr><td colspan="5" style="{} font-size: 12px;">control {}{}</td></tr>',
            ROWH, chip(s, name), player(s), " (you)" if s == seat else "", NUM, view["hq"][s], NUM, view["boroughs"][s],
            NUM, view["bosses_on_board"][s], BOSSES_PER_PLAYER, NUM, view["vp"][s], NUM, points[s],
            TD, control, "; " + "; ".join(notes) if notes else ""))
    head = format_html_join("", '<th scope="col" style="{}">{}</th>',
                            ((TH, h) for h in ("Player", "HQ", "Bor.", "Bosses", "VP", "Points")))
    table = format_html('<table style="{}"><caption style="{}">Players</caption><thead><tr>{}</tr></thead>'
                        '<tbody>{}</tbody></table>', TABLE, CAPTION, head, mark_safe("".join(rows)))
    return format_html('{}<p style="{}">Bor.: rabble in the boroughs; control: control markers held (b blue, '
                       'g green, r red, o orange); points: as they would score now.</p>',
                       format_html(SCROLL, "Players", table), NOTE)


def mail_situation(view: Mapping[str, Any] | None, names: Sequence[str] | None, description: str, *,
                   chip: Chip) -> SafeString:
    """The reader's situation as tables (see the module docstring); empty without a view."""
    if not view:
        return mark_safe("")
    phase = {"placement": "placement phase", "resolution": "election phase", "over": "game over"}
    rest = rest_of(description, COVERED)
    return format_html('<div data-board="five_points"><p style="margin: 0 0 .4em;"><strong>Round {}, {}</strong>'
                       '</p>{}{}{}{}{}</div>', view["round"], phase.get(view["phase"], view["phase"]),
                       _city(view), _neighbourhoods(view, chip), _markers(view, chip),
                       _players(view, list(names or []), chip, description),
                       format_html('<pre style="{}">{}</pre>', REST, rest) if rest else "")
