"""Revolution! turn mails draw the town, the holdings and the bids as HTML tables, from the reader's view only."""

from __future__ import annotations

import random
import re

import pytest

from games.models import Projection, Seat
from games.rules import get_rules
from games.selectors import seat_names
from games.ui import ui_for

from notifications import sender

from .conftest import build_reply, deliver, last_mail_to
from .mail_boards import (cells, last_turn_seat, newest_mail, play, section,
                          start, text_without_drawing, view_in_newest_mail)

pytestmark = pytest.mark.django_db
GMAIL_CLIPS = 102_000  # bytes of HTML after which Gmail shows only the start of a mail
RULES = get_rules("revolution")
UI = ui_for("revolution")


def short(tokens: dict[str, int]) -> str:
    return " ".join(f"{tokens[k]}{k[0].upper()}" for k in ("force", "blackmail", "gold") if tokens.get(k)) or "-"


def test_the_turn_mail_draws_the_town_and_holdings_with_names_on_chips(mailoutbox, monkeypatch):
    game = start("revolution", 3, "mail-board-revolution")
    play(game, 14, random.Random(11))  # rounds of bids and what they won
    seat = last_turn_seat(game)
    names = seat_names(game)
    text, html = newest_mail(game, seat)
    view = view_in_newest_mail(game, seat)
    board = html[html.index('data-board="revolution"'):]
    assert "<table" in board and "The town" in board and "<th scope=\"col\"" in board
    assert "<pre style=\"margin: 0; font-family: Menlo" not in html, "the fixed-width box gave way to tables"
    assert "class=" not in board and "<style" not in board and "<script" not in board
    assert len(html.encode()) < GMAIL_CLIPS, "Gmail would cut the mail short"
    for s in range(3):
        row = re.search(re.escape(str(UI.mail_chip(s, names[s]))) + r" " + view["colors"][s] + r".*?</tr>", board)
        assert row, f"seat {s} has no row with its name on its chip"
        # Support, tokens to bid, tokens set aside (1F 1B 3G), cubes left in supply
        assert cells(row.group(0)) == [str(view["support"][s]), short(view["hands"][s]), short(view["aside"][s]),
                                       str(view["supply"][s])]
    for area_id, counts in view["board"].items():
        assert f">{sum(counts)}/" in board
    filled = [(a, s, n) for a, counts in view["board"].items() for s, n in enumerate(counts) if n]
    assert filled, "the random moves put cubes in the town"
    # The reply syntax and examples the text gives are in the HTML part too, as text.
    assert "Tokens: f = Force" in board or "Spy winner:" in board
    # The text part is the one the generic presentation gives.
    assert section(text, "The game as you see it") == section(text_without_drawing(game, seat, monkeypatch),
                                                              "The game as you see it")


def test_a_bid_shows_in_its_bidders_mail_and_in_no_other(mailoutbox):
    game = start("revolution", 3, "mail-board-revolution-secret")
    sender.send_pending()
    seats = {s.index: s.user for s in Seat.objects.filter(game=game)}
    # Distinctive bids, each a reply to the player's start mail: the General and the Printer only in
    # seat 0's, the Mercenary only in seat 1's. The answer to each reply shows the game as its sender sees it.
    for seat, bid in ((0, "general b; printer 3g f"), (1, "mercenary 3g; spy b; innkeeper f")):
        deliver(build_reply(last_mail_to(seats[seat].email), bid))
    p = Projection.objects.get(pk=game.pk)
    assert p.state["phase"] == "bidding" and 2 in p.to_act and len(p.state["bids"]) == 2
    _, mine = newest_mail(game, 0, kinds=("email_reply",))
    _, theirs = newest_mail(game, 1, kinds=("email_reply",))
    assert "Your bid (secret until the last bid is in)" in mine and "1 General" in mine and "8 Printer" in mine
    assert "Printer" not in theirs and "1 General" not in theirs, "seat 0's bid must not reach seat 1"
    assert "12 Mercenary" in theirs and "12 Mercenary" not in mine
    # Who has bid is public; what is not.
    assert "Bids in:" in theirs and str(UI.mail_chip(0, seat_names(game)[0])) in theirs
