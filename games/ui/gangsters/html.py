"""Gangsters' board partial and the loops of its move forms, written in one pass: the HTML their templates printed.

The board template's loops (the gangs' table, the crime track, the dice, the
Police line, who is where) and the forms' option loops (each button, each joint
of the gang order's drop-downs, each recruit's strengths) printed hundreds of
template nodes at about a microsecond each. The board is built here with its
model, which is kept per view (see ``adapter._cached_board``), so its template
prints one string; the play template keeps the forms' shells, whose CSRF token,
idempotency key, address and version come from the page, and prints the parts
built here. Every value goes through :func:`esc`, what the templates' ``{{ }}``
did (players' names are anyone's text). tests/web/test_gangsters_html.py holds
both to the templates they replaced, for every seat and spectator over whole games.
"""

from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.ui.base import GameUI
from games.ui.markup import esc

_NAMING = GameUI()
_PHASE = {"picks": " · set-up: joint purchases", "gangs": " · set-up: gang orders", "over": " · game over"}
_YOU = ' <span class="muted">(you)</span>'
_HIDDEN = '<span class="muted" title="cash is secret">hidden</span>'
_SECONDARY = frozenset({"done", "pass", "roll"})


def _joined(values: Sequence[Any] | None) -> str:
    """The ``join:", "`` filter under autoescape."""
    return ", ".join(esc(v) for v in values or ())


def _bribes(bribes: Sequence[Any] | None, count: Any) -> str:
    """The markers held (the UNTouchables are number 10), or how many when they are secret."""
    if bribes is None:
        return esc(count)
    return ", ".join("UNTouchables" if m == 10 else f"#{esc(m)}" for m in bribes) or "none"


def _extras(holder: Mapping[str, Any]) -> str:
    return (" · Wheels" if holder["wheels"] else "") + (" · Heaters" if holder["heaters"] else "")


def _who(ref: Mapping[str, Any]) -> str:
    """A seat's label and, when the player has one, its name."""
    return esc(ref["label"]) + (f" {esc(ref['name'])}" if ref["name"] else "")


@functools.lru_cache(maxsize=16)  # ten levels, one of them marked
def _crime_track(crime: Any, track: tuple[Any, ...]) -> str:
    return "".join(f'<li class="gx-now" aria-current="true">{esc(i)}</li>' if i == crime else f"<li>{esc(i)}</li>"
                   for i in track)


def _status(b: Mapping[str, Any]) -> str:
    parts = [f'<section class="card gx-status" id="gx-status">\n  <h2>Round {esc(b["round"])}'
             f'{_PHASE.get(b["phase"], "")}</h2>\n  ']
    if b["deciding"]:
        chips = "".join(f'<span class="chip c-{esc(d["colour"])}">{_who(d)}</span> ' for d in b["deciding"])
        parts.append(f"<p>Now: {chips}{esc(b['doing'])}.</p>")
    cups = b["cups"]
    parts.append(f'\n  <div class="gx-crime"><span class="small">Crime level</span>\n'
                 f'    <ol class="gx-track" aria-label="crime level track, 0 to 9: now {esc(b["crime"])}">'
                 f'{_crime_track(b["crime"], tuple(b["crime_track"]))}</ol></div>\n'
                 f'  <p class="small">Cops on patrol {esc(b["cops_out"])} (a new one may come on while they are '
                 f'no more than the crime level) · in the cups: {esc(cups["cops"])} cops, {esc(cups["public"])} '
                 f'Public, {esc(cups["bribes"])} bribe markers</p>\n  ')
    if b["dice"]:
        turn = b["turn_of"]
        whose = f"{esc(turn['name'] or turn['label'])}'s dice:" if turn else "Dice:"
        dice = "".join(f'<span class="gx-die gx-die-{esc(d["name"])}" title="the {esc(d["name"])} die moves the '
                       f'{esc(d["use"])}">{esc(d["name"])} <strong>{esc(d["value"])}</strong> '
                       f'<span class="muted">({esc(d["use"])})</span></span>' for d in b["dice"])
        parts.append(f'<p class="gx-dice">{whose}\n    {dice}</p>')
    parts.append("\n</section>\n\n")
    return "".join(parts)


