"""Gangsters' board and move forms are built in Python (games/ui/gangsters/html.py): the page prints the same HTML as
the templates they replaced, byte for byte, for every seat (awaited or not) and a spectator, over seeded whole
games of two to five players (the Police variant and the optional rules included) and every kind of decision,
with names that need escaping or look like seat labels, and as a page part rendered to be kept. The map, whose
cells are now shared and their markup kept from board to board, is held to the code that wrote it before."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from html import escape as _e
from typing import Any, Mapping, Sequence

import pytest
from django.template import Context, Template, engines
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from games.rules import get_rules
from games.rules.gangsters import BRIDGES, BUILDINGS, COLUMNS, GANG_LABEL, RIVER_ROWS, ROWS, STREETS, SUBWAY_OF
from games.templatetags.kept import KEEPING
from games.templatetags.ravenpost import seat_color
from games.ui import ui_for
from games.ui.base import GameUI
from games.ui.gangsters import adapter
from games.ui.gangsters.adapter import CELL
from games.ui.markup import esc
from games.views.kept import CSRF_MARK

RULES = get_rules("gangsters")
UI = ui_for("gangsters")
_NAMING = GameUI()

# The templates as they were: the reference the builders are held to (byte for byte, whitespace included).
REFERENCE_PLAY = """{% load static ravenpost %}
{% comment %}The seat's own decision: paths built by clicking the map (only legal continuations offered), recruits, the gang order, and every other option as a button. All forms post to games:play.{% endcomment %}
{% if gx %}
<link rel="stylesheet" href="{% static 'ui/gangsters/gangsters.css' %}">
<section class="card highlight gx-decision" id="gx-decision" data-kind="{{ gx.kind }}">
  <h2>{{ gx.title }}</h2>

  {% if gx.builder %}
  <div class="gx-builder" id="gx-builder" hidden>
    <p class="small">Choose what to move, then click the spaces on the map (or the buttons below) one step at a time: only legal next steps are offered. Then choose how the move ends.</p>
    <div class="inline-actions gx-movers" data-gx-movers role="group" aria-label="what to move"></div>
    <p class="gx-status-line" aria-live="polite" data-gx-status>Choose what to move.</p>
    <div class="inline-actions gx-steps" data-gx-steps role="group" aria-label="next step"></div>
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" id="gx-path-form">
      {% csrf_token %}
      <input type="hidden" name="action" value="path">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      <input type="hidden" name="mover" value="">
      <input type="hidden" name="path" value="">
      <fieldset class="gx-endings" data-gx-endings hidden><legend>How the move ends</legend></fieldset>
      <div class="inline-actions">
        <button class="primary" type="submit" data-gx-submit disabled>Move</button>
        <button class="secondary" type="button" data-gx-undo disabled>Undo last step</button>
        <button class="secondary" type="button" data-gx-reset disabled>Start again</button>
      </div>
    </form>
  </div>
  <noscript><p class="small">Type the move in the box below, for example <code>move T d7 d8 BRI</code>; with JavaScript on you can build it by clicking the map.</p></noscript>
  {{ gx.builder|json_script:"gx-builder-data" }}
  <script src="{% static 'ui/gangsters/gangsters.js' %}" defer></script>
  {% endif %}

  {% if gx.order %}
  <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="gx-order">
    {% csrf_token %}
    <input type="hidden" name="action" value="order">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <p class="small">Gang purse ${{ gx.order.purse }} (what is left is kept); the n-th level of a piece costs $100 × n. At most {{ gx.order.vamp_max }} Vamp point now. Your order stays secret until every gang's is in.</p>
    {% for p in gx.order.pieces %}
    <div class="inline-actions gx-order-row">
      <label>{{ p.name }} strength <input type="number" name="{{ p.kind }}" min="0" max="{{ p.max }}" value="{{ p.value }}" inputmode="numeric" class="gx-num"></label>
      <label>starts in <select name="at_{{ p.kind }}">{% for j in gx.order.joints %}<option value="{{ j.code }}">{{ j.code }} {{ j.name }}</option>{% endfor %}</select></label>
    </div>
    {% endfor %}
    <button class="primary" type="submit">Send my gang order</button>
  </form>
  {% endif %}

  {% if gx.recruit %}
  <div class="gx-group" data-gx-group="recruit-form">
    <h3>Recruit</h3>
    <p class="small muted">Recruiting is the piece's action this turn; it is paid and takes effect when your movement ends.</p>
    {% for r in gx.recruit %}
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="inline-actions gx-recruit">
      {% csrf_token %}
      <input type="hidden" name="action" value="recruit">
      <input type="hidden" name="piece" value="{{ r.kind }}">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      <label>{{ r.name }} <select name="n">{% for c in r.choices %}<option value="{{ c.n }}">+{{ c.n }} (${{ c.cost }})</option>{% endfor %}</select></label>
      {% if r.facing %}<label>facing <select name="facing">{% for f in gx.facings %}<option value="{{ f.code }}"{% if f.code == "e" %} selected{% endif %}>{{ f.name }}</option>{% endfor %}</select></label>{% endif %}
      <button class="primary" type="submit">Recruit</button>
    </form>
    {% endfor %}
  </div>
  {% endif %}

  {% for g in gx.groups %}{% if g.key != "recruit" or not gx.recruit %}
  <div class="gx-group" data-gx-group="{{ g.key }}">
    {% if g.title %}<h3>{{ g.title }}</h3>{% endif %}
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="inline-actions">
      {% csrf_token %}
      <input type="hidden" name="action" value="choice">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      {% if g.select %}
        <select name="choice" aria-label="{{ g.title|default:gx.title }}">{% for o in g.options %}<option value="{{ o.value }}">{{ o.label }}</option>{% endfor %}</select>
        <button class="primary" type="submit">Choose</button>
      {% else %}
        {% for o in g.options %}<button class="{% if g.key == 'done' or g.key == 'pass' or g.key == 'roll' %}secondary{% else %}primary{% endif %}" type="submit" name="choice" value="{{ o.value }}" title="{{ o.value }}">{{ o.label }}</button>{% endfor %}
      {% endif %}
    </form>
  </div>
  {% endif %}{% endfor %}
