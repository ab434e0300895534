"""Mob Town's situation for a turn mail's HTML part: the city and the players as tables with inline styles.

Built from the seat's view alone (``rules.view(state, seat)``), never the state,
so a mail cannot show more than the seat may see. Mail clients drop stylesheets,
classes and scripts, so every style is inline. Three tables:

* the players: each on its colour chip, with score, briefcases, cards in hand
  and tokens left (in the co-op: role and cards in hand);
* the city as the cards lie: each cell its card code and, under it, the token
  stack as colour letters (the last one controls) or, in the co-op, its mob
  tokens and pawns; eight narrow columns fit a phone;
* the cards in the city one a row: name, kind and value, suits, arrow, text,
  and who holds them, named on their chips.

The lines of the text description these tables show (scores, briefcases, the
text map and its list of cards) are left out; every other line follows in a
wrapping block, so the HTML part tells all the text part does.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules.mob_town import ARROW_MARK, COLORS, PROPERTIES, ROLES, TYPE_NAMES, track_position
from games.ui.mailparts import TD, TH, Chip, trimmed
from games.ui.markup import format_html, format_html_join

FONT = "font-size: 12px; line-height: 1.3;"
TABLE = f"border-collapse: collapse; margin: 0 0 .8em; {FONT}"
# The web board's tints of the card types, so a casino looks like a casino in mail too.
TYPE_TINT = {"restaurant": "#fff6e8", "casino": "#eef4ff", "hotel": "#effaf0", "theater": "#fbeef8",
             "factory": "#f1f0ec", None: "#fffbe0"}
# Description lines a table shows, by how they start.
SHOWN_PREFIXES = ("Scores: ", "Briefcases: ", "Cards in hand: ", "Roles: ")


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names and seat < len(names) and names[seat]:
        return str(names[seat])
    return COLORS[seat].capitalize()


def _letter(chip: Chip, seat: int) -> SafeString:
    """A token: its colour's initial on the colour (the text map's R, B, G, Y)."""
    return chip(seat, COLORS[seat][0].upper())


def _score(score: int) -> str:
    markers, space = track_position(score)
    return f"{score} ({markers}×50, space {space})" if markers else str(score)


def players_table(view: Mapping[str, Any], names: Sequence[str] | None, chip: Chip) -> SafeString:
    """Who holds what: everything per player the view shows (hands only as counts)."""
    coop = view["mode"] == "coop"
    me = view.get("seat")
    heads = ("Player", "Role", "Cards") if coop else ("Player", "Score", "Briefcases", "Cards", "Tokens left")
    rows = []
    for seat in range(view["players"]):
        who = format_html("{}{}", chip(seat, _name(seat, names)), " (you)" if seat == me else "")
        if coop:
            role = view["roles"][seat]
            cells: tuple[Any, ...] = (who, ROLES[role].name if role else "(choosing)",
                                      view["hand_counts"][seat])
        else:
            cells = (who, _score(view["scores"][seat]), view["briefcases"][seat], view["hand_counts"][seat],
                     view["supply"][seat])
        rows.append((format_html_join("", '<td style="{}">{}</td>', ((TD, c) for c in cells)),))
    return format_html(
        '<table style="{}"><caption style="text-align: left; font-weight: bold; padding: 0 0 2px;">Players'
        '</caption><thead><tr>{}</tr></thead><tbody>{}</tbody></table>',
        TABLE, format_html_join("", '<th scope="col" style="{}">{}</th>', ((TH, h) for h in heads)),
        format_html_join("", "<tr>{}</tr>", rows))


def _pawns(view: Mapping[str, Any]) -> dict[tuple[int, int], list[int]]:
    found: dict[tuple[int, int], list[int]] = {}
    for seat, pawn in enumerate(view.get("pawns") or []):
        if pawn:
            found.setdefault((pawn[0], pawn[1]), []).append(seat)
    return found


def _grid_cell(entry: Mapping[str, Any] | None, pawns: list[int], coop: bool, chip: Chip) -> SafeString:
    base = ("border: 1px solid #cfcabb; padding: 2px 1px; text-align: center; vertical-align: top; "
            "width: 38px;")
    if entry is None:
        return format_html('<td style="{} color: #b8bcc8; vertical-align: middle;">·</td>', base)
    card = entry["card"]
    tint = TYPE_TINT.get(card["type"], "#fffbe0")
    marks: list[SafeString] = []
    if coop:
        if entry["down"]:
            tint = "#d7d8dc"
            marks.append(mark_safe("shut"))
        elif entry["mob"]:
            marks.append(format_html("{}", "*" * entry["mob"]))
        marks.extend(_letter(chip, p) for p in pawns)
    else:
        marks.extend(_letter(chip, t) for t in entry["tokens"])
    under = format_html_join(" ", "{}", ((m,) for m in marks)) if marks else ""
    return format_html('<td style="{} background: {};"><b>{}</b><br>{}</td>', base, tint, card["id"], under)


def city_table(view: Mapping[str, Any], chip: Chip) -> SafeString:
    """The city as the cards lie, with the cells' names (A1 ...) the reply notation uses."""
    grid = view["grid"]
    coop = view["mode"] == "coop"
    here = {(e["x"], e["y"]): e for e in view["city"]}
    pawns = _pawns(view)
    head = format_html_join("", '<th scope="col" style="padding: 0 1px; font-weight: bold;">{}</th>',
                            ((chr(ord("A") + c),) for c in range(grid["columns"])))
    rows = []
    for r in range(grid["rows"]):
        cells = []
        for c in range(grid["columns"]):
            x, y = grid["x0"] + c, grid["y0"] + r
            cells.append(_grid_cell(here.get((x, y)), pawns.get((x, y), []), coop, chip))
        rows.append((r + 1, format_html_join("", "{}", ((cell,) for cell in cells))))
    key = ("* a mob token, shut: shut down, a letter a pawn" if coop
           else "the letters are the token stack, bottom to top; the last controls")
    return format_html(
        '<table style="{} text-align: center;"><caption style="text-align: left; font-weight: bold; '
        'padding: 0 0 2px;">The city <span style="font-weight: normal;">({})</span></caption>'
        '<thead><tr><td></td>{}</tr></thead><tbody>{}</tbody></table>',
        TABLE, key, head,
        format_html_join("", '<tr><th scope="row" style="padding: 0 2px; font-weight: bold;">{}</th>{}</tr>',
                         rows))


