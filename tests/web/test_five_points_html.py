"""Five Points' board is built in Python (games/ui/five_points/board_html.py): the page prints the same HTML as
the template it replaced, for every seat and spectator over whole games (placement, every kind of decision of
the elections, the end with its scores), the awaited seat's map clickable, with names that need escaping.
So do the decision forms (games/ui/five_points/play_html.py), with the values posted before a refused move."""

from __future__ import annotations

import functools
import itertools
import random
import types
from typing import Any, Callable

import pytest
from django.template import Context, Template, engines

from games.rules import get_rules
from games.ui import ui_for
from tests.web.old_templates import board_now_and_before

# The board template as it was: the reference the builder is held to (byte for byte, whitespace included).
REFERENCE_TEMPLATE = """{% load static ravenpost %}
{% comment %}Five Points as one seat (or a spectator) may see it; used by the game page and the replay.
On the live page of the seat whose decision it is, the neighbourhoods (and, for a tile move, the empty cells)
are buttons of the decision form above; everywhere else the map is a picture.{% endcomment %}
<link rel="stylesheet" href="{% static 'ui/five_points/five_points.css' %}">
<section class="card fp-status" id="fp-status">
  <h2>Round {{ b.round }} · {% if b.phase == "placement" %}placement{% elif b.phase == "resolution" %}elections{% else %}game over{% endif %}</h2>
  <p class="fp-decision"><strong>Now:</strong> {{ b.decision }}</p>
  {% if b.end_triggered and b.phase != "over" %}<p class="fp-end">The end of the game has been triggered: this is the last round.</p>{% endif %}
</section>

{% if b.result %}
<section class="card" id="fp-scores">
  <h2>Final scores{% if b.reason == "five bosses" %} <span class="muted small">(won with all five bosses on the board; points for information)</span>{% endif %}</h2>
  <div class="table-scroll">
  <table class="table scores">
    <thead><tr><th>Player</th><th>Bosses</th><th>Control markers</th><th>Colour sets</th><th>VP</th><th>Tammany Hall</th><th>Total</th></tr></thead>
    <tbody>{% for p in b.players %}
      <tr {% if p.winner %}class="winner"{% endif %}><td><span class="dot c-{{ p.color }}"></span>{{ p.label }} {{ p.name }}{% if p.winner %} 🏆{% endif %}</td>
        <td class="num">{{ p.score.bosses }}</td><td class="num">{{ p.score.control_markers }}</td><td class="num">{{ p.score.sets }}</td>
        <td class="num">{{ p.score.victory_points }}</td><td class="num">{{ p.score.tammany_hall }}</td><td class="num"><strong>{{ p.score.total }}</strong></td></tr>
    {% endfor %}</tbody>
  </table>
  </div>
</section>
{% endif %}

<section class="card" id="fp-map">
  <h2>The city</h2>
  <div class="fp-grid{% if b.interactive %} fp-live fp-kind-{{ b.kind }}{% endif %}" style="grid-template-columns: 1.4rem {{ b.col_sizes }}" data-fp-map>
    <div class="fp-label"></div>{% for l in b.column_labels %}<div class="fp-label">{{ l }}</div>{% endfor %}
    {{ b.grid_html }}
  </div>
  {% if b.buildings %}<ul class="fp-buildings small">{{ b.buildings_html }}</ul>{% endif %}
  <p class="fp-legend small muted">
    <span class="fp-swatch nb-blue"></span>blue <span class="fp-swatch nb-green"></span>green <span class="fp-swatch nb-red"></span>red <span class="fp-swatch nb-orange"></span>orange neighbourhoods ·
    big number = tile number (fixed for the game), then its cell · coloured squares = rabble per player · ★ = boss
  </p>
</section>

<section class="card" id="fp-markers">
  <h2>Manipulation markers <span class="muted small">(resolved left to right)</span></h2>
  <div class="fp-markers">
  {{ b.markers_html }}
  </div>
  {% if b.effects %}<p class="small">This round: {% for e in b.effects %}<span class="chip c-{{ e.color }}">{{ e.name }}</span> {{ e.text }} ({{ e.source }}){% if not forloop.last %} · {% endif %}{% endfor %}</p>{% endif %}
</section>

<section class="card" id="fp-players">
  <h2>Players</h2>
  <div class="table-scroll">
  <table class="table fp-players">
    <thead><tr><th>Player</th><th>HQ</th><th>Boroughs</th><th>Bosses</th><th>Control markers</th><th>VP</th><th>Passed</th></tr></thead>
    <tbody>{{ b.players_html }}</tbody>
  </table>
  </div>
  <p class="small">Control-marker piles: {% for p in b.piles %}<span class="fp-ctl nb-{{ p.colour }}" title="{{ p.colour }} pile">{{ p.count }}</span> {{ p.colour }}{% if not forloop.last %} · {% endif %}{% endfor %} <span class="muted">(the game ends after the round in which a pile runs out)</span></p>
  <p class="small">Pass order this round: {% for p in b.pass_order %}<span class="chip c-{{ p.color }}">{{ p.name }}</span> +{{ p.retrieves }}{% if not forloop.last %}, {% endif %}{% empty %}<span class="muted">nobody has passed yet</span>{% endfor %}
    · <span class="muted">rabble retrieved by the 1st, 2nd, … to pass: {{ b.pass_table|join:", " }}</span></p>
</section>

{% if b.log %}
<section class="card" id="fp-log">
  <h2>{% if b.phase == "resolution" %}The election phase so far{% else %}The last election phase{% endif %}</h2>
  <ol class="resolution">{% for line in b.log %}<li>{{ line|named:names }}</li>{% endfor %}</ol>
</section>
{% endif %}
"""

