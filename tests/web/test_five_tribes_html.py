"""Five Tribes' board is built in Python around its template (games/ui/five_tribes/board_html.py): the page
prints the same HTML as the template it replaced, for every seat and spectator over whole games (bidding, every
step of a turn, the end with its scores), with names that need escaping or are missing. So do the decision
forms (games/ui/five_tribes/play_html.py), their groups built or, where a label names a seat, still looped."""

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
{% comment %}Five Tribes as one seat (or a spectator) may see it: built from the view alone, so the live page, spectators and the replay share it.{% endcomment %}
<link rel="stylesheet" href="{% static 'ui/five_tribes/five_tribes.css' %}">
<section class="card ft-status" id="ft-status">
  <h2>Round {{ b.round }}{% if b.phase == "bid" %} · bidding for turn order{% elif b.phase == "play" %} · playing{% else %} · game over{% endif %}</h2>
  {% if b.deciding %}
  <p>Now: {% for d in b.deciding %}<span class="chip c-{{ d.colour }}">{{ d.label }}{% if d.name %} {{ d.name }}{% endif %}</span>{% endfor %}
    {{ b.doing }}{% if b.turn_tile and b.step != "move" %} (on {{ b.turn_tile }}){% endif %}.</p>
  {% endif %}
  {% if b.end %}<p class="ft-last-round"><strong>Last round:</strong> {{ b.end }}.</p>{% endif %}
</section>

{% if result.detail.seats %}
<section class="card" id="ft-scores">
  <h2>Final scores</h2>
  <div class="table-scroll">
  <table class="table scores">
    <thead><tr><th>Player</th><th>Gold</th><th>Viziers</th><th>Vizier bonus</th><th>Elders</th><th>Djinns</th><th>Palm trees</th><th>Palaces</th><th>Tiles</th><th>Merchandise</th><th>Total</th></tr></thead>
    <tbody>{% for d in result.detail.seats %}
      <tr {% if forloop.counter0 in result.winners %}class="winner"{% endif %}><td><span class="dot c-{{ forloop.counter0|seat_color:ui }}"></span>{{ d.player }} {{ names|get_item:forloop.counter0 }}{% if forloop.counter0 in result.winners %} <strong>(winner)</strong>{% endif %}</td>
        <td class="num">{{ d.gold }}</td><td class="num">{{ d.viziers }}</td><td class="num">{{ d.vizier_bonus }}</td><td class="num">{{ d.elders }}</td><td class="num">{{ d.djinns }}</td><td class="num">{{ d.palm_trees }}</td><td class="num">{{ d.palaces }}</td><td class="num">{{ d.tiles }}</td><td class="num">{{ d.merchandise }}</td><td class="num"><strong>{{ d.total }}</strong></td></tr>
    {% endfor %}</tbody>
  </table>
  </div>
</section>
{% endif %}