def _piece(p: Mapping[str, Any]) -> str:
    if not p["s"]:
        return '<td><span class="muted">—</span></td>'
    crim = ' <span class="gx-crim" title="criminal side">criminal</span>' if p["crim"] else ""
    return f'<td><strong>{esc(p["s"])}</strong> <span class="small">at {esc(p["at"])}</span>{crim}</td>'


def _gang(g: Mapping[str, Any]) -> str:
    cash = f"${esc(g['cash'])}" if g["cash"] is not None else _HIDDEN
    shown = f' <span class="small">(shown: {_joined(g["shown"])})</span>' if g["shown"] else ""
    active = ' class="gx-active"' if g["to_act"] else ""
    return (f'\n      <tr{active}>\n'
            f'        <th scope="row"><span class="dot c-{esc(g["colour"])}"></span>{_who(g)}'
            f'{_YOU if g["is_me"] else ""}{" <strong>out</strong>" if g["out"] else ""}</th>\n'
            f'        {"".join(_piece(p) for p in g["pieces"])}\n'
            f'        <td class="num">{cash}</td>\n'
            f'        <td class="num">{esc(g["joints"])}</td>\n'
            f'        <td>{_bribes(g["bribes"], g["bribe_count"])}{shown}{_extras(g)}</td>\n      </tr>')


def _police(p: Mapping[str, Any]) -> str:
    if p["commish"]:
        where = f" at {esc(p['at'])}" if p["at"] else ", off the board"
        commish = f"<strong>{esc(p['commish'])}</strong>{where}"
    else:
        commish = "eliminated"
    cash = f"${esc(p['cash'])}" if p["cash"] is not None else _HIDDEN
    if p["chits"] is None:
        chits = esc(p["chit_count"])
    else:
        chits = ", ".join(f"x{esc(c)}" for c in p["chits"]) or "none"
    return (f'\n  <h3 id="gx-police"><span class="dot c-{esc(p["colour"])}"></span>The Police: {_who(p)}'
            f'{_YOU if p["is_me"] else ""}</h3>\n'
            f'  <p class="small">Commissioner {commish}\n'
            f'    · Cash {cash}\n'
            f'    · Precinct HQs ({len(p["hqs"])} of 7): {_joined(p["hqs"]) or "none"}\n'
            f'    · Informants: {_joined(p["informants"]) or "none"}\n'
            f'    · Chits: {chits}\n'
            f'    · Bribes: {_bribes(p["bribes"], p["bribe_count"])}{_extras(p)}</p>\n  ')


def _gangs(b: Mapping[str, Any]) -> str:
    police = _police(b["police"]) if b["police"] else ""
    return ('<section class="card" id="gx-gangs">\n  <h2>Gangs</h2>\n  <div class="table-scroll">\n'
            '  <table class="table gx-gangs">\n    <thead><tr><th scope="col">Gang</th><th scope="col">Racketeer</th>'
            '<th scope="col">Thug</th><th scope="col">Vamp</th><th scope="col">Cash</th><th scope="col">Joints</th>'
            f'<th scope="col">Bribes</th></tr></thead>\n    <tbody>{"".join(_gang(g) for g in b["gangs"])}\n'
            f'    </tbody>\n  </table>\n  </div>\n  {police}\n</section>\n\n')


def _map(b: Mapping[str, Any], names: Sequence[str] | None) -> str:
    key = "".join(f'<span class="chip c-{esc(g["colour"])}">{esc(g["seat"] + 1)} {esc(g["name"] or g["label"])}'
                  "</span> " for g in b["gangs"])
    where = ""
    if b["where"]:
        lines = "".join(f"<li>{esc(_NAMING.name_seats(str(w), names))}</li>" for w in b["where"])
        where = f'<h3>Inside buildings and on crowded spaces</h3>\n  <ul class="plain small gx-where">{lines}</ul>'
    return ('<section class="card gx-map-card" id="gx-map">\n  <h2>Chicago</h2>\n'
            '  <p class="small muted gx-map-help">Streets are grey, subways <strong>S1</strong>–<strong>S6</strong>, '
            "the river blue, bridges brown. Buildings show their code, owner's gang number and level "
            "(<strong>2 L3</strong>, <strong>!</strong> criminal side); pieces: <strong>1R 1T 1V</strong> gang 1's "
            "Racketeer, Thug, Vamp (<strong>!</strong> criminal), <strong>c3</strong> cop 3, <strong>p4</strong> "
            "Public 4. Hover or focus a square for details.</p>\n"
            f'  <p class="small gx-map-key">Gangs on the map: {key}</p>\n  {esc(b["map_svg"])}\n  {where}\n'
            "</section>\n\n")