# The play template as it was.
REFERENCE_PLAY = """{% load static ravenpost %}{% comment %}Five Points' decision forms for the seat whose turn it is. The map below is part of
them: its neighbourhood buttons submit (placement, special election) or fill these fields (five_points.js).{% endcomment %}
{% if fp_play %}{% with o=fp_play.options %}
<section class="card highlight fp-play" id="fp-play" data-kind="{{ fp_play.kind }}">
  <h2>Your turn: {{ fp_play.title }}</h2>
  {% if fp_play.source %}<p class="muted small">For {{ fp_play.source }}.</p>{% endif %}

  {% if fp_play.kind == "placement" %}
  <p>You have <strong>{{ fp_play.hq }}</strong> rabble on your HQ. <strong>Click a neighbourhood on the map</strong> to place one there.
    To bid on a manipulation marker at the same time, choose the marker and how many more rabble first (you must then lead it).</p>
  <form autocomplete="off" id="fp-form" method="post" action="{% url 'games:play' game.pk %}" class="fp-form inline-actions">
    {% csrf_token %}
    <input type="hidden" name="action" value="place">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <label>Bid on <select name="marker" id="fp-marker">
      <option value="">no marker</option>
      {% for m in fp_play.markers %}{% if m.min %}<option value="{{ m.letter }}" data-min="{{ m.min }}" data-max="{{ m.max }}" {% if fp_play.posted_marker == m.letter %}selected{% endif %}>{{ m.letter }}: {{ m.label }} (at least {{ m.min }})</option>{% endif %}{% endfor %}
    </select></label>
    <label>rabble <input type="number" name="bid" id="fp-bid" min="0" max="{{ fp_play.max_bid }}" value="{{ fp_play.posted_bid }}" inputmode="numeric" class="fp-bid"></label>
  </form>
  <p class="fp-hint small muted" data-fp-hint aria-live="polite">Then click a neighbourhood: its button places the rabble{% if fp_play.max_bid %} with the bid{% endif %} once you confirm it.</p>
  {% if o.pass %}
  <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="fp-pass">
    {% csrf_token %}
    <input type="hidden" name="action" value="pass">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <button class="secondary" type="submit" data-confirm-move="Confirm: pass (stop placing this round)">Pass (stop placing this round)</button>
  </form>
  {% endif %}

  {% elif fp_play.kind == "special" %}
  <p><strong>Click the neighbourhood on the map</strong> where the special election is held.</p>
  <form autocomplete="off" id="fp-form" method="post" action="{% url 'games:play' game.pk %}" class="fp-form">
    {% csrf_token %}
    <input type="hidden" name="action" value="special">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
  </form>

  {% elif fp_play.kind == "take" %}
  <form autocomplete="off" id="fp-form" method="post" action="{% url 'games:play' game.pk %}" class="fp-form inline-actions">
    {% csrf_token %}
    <input type="hidden" name="action" value="take">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    {% for c in o.colours %}<button type="submit" name="colour" value="{{ c }}" class="fp-take nb-{{ c }}" data-confirm-move="Confirm: take a {{ c }} control marker">Take {{ c }}</button>{% endfor %}
  </form>

  {% elif fp_play.kind == "move_tile" %}
  <p><strong>Click a neighbourhood on the map, then one of the empty cells it may move to</strong> (it must end next to another neighbourhood). Or pick from the list.</p>
  <form autocomplete="off" id="fp-form" method="post" action="{% url 'games:play' game.pk %}" class="fp-form inline-actions">
    {% csrf_token %}
    <input type="hidden" name="action" value="move">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <select name="tile_to" id="fp-tile-to" required aria-label="tile and destination">
      <option value="">choose a tile and a cell…</option>
      {% for c in fp_play.choices %}<option value="{{ c.value }}">{{ c.label }}</option>{% endfor %}
    </select>
    <button class="primary" type="submit">Move it</button>
    <button class="secondary" type="button" data-fp-reset hidden>Start over</button>
  </form>

  {% elif fp_play.kind == "elect" %}
  <p><strong>Click {{ o.count }} of the tied neighbourhoods ({{ o.tiles|join:", " }}) on the map, in the order they vote.</strong> Or pick from the list.</p>
  <form autocomplete="off" id="fp-form" method="post" action="{% url 'games:play' game.pk %}" class="fp-form inline-actions">
    {% csrf_token %}
    <input type="hidden" name="action" value="elect">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <select name="order" id="fp-order" required aria-label="elections in order">
      <option value="">choose the order…</option>
      {% for c in fp_play.choices %}<option value="{{ c.value }}">{{ c.label }}</option>{% endfor %}
    </select>
    <button class="primary" type="submit">Hold these elections</button>
    <button class="secondary" type="button" data-fp-reset hidden>Start over</button>
  </form>

  {% elif fp_play.kind == "smuggle" %}
  <p><strong>Choose whose rabble moves, then click the neighbourhood it leaves and the one it goes to.</strong></p>
  <form autocomplete="off" id="fp-form" method="post" action="{% url 'games:play' game.pk %}" class="fp-form inline-actions">
    {% csrf_token %}
    <input type="hidden" name="action" value="smuggle">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <label>rabble of <select name="player" id="fp-player">{% for p in fp_play.players %}<option value="{{ p.number }}">{{ names|get_item:p.seat|default:p.label }}</option>{% endfor %}</select></label>
    <label>from <select name="from" id="fp-from">{% for t in fp_play.tiles %}<option value="{{ t }}">tile {{ t }}</option>{% endfor %}</select></label>
    <label>to <select name="to" id="fp-to">{% for t in fp_play.tiles %}<option value="{{ t }}" {% if forloop.last %}selected{% endif %}>tile {{ t }}</option>{% endfor %}</select></label>
    <button class="primary" type="submit">Move the rabble</button>
    <button class="secondary" type="button" data-fp-reset hidden>Start over</button>
  </form>
  {% endif %}

  {% if o.skip %}
  <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="fp-skip">
    {% csrf_token %}
    <input type="hidden" name="action" value="skip">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <button class="secondary" type="submit" data-confirm-move="Confirm: skip (do not use it)">Skip (do not use it)</button>
  </form>
  {% endif %}
  <p class="fp-preview small" data-fp-preview aria-live="polite"></p>
  {{ o|json_script:"fp-options" }}
</section>
<script src="{% static 'ui/five_points/five_points.js' %}" defer></script>
{% endwith %}{% endif %}
"""

