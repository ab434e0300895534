"""Gangsters' situation for a turn mail's HTML part: the gangs, the map, who is where and the joints as
tables.

Built from the seat's view alone (``rules.view(state, seat)``), never the state,
so a mail cannot show more than the seat may see (another gang's cash and
bribe markers stay hidden). Mail clients drop stylesheets, classes and scripts,
so every style is inline. Four tables:

* the gangs: each player on the gang's colour chip, every piece's strength and
  place, cash, joints and bribes as the view shows them;
* the map, 16 by 16 cells as the text map draws it: buildings by code on their
  group's tint (an owned joint on its owner's colour, a bold frame when someone
  is inside), pieces alone on a street by marker on their gang's colour, the
  river, bridges and subways. At 10px type it fits a phone's width; it sits in
  a box that scrolls sideways should a client's font be wider;
* who is where: every occupied building and crowded street, pieces named;
* the joints by colour group: price, one-jump subway, owner on a chip, level.

The lines of the text description these tables show are left out; every other
line (dice, crime level, the Police player, what happened lately, the reply
help) follows in a wrapping block, so the HTML part tells all the text part does.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules.gangsters import (
    BRIDGES,
    BUILDING,
    BUILDINGS,
    COLOUR_JOINTS,
    COLOURS,
    COLUMNS,
    DOORS,
    GANG_LABEL,
    GROUP_SIZE,
    PIECE_NAME,
    PIECES,
    RIVER_ROWS,
    ROWS,
    STREETS,
    SUBWAY_OF,
)
from games.ui.base import COLOR_HEX
from games.ui.gangsters.pieces import Occupant, occupants
from games.ui.mailparts import TD, TH, Chip, trimmed
from games.ui.markup import format_html, format_html_join

Colour = Callable[[int], str]

FONT = "font-size: 12px; line-height: 1.3;"
TABLE = f"border-collapse: collapse; margin: 0 0 .8em; {FONT}"
CAPTION = "text-align: left; font-weight: bold; padding: 0 0 2px;"
# The web map's tints (static/gangsters.css), so a brown joint looks brown in mail too.
TINT = {"brown": "#d8b894", "yellow": "#f3e08a", "green": "#a9d8b5", "blue": "#a9c4ee", "purple": "#cdb3ec",
        "red": "#efa3a3", "gray": "#c9c9c9", "street": "#ece9e1", "subway": "#d7d3f3", "bridge": "#b58b5a",
        "river": "#9cc3e6", "lot": "#fdfcf8"}
# On the map an unowned building wears its group's tint paled, so that an owned one, on its owner's full
# colour, stands out even where the two are alike (a yellow joint, the yellow player's).
PALE = {"brown": "#ecdcca", "yellow": "#f9f0c5", "green": "#d4ecda", "blue": "#d4e2f7", "purple": "#e6d9f6",
        "red": "#f7d1d1", "gray": "#e4e4e4"}
COP = ("#1d2a55", "#fff")
# The map's cells inherit these from the table (and the spacing between them draws the grid); each cell
# styles only its colours. 10px type: 16 columns of three letters fit a phone's width no larger.
MAP_TABLE = ("width: 100%; max-width: 480px; border-collapse: separate; border-spacing: 1px; "
             "table-layout: fixed; color: #1f2430; "
             "font-family: Arial, Helvetica, sans-serif; font-size: 10px; line-height: 1; "
             "letter-spacing: -0.3px; text-align: center; white-space: nowrap;")
FRAME = " border: 2px solid #1f2430; font-weight: bold;"


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names and seat < len(names) and names[seat]:
        return str(names[seat])
    return GANG_LABEL[seat]


def _gang(seat: int, names: Sequence[str] | None, chip: Chip) -> SafeString:
    """A player on the colour chip with the gang's label the text uses ("P2")."""
    return format_html("{} {}", chip(seat, _name(seat, names)), GANG_LABEL[seat])