<section class="card ft-board-card" id="ft-board">
  <h2>The Sultanate</h2>
  <p class="swipe-hint small muted" aria-hidden="true">Swipe the board sideways to see all of it →</p>
  <div class="table-scroll" data-swipe-hint>
  <table class="ft-board">
    <caption class="sr-only">The Sultanate: columns A to F, rows 1 to 5; each tile gives its name, value, kind, meeples, camel, palm trees and palaces.</caption>
    <thead><tr><td class="ft-corner"></td>{% for c in b.columns %}<th scope="col" class="ft-colhead">{{ c }}</th>{% endfor %}</tr></thead>
    <tbody>
    {# Thirty tiles: built in Python (games/ui/five_tribes/grid.py), the template loops cost a third of a page. #}{{ b.rows_html }}
    </tbody>
  </table>
  </div>
  <p class="muted small ft-legend">Meeples:
    <span class="ft-meeple m-Y">Y</span> Viziers <span class="ft-meeple m-W">W</span> Elders <span class="ft-meeple m-G">G</span> Merchants
    <span class="ft-meeple m-B">B</span> Builders <span class="ft-meeple m-R">R</span> Assassins (the number is how many).
    Tile value in <span class="ft-value ft-v-blue">blue</span> or <span class="ft-value ft-v-red">red</span>; <span class="ft-camel c-red">name</span> the camel of the player who owns the tile; <span class="ft-palm">palm</span> palm tree; <span class="ft-palace">palace</span>.
    Supply: {{ b.supply.palms }} palm trees, {{ b.supply.palaces }} palaces; bag: {{ b.bag_size }} meeples.</p>
</section>

<section class="card" id="ft-market">
  <h2>Resource row <span class="muted small">(Merchants take from the front · pile: {{ b.deck_size }})</span></h2>
  <ol class="ft-row">{% for r in b.row_cards %}<li class="ft-card {% if r.card == 'Fakir' %}ft-fakir{% endif %}"><span class="ft-pos">{{ r.pos }}</span> {{ r.card }}</li>{% empty %}<li class="muted">empty</li>{% endfor %}</ol>
  <h2>Djinns face up <span class="muted small">(pile: {{ b.djinn_deck_size }})</span></h2>
  <ul class="ft-djinns">{% for d in b.djinns %}<li><strong>{{ d.name }}</strong> <span class="ft-vp">{{ d.vp }} VP</span><div class="small muted">{{ d.help }}</div></li>{% empty %}<li class="muted">none</li>{% endfor %}</ul>
</section>

<section class="card" id="ft-players">
  <h2>Players</h2>
  <div class="table-scroll">
  <table class="table ft-players">
    <thead><tr><th>Player</th><th title="gold is secret: you see only your own">Gold</th><th>Camels left</th><th>Tiles</th><th>Viziers</th><th>Elders</th><th>Fakirs</th><th>Merchandise</th><th>Djinns</th></tr></thead>
    <tbody>
    {% for p in b.players %}
      <tr class="{% if p.is_me %}me{% endif %}{% if p.to_act %} ft-acting{% endif %}">
        <td><span class="dot c-{{ p.colour }}"></span><strong>{{ p.label }}</strong> {{ p.name }}{% if p.is_me %} <span class="muted small">(you)</span>{% endif %}{% if p.to_act %} <span class="badge">to act</span>{% endif %}</td>
        <td class="num">{% if p.is_me %}<strong class="ft-gold" title="only you see this">{{ p.gold }}</strong>{% else %}<span class="muted" title="secret">?</span>{% endif %}</td>
        <td class="num">{{ p.camels }}</td>
        <td class="num">{{ p.tiles }}</td>
        <td class="num">{{ p.viziers }}</td>
        <td class="num">{{ p.elders }}</td>
        <td class="num">{{ p.fakirs }}</td>
        <td>{% for g in p.goods %}<span class="ft-good">{{ g.card }}{% if g.count > 1 %}×{{ g.count }}{% endif %}</span> {% empty %}<span class="muted">—</span>{% endfor %}{% if p.goods %}<span class="muted small">(suits {{ p.goods_value }})</span>{% endif %}</td>
        <td>{% for d in p.djinns %}<span class="ft-djinn" title="{{ d.help }}">{{ d.name }} <span class="muted small">{{ d.vp }}{% if d.used %} · used this round{% endif %}</span></span> {% empty %}<span class="muted">—</span>{% endfor %}</td>
      </tr>
    {% endfor %}
    </tbody>
  </table>
  </div>
</section>

<section class="card" id="ft-track">
  <h2>Turn order</h2>
  <div class="ft-track">
    {% for spot in b.track %}<div class="ft-spot{% if spot.who %} taken{% endif %}"><span class="ft-cost">{{ spot.cost }}</span>{% if spot.who %}<span class="chip c-{{ spot.who.colour }}">{{ spot.who.name|default:spot.who.label }}</span>{% else %}<span class="muted small">free</span>{% endif %}</div>{% endfor %}
    <div class="ft-spot ft-zeros"><span class="ft-cost">0</span>{% for z in b.zeros %}<span class="chip c-{{ z.colour }}">{{ z.name|default:z.label }}</span> {% empty %}<span class="muted small">free ×3</span>{% endfor %}</div>
  </div>
  <p class="small muted">Played from the highest spot down, then the zeros (the latest zero bidder first).</p>
  {% if b.phase == "bid" %}
  <p class="small">Bid order: {% for s in b.bid_order %}<span class="chip {% if forloop.counter0 < b.bidding_next %}outline{% endif %} c-{{ s.colour }}">{{ s.name|default:s.label }}</span>{% if forloop.counter0 == b.bidding_next %} ← bidding{% endif %} {% endfor %}</p>
  {% elif b.phase == "play" %}
  <p class="small">Still to play: {% for s in b.queue %}<span class="chip c-{{ s.colour }}">{{ s.name|default:s.label }}</span> {% empty %}nobody after this turn{% endfor %}
    · next round's bid order so far: {% for s in b.played %}<span class="chip outline c-{{ s.colour }}">{{ s.name|default:s.label }}</span> {% empty %}—{% endfor %}</p>
  {% endif %}
</section>

{% if b.log %}
<details class="card" id="ft-events"><summary>Recent events</summary>
  <ol class="small">{% for line in b.log %}<li>{{ line|named:names }}</li>{% endfor %}</ol>
</details>
{% endif %}
"""

# The play template as it was.
REFERENCE_PLAY = """{% load static ravenpost %}
{% comment %}The seat's own decision: the click-to-build movement and the legal choices, all posting to games:play.{% endcomment %}
{% if ft %}
<link rel="stylesheet" href="{% static 'ui/five_tribes/five_tribes.css' %}">
<section class="card highlight" id="ft-decision">
  <h2>{{ ft.title }}</h2>

  {% if ft.builder %}
  <div class="ft-builder" id="ft-builder" hidden>
    <p class="small">Click a <strong>highlighted tile</strong> on the board to pick up its meeples, then click the tiles to drop them on, one per meeple. Only tiles that can still lead to a legal move are offered.</p>
    <p class="ft-builder-status" aria-live="polite"><span data-ft-summary>Choose a start tile.</span></p>
    <div class="ft-colours inline-actions" data-ft-colours hidden></div>
    <div class="ft-drops small" data-ft-drops hidden></div>
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="inline-actions" id="ft-move-form">
      {% csrf_token %}
      <input type="hidden" name="action" value="move">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      <input type="hidden" name="from" value="">
      <input type="hidden" name="path" value="">
      <input type="hidden" name="last" value="">
      <input type="hidden" name="drops" value="">
      <button class="primary" type="submit" data-ft-submit disabled>Move</button>
      <button class="secondary" type="button" data-ft-undo disabled>Undo last tile</button>
      <button class="secondary" type="button" data-ft-reset disabled>Start again</button>
    </form>
  </div>
  <noscript><p class="small">Type your move in the box below (for example <code>move C3 C4 D4 drop white blue</code>); with JavaScript on, you can build it by clicking the board.</p></noscript>
  {{ ft.builder|json_script:"ft-builder-data" }}
  {{ ft.meeple_names|json_script:"ft-meeple-names" }}
  <script src="{% static 'ui/five_tribes/five_tribes.js' %}" defer></script>
  {% endif %}

  {% for g in ft.groups %}
  <div class="ft-group" data-ft-group="{{ g.key }}">
    {% if g.title %}<h3>{{ g.title }}</h3>{% endif %}
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="inline-actions">
      {% csrf_token %}
      <input type="hidden" name="action" value="choice">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      {% if g.select %}
        <select name="choice" aria-label="{{ g.title|default:ft.title }}">{% for o in g.options %}<option value="{{ o.value }}">{{ o.label|named:names }}</option>{% endfor %}</select>
        <button class="primary" type="submit">Choose</button>
      {% else %}
        {% for o in g.options %}<button class="{% if g.key == 'finish' %}secondary{% else %}primary{% endif %}" type="submit" name="choice" value="{{ o.value }}" title="{{ o.value }}" data-confirm-move="Confirm: {{ o.label|named:names }}">{{ o.label|named:names }}</button>{% endfor %}
      {% endif %}
    </form>
  </div>
  {% endfor %}

  {% if ft.sale %}
  <div class="ft-group" data-ft-group="sell">
    <h3>Sell merchandise</h3>
    <p class="small muted">A suit of different cards sells for 1, 3, 7, 13, 21, 30, 40, 50 or 60 gold; the rules value the cards you choose in suits.</p>
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="inline-actions">
      {% csrf_token %}
      <input type="hidden" name="action" value="sell">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      {% for s in ft.sale %}<label class="ft-sell">{{ s.card }} <input type="number" name="{{ s.field }}" min="0" max="{{ s.count }}" value="0" inputmode="numeric"> <span class="muted small">of {{ s.count }}</span></label>{% endfor %}
      <button class="primary" type="submit">Sell</button>
    </form>
  </div>
  {% endif %}
</section>
{% endif %}
"""

NAMES: list[list[str] | None] = [
    ["<Ada> & co", 'Brook "B"', "P1's", "Dee"],  # escaped; a name that looks like a seat label
    ["Ada", "", "Cy", ""],  # a seat without a name is shown by its label
    None,
]


@functools.cache
def reference() -> Template:
    return engines["django"].engine.from_string(REFERENCE_TEMPLATE)


def render_both(rules_view: dict[str, Any] | None, names: list[str] | None,
                result: dict[str, Any] | None) -> tuple[str, str]:
    """The board as the page prints it now (the game_board tag) and as the old template printed it."""
    return board_now_and_before("five_tribes", reference(), rules_view, names, result=result)


def test_the_board_is_the_old_templates_html_for_every_viewer_over_whole_games() -> None:
    rules = get_rules("five_tribes")
    steps: set[str] = set()
    compared = 0
    for game in range(6):
        players = 2 + game % 3
        state = rules.setup(players, {}, f"board-{game}")
        rng = random.Random(game)
        step = 0
        while True:
            awaited = rules.to_act(state)
            # Every state of the first games; later ones every fifth (the end of a game every time).
            if game < 2 or step % 5 == 0 or not awaited:
                result = None if awaited else rules.result(state)
                for viewer in [None, *range(players)]:
                    view = rules.view(state, viewer)
                    steps.add(f"{view['phase']} {(view.get('turn') or {}).get('step')}")
                    names = NAMES[(step + (viewer or 0)) % len(NAMES)]
                    names = names[:players] if names else names
                    new, old = render_both(view, names, result)
                    assert new == old
                    compared += 1
            if not awaited:
                break
            state = rules.apply(state, awaited[0], rules.random_move(state, awaited[0], rng))
            step += 1
    assert any(s.startswith("bid") for s in steps) and any(s.startswith("over") for s in steps)
    assert len(steps) >= 4, steps
    assert compared >= 1000


def test_a_board_without_a_view_is_the_old_templates_html_too() -> None:
    new, old = render_both(None, None, None)
    assert new == old


@pytest.fixture()
def counted_keys(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Each form's idempotency key from a counter, so two renders can be compared; calling the fixture's
    value starts the count again."""
    counter = [itertools.count()]
    monkeypatch.setattr("games.forms.new_idempotency_key", lambda: f"key-{next(counter[0])}")

    def restart() -> None:
        counter[0] = itertools.count()
    return restart


@functools.cache
def play_reference() -> Template:
    return engines["django"].engine.from_string(REFERENCE_PLAY)


def render_play_both(play: dict[str, Any], names: list[str] | None,
                     restart_keys: Callable[[], None]) -> tuple[str, str]:
    """The seat's forms as the page includes them now and as the old play template printed them."""
    engine = engines["django"].engine
    context = {**play, "play": play, "names": names, "game": types.SimpleNamespace(pk=7),
               "meta": {"expected_version": 12}, "csrf_token": "csrf<&>"}
    rendered = []
    for template in (engine.get_template("ui/five_tribes/play.html"), play_reference()):
        restart_keys()  # the same keys for both
        rendered.append(template.render(Context(context, use_l10n=False, autoescape=True)))
    return rendered[0], rendered[1]


def test_the_forms_are_the_old_templates_html_over_whole_games(counted_keys: Callable[[], None]) -> None:
    rules, ui = get_rules("five_tribes"), ui_for("five_tribes")
    seen: set[str] = set()
    compared = 0
    for game in range(6):
        players = 2 + game % 3
        state = rules.setup(players, {}, f"forms-{game}")
        rng = random.Random(game)
        step = 0
        while awaited := rules.to_act(state):
            seat = awaited[0]
            view, decision = rules.view(state, seat), rules.choices(state, seat)
            names = NAMES[step % len(NAMES)]
            names = names[:players] if names else names
            play = ui.play_context(view=view, seat=seat, decision=decision, posted=None)
            seen.add(decision.kind)
            for group in play["ft"]["groups"]:
                seen.add("select" if group["select"] else "buttons")
                seen.add("looped" if group["options_html"] is None else "built")
            if play["ft"]["sale"]:
                seen.add("sale")
            new, old = render_play_both(play, names, counted_keys)
            assert new == old
            compared += 1
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
            step += 1
    assert {"bid", "move", "kill", "select", "buttons", "looped", "built", "sale"} <= seen, seen
    assert compared >= 500