NAMES: list[list[str] | None] = [
    ["<Ada> & co", 'Brook "B"', "P1's", "Dee", "Eve"],  # escaped; a name that looks like a seat label
    ["Ada", "Bo", "Cy", "Dee", "Eve"],
    None,
]


@functools.cache
def reference() -> Template:
    return engines["django"].engine.from_string(REFERENCE_TEMPLATE)


def render_both(rules_view: dict[str, Any] | None, names: list[str] | None,
                play: dict[str, Any] | None) -> tuple[str, str]:
    """The board as the page prints it now (the game_board tag) and as the old template printed it."""
    return board_now_and_before("five_points", reference(), rules_view, names, play=play)


def test_the_board_is_the_old_templates_html_for_every_viewer_over_whole_games() -> None:
    rules, ui = get_rules("five_points"), ui_for("five_points")
    kinds: set[str] = set()
    compared = 0
    for game in range(9):
        players = 3 + game % 3
        state = rules.setup(players, {}, f"board-{game}")
        rng = random.Random(game)
        step = 0
        while True:
            awaited = rules.to_act(state)
            # Every state of the first games; later ones every second (the end of a game every time).
            if game < 3 or step % 2 == 0 or not awaited:
                for viewer in [None, *range(players)]:
                    view = rules.view(state, viewer)
                    play = None
                    if viewer is not None and viewer in awaited:
                        decision = rules.choices(state, viewer)
                        play = ui.play_context(view=view, seat=viewer, decision=decision, posted=None)
                        kinds.add(play["fp_play"]["kind"] if play else "none")
                    names = NAMES[(step + (viewer or 0)) % len(NAMES)]
                    names = names[:players] if names else names
                    new, old = render_both(view, names, play)
                    assert new == old
                    compared += 1
            if not awaited:
                assert "result" in view and view["result"]
                break
            state = rules.apply(state, awaited[0], rules.random_move(state, awaited[0], rng))
            step += 1
    assert {"placement", "take"} <= kinds and len(kinds) >= 4, kinds
    assert compared >= 1000


