"""The Five Points city grid as HTML, written in Python rather than in the board template.

The grid is every cell of the city with its tile, rabble and bosses: as template
loops it was a third of a game page's rendering time, and the page is rendered
anew after every move. The markup is the one the script (``static/five_points.js``:
``[data-fp-map]``, ``data-tile``, ``data-cell``, ``.fp-order``), the stylesheet and
the accessibility checks rely on: keep them in step when changing it. Every text
is escaped (``html.escape``, what Django's ``escape`` does).
"""

from __future__ import annotations

from html import escape as _e
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe


def _tile(c: Mapping[str, Any], special_election: bool) -> str:
    number, cell, colour = _e(str(c["number"])), _e(str(c["cell"])), _e(str(c["colour"]))
    if c["submit"]:
        confirm = (f"Confirm: the special election in tile {number}" if special_election
                   else f"Confirm: place a rabble on tile {number}")
        opening = (f'<button type="submit" form="fp-form" name="tile" value="{number}" class="fp-tile nb-{colour} '
                   f'fp-submit" data-tile="{number}" data-cell="{cell}" title="choose tile {number} ({cell}, {colour})"'
                   f' data-confirm-move="{confirm}">')
    elif c["clickable"]:
        opening = (f'<button type="button" class="fp-tile nb-{colour} fp-pick" data-tile="{number}" '
                   f'data-cell="{cell}" disabled title="tile {number} ({cell}, {colour})">')
    else:
        opening = f'<div class="fp-tile nb-{colour}" data-tile="{number}" data-cell="{cell}">'
    building = c["building"]
    building_html = (f'<span class="fp-bldg" title="{_e(str(building["text"]))}">{_e(str(building["name"]))}</span>'
                     if building else "")
    special = '<span class="fp-special">special election</span>' if c["special"] else ""
    rabble = "".join(
        f'<span class="fp-cube c-{_e(str(r["color"]))}" title="{_e(str(r["label"]))} {_e(str(r["name"]))}: '
        f'{_e(str(r["count"]))} rabble">{_e(str(r["count"]))}<span class="sr-only"> rabble of '
        f'{_e(str(r["label"]))} {_e(str(r["name"]))},</span></span>'
        for r in c["rabble"]) or '<span class="fp-none">no rabble</span>'
    bosses = ""
    if c["bosses"]:
        bosses = '<span class="fp-bosses">' + "".join(
            f'<span class="fp-boss c-{_e(str(s["color"]))}" title="boss of {_e(str(s["label"]))} '
            f'{_e(str(s["name"]))}">★{_e(str(s["count"])) if s["count"] > 1 else ""}<span class="sr-only"> '
            f'boss{"es" if s["count"] > 1 else ""} of {_e(str(s["label"]))} {_e(str(s["name"]))},</span></span>'
            for s in c["bosses"]) + "</span>"
    closing = "</button>" if c["submit"] or c["clickable"] else "</div>"
    return (f'{opening}\n        <span class="fp-head"><span class="fp-num"><span class="sr-only">Tile </span>{number}'
            f'</span><span class="fp-coord">{cell}</span><span class="sr-only">({colour} neighbourhood)</span></span>\n'
            f'        {building_html}\n        {special}\n        <span class="fp-rabble">{rabble}</span>\n'
            f'        {bosses}\n        <span class="fp-order" aria-hidden="true"></span>\n      {closing}')


def grid_html(grid: Sequence[Mapping[str, Any]], special_election: bool) -> SafeString:
    """Each row's label and cells (``board()['grid']``); ``special_election``: the tiles' buttons choose
    where the special election is held (else they place a rabble)."""
    parts = []
    for row in grid:
        parts.append(f'<div class="fp-label">{_e(str(row["label"]))}</div>')
        for c in row["cells"]:
            cell = _e(str(c["cell"]))
            if not c["empty"]:
                parts.append(_tile(c, special_election))
            elif c["target"]:
                parts.append(f'<button type="button" class="fp-cell fp-target" data-cell="{cell}" disabled '
                             f'aria-label="move here: {cell}">{cell}</button>')
            else:
                margin = " fp-margin" if row["margin"] else ""
                parts.append(f'<div class="fp-cell{margin}" data-cell="{cell}" aria-hidden="true"></div>')
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped


def _s(value: Any) -> str:
    return _e(str(value))


def markers_html(markers: Sequence[Mapping[str, Any]]) -> SafeString:
    """The manipulation markers with each player's bids (``board()['markers']``)."""
    parts = []
    for m in markers:
        bids = "".join(f'<span class="chip c-{_s(bid["color"])}">{"you" if bid["is_me"] else _s(bid["name"])}: '
                       f'{_s(bid["count"])}</span> ' for bid in m["bids"]) or '<span class="muted">no bids</span>'
        leader = f'<div class="small muted">leads: {_s(m["leader"])}</div>' if m["leader"] else ""
        parts.append(f'\n    <div class="fp-marker"><div><span class="fp-letter">{_s(m["letter"])}</span> '
                     f'<strong>{_s(m["label"])}</strong></div>\n      <div class="small">{bids}</div>\n'
                     f'      {leader}\n    </div>\n  ')
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped


_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def players_html(players: Sequence[Mapping[str, Any]]) -> SafeString:
    """The players table's rows (``board()['players']``)."""
    parts = []
    for p in players:
        classes = ("me" if p["is_me"] else "") + (" fp-acting" if p["to_act"] else "")
        notes = ((' <span class="muted small">(you)</span>' if p["is_me"] else "")
                 + (' <span class="muted small" title="starting player this round">· starts</span>' if p["start"] else "")
                 + (' <strong class="small">· to act</strong>' if p["to_act"] else ""))
        control = "".join(f'<span class="fp-ctl nb-{_s(c["colour"])}" title="{_s(c["colour"])} control markers">'
                          f'{_s(c["count"])}</span>' for c in p["control"])
        passed = p["passed"]
        passed_html = f'{_s(passed)}{_ORDINAL.get(passed, "th")} (+{_s(p["retrieves"])})' if passed else ""
        parts.append(
            f'\n      <tr class="{classes}">\n        <td><span class="dot c-{_s(p["color"])}"></span>{_s(p["label"])} '
            f'{_s(p["name"])}{notes}</td>\n        <td class="num">{_s(p["hq"])}</td><td class="num">'
            f'{_s(p["boroughs"])}</td><td class="num">{_s(p["bosses"])}/{_s(p["bosses_max"])}</td>\n'
            f'        <td>{control}</td>\n        <td class="num">{_s(p["vp"])}</td>\n        <td>{passed_html}</td>\n'
            f'      </tr>\n    ')
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped


def buildings_html(buildings: Sequence[Mapping[str, Any]]) -> SafeString:
    """The list of the city's buildings (``board()['buildings']``)."""
    return mark_safe("".join(  # noqa: S308 - every text is escaped
        f'<li><strong>{_s(x["name"])}</strong> (tile {_s(x["number"])}, {_s(x["cell"])}): {_s(x["text"])}'
        f'{" · controlled by " + _s(x["controller"]) if x["controller"] else ""}</li>' for x in buildings))
