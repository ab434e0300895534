"""Five Tribes' grid is built in Python (games/ui/five_tribes/grid.py): the same HTML as the template loops it
replaced, for every seat and spectator over whole games (names that need escaping included)."""

from __future__ import annotations

import random

from django.template import Context, engines

from games.rules import get_rules
from games.ui import ui_for
from games.ui.five_tribes.grid import rows_html

# The board template's rows as its loops printed them before: the reference the builder is held to.
REFERENCE_LOOPS = """{% for row in b.rows %}
      <tr><th scope="row" class="ft-rowhead">{{ row.number }}</th>
      {% for t in row.cells %}
      <td class="ft-cell"><div class="ft-tile ft-{{ t.colour }} ft-k-{{ t.kind }}" data-tile="{{ t.name }}" id="ft-{{ t.name }}">
        <span class="ft-tile-head">
          <span class="ft-name">{{ t.name }}</span>
          <span class="ft-value" title="{{ t.value }} points ({{ t.colour }} tile)">{{ t.value }}<span class="sr-only"> points</span></span>
        </span>
        <span class="ft-kind">{{ t.label }}</span>
        <span class="ft-meeples">{% for m in t.meeples %}<span class="ft-meeple m-{{ m.code }}" title="{{ m.count }} {{ m.colour }} ({{ m.tribe }}{{ m.count|pluralize }})">{{ m.count }}<span class="sr-only"> {{ m.colour }}</span></span> {% empty %}<span class="ft-empty muted small">empty</span>{% endfor %}</span>
        <span class="ft-tile-foot">
          {% if t.camel %}<span class="ft-camel c-{{ t.camel.colour }}" title="{{ t.camel.label }} {{ t.camel.name }} controls {{ t.name }}">{{ t.camel.name|default:t.camel.label }}</span>{% endif %}
          {% if t.palms %}<span class="ft-palm" title="{{ t.palms }} palm tree{{ t.palms|pluralize }}">{% if t.palms > 1 %}{{ t.palms }} {% endif %}palm{{ t.palms|pluralize }}</span>{% endif %}
          {% if t.palaces %}<span class="ft-palace" title="{{ t.palaces }} palace{{ t.palaces|pluralize }}">{% if t.palaces > 1 %}{{ t.palaces }} {% endif %}palace{{ t.palaces|pluralize }}</span>{% endif %}
        </span>
      </div></td>
      {% endfor %}
      </tr>
    {% endfor %}"""


def test_the_grid_is_the_template_loops_html_on_every_board_of_whole_games() -> None:
    rules, ui = get_rules("five_tribes"), ui_for("five_tribes")
    reference = engines["django"].engine.from_string(REFERENCE_LOOPS)
    compared = 0
    for game in range(4):
        players = 2 + game % 3
        state, rng = rules.setup(players, {}, f"grid-{game}"), random.Random(game)
        while (awaited := rules.to_act(state)) and compared < 600:
            for viewer in [None, *range(players)]:
                board = ui.board(rules.view(state, viewer), [f"<P{i}> & co" for i in range(players)])
                # As the page prints a board: without the locale's number formatting (see game_board).
                expected = reference.render(Context({"b": board}, use_l10n=False, autoescape=True))
                assert str(board["rows_html"]) == expected
                compared += 1
            state = rules.apply(state, awaited[0], rules.random_move(state, awaited[0], rng))
    assert compared >= 300