def test_a_board_without_a_view_is_the_old_templates_html_too() -> None:
    new, old = render_both(None, None, None)
    assert new == old


# Values posted with a refused placement, shown again: none, a marker and bid, and text to escape or ignore.
POSTED: list[dict[str, str] | None] = [None, {"marker": "A", "bid": "2"}, {"marker": "C", "bid": "12345"},
                                       {"marker": '"><', "bid": '<b>"'}, {}]


@pytest.fixture()
def counted_keys(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Each form's idempotency key from a counter, so two renders can be compared; calling the fixture's
    value starts the count again."""
    counter = [itertools.count()]
    monkeypatch.setattr("games.forms.new_idempotency_key", lambda: f"key-{next(counter[0])}")

    def restart() -> None:
        counter[0] = itertools.count()
    return restart


def render_play_both(play: dict[str, Any], names: list[str] | None,
                     restart_keys: Callable[[], None]) -> tuple[str, str]:
    """The seat's forms as the page includes them now and as the old play template printed them."""
    engine = engines["django"].engine
    context = {**play, "play": play, "names": names, "game": types.SimpleNamespace(pk=7),
               "meta": {"expected_version": 12}, "csrf_token": "csrf<&>"}
    rendered = []
    for template in (engine.get_template("ui/five_points/play.html"), play_reference()):
        restart_keys()  # the same keys for both
        rendered.append(template.render(Context(context, use_l10n=False, autoescape=True)))
    return rendered[0], rendered[1]


@functools.cache
def play_reference() -> Template:
    return engines["django"].engine.from_string(REFERENCE_PLAY)


def test_the_forms_are_the_old_templates_html_over_whole_games(counted_keys: Callable[[], None]) -> None:
    rules, ui = get_rules("five_points"), ui_for("five_points")
    kinds: set[str] = set()
    compared = 0
    for game in range(9):
        players = 3 + game % 3
        state = rules.setup(players, {}, f"forms-{game}")
        rng = random.Random(game)
        step = 0
        while awaited := rules.to_act(state):
            seat = awaited[0]
            view, decision = rules.view(state, seat), rules.choices(state, seat)
            names = NAMES[step % len(NAMES)]
            names = names[:players] if names else names
            for posted in POSTED if step % 3 == 0 else POSTED[:1]:
                play = ui.play_context(view=view, seat=seat, decision=decision, posted=posted)
                kinds.add(play["fp_play"]["kind"])
                new, old = render_play_both(play, names, counted_keys)
                assert new == old
                compared += 1
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
            step += 1
    assert {"placement", "take", "move_tile", "elect"} <= kinds, kinds
    assert compared >= 500