def _bribes(g: Mapping[str, Any]) -> str:
    if g["bribes"] is not None:
        held = ", ".join(str(b) for b in g["bribes"]) or "none"
    else:
        held = f"{g['bribe_count']} (which: hidden)" if g["bribe_count"] else "none"
    shown = f"; shown: {', '.join(str(b) for b in g['shown'])}" if g["shown"] else ""
    return held + shown


def gangs_table(view: Mapping[str, Any], names: Sequence[str] | None, chip: Chip) -> SafeString:
    """Each gang (not the Police player, whose line of the description follows the table): pieces, cash,
    joints, bribes."""
    me = view.get("seat")
    police_seat = (view.get("police") or {}).get("seat")
    rows = []
    for g in view["gangs"]:
        if g["seat"] == police_seat:
            continue
        notes = [w for w, on in (("you", g["seat"] == me), ("OUT", g["out"]), ("wheels", g["wheels"]),
                                 ("heaters", g["heaters"])) if on]
        who = format_html("{}{}", _gang(g["seat"], names, chip),
                          format_html("<br>{}", ", ".join(notes)) if notes else "")
        pieces = []
        for kind in PIECES:
            p = g["pieces"][kind]
            if p["s"] == 0:
                pieces.append(format_html("no {}", PIECE_NAME[kind]))
            else:
                pieces.append(format_html("{} {} at <b>{}</b>{}", PIECE_NAME[kind], p["s"], p["at"] or "-",
                                          " (criminal)" if p["c"] else ""))
        cash = f"${g['cash']}" if g["cash"] is not None else "hidden"
        listed = format_html_join(mark_safe("<br>"), "{}", ((p,) for p in pieces))
        rows.append((who, listed, cash, g["joints"], _bribes(g)))
    heads = ("Gang", "Pieces", "Cash", "Joints", "Bribes")
    return format_html(
        '<table style="{}"><caption style="{}">Gangs</caption><thead><tr>{}</tr></thead><tbody>{}</tbody>'
        '</table>', TABLE, CAPTION,
        format_html_join("", '<th scope="col" style="{}">{}</th>', ((TH, h) for h in heads)),
        format_html_join("", "<tr>{}</tr>", (
            (format_html_join("", '<td style="{}">{}</td>', ((TD, c) for c in row)),) for row in rows)))


def _words(o: Occupant) -> str:
    """What an occupant is, in the mail's "Who is where" table: "Racketeer 5 (criminal)", "cop 3"."""
    if o.role == "gang":
        return f"{o.name} {o.strength}" + (" (criminal)" if o.criminal else "")
    if o.role == "commish":
        return f"{o.name} {o.strength}"
    return o.name


def _owner(view: Mapping[str, Any], code: str) -> tuple[int | None, bool]:
    """A building's owner (the Police player's for an HQ) and whether it is an HQ."""
    police = view.get("police") or {}
    if code in (police.get("hqs") or ()):
        return police["seat"], True
    joint = view["joints"].get(code)
    return (joint["owner"] if joint else None), False


def _map_cell(view: Mapping[str, Any], row: int, col: int, by_cell: Mapping[str, Any],
              occ: Mapping[str, list[Occupant]], colour: Colour) -> SafeString:
    """One space: only its colours and a frame are styled here; the rest is the table's (the map is 256
    cells: a full style on each made the mail heavy enough for a client to clip it)."""
    name = f"{COLUMNS[col]}{row + 1}"
    ink = ""  # the table's dark text, unless the background is a player's or a cop's colour
    frame = ""
    if name in STREETS:
        here = occ.get(name, [])
        background, text = TINT["street"], ""  # a bare street: its tint says enough
        if len(here) == 1:
            text, seat = here[0].text, here[0].seat
            if seat is not None:
                background, ink = COLOR_HEX.get(colour(seat), ("#555", "#fff"))
            elif text.startswith("c"):
                background, ink = COP
            else:
                background = "#fff"
        elif here:
            text, frame = f"*{len(here)}", FRAME
        elif name in SUBWAY_OF:
            text, background = f"S{SUBWAY_OF[name]}", TINT["subway"]
        elif name in BRIDGES:
            text, background = "=", TINT["bridge"]
    elif name in by_cell:
        b = by_cell[name]
        text = b.code
        owner, _ = _owner(view, b.code)
        background = PALE[b.colour]
        if owner is not None:
            background, ink = COLOR_HEX.get(colour(owner), ("#555", "#fff"))
        frame = FRAME if occ.get(b.code) else ""
    else:
        background, text = (TINT["river"] if row in RIVER_ROWS else TINT["lot"]), ""
    return format_html('<td style="background: {};{}{}">{}</td>', background,
                       format_html(" color: {};", ink) if ink else "", frame, text)


