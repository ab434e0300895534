"""What a turn mail says about writing a reply is true for the game it is about.

A move may span several lines (a Revolution! bid), the examples are whole
moves to pick from, the reply syntax names only colours in play, and an answer
never lists as applied a sealed move that a later line of the same mail replaced.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.models import Projection
from games.rules import all_rules, get_rules
from notifications import sender
from tests.email.conftest import build_reply, deliver, last_mail_to, make_players, seat_user, start_game
from tests.email.smtp_support import examples_in_text
from tests.email.test_one_mail_per_event import people, started


def turn_mail(game, seat: int):
    user = seat_user(game, seat)
    return [m for m in mail.outbox if user.email in m.to and m.reply_to][-1]


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_every_games_turn_mail_offers_whole_moves_of_this_game_and_says_how_lines_are_read(db, mailoutbox, rules):
    users = people(rules.min_players)
    game = started(rules.slug, users)
    sender.send_pending()
    projection = Projection.objects.get(pk=game.pk)
    seat = projection.to_act[0]
    body = turn_mail(game, seat).body
    examples = examples_in_text(body)
    assert examples, body
    for example in examples:  # each one alone is a move this seat may send now
        rules.apply(projection.state, seat, rules.parse_move(projection.state, seat, example))
    assert "each of these is one whole move: send one of them" in body
    assert " ".join(rules.reply_lines_help().split()) in " ".join(body.split())
    assert "All moves in one mail are applied together" not in body


def test_a_three_player_revolution_mail_names_no_absent_colour(db, mailoutbox):
    game = start_game(make_players())
    sender.send_pending()
    for seat in range(3):
        message = turn_mail(game, seat)
        html = dict((kind, body) for body, kind in message.alternatives)["text/html"]
        for text in (message.body, html):
            assert not re.search(r"\byellow\b", text, re.I), "nobody plays Yellow in a three-player game"
            assert "tavern green" in text  # the Apothecary's example, with colours that are in play
        assert "A bid may take several lines, one character per line" in message.body


def test_a_bid_written_over_several_lines_is_one_bid(game, players):
    sender.send_pending()
    user = seat_user(game, 0)
    _, inbound = deliver(build_reply(turn_mail(game, 0), "general b g\nmerchant 2g\nprinter f"))
    assert inbound.status == "applied", inbound.reason
    sender.send_pending()
    answer = last_mail_to(user.email).body
    assert "only the last one stands" not in answer
    applied = answer.split("== Applied ==")[1].split("==")[0]
    assert len([line for line in applied.splitlines() if "receipt:" in line]) == 1


def test_a_sealed_bid_set_twice_in_one_mail_says_which_one_stands(game, players, monkeypatch):
    """Where a game reads each line as a move, two bids in one mail: the second replaces the first."""
    rules = get_rules("revolution")
    monkeypatch.setattr(rules, "reply_moves", lambda state, seat, lines: list(lines))
    sender.send_pending()
    user = seat_user(game, 0)
    _, inbound = deliver(build_reply(turn_mail(game, 0), "printer f b 3g\ngeneral b; priest f; mercenary 3g"))
    assert inbound.status == "applied", inbound.reason
    sender.send_pending()
    answer = last_mail_to(user.email).body
    assert "only the last one stands" in answer
    assert "printer f b 3g  (replaced by the next one below: this one does not stand)" in answer
    state = Projection.objects.get(pk=game.pk).state
    assert "Your bid: general b; priest f; mercenary 3g" in rules.describe(state, 0)


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_the_smallest_game_of_each_kind_is_mailed_no_seat_it_lacks(db, mailoutbox, rules):
    """Help and examples are the game's own: a seat beyond the players in it is never named."""
    users = people(rules.min_players)
    game = started(rules.slug, users)
    sender.send_pending()
    state = Projection.objects.get(pk=game.pk).state
    absent = {label for seat in range(rules.min_players, rules.max_players)
              for label in (rules.seat_label(state, seat), f"P{seat + 1}")}
    for message in mail.outbox:
        for label in absent:
            assert not re.search(rf"\b{re.escape(label)}\b", message.body), (label, message.subject)
