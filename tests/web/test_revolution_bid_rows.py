"""Revolution's bid table rows are built in Python: the same HTML as the template loop they replace."""

from __future__ import annotations

import random

from django.template import engines

from games.rules import get_rules
from games.ui import ui_for
from games.ui.revolution.adapter import bid_rows_html

# The bid form's rows as a template printed them before (the reference the Python builder is held to).
REFERENCE_LOOP = """{% for row in bid_form.rows %}
        <tr>
          <td class="num">{{ row.character.number }}</td>
          <td><strong>{{ row.character.name }}</strong><div class="small muted">{{ row.reward }}</div></td>
          {% for cell in row.cells %}
          <td>{% if cell.immune %}<input type="number" name="{{ cell.name }}" value="" disabled class="immune-input" aria-label="{{ row.character.name }} {{ cell.label }} (immune)" title="the {{ row.character.name }} is immune to {{ cell.label }}" placeholder="—">
              {% else %}<input type="number" name="{{ cell.name }}" value="{{ cell.value }}" min="0" max="{{ cell.max }}" inputmode="numeric" data-kind="{{ cell.kind }}" aria-label="{{ row.character.name }} {{ cell.label }}">{% endif %}</td>
          {% endfor %}
        </tr>
      {% endfor %}"""


def test_the_bid_rows_are_the_template_loops_html_for_every_bid_seen_in_a_game() -> None:
    rules, ui = get_rules("revolution"), ui_for("revolution")
    reference = engines["django"].from_string(REFERENCE_LOOP)
    state, rng, compared = rules.setup(4, {}, "bid-rows"), random.Random(2), 0
    while (awaited := rules.to_act(state)) and compared < 400:
        for seat in range(4):
            decision = rules.choices(state, seat)
            if decision is None or decision.kind != "bid":
                continue
            # As shown, and as echoed after a refused post (what the player typed, hostile or not).
            for posted in (None, {"bid-general-gold": '<b>"&amp;', "bid-spy-force": "12", "bid-printer-gold": ""}):
                form = ui._bid_form(decision, posted)
                assert str(bid_rows_html(form["rows"])) == reference.render({"bid_form": form})
                compared += 1
        state = rules.apply(state, awaited[0], rules.random_move(state, awaited[0], rng))
    assert compared >= 100
