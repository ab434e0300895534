"""Five Tribes turn mails draw the Sultanate and the players as HTML tables, from the reader's view only."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.models import Projection, Seat
from games.rules import get_rules
from games.rules.five_tribes import TILE_LABELS
from games.selectors import seat_names
from games.ui import ui_for
from games.ui.five_tribes.mail import TILE_SHORT

from .conftest import build_reply, deliver, last_mail_to
from .mail_boards import (cells, last_turn_seat, newest_mail, play, section,
                          start, text_without_drawing, view_in_newest_mail)

pytestmark = pytest.mark.django_db
GMAIL_CLIPS = 102_000  # bytes of HTML after which Gmail shows only the start of a mail
RULES = get_rules("five_tribes")
UI = ui_for("five_tribes")
TILE_CELL = '<td style="border: 1px solid #b9b09a;'


def test_the_turn_mail_draws_the_sultanate_and_the_players(mailoutbox, monkeypatch):
    game = start("five_tribes", 3, "mail-board-five-tribes")
    rng = random.Random(7)
    play(game, 400, rng, until=lambda state: any(c is not None for c in state["camels"]))
    play(game, 4, rng)
    seat = last_turn_seat(game)
    names = seat_names(game)
    text, html = newest_mail(game, seat)
    view = view_in_newest_mail(game, seat)
    board = html[html.index('data-board="five_tribes"'):]
    assert "The Sultanate" in board and board.count(TILE_CELL) == 30, "one cell per tile"
    assert "class=" not in board and "<style" not in board and "<script" not in board
    assert len(html.encode()) < GMAIL_CLIPS, "Gmail would cut the mail short"
    assert set(TILE_SHORT) == set(TILE_LABELS), "a short name for every kind of tile"
    for tile in view["board"]:
        assert f"{TILE_SHORT[tile['kind']]}&nbsp;{tile['value']}" in board
    camels = [t["camel"] for t in view["board"] if t["camel"] is not None]
    assert camels, "the random moves placed a camel"
    for owner in set(camels):
        assert str(UI.mail_chip(owner, f"P{owner + 1}")) in board, "a camel is its owner's label on its colour"
    for s in range(3):
        row = re.search(re.escape(str(UI.mail_chip(s, names[s]))) + rf" P{s + 1}.*?</tr>", board)
        assert row, f"seat {s} has no row with its name on its chip"
        p = view["seats"][s]
        gold = str(p["gold"]) if s == seat else "?"
        assert cells(row.group(0)) == [gold, *(str(p[k]) for k in ("camels", "viziers", "elders", "fakirs"))]
    assert "Turn order track:" in board or "Bid order:" in board, "what the tables do not show stays as text"
    assert "Now:" in board
    assert section(text, "The game as you see it") == section(text_without_drawing(game, seat, monkeypatch),
                                                              "The game as you see it")


def test_only_the_readers_gold_is_in_the_html_part(mailoutbox):
    game = start("five_tribes", 3, "mail-board-five-tribes-gold")
    play(game, 6, random.Random(2))
    # Distinctive totals, so that each can be looked for; then each player asks for the game by mail.
    state = json.loads(json.dumps(Projection.objects.get(pk=game.pk).state))
    gold = [4817, 5923, 6143]
    for s in range(3):
        state["seats"][s]["gold"] = gold[s]
    Projection.objects.filter(pk=game.pk).update(state=state)
    for s in range(3):
        user = Seat.objects.get(game=game, index=s).user
        deliver(build_reply(last_mail_to(user.email), "status"))
        _, html = newest_mail(game, s, kinds=("email_reply",))
        assert 'data-board="five_tribes"' in html
        assert f">{gold[s]}</td>" in html, "the reader's own gold is in its row"
        for other in range(3):
            if other != s:
                assert RULES.view(state, other)["seats"][other]["gold"] == gold[other]  # there to leak
                assert str(gold[other]) not in html, "another player's gold must not reach this mail"
