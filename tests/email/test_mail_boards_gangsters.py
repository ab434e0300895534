"""Gangsters turn mails draw the gangs, the map, who is where and the joints as HTML tables, from the reader's
view only.

A real game is played some random moves through ``games.services``; the last
move's turn mail to the next player is read: its HTML part has the tables
(inline styles, players on colour chips, each piece's place, owned joints),
keeps every line of the text description the tables do not show, and shows
no other gang's cash or bribe markers. The text part keeps the text description.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core import mail as django_mail
from django.utils.html import escape

from accounts.services import user_get_or_create_verified
from games import selectors, services
from games.models import Game, Projection
from games.rules import get_rules
from games.rules.gangsters import GANG_LABEL, PIECE_NAME, PIECES
from games.ui import ui_for
from notifications import sender

from .conftest import seat_user

pytestmark = pytest.mark.django_db
RULES = get_rules("gangsters")
UI = ui_for("gangsters")
# Lines of the text description the tables show: the gangs, the map (rows start with their number), its key
# and legend, the joints.
SHOWN = ("Gangs (strength", "Inside buildings", "Map key:", "Joints (code", "     a   b")


def played(seed: str, moves: int, options: dict[str, Any] | None = None,
           players: int = 3) -> tuple[Game, Any, str, str]:
    """A game after ``moves`` random moves, and the HTML and text parts of the last move's turn mail to the
    seat now to act (with that seat)."""
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd", "Dee", "Eli")[:players]]
    game = services.game_create(rules_slug="gangsters", creator=users[0], num_players=players, seed=seed,
                                options=options or {})
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
    for _ in range(30):  # on until a move hands the turn to someone (a gang moves several pieces a turn)
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



def gang_row(html: str, seat: int, name: str) -> str:
    """The gangs table's row of ``seat``: from its chip to the end of the row."""
    gangs = html.split(">Gangs</caption>", 1)[1].split("</table>", 1)[0]
    return gangs.split(f"{UI.mail_chip(seat, name)} {GANG_LABEL[seat]}", 1)[1].split("</tr>", 1)[0]


def test_a_turn_mail_draws_the_gangs_the_map_and_the_joints(mailoutbox):
    game, seat, html, text = played("mail-board-gx", 40)
    state = Projection.objects.get(pk=game.pk).state
    view = RULES.view(state, seat)
    names = selectors.seat_names(game)
    description = RULES.describe(state, seat)
    assert state["phase"] == "play", "the random moves got past the set-up"
    assert "<table" in html and "<th" in html and "<pre" not in html
    assert ">The map</caption>" in html and html.count('<th scope="row"') >= 16
    assert "HUF" in html and "~~~" not in html, "the map as a table, not as text"
    heading = ""
    for line in description.splitlines():
        if line.strip() and not line.startswith(" "):
            heading = line
        if line.strip() and not line.startswith(SHOWN) and not line[:3].strip().isdigit() \
                and (not line.startswith(" ") or heading == "Lately:"):
            assert escape(line) in html, f"a line of the description is missing: {line!r}"
    assert description in text and "<table" not in text, "the text part keeps the text description"
    for g in view["gangs"]:
        row = gang_row(html, g["seat"], names[g["seat"]])
        for kind in PIECES:
            p = g["pieces"][kind]
            if p["s"]:
                assert f"{PIECE_NAME[kind]} {p['s']} at <b>{p['at']}</b>" in row, "each piece and its place"
    owned = [(code, j) for code, j in view["joints"].items() if j["owner"] is not None]
    assert owned, "the gangs own joints by now"
    for code, joint in owned:
        assert f"<b>{code}</b>" in html
        assert f"{UI.mail_chip(joint['owner'], names[joint['owner']])} L{joint['level']}" in html, \
            "an owned joint names its owner on the chip"


def test_another_gangs_cash_and_bribes_stay_hidden(mailoutbox):
    game, seat, html, _ = played("mail-board-gx-secret", 40)
    state = Projection.objects.get(pk=game.pk).state
    names = selectors.seat_names(game)
    mine = state["gangs"][seat]
    assert f">${mine['cash']}</td>" in gang_row(html, seat, names[seat]), "the reader's own cash"
    for other in range(state["players"]):
        if other == seat:
            continue
        theirs = RULES.view(state, other)["gangs"][other]
        assert theirs["cash"] is not None, "the other seat sees its own cash"
        row = gang_row(html, other, names[other])
        assert ">hidden</td>" in row and f"${theirs['cash']}" not in row, "another gang's cash stays hidden"
        assert f"{len(theirs['bribes'])} (which: hidden)" in row if theirs["bribes"] else ">none</td>" in row
        for line in RULES.describe(state, other).splitlines():
            if "(you)" in line:
                assert escape(line.strip()) not in html


def test_the_police_players_line_follows_the_gangs_and_his_chits_stay_his(mailoutbox):
    game, seat, html, _ = played("mail-board-gx-police", 140, {"police": True}, players=5)
    state = Projection.objects.get(pk=game.pk).state
    police = state["seats"].index("police")
    assert seat != police, "a gang's mail (the seed gives one)"
    mine = RULES.describe(state, seat).splitlines()
    line = next(line.strip() for line in mine if "the Police" in line and line.startswith("  P"))
    gangs_end = html.index(">Gangs</caption>")
    assert gangs_end < html.index(escape(line)) < html.index(">The map</caption>"), \
        "the Police player's line, under the gangs"
    assert f"{len(state['police']['chits'])} chits" in line
    theirs = next(line.strip() for line in RULES.describe(state, police).splitlines()
                  if "the Police (you)" in line)
    assert "chits x" in theirs or "chits none" in theirs
    assert escape(theirs) not in html and escape(theirs.split("; chits ")[1]) not in html, \
        "the Police player's chits stay his"
