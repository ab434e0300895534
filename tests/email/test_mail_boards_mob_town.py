"""Mob Town turn mails draw the city and the players as HTML tables, from the reader's view only.

A real game is played some random moves through ``games.services``; the last
move's turn mail to the next player is read: its HTML part has the tables
(inline styles, names on colour chips, the city's cards, each player's counts),
keeps every line of the text description the tables do not show, and shows
nothing that only another seat may see. The text part keeps the text
description.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core import mail as django_mail
from django.utils.html import escape

from games import selectors, services
from games.models import Game, Projection
from games.rules import get_rules
from games.rules.mob_town import AGENDAS
from games.ui import ui_for
from notifications import sender

from .conftest import make_players, seat_user

pytestmark = pytest.mark.django_db
RULES = get_rules("mob_town")
UI = ui_for("mob_town")


def played(seed: str, moves: int, options: dict[str, Any], players: int = 3) -> tuple[Game, Any, str, str]:
    """A game after ``moves`` random moves, and the HTML and text parts of the last move's turn mail to the
    seat now to act (with that seat)."""
    users = make_players()[:players]
    game = services.game_create(rules_slug="mob_town", creator=users[0], num_players=players, seed=seed,
                                options=options)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    rng = random.Random(seed)

    def move() -> None:
        state = Projection.objects.get(pk=game.pk).state
        seat = RULES.to_act(state)[0]
        services.submit_move(game_id=game.pk, user=seat_user(game, seat),
                             move=RULES.random_move(state, seat, rng), source="web")

    for _ in range(moves):
        move()
    turn = None
    for _ in range(30):  # on until a move hands the turn to someone (a co-op turn is three moves)
        sender.send_pending()
        django_mail.outbox.clear()
        move()
        sender.send_pending()
        seat = RULES.to_act(Projection.objects.get(pk=game.pk).state)[0]
        mails = [m for m in django_mail.outbox if seat_user(game, seat).email in m.to
                 and m.extra_headers.get("X-Ravenpost-Kind") == "your_turn"]
        if mails:
            turn = mails[-1]
            break
    assert turn is not None, "a turn mail was sent"
    html = dict((kind, body) for body, kind in turn.alternatives)["text/html"]
    return game, seat, html, turn.body


def check_common(game: Game, seat: int, html: str, text: str) -> None:
    state = Projection.objects.get(pk=game.pk).state
    view = RULES.view(state, seat)
    description = RULES.describe(state, seat)
    names = selectors.seat_names(game)
    assert "<table" in html and "<th" in html, "the board is drawn as tables"
    assert "<pre" not in html and "class=" not in html.split("The game as you see it")[1].split("</table>")[0]
    assert "The city (card codes" not in html, "the text map gives way to the table"
    for entry in view["city"]:
        card = entry["card"]
        assert f"<b>{card['id']}</b>" in html, "every card of the city is in the grid"
        assert escape(card["name"]) in html
    for other in range(view["players"]):
        assert str(UI.mail_chip(other, names[other])) in html, "each player named on the colour chip"
    for line in description.splitlines():
        if line.strip() and not line.startswith(("Scores: ", "Briefcases: ", "Cards in hand: ", "Roles: ",
                                                 "The city (", "  ")):
            assert escape(line) in html, f"a line of the description is missing: {line!r}"
    assert description in text and "<table" not in text, "the text part keeps the text description"


def check_secrets(game: Game, seat: int, html: str) -> None:
    """What only another seat sees (its hand, its agendas) is not in this seat's mail."""
    state = Projection.objects.get(pk=game.pk).state
    mine = RULES.describe(state, seat).splitlines()
    checked = 0
    for other in range(state["players"]):
        if other == seat:
            continue
        for line in RULES.describe(state, other).splitlines():
            if line.startswith(("You are ", "Your hand: ", "Your agendas: ")) and line not in mine:
                assert escape(line) not in html, f"another seat's secret in the mail: {line!r}"
                checked += 1
        for agenda in set(state["agendas"][other]) - set(state["agendas"][seat]):
            if AGENDAS[agenda].name not in "\n".join(mine):  # not revealed by a scored round, not on offer
                assert escape(AGENDAS[agenda].name) not in html, "another seat's agenda in the mail"
    assert checked, "the other seats' private lines were compared"


def test_a_competitive_turn_mail_draws_the_city_and_the_players(mailoutbox):
    game, seat, html, text = played("mail-board-mt", 24, {"professionals": True})
    check_common(game, seat, html, text)
    check_secrets(game, seat, html)
    state = Projection.objects.get(pk=game.pk).state
    view = RULES.view(state, seat)
    names = selectors.seat_names(game)
    assert state["phase"] == "turn"
    owned = [e for e in view["city"] if e["tokens"]]
    assert owned, "the random moves took something over"
    entry = owned[0]
    boss = entry["tokens"][-1]
    assert f"{UI.mail_chip(boss, names[boss])} controls" in html, "who controls a card, named on the chip"
    for other in range(view["players"]):
        row = html.split(str(UI.mail_chip(other, names[other])), 1)[1].split("</tr>")[0]
        assert f">{view['briefcases'][other]}</td>" in row and f">{view['supply'][other]}</td>" in row
        assert f">{view['hand_counts'][other]}</td>" in row
    hand = next(line for line in text.splitlines() if line.startswith("Your hand: "))
    assert escape(hand) in html


def test_a_coop_turn_mail_draws_the_mob_tokens_and_the_pawns(mailoutbox):
    game, seat, html, text = played("mail-board-mt-coop", 12, {"mode": "coop"}, players=2)
    check_common(game, seat, html, text)
    state = Projection.objects.get(pk=game.pk).state
    view = RULES.view(state, seat)
    names = selectors.seat_names(game)
    assert any(p for p in view["pawns"]), "the pawns are placed"
    for other, pawn in enumerate(view["pawns"]):
        if pawn:
            assert f"{UI.mail_chip(other, names[other])} pawn" in html
    mobbed = [e for e in view["city"] if e["mob"] and not e["down"]]
    assert mobbed and f"{mobbed[0]['mob']} mob token" in html