def board_html(b: Mapping[str, Any], names: Sequence[str] | None) -> SafeString:
    """The board's four cards (status, gangs, map, joints) from its model; seat labels in the lists of who
    is where become the players' ``names``."""
    joints = ('<section class="card" id="gx-joints">\n  <h2>Joints</h2>\n  <p class="small muted">Price, one-jump '
              "subway (#), defence (guard), owner and level; a level may not exceed the joints of its colour the "
              f'owner holds.</p>\n  {esc(b["joints_html"])}\n</section>')
    return mark_safe(_status(b) + _gangs(b) + _map(b, names) + joints)  # noqa: S308 - every value is escaped


# -- the move forms' loops --------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)  # a gang's joints change a few times a game
def _joint_options(joints: tuple[tuple[str, str], ...]) -> str:
    return "".join(f'<option value="{esc(code)}">{esc(code)} {esc(name)}</option>' for code, name in joints)


def order_rows(order: Mapping[str, Any]) -> SafeString:
    """The gang order's rows: each piece's strength and the joint it starts in."""
    options = _joint_options(tuple((j["code"], j["name"]) for j in order["joints"]))
    rows = "".join(
        f'\n    <div class="inline-actions gx-order-row">\n'
        f'      <label>{esc(p["name"])} strength <input type="number" name="{esc(p["kind"])}" min="0" '
        f'max="{esc(p["max"])}" value="{esc(p["value"])}" inputmode="numeric" class="gx-num"></label>\n'
        f'      <label>starts in <select name="at_{esc(p["kind"])}">{options}</select></label>\n    </div>\n    '
        for p in order["pieces"])
    return mark_safe(rows)  # noqa: S308 - every value is escaped


@functools.lru_cache(maxsize=8)  # the four directions, east first chosen
def _facing_select(facings: tuple[tuple[str, str], ...]) -> str:
    options = "".join(f'<option value="{esc(code)}"{" selected" if code == "e" else ""}>{esc(name)}</option>'
                      for code, name in facings)
    return f'<label>facing <select name="facing">{options}</select></label>'


def recruit_fields(recruit: Mapping[str, Any], facings: Sequence[Mapping[str, Any]]) -> SafeString:
    """A recruit form's fields: how much strength (and its price) and, for a piece coming back on, its facing."""
    choices = "".join(f'<option value="{esc(c["n"])}">+{esc(c["n"])} (${esc(c["cost"])})</option>'
                      for c in recruit["choices"])
    facing = _facing_select(tuple((f["code"], f["name"]) for f in facings)) if recruit["facing"] else ""
    return mark_safe(  # noqa: S308 - every value is escaped
        f'<label>{esc(recruit["name"])} <select name="n">{choices}</select></label>\n      {facing}')


def choice_form(group: Mapping[str, Any], prompt: Any) -> dict[str, SafeString]:
    """A group of options as its form prints it: ``head`` (the group and its title) and ``fields`` (a drop-down
    when the options are many, else a button each)."""
    head = f'<div class="gx-group" data-gx-group="{esc(group["key"])}">\n    '
    if group["title"]:
        head += f"<h3>{esc(group['title'])}</h3>"
    if group["select"]:
        options = "".join(f'<option value="{esc(o["value"])}">{esc(o["label"])}</option>' for o in group["options"])
        fields = (f'\n        <select name="choice" aria-label="{esc(group["title"] or prompt)}">{options}</select>\n'
                  '        <button class="primary" type="submit">Choose</button>\n      ')
    else:
        style = "secondary" if group["key"] in _SECONDARY else "primary"
        buttons = "".join(f'<button class="{style}" type="submit" name="choice" value="{esc(o["value"])}" '
                          f'title="{esc(o["value"])}">{esc(o["label"])}</button>' for o in group["options"])
        fields = f"\n        {buttons}\n      "
    return {"head": mark_safe(head), "fields": mark_safe(fields)}  # noqa: S308 - every value is escaped
