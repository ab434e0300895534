"""Mob Town's forms and board are built in Python (games/ui/mob_town/play_html.py and board_html.py): the page
prints the same HTML as the templates they replaced, byte for byte, for every seat (awaited or not) and a
spectator over whole seeded games of two to four players, competitive with and without its variants and co-op,
at every kind of decision, with names that need escaping; the forms also as a kept page part renders them."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from typing import Any, Iterator

import pytest
from django.template import Context, Template, engines
from django.utils.html import conditional_escape, json_script
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from games.rules import Decision, get_rules
from games.rules.mob_town import AGENDAS, CARD_CODES, PROPERTIES, card_value
from games.templatetags.kept import KEEPING
from games.ui import ui_for
from games.ui.base import MAX_BUTTONS
from games.ui.mob_town.adapter import _SIMPLE_GROUPS, choice_groups
from games.ui.mob_town.board import card_model
from games.ui.markup import esc
from games.ui.mob_town.play_html import builder_html
from games.views.kept import CSRF_MARK

# The play template as it was: the reference the forms are held to (byte for byte, whitespace included).
REFERENCE_PLAY = """{% load static ravenpost %}
{% comment %}The seat's own decision: the take-over builder, the open lot, the agendas, the co-op pay form and the listed choices, all posting to games:play.{% endcomment %}
{% if mt %}
<link rel="stylesheet" href="{% static 'ui/mob_town/mob_town.css' %}">
<section class="card highlight" id="mt-decision">
  <h2>{{ mt.title }}</h2>

  {% if mt.kind == "agendas" %}
  <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" id="mt-agenda-form">
    {% csrf_token %}
    <input type="hidden" name="action" value="agendas">
    <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
    <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
    <fieldset><legend>Tick exactly two agendas (secret until the round is scored)</legend>
      {% for a in mt.agendas %}<label class="mt-check"><input type="checkbox" name="agenda" value="{{ a.id }}"> {{ a.name }}</label>{% endfor %}
    </fieldset>
    <button class="primary" type="submit">Choose these two</button>
  </form>
  {% endif %}

  {% if mt.kind == "turn" %}
  <div class="mt-group" id="mt-takeover">
    <h3>Take over a property</h3>
    <p class="small" data-mt-hint>Click a highlighted property on the city (or choose it here), then tick the cards that pay for it. The cost and the connection cost are shown before you submit.</p>
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" id="mt-takeover-form">
      {% csrf_token %}
      <input type="hidden" name="action" value="takeover">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      <label for="mt-target">Property</label>
      <select name="at" id="mt-target">
        <option value="">— choose —</option>
        {% for t in mt.targets %}<option value="{{ t.cell.0 }},{{ t.cell.1 }}">{{ t.label }} {{ t.name }} ({{ t.code }}): cost {{ t.cost }}{% if t.connection %}, connection {{ t.connection }}{% endif %}{% if not t.affordable %} — you cannot pay for it now{% endif %}</option>{% endfor %}
      </select>
      <p class="mt-summary" aria-live="polite" data-mt-summary>Choose a property.</p>
      <fieldset class="mt-pay"><legend>Pay with (value exactly)</legend>
        {% for c in mt.hand %}<label class="mt-check mt-hcard s-{{ c.suit }}"><input type="checkbox" name="pay" value="{{ c.code }}" data-card="{{ c.code }}" data-index="{{ c.index }}"> {{ c.name }}</label>{% empty %}<span class="muted">You hold no cards.</span>{% endfor %}
      </fieldset>
      <fieldset class="mt-via" data-mt-via hidden><legend>Connection: one card for each card between</legend>
        <div data-mt-walks></div>
        <div data-mt-via-cards></div>
      </fieldset>
      <noscript><p class="small">Without JavaScript, list the connection cards in the text box below, e.g. <code>take over fac1 with foxes 1 via the2 cash, hot1 rats 1</code>.</p></noscript>
      <button class="primary" type="submit" data-mt-submit>Take over</button>
    </form>
    {{ mt.builder|json_script:"mt-builder-data" }}
    <script src="{% static 'ui/mob_town/mob_town.js' %}" defer></script>
  </div>

  {% if mt.lot %}
  <div class="mt-group" id="mt-openlot">
    <h3>Open a lot <span class="muted small">(spends a briefcase; you have {{ mt.briefcases }})</span></h3>
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}">
      {% csrf_token %}
      <input type="hidden" name="action" value="openlot">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      <label for="mt-lot-card">Lot card</label>
      <select name="lot" id="mt-lot-card">{% for l in mt.lot.cards %}<option value="{{ l.number }}">{{ l.number }}. {{ l.name }} ({{ l.card }}), cost {{ l.cost }}, {{ l.suits }}</option>{% endfor %}</select>
      <label for="mt-lot-cell">Place it</label>
      <select name="at" id="mt-lot-cell">{% for c in mt.lot.cells %}<option value="{{ c.cell.0 }},{{ c.cell.1 }}">{{ c.label }} ({{ c.place }})</option>{% endfor %}</select>
      {% if mt.lot.can_take %}
      <label class="mt-check"><input type="checkbox" name="take" value="yes"> and take it over now (no connection cost) with:</label>
      <fieldset class="mt-pay"><legend>Pay for the lot card with</legend>
        {% for c in mt.hand %}<label class="mt-check mt-hcard s-{{ c.suit }}"><input type="checkbox" name="pay" value="{{ c.code }}"> {{ c.name }}</label>{% endfor %}
      </fieldset>
      {% endif %}
      <button class="primary" type="submit">Open the lot</button>
    </form>
  </div>
  {% endif %}
  {% endif %}

  {% if mt.kind == "action" %}
  <div class="mt-group" id="mt-pawn-card">
    <h3>At your pawn: {{ mt.pawn.name }} ({{ mt.pawn.label }})</h3>
    <p class="small">Value {{ mt.pawn.value }}; {% if mt.pawn.down %}shut down{% else %}{{ mt.pawn.mob }} mob token{{ mt.pawn.mob|pluralize }}{% endif %}. Clear Out with {{ mt.pawn.clear_with }}; Shut Down (no tokens left) with {{ mt.pawn.shutdown_with }}, exactly {{ mt.pawn.value }}.</p>
    {% if mt.can_clear or mt.can_shutdown %}
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}">
      {% csrf_token %}
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      <fieldset class="mt-pay"><legend>Pay with</legend>
        {% for c in mt.hand %}<label class="mt-check mt-hcard s-{{ c.suit }}"><input type="checkbox" name="pay" value="{{ c.code }}"> {{ c.name }}</label>{% empty %}<span class="muted">You hold no cards.</span>{% endfor %}
      </fieldset>
      {% if mt.can_clear %}<button class="primary" type="submit" name="action" value="clear">Clear Out</button>{% endif %}
      {% if mt.can_shutdown %}<button class="primary" type="submit" name="action" value="shutdown">Shut Down</button>{% endif %}
    </form>
    {% endif %}
  </div>
  {% endif %}

  {% for g in mt.groups %}
  <div class="mt-group" data-mt-group="{{ g.key }}">
    {% if g.title %}<h3>{{ g.title }}</h3>{% endif %}
    <form autocomplete="off" method="post" action="{% url 'games:play' game.pk %}" class="inline-actions">
      {% csrf_token %}
      <input type="hidden" name="action" value="choice">
      <input type="hidden" name="expected_version" value="{{ meta.expected_version }}">
      <input type="hidden" name="idempotency_key" value="{% idempotency_key %}">
      {% if g.select %}
        <select name="choice" aria-label="{{ g.title|default:mt.title }}">{% for o in g.options %}<option value="{{ o.value }}">{{ o.label }}</option>{% endfor %}</select>
        <button class="primary" type="submit">{{ g.title|default:"Choose" }}</button>
      {% else %}
        {% for o in g.options %}<button class="primary" type="submit" name="choice" value="{{ o.value }}" title="{{ o.value }}">{{ o.label }}</button>{% endfor %}
      {% endif %}
    </form>
  </div>
  {% endfor %}
