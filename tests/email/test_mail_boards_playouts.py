"""Every position of random games draws in mail: no phase of Revolution!, Five Tribes or Five Points breaks it.

Pure: the rules and the game's presentation only (no database, no mail), as
``notifications.render.situation`` calls them: ``mail_situation(view, names,
description)`` for each seat and for a spectator, after every move.
"""

from __future__ import annotations

import random

import pytest

from games.rules import get_rules
from games.ui import ui_for

pytestmark = pytest.mark.pure
NAMES = ["Ada <a&b>", "Brook", "Cyd", "Dee"]  # one name that must come out escaped


@pytest.mark.parametrize("slug,players,seed", [("revolution", 4, "po-rev"), ("five_tribes", 2, "po-ft"),
                                               ("five_points", 3, "po-fp")])
def test_random_games_draw_at_every_step(slug, players, seed):
    rules, ui = get_rules(slug), ui_for(slug)
    rng = random.Random(seed)
    state = rules.setup(players, {}, seed)
    names = NAMES[:players]
    phases: set[str] = set()
    for _ in range(3000):
        for seat in [*range(players), None]:
            view = rules.view(state, seat)
            html = str(ui.mail_situation(view, names, rules.describe(state, seat)))
            assert f'data-board="{slug}"' in html and "<table" in html
            assert "Ada <a&b>" not in html and "Ada &lt;a&amp;b&gt;" in html
            assert "class=" not in html and "<style" not in html
        phases.add(str(view["phase"]))
        if not rules.to_act(state):
            break
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.random_move(state, seat, rng))
    assert rules.is_over(state), "the game reached its end"
    assert "over" in phases
