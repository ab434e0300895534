"""Revolution!'s board is built in Python (games/ui/revolution/board_html.py): the page prints the same HTML as
the template it replaced, for every seat and spectator over whole games (bidding, choices, the end with its
scores), with names that need escaping or hold a colour word, and with or without the forms' recap."""

from __future__ import annotations

import functools
import random
from typing import Any

from django.template import Template, engines
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from games.rules import get_rules
from tests.web.old_templates import board_now_and_before
from games.ui.markup import esc

# The board template as it was: the reference the builder is held to (byte for byte, whitespace included).
REFERENCE_TEMPLATE = """{% load ravenpost %}
{% comment %}Revolution! as one seat (or a spectator) may see it; used by the game page and the replay.{% endcomment %}
<section class="card rev-status">
  <h2>Round {{ view.round }}{% if view.phase == "bidding" %} · bidding{% elif view.phase == "choice" %} · resolving{% elif view.phase == "over" %} · game over{% endif %}</h2>
  {% if view.phase == "bidding" %}
    <p>Bids in: {% for p in b.players %}{% if p.has_bid %}<span class="chip c-{{ p.color }}">{{ p.name }} ✓</span> {% endif %}{% empty %}{% endfor %}{% if not view.submitted %}<span class="muted">none yet</span>{% endif %}
      · still bidding: {% for p in b.players %}{% if not p.has_bid %}<span class="chip c-{{ p.color }} outline">{{ p.name }}</span> {% endif %}{% endfor %}</p>
    <p class="muted small">Bids stay secret until the last one is in.</p>
  {% elif b.pending %}
    <p>Bids revealed. Waiting for <span class="chip c-{{ b.pending.color }}">{{ b.pending.name|default:b.pending.color }}</span>, who won the {{ b.pending.character }}, to choose.</p>
  {% endif %}
</section>

{# The last resolution right below the status (the forms above show it already as "What just happened"). #}
{% if b.log and not recap %}
<section class="card" id="last-resolution" aria-labelledby="last-resolution-title">
  <h2 id="last-resolution-title">Resolution of round {{ b.log_round }}</h2>
  <ol class="resolution">{% for line in b.log %}<li>{% name_seats line %}</li>{% endfor %}</ol>
</section>
{% endif %}

{% if b.result_rows %}
<section class="card">
  <h2>Final scores</h2>
  <div class="table-scroll">
  <table class="table scores">
    <thead><tr><th>Player</th><th>Support track</th><th>Tokens ({{ b.token_points }})</th><th>Areas</th><th>Bonus</th><th>Total</th></tr></thead>
    <tbody>{% for r in b.result_rows %}
      <tr {% if r.winner %}class="winner"{% endif %}><td><span class="dot c-{{ r.color }}"></span>{{ r.name }}{% if r.winner %} 🏆{% endif %}</td><td>{{ r.track }}</td><td>{{ r.tokens }}</td><td>{{ r.areas }}</td><td>{{ r.bonus }}</td><td><strong>{{ r.total }}</strong></td></tr>
    {% endfor %}</tbody>
  </table>
  </div>
</section>
{% endif %}

<section class="card">
  <h2>Support and holdings</h2>
  <div class="table-scroll">
  <table class="table support">
    <thead><tr><th>Player</th><th>Support</th><th>Tokens to bid</th><th>Set aside</th><th>Cubes left</th></tr></thead>
    <tbody>
    {% for p in b.players %}
      <tr class="{% if p.is_me %}me{% endif %}">
        <td><span class="dot c-{{ p.color }}"></span>{{ p.name }}{% if p.is_me %} <span class="muted small">(you)</span>{% endif %}</td>
        <td class="num"><strong>{{ p.support }}</strong></td>
        <td>{% for t in p.hand %}<span class="tok tok-{{ t.kind }}" title="{{ t.label }}">{{ t.count }}{{ t.letter }}</span>{% endfor %}</td>
        <td>{% for t in p.aside %}{% if t.count %}<span class="tok tok-{{ t.kind }}" title="{{ t.label }}">{{ t.count }}{{ t.letter }}</span>{% endif %}{% endfor %}</td>
        <td class="num">{{ p.supply }}</td>
      </tr>
    {% endfor %}
    </tbody>
  </table>
  </div>
  <p class="muted small">Bank: {% for t in b.bank %}{{ t.count }} {{ t.label }}{% if not forloop.last %}, {% endif %}{% endfor %}</p>
</section>

<section class="card">
  <h2>The town</h2>
  <div class="areas">
  {% for a in b.areas %}
    <div class="area">
      <div class="area-head"><strong>{{ a.name }}</strong> <span class="muted small">{{ a.filled }}/{{ a.size }} · worth {{ a.support }}</span></div>
      <div class="spaces">{% for color in a.spaces %}<span class="space {% if color %}c-{{ color }}{% else %}empty{% endif %}" title="{{ color|default:'empty' }}"></span>{% endfor %}</div>
      {% if a.leader %}<div class="small muted">leads: <span class="chip c-{{ a.leader }}">{{ a.leader_name }}</span></div>{% endif %}
    </div>
  {% endfor %}
  </div>
</section>

<section class="card">
  <h2>Bid board</h2>
  <div class="bidboard">
  {% for ch in b.characters %}
    <div class="character">
      <div class="ch-head"><span class="ch-num">{{ ch.c.number }}</span> <strong>{{ ch.c.name }}</strong>
        {% for k in ch.immune %}<span class="immune" title="immune to {{ k }}">no {{ k }}</span>{% endfor %}</div>
      <div class="small">{{ ch.reward }}</div>
      {% if ch.bids %}<div class="ch-bids">{% for bid in ch.bids %}<span class="chip c-{{ bid.color }}">{% if bid.is_me %}you{% else %}{{ bid.name }}{% endif %}: {% for t in bid.tokens %}{{ t.count }}{{ t.letter }} {% endfor %}</span>{% endfor %}</div>{% endif %}
    </div>
  {% endfor %}
  </div>
</section>

"""