</section>
{% endif %}
"""

# The board template as it was.
REFERENCE_BOARD = """{% load static ravenpost %}
{% comment %}Mob Town as one seat (or a spectator) may see it: built from the view alone, so the live page, spectators and the replay share it. The city table comes ready-made from render.py.{% endcomment %}
<link rel="stylesheet" href="{% static 'ui/mob_town/mob_town.css' %}">
<section class="card mt-status" id="mt-status">
  {% if b.coop %}
  <h2>Upholding the Law{% if b.phase == "over" %} · game over{% endif %}</h2>
  <div class="mt-tracks">
    <p><strong>Player track:</strong> {{ b.track }} of {{ b.win_at }} <meter min="0" max="{{ b.win_at }}" value="{{ b.track }}" aria-label="player track {{ b.track }} of {{ b.win_at }}"></meter></p>
    <p><strong>Mob boss track:</strong> {{ b.mob_track }} of {{ b.lose_at }} <meter min="0" max="{{ b.lose_at }}" value="{{ b.mob_track }}" low="3" high="6" optimum="0" aria-label="mob boss track {{ b.mob_track }} of {{ b.lose_at }}"></meter></p>
  </div>
  <p class="small">Draw deck: {{ b.deck }} cards (the game is lost when the last one leaves) · mob tokens in supply: {{ b.mob_supply }} · mob activity deck: {{ b.mob_deck }} · property deck: {{ b.property_deck }}</p>
  {% if b.end %}<p class="mt-end"><strong>{% if b.end == "win" %}The players won: the mob is run out of town!{% elif b.end == "mob" %}The players lost: the mob boss track reached {{ b.lose_at }}.{% else %}The players lost: the draw deck ran out.{% endif %}</strong></p>{% endif %}
  {% if b.turn and b.phase == "actions" %}<p>Now: <span class="chip c-{{ b.turn.color }}">{{ b.turn.name }}</span>, action {{ b.actions|length|add:1 }} of 3{% if b.actions %} (taken: {{ b.actions|join:", " }}){% endif %}.</p>{% endif %}
  {% if b.mob_played %}<p class="small muted">Mob activity played lately: {{ b.mob_played|join:", " }}</p>{% endif %}
  {% else %}
  <h2>Round {{ b.round }} of {{ b.rounds_total }}{% if b.phase == "agendas" %} · choosing agendas{% elif b.phase == "over" %} · game over{% endif %}</h2>
  {% if b.turn and b.phase == "turn" %}<p>Now: <span class="chip c-{{ b.turn.color }}">{{ b.turn.name }}</span> takes one action.</p>{% endif %}
  {% if b.city_card %}<p class="mt-citycard"><strong>City card: {{ b.city_card.name }}</strong> — {{ b.city_card.text }}</p>{% endif %}
  <p class="small">Draw deck: {{ b.deck }} cards (the Law is among the bottom eleven) · discard pile: {{ b.discard }} · face-down properties: {{ b.unused }}</p>
  {% endif %}