</section>
{% endif %}
"""

REFERENCE_BOARD = """{% load static ravenpost %}
{% comment %}Gangsters as one seat (or a spectator) may see it, built from the view alone: the live page, spectators and every replay step share it. The map and the joint lists come ready-made from render.py.{% endcomment %}
<link rel="stylesheet" href="{% static 'ui/gangsters/gangsters.css' %}">
<section class="card gx-status" id="gx-status">
  <h2>Round {{ b.round }}{% if b.phase == "picks" %} · set-up: joint purchases{% elif b.phase == "gangs" %} · set-up: gang orders{% elif b.phase == "over" %} · game over{% endif %}</h2>
  {% if b.deciding %}<p>Now: {% for d in b.deciding %}<span class="chip c-{{ d.colour }}">{{ d.label }}{% if d.name %} {{ d.name }}{% endif %}</span> {% endfor %}{{ b.doing }}.</p>{% endif %}
  <div class="gx-crime"><span class="small">Crime level</span>
    <ol class="gx-track" aria-label="crime level track, 0 to 9: now {{ b.crime }}">{% for i in b.crime_track %}<li{% if i == b.crime %} class="gx-now" aria-current="true"{% endif %}>{{ i }}</li>{% endfor %}</ol></div>
  <p class="small">Cops on patrol {{ b.cops_out }} (a new one may come on while they are no more than the crime level) · in the cups: {{ b.cups.cops }} cops, {{ b.cups.public }} Public, {{ b.cups.bribes }} bribe markers</p>
  {% if b.dice %}<p class="gx-dice">{% if b.turn_of %}{{ b.turn_of.name|default:b.turn_of.label }}'s dice:{% else %}Dice:{% endif %}
    {% for d in b.dice %}<span class="gx-die gx-die-{{ d.name }}" title="the {{ d.name }} die moves the {{ d.use }}">{{ d.name }} <strong>{{ d.value }}</strong> <span class="muted">({{ d.use }})</span></span>{% endfor %}</p>{% endif %}
