"""Five Points turn mails draw the city, its neighbourhoods, the markers and the players as HTML tables."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.models import Projection
from games.rules import get_rules
from games.selectors import seat_names
from games.ui import ui_for

from .mail_boards import (cells, last_turn_seat, newest_mail, play, section,
                          start, text_without_drawing, view_in_newest_mail)

pytestmark = pytest.mark.django_db
GMAIL_CLIPS = 102_000  # bytes of HTML after which Gmail shows only the start of a mail
RULES = get_rules("five_points")
UI = ui_for("five_points")


def test_the_turn_mail_draws_the_city_and_the_players(mailoutbox, monkeypatch):
    game = start("five_points", 3, "mail-board-five-points")
    rng = random.Random(5)
    play(game, 400, rng, until=lambda state: state["round"] >= 2 and any(any(t["bosses"]) for t in state["tiles"]))
    play(game, 3, rng)
    seat = last_turn_seat(game)
    names = seat_names(game)
    text, html = newest_mail(game, seat)
    view = view_in_newest_mail(game, seat)
    board = html[html.index('data-board="five_points"'):]
    assert "The city" in board and "Neighbourhoods" in board and "Manipulation markers" in board
    assert "class=" not in board and "<style" not in board and "<script" not in board
    assert len(html.encode()) < GMAIL_CLIPS, "Gmail would cut the mail short"
    for t in view["tiles"]:
        row = re.search(rf"<strong>{t['number']}</strong> {t['cell']}</th>.*?</tr>", board)
        assert row, f"tile {t['number']} has its row"
        for s, n in enumerate(t["rabble"]):
            if n:
                assert f"{UI.mail_chip(s, f'P{s + 1}')}&nbsp;{n}" in row.group(0), "rabble on its owner's colour"
    assert any(any(t["bosses"]) for t in view["tiles"]), "the random moves placed a boss"
    for m in view["markers"]:
        assert m["label"] in board
    # The players' table names each seat and shows its points as they would score now (the text's figure).
    for s in range(3):
        row = re.search(re.escape(str(UI.mail_chip(s, names[s]))) + rf" P{s + 1}.*?</tr>", board)
        assert row, f"seat {s} has no row with its name on its chip"
        total = re.search(rf"P{s + 1}: .*\(points now (\d+)\)", text)
        assert total, "the text part tells the points now"
        assert cells(row.group(0)) == [str(view["hq"][s]), str(view["boroughs"][s]), f"{view['bosses_on_board'][s]}/5",
                                       str(view["vp"][s]), total.group(1)], "as the text says"
    assert "Pass table" in board, "what the tables do not show stays as text"
    assert section(text, "The game as you see it") == section(text_without_drawing(game, seat, monkeypatch),
                                                              "The game as you see it")


def test_the_generator_never_reaches_the_mail(mailoutbox):
    """Five Points hides only its random generator: its seed appears in no one's mail."""
    game = start("five_points", 3, "mail-board-five-points-rng")
    play(game, 5, random.Random(1))
    rng = Projection.objects.get(pk=game.pk).state["rng"]
    secrets = [str(v) for v in rng.values() if len(str(v)) >= 6] if isinstance(rng, dict) else [json.dumps(rng)]
    assert secrets
    for s in range(3):
        _, html = newest_mail(game, s)
        assert not any(secret in html for secret in secrets)