</section>

{% if b.result_rows %}
<section class="card" id="mt-scores">
  <h2>Final scores</h2>
  <div class="table-scroll">
  <table class="table scores">
    <thead><tr><th>Player</th>{% for r in b.result_rows.0.rounds %}<th>Round {{ forloop.counter }}</th>{% endfor %}<th>Briefcases</th><th>Total</th></tr></thead>
    <tbody>{% for r in b.result_rows %}
      <tr {% if r.winner %}class="winner"{% endif %}><td><span class="dot c-{{ r.color }}"></span>{{ r.name }}{% if r.winner %} <strong>(winner)</strong>{% endif %}</td>
        {% for p in r.rounds %}<td class="num">{{ p }}</td>{% endfor %}<td class="num">{{ r.briefcases }}</td><td class="num"><strong>{{ r.total }}</strong></td></tr>
    {% endfor %}</tbody>
  </table>
  </div>
</section>
{% endif %}

<section class="card" id="mt-city">
  <h2>The city</h2>
  <p class="swipe-hint small muted" aria-hidden="true">Swipe the board sideways to see all of it →</p>
  <div class="table-scroll" data-swipe-hint>
  {{ b.city_html }}
  </div>
  <p class="muted small">Each card: map name, code, arrow (where the next card went), name, type and value, the suits that pay for it{% if b.coop %}, mob tokens and pawns{% else %}, and its token stack from bottom to top: the last (outlined) token controls it{% endif %}.</p>