</section>

<section class="card" id="gx-gangs">
  <h2>Gangs</h2>
  <div class="table-scroll">
  <table class="table gx-gangs">
    <thead><tr><th scope="col">Gang</th><th scope="col">Racketeer</th><th scope="col">Thug</th><th scope="col">Vamp</th><th scope="col">Cash</th><th scope="col">Joints</th><th scope="col">Bribes</th></tr></thead>
    <tbody>{% for g in b.gangs %}
      <tr{% if g.to_act %} class="gx-active"{% endif %}>
        <th scope="row"><span class="dot c-{{ g.colour }}"></span>{{ g.label }}{% if g.name %} {{ g.name }}{% endif %}{% if g.is_me %} <span class="muted">(you)</span>{% endif %}{% if g.out %} <strong>out</strong>{% endif %}</th>
        {% for p in g.pieces %}<td>{% if p.s %}<strong>{{ p.s }}</strong> <span class="small">at {{ p.at }}</span>{% if p.crim %} <span class="gx-crim" title="criminal side">criminal</span>{% endif %}{% else %}<span class="muted">—</span>{% endif %}</td>{% endfor %}
        <td class="num">{% if g.cash is not None %}${{ g.cash }}{% else %}<span class="muted" title="cash is secret">hidden</span>{% endif %}</td>
        <td class="num">{{ g.joints }}</td>
        <td>{% if g.bribes is not None %}{% for m in g.bribes %}{% if m == 10 %}UNTouchables{% else %}#{{ m }}{% endif %}{% if not forloop.last %}, {% endif %}{% empty %}none{% endfor %}{% else %}{{ g.bribe_count }}{% endif %}{% if g.shown %} <span class="small">(shown: {{ g.shown|join:", " }})</span>{% endif %}{% if g.wheels %} · Wheels{% endif %}{% if g.heaters %} · Heaters{% endif %}</td>
      </tr>{% endfor %}
    </tbody>
  </table>
  </div>
  {% if b.police %}{% with p=b.police %}
  <h3 id="gx-police"><span class="dot c-{{ p.colour }}"></span>The Police: {{ p.label }}{% if p.name %} {{ p.name }}{% endif %}{% if p.is_me %} <span class="muted">(you)</span>{% endif %}</h3>
  <p class="small">Commissioner {% if p.commish %}<strong>{{ p.commish }}</strong>{% if p.at %} at {{ p.at }}{% else %}, off the board{% endif %}{% else %}eliminated{% endif %}
    · Cash {% if p.cash is not None %}${{ p.cash }}{% else %}<span class="muted" title="cash is secret">hidden</span>{% endif %}
    · Precinct HQs ({{ p.hqs|length }} of 7): {{ p.hqs|join:", "|default:"none" }}
    · Informants: {{ p.informants|join:", "|default:"none" }}
    · Chits: {% if p.chits is not None %}{% for c in p.chits %}x{{ c }}{% if not forloop.last %}, {% endif %}{% empty %}none{% endfor %}{% else %}{{ p.chit_count }}{% endif %}
    · Bribes: {% if p.bribes is not None %}{% for m in p.bribes %}{% if m == 10 %}UNTouchables{% else %}#{{ m }}{% endif %}{% if not forloop.last %}, {% endif %}{% empty %}none{% endfor %}{% else %}{{ p.bribe_count }}{% endif %}{% if p.wheels %} · Wheels{% endif %}{% if p.heaters %} · Heaters{% endif %}</p>
  {% endwith %}{% endif %}
