"""Every position of random games draws in mail: no phase of Revolution!, Five Tribes or Five Points breaks it.

Each figure of the description's lines that the tables replace (a count, a value,
a score) is in the HTML part too. Pure: the rules and the game's presentation only
(no database, no mail), as ``notifications.render.situation`` calls them:
``mail_situation(view, names, description)`` for each seat and for a spectator,
after every move.
"""

from __future__ import annotations

import importlib
from collections import Counter
import random
import re

import pytest

from games.rules import get_rules
from games.ui import ui_for

pytestmark = pytest.mark.pure
NAMES = ["Ada <a&b>", "Brook", "Cyd", "Dee"]  # one name that must come out escaped


def numbers_lost(description: str, html: str, slug: str) -> set[str]:
    """The figures of the description's lines that the tables replace and that the HTML part does not show
    (as many times as the text tells them)."""
    mail = importlib.import_module(f"games.ui.{slug}.mail")
    kept = set(mail.rest_of(description, mail.COVERED).splitlines())
    shown = Counter(re.findall(r"\d+", re.sub(r"<[^>]+>", " ", html)))
    told = Counter(n for line in description.splitlines() if line not in kept for n in re.findall(r"\d+", line))
    return set(told - shown)


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
            description = rules.describe(state, seat)
            html = str(ui.mail_situation(view, names, description))
            assert f'data-board="{slug}"' in html and "<table" in html
            assert "Ada <a&b>" not in html and "Ada &lt;a&amp;b&gt;" in html
            assert "class=" not in html and "<style" not in html
            assert not numbers_lost(description, html, slug), "a figure of the text is missing from the tables"
        phases.add(str(view["phase"]))
        if not rules.to_act(state):
            break
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.random_move(state, seat, rng))
    assert rules.is_over(state), "the game reached its end"
    assert "over" in phases