</section>

<section class="card" id="mt-market">
  <h2>Lineup</h2>
  <ul class="mt-cards">{% for c in b.lineup %}<li class="mt-hcard s-{{ c.suit }}">{{ c.name }}</li>{% empty %}<li class="muted">empty</li>{% endfor %}</ul>
  {% if not b.coop %}
  <h2>Open lot</h2>
  <ol class="mt-lot">{% for p in b.lot %}<li><strong>{{ p.name }}</strong> <span class="mt-code">{{ p.code }}</span> — {{ p.kind }} {{ p.value }}, {{ p.suits }}</li>{% empty %}<li class="muted">empty</li>{% endfor %}</ol>
  {% if b.pros %}
  <h2>Professionals for hire <span class="muted small">(deck: {{ b.pros.deck }})</span></h2>
  <ul class="mt-pros">{% for p in b.pros.row %}<li><strong>{{ p.name }}</strong> <span class="mt-code">{{ p.id }}</span><div class="small">{{ p.text }}</div></li>{% empty %}<li class="muted">none</li>{% endfor %}</ul>
  {% for k in b.pros.kept %}<p class="small">Kept by <span class="dot c-{{ k.who.color }}"></span>{{ k.who.name }}: {% for p in k.pros %}{{ p.name }}{% if not forloop.last %}, {% endif %}{% endfor %}</p>{% endfor %}
  {% endif %}
  {% endif %}
</section>

{% if b.hand is not None %}
<section class="card" id="mt-mine">
  <h2>Your hand <span class="muted small">(only you see it)</span></h2>
  <ul class="mt-cards">{% for c in b.hand %}<li class="mt-hcard s-{{ c.suit }}">{{ c.name }}</li>{% empty %}<li class="muted">no cards</li>{% endfor %}</ul>
  {% if b.agendas %}
  <h2>Your agendas <span class="muted small">(secret until scored)</span></h2>
  <ul>{% for a in b.agendas %}<li>{{ a.name }} <span class="mt-code">{{ a.id }}</span></li>{% endfor %}</ul>
  {% endif %}
</section>
{% endif %}

<section class="card" id="mt-players">
  <h2>Players</h2>
  <div class="table-scroll">
  <table class="table">
    <thead><tr><th>Player</th>{% if b.coop %}<th>Role</th>{% else %}<th>Score</th><th>Briefcases</th><th>Tokens left</th>{% endif %}<th>Cards in hand</th></tr></thead>
    <tbody>{% for p in b.players %}
      <tr class="{% if p.is_me %}me{% endif %}"><td><span class="dot c-{{ p.color }}"></span><strong>{{ p.colour_name }}</strong> {{ p.name }}{% if p.is_me %} <span class="muted small">(you)</span>{% endif %}{% if p.to_act %} <span class="badge">to act</span>{% endif %}{% if not b.coop and b.phase == "agendas" %} <span class="small muted">{% if p.chosen %}agendas chosen{% else %}choosing agendas{% endif %}</span>{% endif %}</td>
        {% if b.coop %}<td>{{ p.role|default:"—" }}{% if p.role_text %}<div class="small muted">{{ p.role_text }}</div>{% endif %}</td>{% else %}<td class="num">{{ p.score }}</td><td class="num">{{ p.briefcases }}</td><td class="num">{{ p.supply }}</td>{% endif %}
        <td class="num">{{ p.hand }}</td></tr>
    {% endfor %}</tbody>
  </table>
  </div>