def map_table(view: Mapping[str, Any], colour: Colour) -> SafeString:
    """The city as the text map draws it, a cell a space, with the columns a-p and rows 1-16 as headers."""
    occ = occupants(view)
    by_cell = {b.cell: b for b in BUILDINGS}
    head = format_html_join("", '<th scope="col" style="width: 20px;">{}</th>', ((c,) for c in COLUMNS))
    rows = format_html_join("", '<tr style="height: 18px;"><th scope="row">{}</th>{}</tr>', (
        (row + 1, format_html_join("", "{}", ((_map_cell(view, row, col, by_cell, occ, colour),)
                                             for col in range(len(COLUMNS)))))
        for row in range(ROWS)))
    key = ("Buildings by code, pale in their group's colour, an owned joint in its owner's; a bold frame: "
           "someone inside or several on a street (see Who is where); 1R 1T 1V: P1's Racketeer, Thug, Vamp "
           "(! criminal); c3 cop 3; p4 Public 4; S1 subway 1; = bridge; blue: the river.")
    if view.get("police"):
        key += " C the Police Commissioner; i4 Informant 4."
    return format_html(
        '<div style="overflow-x: auto; margin: 0 0 .8em;"><table cellpadding="0" cellspacing="1" '
        'style="{}"><caption style="{}">The map</caption><thead><tr><td style="width: 14px;"></td>{}</tr>'
        '</thead><tbody>{}</tbody></table></div><p style="{} margin: 0 0 .8em;">{}</p>',
        MAP_TABLE, f"{CAPTION} font-size: 12px; letter-spacing: 0;", head, rows, FONT, key)


def where_table(view: Mapping[str, Any], names: Sequence[str] | None, chip: Chip) -> SafeString:
    """Every occupied building and crowded street: the place (with its owner) and who stands there."""
    occ = occupants(view)
    rows = []
    for node in sorted(occ, key=lambda n: (n not in STREETS, n)):
        here = occ[node]
        if node in STREETS and len(here) < 2:
            continue
        place = format_html("<b>{}</b>", node)
        if node in DOORS:
            owner, hq = _owner(view, node)
            joint = view["joints"].get(node)
            held: Any = ""
            if hq and owner is not None:
                held = format_html(" (Police HQ, {})", chip(owner, _name(owner, names)))
            elif owner is not None and joint:
                held = format_html(" ({} L{})", chip(owner, _name(owner, names)), joint["level"])
            place = format_html("<b>{}</b> {}{}", node, BUILDING[node].name, held)
        who = format_html_join(", ", "{}", (
            (format_html("{} {}", chip(o.seat, _name(o.seat, names)), _words(o)) if o.seat is not None
             else format_html("{}", _words(o)),) for o in here))
        rows.append((TD, place, TD, who))
    if not rows:
        return mark_safe("")
    return format_html(
        '<table style="{}"><caption style="{}">Who is where (inside buildings and on crowded spaces)'
        '</caption>'
        '<thead><tr><th scope="col" style="{}">Place</th><th scope="col" style="{}">Who</th></tr></thead>'
        '<tbody>{}</tbody></table>', TABLE, CAPTION, TH, TH,
        format_html_join("", '<tr><td style="{}">{}</td><td style="{}">{}</td></tr>', rows))