</section>

<section class="card gx-map-card" id="gx-map">
  <h2>Chicago</h2>
  <p class="small muted gx-map-help">Streets are grey, subways <strong>S1</strong>–<strong>S6</strong>, the river blue, bridges brown. Buildings show their code, owner's gang number and level (<strong>2 L3</strong>, <strong>!</strong> criminal side); pieces: <strong>1R 1T 1V</strong> gang 1's Racketeer, Thug, Vamp (<strong>!</strong> criminal), <strong>c3</strong> cop 3, <strong>p4</strong> Public 4. Hover or focus a square for details.</p>
  <p class="small gx-map-key">Gangs on the map: {% for g in b.gangs %}<span class="chip c-{{ g.colour }}">{{ g.seat|add:1 }} {{ g.name|default:g.label }}</span> {% endfor %}</p>
  {{ b.map_svg }}
  {% if b.where %}<h3>Inside buildings and on crowded spaces</h3>
  <ul class="plain small gx-where">{% for w in b.where %}<li>{{ w|named:names }}</li>{% endfor %}</ul>{% endif %}
</section>

<section class="card" id="gx-joints">
  <h2>Joints</h2>
  <p class="small muted">Price, one-jump subway (#), defence (guard), owner and level; a level may not exceed the joints of its colour the owner holds.</p>
  {{ b.joints_html }}
</section>
"""


# The map as it was written before its cells were shared and their markup kept (games/ui/gangsters/adapter.py
# and render.py): the reference the map is held to.
def _seat_color_or_none(seat: int | None) -> str:
    return "none" if seat is None else seat_color(seat)


def _named(text: str, names: Sequence[str] | None) -> str:
    return str(_e(_NAMING.name_seats(text, names)))


def _cells(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    occ = adapter._occupants(view)
    by_cell = {b.cell: b for b in BUILDINGS}
    cells = []
    for row in range(ROWS):
        for col in range(len(COLUMNS)):
            name = f"{COLUMNS[col]}{row + 1}"
            cell: dict[str, Any] = {"x": col * CELL, "y": row * CELL, "node": "", "kind": "lot", "text": "",
                                    "sub": "", "title": name, "badges": []}
            if name in STREETS:
                cell.update(node=name, kind="street")
                if name in SUBWAY_OF:
                    number = SUBWAY_OF[name]
                    cell.update(kind="subway", text=f"S{number}", title=f"{name}, subway {number}")
                elif name in BRIDGES:
                    cell.update(kind="bridge", title=f"{name}, bridge")
                badges = occ.get(name, [])
            elif name in by_cell:
                b = by_cell[name]
                joint = view["joints"].get(b.code)
                owner = joint["owner"] if joint else None
                hq = b.code in ((view.get("police") or {}).get("hqs") or ())
                if hq and not joint:
                    owner = view["police"]["seat"]
                # The gang's number, as on its pieces ("1R"); the key beside the map names its player.
                sub = "" if owner is None else ("HQ" if hq else f"{owner + 1} L{joint['level']}")
                if owner is not None and joint and joint["crim"]:
                    sub += "!"
                what = f"{b.colour} joint, ${b.value}" if b.is_joint else "gray building"
                if b.jump:
                    what += f", one-jump {b.jump}"
                level = joint["level"] if joint else 1
                owned = "" if owner is None else f", {GANG_LABEL[owner]}'s, level {level}"
                if hq:
                    owned = ", a precinct HQ of the Police"
                if joint and joint["crim"]:
                    owned += ", showing its criminal side"
                cell.update(node=b.code, kind=f"bld gx-{b.colour}", text=b.code, sub=sub,
                            title=f"{b.code} {b.name} ({what}{owned})",
                            owner=_seat_color_or_none(owner))
                badges = occ.get(b.code, [])
            elif row in RIVER_ROWS:
                cell.update(kind="river", title=f"{name}, the river")
                badges = []
            else:
                badges = []
            shown = badges[:3]
            for i, badge in enumerate(shown):
                badge = dict(badge)
                badge["x"] = col * CELL + 1 + (i % 2) * 14
                badge["y"] = row * CELL + (17 if cell["kind"].startswith("bld") else 2) + (i // 2) * 9
                cell["badges"].append(badge)
            if len(badges) > 3:
                cell["more"] = len(badges) - 3
            if badges:
                cell["title"] += ": " + ", ".join(b["title"] for b in badges)
            cells.append(cell)
    return cells


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


def reference_map_svg(b: Mapping[str, Any], names: Sequence[str] | None) -> SafeString:
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


NAMES: list[list[str] | None] = [
    ["<Ada> & co", 'Brook "B"', "P1", "Dee's", "Eli"],  # escaped; a name that is another seat's label
    ["Ada", "", "Cy", "", "Eli"],  # a seat without a name is shown by its label
    None,
]
GAMES = [  # players, options
    (2, {}),
    (3, {"heaters": True, "wheels": True}),
    (4, {"donuts": True, "random_order": False, "squirt_gun": True}),
    (5, {"police": True}),
    (5, {"police": True, "heaters": True, "wheels": True}),
]


class _Game:
    """What the play template reads of the game: its key, for the forms' address."""

    pk = 7


@functools.cache
def reference(text: str) -> Template:
    return engines["django"].engine.from_string(text)


class Keys:
    """Idempotency keys counted from 0 again before each render, so two renders of a page compare."""

    def __init__(self) -> None:
        self.counter = itertools.count()

    def reset(self) -> None:
        self.counter = itertools.count()

    def new(self) -> str:
        return f"key-{next(self.counter)}"


@pytest.fixture
def fixed_keys(monkeypatch: pytest.MonkeyPatch) -> Keys:
    keys = Keys()
    monkeypatch.setattr("games.forms.new_idempotency_key", keys.new)
    return keys


def render_play(play_template: Any, play: dict[str, Any], version: int, keeping: bool,
                keys: Keys) -> str:
    """The play template as the game page includes it: numbers unlocalised, the page's token and version."""
    page = engines["django"].engine.from_string(
        "{% load l10n %}{% localize off %}{% include play_template %}{% endlocalize %}")
    context = {**play, "play": play, "play_template": play_template, "game": _Game, "meta": {"expected_version": version},
               "csrf_token": CSRF_MARK if keeping else "tok&<en>"}
    if keeping:
        context[KEEPING] = True
    keys.reset()
    return page.render(Context(context, autoescape=True))


def render_board(view: dict[str, Any], names: list[str] | None, play: dict[str, Any]) -> tuple[str, str]:
    """The board as the page prints it now (the game_board tag) and as the old template printed it."""
    context = {"view": view, "names": names, "ui": UI, "play": play}
    new = engines["django"].engine.from_string("{% load ravenpost %}{% game_board %}").render(Context(context))
    board = UI.board(view, names, play)
    # As game_board renders a board: without the locale's number formatting.
    old = reference(REFERENCE_BOARD).render(Context({**context, "b": board}, use_l10n=False, autoescape=True))
    return new, old


def compare_game(players: int, options: dict[str, Any], seed: int, keys: Keys) -> Counter:
    """Plays a seeded game to its end, comparing the play forms and the board of every viewer on every state
    with a rare decision and on every (3 x players)-th state; returns the kinds of decision compared."""
    state = RULES.setup(players, options, f"gx-html-{seed}")
    rng = random.Random(seed)
    kinds: Counter = Counter()
    step = 0
    while awaited := RULES.to_act(state):
        decisions = {seat: RULES.choices(state, seat) for seat in range(players)}
        rare = any(d is not None and kinds[d.kind] < 2 * players for d in decisions.values())
        if rare or step % (3 * players) == 0:
            for viewer in [None, *range(players)]:
                view = RULES.view(state, viewer)
                names = NAMES[(step + (viewer or 0)) % len(NAMES)]
                names = names[:players] if names else names
                play: dict[str, Any] = {}
                if viewer is not None:
                    decision = decisions[viewer]
                    posted = {"action": "choice", "choice": "<pass>"} if step % 3 == 0 else None
                    play = UI.play_context(view=view, seat=viewer, decision=decision, posted=posted)
                    if decision is not None:
                        kinds[decision.kind] += 1
                    keeping = step % 2 == 1
                    new = render_play("ui/gangsters/play.html", play, step, keeping, keys)
                    old = render_play(reference(REFERENCE_PLAY), play, step, keeping, keys)
                    assert new == old, (step, viewer)
                new, old = render_board(view, names, play)
                assert new == old, (step, viewer)
                board = UI.board(view, names, play)
                assert board["map_svg"] == reference_map_svg({**board, "cells": _cells(view)}, names), (step, viewer)
        state = RULES.apply(state, awaited[0], RULES.random_move(state, awaited[0], rng))
        step += 1
    return kinds


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_the_forms_and_board_are_the_old_templates_html_for_every_viewer_over_whole_games(game: int, fixed_keys) -> None:
    players, options = GAMES[game]
    kinds = compare_game(players, options, game, fixed_keys)
    assert {"pick", "order", "buy", "cop", "move"} <= set(kinds)
    if options.get("police"):
        assert {"bribes", "pcop", "cmove", "facing", "assign"} <= set(kinds)
    assert sum(kinds.values()) >= 45


def test_the_forms_hold_every_kind_of_field(fixed_keys) -> None:
    """The compared forms included recruits (with and without a facing), drop-downs of many options,
    plain and secondary buttons, the gang order and the path builder."""
    seen: Counter = Counter()
    for game, (players, options) in enumerate(GAMES[:4]):
        state = RULES.setup(players, options, f"gx-html-{game}")
        rng = random.Random(game)
        while awaited := RULES.to_act(state):
            decision = RULES.choices(state, awaited[0])
            gx = UI.play_context(view=None, seat=awaited[0], decision=decision, posted=None).get("gx") or {}
            seen["builder"] += bool(gx.get("builder"))
            seen["order"] += bool(gx.get("order"))
            seen["recruit"] += len(gx.get("recruit") or ())
            seen["facing"] += sum(bool(r["facing"]) for r in gx.get("recruit") or ())
            for group in gx.get("groups") or ():
                seen["select"] += group["select"]
                seen["secondary"] += group["key"] in ("done", "pass", "roll")
                seen["untitled"] += not group["title"]
            state = RULES.apply(state, awaited[0], RULES.random_move(state, awaited[0], rng))
    assert all(seen[k] for k in ("builder", "order", "recruit", "facing", "select", "secondary")), seen


def test_a_seat_without_a_decision_is_the_old_templates_html_too(fixed_keys) -> None:
    # (A page without a view prints no board at all: the game page and the replay ask for one only with a view.)
    assert render_play("ui/gangsters/play.html", {}, 1, False, fixed_keys) == render_play(
        reference(REFERENCE_PLAY), {}, 1, False, fixed_keys)


def test_the_builders_escape_is_conditional_escape() -> None:
    values: list[Any] = ['<b>"Ada" & \'Bo\'</b>', "plain", "", mark_safe("<i>kept</i> &amp;"), 0, 12, -3, True, False,
                         None, 1.5, gettext_lazy("Player & <co>"), mark_safe("<u>u</u>")]
    for value in values * 2:  # twice: the second time from the cache of escaped texts
        assert esc(value) == conditional_escape(value), value
    # A safe text after the same plain text (equal, so one cache key) is still printed as it is.
    assert esc("a &amp; b") == "a &amp;amp; b" and esc(mark_safe("a &amp; b")) == "a &amp; b"