</section>

{% if b.last_round %}
<section class="card" id="mt-last-round">
  <h2>Round {{ b.last_round.round }} scoring <span class="muted small">(the Law drawn by {{ b.last_round.law.name }})</span></h2>
  <div class="table-scroll">
  <table class="table">
    <thead><tr><th>Player</th><th>Properties</th><th>Agendas</th><th>Round</th><th>Total</th></tr></thead>
    <tbody>{% for r in b.last_round.rows %}
      <tr><td><span class="dot c-{{ r.color }}"></span>{{ r.name }}</td><td class="num">{{ r.properties }}</td>
        <td>{{ r.agenda_points }}: {% for a in r.agendas %}{{ a.name }} <strong>{% if a.done %}done{% else %}missed{% endif %}</strong>{% if not forloop.last %}; {% endif %}{% endfor %}</td>
        <td class="num">{{ r.round_points }}</td><td class="num">{{ r.total }}</td></tr>
    {% endfor %}</tbody>
  </table>
  </div>
</section>
{% endif %}
"""



def hand_boxes(hand: list[str]) -> list[dict[str, Any]]:
    """The old context's check box per card in hand."""
    return [{**card_model(code), "index": i, "value": 1 if code == "cash" else card_value(code),
             "enabled": True}
            for i, code in enumerate(hand)]


def reference_context(decision: Decision | None, seat: int | None) -> dict[str, Any]:
    """What the play template read before: ``play_context`` as it was, the forms' lists as data."""
    if decision is None or seat is None:
        return {}
    mt: dict[str, Any] = {"kind": decision.kind, "title": decision.prompt}
    if decision.kind == "agendas":
        mt["agendas"] = [{"id": a, "name": AGENDAS[a].name} for a in AGENDAS]
    elif decision.kind == "turn":
        detail = decision.detail
        hand = list(detail["hand"])
        mt["groups"] = choice_groups(decision, _SIMPLE_GROUPS)
        mt["builder"] = {"targets": detail["targets"], "hand": hand, "colors": detail["colors"],
                         "suits": {code: code.rstrip("0123456789") for code in CARD_CODES}}
        mt["hand"] = hand_boxes(hand)
        mt["targets"] = detail["targets"]
        if detail["lot"] and detail["lot_cells"]:
            cards = [{**lot, "suits": " or ".join(PROPERTIES[lot["card"]].suits or ("any suit",))}
                     for lot in detail["lot"]]
            mt["lot"] = {"cards": cards, "cells": detail["lot_cells"], "can_take": detail["supply"] > 0}
        mt["briefcases"] = detail["briefcases"]
    elif decision.kind in ("role", "pawn"):
        mt["groups"] = [{"key": decision.kind, "title": "", "select": len(decision.options) > MAX_BUTTONS,
                         "options": [{"value": o.text, "label": o.label or o.text}
                                     for o in decision.options]}]
    elif decision.kind == "action":
        detail = decision.detail
        mt["groups"] = choice_groups(decision, _SIMPLE_GROUPS)
        pawn = detail["pawn"]
        mt["pawn"] = pawn
        mt["hand"] = hand_boxes(detail["hand"])
        taken = detail["actions"]
        mt["can_clear"] = not pawn["down"] and pawn["mob"] > 0 and taken.count("clear") < 2
        mt["can_shutdown"] = not pawn["down"] and pawn["mob"] == 0 and taken.count("shutdown") < 2
    return {"mt": mt, "can_move": True}