def joints_table(view: Mapping[str, Any], names: Sequence[str] | None, chip: Chip) -> SafeString:
    """The joints by colour group: code, one-jump subway, price, owner and level, criminal side."""
    rows = []
    for group in COLOURS:
        items = []
        for code in COLOUR_JOINTS[group]:
            b = BUILDING[code]
            joint = view["joints"][code]
            owner, hq = _owner(view, code)
            jump = f"#{b.jump}" if b.jump else ""
            if hq and owner is not None:
                held: Any = format_html(" {} HQ", chip(owner, _name(owner, names)))
            elif owner is not None:
                held = format_html(" {} L{}{}", chip(owner, _name(owner, names)), joint["level"],
                                   " criminal" if joint["crim"] else "")
            else:
                held = ""
            items.append(format_html('<span style="white-space: nowrap;"><b>{}</b>{} ${}</span>{}', code,
                                     jump, b.value, held))
        swatch = format_html('<span style="background: {}; padding: 0 .35em; border-radius: 3px;">{} ({})'
                             '</span>', TINT[group], group.capitalize(), GROUP_SIZE[group])
        rows.append((TD, swatch, TD, format_html_join(", ", "{}", ((i,) for i in items))))
    return format_html(
        '<table style="{}"><caption style="{}">Joints (#: one-jump subway; owner, level)</caption>'
        '<thead><tr><th scope="col" style="{}">Group</th><th scope="col" style="{}">Joints</th></tr></thead>'
        '<tbody>{}</tbody></table>', TABLE, CAPTION, TH, TH,
        format_html_join("", '<tr><td style="{} white-space: nowrap;">{}</td><td style="{}">{}</td></tr>',
                         rows))


def remaining_lines(description: str) -> tuple[list[str], list[str], list[str]]:
    """The description without what the tables show: the gangs' lines (not the Police player's), the text map,
    its key and legend, and the joint list; no blank line twice in a row where a part was taken out. Split
    where the first part was taken out: the heading lines (round, dice, crime level) go above the tables; the
    Police player's line (in the five-player game) comes apart, to go under the gangs."""
    keep: list[str] = []
    police: list[str] = []
    head = -1
    section = ""
    starts = {"Gangs (strength": "gangs", "Inside buildings and on crowded spaces": "legend",
              "Joints (code": "joints"}
    for line in description.splitlines():
        stripped = line.strip()
        opened = next((part for start, part in starts.items() if line.startswith(start)), "")
        if opened or stripped.startswith("a   b   c"):
            section = opened or "map"
            head = len(keep) if head < 0 else head
            continue
        if line.startswith("Map key:"):
            continue
        if stripped:
            if section == "gangs" and line.startswith("  "):
                if "the Police" in line:
                    police.append(line.strip())
                continue
            if section == "map" and line[:3].strip().isdigit():
                continue
            if section in ("legend", "joints") and line.startswith("  "):
                continue
            if not line.startswith("  "):
                section = ""
        elif not keep or not keep[-1].strip():
            continue
        keep.append(line)
    head = len(keep) if head < 0 else head
    return trimmed(keep[:head]), police, trimmed(keep[head:])


def _text(lines: list[str]) -> SafeString:
    if not lines:
        return mark_safe("")
    return format_html('<div style="white-space: pre-wrap; {} margin: 0 0 .8em;">{}</div>', FONT,
                       "\n".join(lines))


def situation(view: Mapping[str, Any] | None, names: Sequence[str] | None, description: str, chip: Chip,
              colour: Colour) -> SafeString:
    """The whole situation: the gangs, the map, who is where, the joints, then the rest of the description."""
    if not view:
        return mark_safe("")
    head, police, tail = remaining_lines(description)
    parts = [_text(head), gangs_table(view, names, chip), _text(police), map_table(view, colour),
             where_table(view, names, chip), joints_table(view, names, chip), _text(tail)]
    return format_html_join("\n", "{}", ((p,) for p in parts if p))