def _holders(entry: Mapping[str, Any], pawns: list[int], view: Mapping[str, Any], names: Sequence[str] | None,
             chip: Chip) -> SafeString:
    if view["mode"] == "coop":
        parts: list[SafeString] = []
        if entry["down"]:
            parts.append(mark_safe("shut down"))
        elif entry["mob"]:
            parts.append(format_html("{} mob token{}", entry["mob"], "s" if entry["mob"] != 1 else ""))
        for seat in pawns:
            role = view["roles"][seat]
            parts.append(format_html("{} pawn{}", chip(seat, _name(seat, names)),
                                     f" ({ROLES[role].name})" if role else ""))
        return format_html_join("; ", "{}", ((p,) for p in parts)) if parts else mark_safe("")
    stack = entry["tokens"]
    if not stack:
        return mark_safe("")
    under = stack[:-1]
    return format_html("{} controls{}", chip(stack[-1], _name(stack[-1], names)),
                       format_html(" (under: {})", format_html_join(", ", "{}", (
                           (chip(t, _name(t, names)),) for t in under))) if under else "")


def cards_table(view: Mapping[str, Any], names: Sequence[str] | None, chip: Chip) -> SafeString:
    """Each card in the city: where, what it is (as printed) and who holds it."""
    pawns = _pawns(view)
    coop = view["mode"] == "coop"
    rows = []
    for entry in sorted(view["city"], key=lambda e: (e["y"], e["x"])):
        p = PROPERTIES[entry["card"]["id"]]
        kind = TYPE_NAMES[p.type] if p.type else "Landmark"
        suits = "/".join(p.suits) if p.suits else "any suit"
        text = format_html("<br><i>{}</i>", p.text) if p.text else ""
        what = format_html("<b>{}</b> {} {}, {}, arrow {}{}", p.name, kind, p.value, suits,
                           ARROW_MARK[p.arrow], text)
        rows.append((TD, entry["label"], entry["card"]["id"], TD, what, TD,
                     _holders(entry, pawns.get((entry["x"], entry["y"]), []), view, names, chip)))
    heads = ("Cell", "Card", "Mob, pawns" if coop else "Tokens")
    return format_html(
        '<table style="{}"><caption style="text-align: left; font-weight: bold; padding: 0 0 2px;">'
        'Cards in the city</caption><thead><tr>{}</tr></thead><tbody>{}</tbody></table>',
        TABLE, format_html_join("", '<th scope="col" style="{}">{}</th>', ((TH, h) for h in heads)),
        format_html_join("", '<tr><td style="{} white-space: nowrap;">{} {}</td><td style="{}">{}</td>'
                             '<td style="{}">{}</td></tr>', rows))


def remaining_lines(description: str, city_drawn: bool) -> tuple[list[str], list[str]]:
    """The description without what the tables show: the players' counts and, when the city is drawn,
    the text map and its list of cards (from "The city (" to the blank line after the list); no blank line
    twice in a row where a part was taken out. Split where the text map was: the heading lines (round, who
    you are, the city card) go above the tables."""
    lines = description.splitlines()
    keep: list[str] = []
    head = -1
    i = 0
    while i < len(lines):
        line = lines[i]
        if city_drawn and line.startswith("The city ("):
            head = len(keep)
            blanks = 0
            while i < len(lines) and blanks < 2:
                i += 1
                if i < len(lines) and not lines[i].strip():
                    blanks += 1
            continue
        blank_again = not line.strip() and (not keep or not keep[-1].strip())
        if not line.startswith(SHOWN_PREFIXES) and not blank_again:
            keep.append(line)
        i += 1
    head = len(keep) if head < 0 else head
    return trimmed(keep[:head]), trimmed(keep[head:])


def _text(lines: list[str]) -> SafeString:
    if not lines:
        return mark_safe("")
    return format_html('<div style="white-space: pre-wrap; {} margin: 0 0 .8em;">{}</div>', FONT,
                       "\n".join(lines))


def situation(view: Mapping[str, Any] | None, names: Sequence[str] | None, description: str,
              chip: Chip) -> SafeString:
    """The whole situation: the players, the city, its cards, then the rest of the description."""
    if not view:
        return mark_safe("")
    city_drawn = bool(view["city"])
    head, tail = remaining_lines(description, city_drawn)
    parts = [_text(head), players_table(view, names, chip)]
    if city_drawn:
        parts += [city_table(view, chip), cards_table(view, names, chip)]
    parts.append(_text(tail))
    return format_html_join("\n", "{}", ((p,) for p in parts if p))