RULES = get_rules("mob_town")
UI = ui_for("mob_town")
NAMES: list[list[str] | None] = [
    ["<Ada> & co", 'Brook "B"', "Blue Jay", "Red's"],  # escaped; colour words
    ["Ada", "", "Cy", "Dee"],  # a seat without a name is shown by its colour
    None,
]
# (players, options): the base game, its variants, the co-op.
GAMES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"mode": "coop"}),
    (4, {"professionals": True, "city_cards": True, "landmarks": True}),
    (3, {"big_money": True, "professionals": True}),
    (2, {"mode": "coop", "starting_city": 2, "more_mob_activity": True}),
    (4, {"mode": "coop", "starting_city": -1}),
    (3, {}),
    (4, {"big_money": True, "city_cards": True}),
]
PAGE = "{% load l10n %}{% localize off %}{% include play_template %}{% endlocalize %}"


class Game:
    """What the play template reads of the game: its number."""

    pk = 417


@functools.cache
def templates() -> tuple[Template, Template, Template, Template]:
    engine = engines["django"].engine
    return (engine.from_string(PAGE), engine.from_string(REFERENCE_PLAY),
            engine.from_string("{% load ravenpost %}{% game_board %}"), engine.from_string(REFERENCE_BOARD))


def states() -> Iterator[tuple[int, dict[str, Any], int]]:
    """(game number, state, step) over whole seeded games: every other state of the first games, later ones
    every fifth (and the end of every game)."""
    for number, (players, options) in enumerate(GAMES):
        state = RULES.setup(players, RULES.resolve_options(options), f"mt-html-{number}")
        rng = random.Random(number)
        for step in itertools.count():
            awaited = RULES.to_act(state)
            if step % (2 if number < 3 else 5) == 0 or not awaited:
                yield number, state, step
            if not awaited:
                break
            seat = rng.choice(awaited)
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))


def first_difference(new: str, old: str) -> tuple[str, str]:
    """Where two renders part: a little of each from the first character that differs."""
    at = next((i for i, (a, b) in enumerate(zip(new, old)) if a != b), min(len(new), len(old)))
    return new[max(0, at - 60):at + 60], old[max(0, at - 60):at + 60]


@pytest.fixture
def counted_keys(monkeypatch) -> list[int]:
    """Idempotency keys numbered afresh for each render (``counter[0] = 0``): the two renders compare."""
    counter = [0]

    def key() -> str:
        counter[0] += 1
        return f"key-{counter[0]}"

    monkeypatch.setattr("games.forms.new_idempotency_key", key)
    return counter


def render_play(play_template: Any, context: dict[str, Any], counter: list[int]) -> str:
    counter[0] = 0
    return templates()[0].render(Context({**context, "play_template": play_template}, autoescape=True))


def decisions(state: dict[str, Any], seat: int | None) -> list[Decision | None]:
    """The seat's decision, and for an open lot also as it is once the seat's tokens are gone (it may then
    open the lot but not take the card over), which random games seldom reach."""
    decision = RULES.choices(state, seat) if seat is not None else None
    if decision is None or decision.kind != "turn" or not decision.detail["supply"]:
        return [decision]
    return [decision, dataclasses.replace(decision, detail={**decision.detail, "supply": 0})]


def features(decision: Decision, mt: dict[str, Any]) -> set[str]:
    """What of the forms a decision shows, to check that the games reached them all."""
    seen = {decision.kind}
    seen |= {f"{g['key']}-{'select' if g['select'] else 'buttons'}" for g in mt.get("groups", ())}
    if "lot" in mt:
        seen.add("lot-take" if mt["lot"]["can_take"] else "lot")
    seen |= {key for key in ("can_clear", "can_shutdown") if mt.get(key)}
    if '<span class="muted">You hold no cards.</span>' in (mt.get("hand_html", ""), mt.get("pay_html", "")):
        seen.add("no cards")
    return seen