NAMES: list[list[str] | None] = [
    ["<Ada> & co", 'Brook "B"', "Blue Jay", "Red's"],  # escaped; colour words the resolution must not rename
    ["Ada", "", "Cy", "Dee"],  # a seat without a name is shown by colour
    None,
]


@functools.cache
def reference() -> Template:
    return engines["django"].engine.from_string(REFERENCE_TEMPLATE)


def render_both(rules_view: dict[str, Any] | None, names: list[str] | None, recap: Any) -> tuple[str, str]:
    """The board as the page prints it now (the game_board tag) and as the old template printed it."""
    return board_now_and_before("revolution", reference(), rules_view, names, recap=recap)


def test_the_board_is_the_old_templates_html_for_every_viewer_over_whole_games() -> None:
    rules = get_rules("revolution")
    phases: set[str] = set()
    compared = 0
    for game in range(6):
        players = 3 + game % 2
        state = rules.setup(players, {}, f"board-{game}")
        rng = random.Random(game)
        step = 0
        while True:
            awaited = rules.to_act(state)
            # Every state of the first games; later ones every third (the end of a game every time).
            if game < 2 or step % 3 == 0 or not awaited:
                for viewer in [None, *range(players)]:
                    view = rules.view(state, viewer)
                    phases.add(view["phase"])
                    names = NAMES[(step + viewer if viewer is not None else step) % len(NAMES)]
                    names = names[:players] if names else names
                    recap = {"round": view["round"]} if step % 2 and viewer is not None else None
                    new, old = render_both(view, names, recap)
                    assert new == old
                    compared += 1
            if not awaited:
                break
            state = rules.apply(state, awaited[0], rules.random_move(state, awaited[0], rng))
            step += 1
    assert {"bidding", "choice", "over"} <= phases
    assert compared >= 500


def test_a_board_without_a_view_is_the_old_templates_html_too() -> None:
    new, old = render_both(None, None, None)
    assert new == old


def test_the_builders_escape_is_conditional_escape() -> None:
    values: list[Any] = ['<b>"Ada" & \'Bo\'</b>', "plain", "", mark_safe("<i>kept</i> &amp;"), 0, 12, -3, True, False,
                         None, 1.5, gettext_lazy("Player & <co>"), mark_safe("<u>u</u>")]
    for value in values * 2:  # twice: the second time from the cache of escaped texts
        assert esc(value) == conditional_escape(value), value
    # A safe text after the same plain text (equal, so one cache key) is still printed as it is.
    assert esc("a &amp; b") == "a &amp;amp; b" and esc(mark_safe("a &amp; b")) == "a &amp; b"