def test_the_forms_are_the_old_templates_html_at_every_decision_of_whole_games(counted_keys) -> None:
    seen: set[str] = set()
    compared = 0
    for number, state, step in states():
        for seat in [None, *range(state["players"])]:
            view = RULES.view(state, seat)
            for decision in decisions(state, seat):
                # A refused move's form comes back with what was posted (Mob Town's forms do not show it).
                posted = {"action": "takeover", "at": "1,1", "pay": "rats1"} if step % 2 else None
                play = UI.play_context(view=view, seat=seat, decision=decision, posted=posted)
                page = {"game": Game(), "view": view, "csrf_token": f"csrf-{step}",
                        "meta": {"expected_version": 10 + step, "idempotency_key": "k"}}
                if step % 5 == 0:  # as a kept page part renders it: markers for the token and the keys
                    page.update({KEEPING: True, "csrf_token": CSRF_MARK})
                before = reference_context(decision, seat)
                new = render_play(UI.play_template, {**page, **play, "play": play}, counted_keys)
                old = render_play(templates()[1], {**page, **before, "play": before}, counted_keys)
                assert new == old, (number, step, seat, first_difference(new, old))
                compared += 1
                if decision is not None:
                    seen |= features(decision, play["mt"])
    assert {"agendas", "turn", "role", "pawn", "action", "lot", "lot-take", "can_clear", "can_shutdown",
            "no cards", "draw-buttons", "trade-select", "cashin-select", "swap-select", "hire-buttons",
            "move-select", "role-buttons", "pawn-buttons"} <= seen, " ".join(sorted(seen))
    assert compared >= 1200


def test_the_board_is_the_old_templates_html_for_every_viewer_over_whole_games() -> None:
    page, reference = templates()[2], templates()[3]
    phases: set[tuple[str, str]] = set()
    compared = 0
    for number, state, step in states():
        players = state["players"]
        for seat in [None, *range(players)]:
            view = RULES.view(state, seat)
            phases.add((view["mode"], view["phase"]))
            names = NAMES[(step + (seat or 0)) % len(NAMES)]
            names = names[:players] if names else names
            context = {"view": view, "names": names, "ui": UI, "play": None}
            new = page.render(Context(context, autoescape=True))
            # As game_board renders a board: without the locale's number formatting.
            board = UI.board(view, names)
            old = reference.render(Context({**context, "b": board}, use_l10n=False, autoescape=True))
            assert new == old, (number, step, seat, first_difference(new, old))
            compared += 1
    assert {("competitive", "agendas"), ("competitive", "turn"), ("competitive", "over"),
            ("coop", "actions"), ("coop", "over")} <= phases, phases
    assert compared >= 1200


def test_a_board_without_a_view_is_the_old_templates_html_too() -> None:
    page, reference = templates()[2], templates()[3]
    context = {"view": None, "names": None, "ui": UI}
    new = page.render(Context(context, autoescape=True))
    old = reference.render(Context({**context, "b": UI.board(None, None)}, use_l10n=False, autoescape=True))
    assert new == old


def test_the_builders_escape_is_conditional_escape() -> None:
    values: list[Any] = ['<b>"Ada" & \'Bo\'</b>', "plain", "", mark_safe("<i>kept</i> &amp;"), 0, 12, -3,
                         True, False, None, 1.5, gettext_lazy("Player & <co>"), mark_safe("<u>u</u>")]
    for value in values * 2:  # twice: the second time from the cache of escaped texts
        assert esc(value) == conditional_escape(value), value
    # A safe text after the same plain text (equal, so one cache key) is still printed as it is.
    assert esc("a &amp; b") == "a &amp;amp; b" and esc(mark_safe("a &amp; b")) == "a &amp; b"


def test_the_builders_data_is_json_script() -> None:
    value = {"targets": [{"name": "Bar & <Grill>", "cell": [-1, 2], "walks": [], "ok": True, "none": None}],
             "hand": ["rats1", "cash"], "colors": ["red"], "text": "é \u2028 ' \" \\ </script>", "n": 1.5}
    assert builder_html(value) == json_script(value, "mt-builder-data")
