"""A game's own drawing of the situation goes into a mail's HTML part; without one, the text description does."""

from __future__ import annotations

import pytest
from django.core import mail as django_mail

from accounts.services import user_get_or_create_verified
from games import rules as registry
from games import services
from games.models import Projection, Seat
from notifications import sender

pytestmark = pytest.mark.django_db


def turn_mail_parts(ui: str | None) -> tuple[str, str]:
    registry.register("tictactoe", {1: "tests.tictactoe.rules:RULES"}, ui=ui)
    try:
        ada = user_get_or_create_verified(email="ada@example.com", display_name="Ada")
        brook = user_get_or_create_verified(email="brook@example.com", display_name="Brook")
        game = services.game_create(rules_slug="tictactoe", creator=ada, num_players=2, seed="mail-board")
        services.game_join(game_id=game.pk, user=brook)
        seat = Projection.objects.get(pk=game.pk).to_act[0]
        services.submit_move(game_id=game.pk, user=Seat.objects.get(game=game, index=seat).user,
                             move=registry.get_rules("tictactoe").parse_move(
                                 Projection.objects.get(pk=game.pk).state, seat, "b2"), source="web")
        sender.send_pending()
        other = Seat.objects.get(game=game, index=1 - seat).user
        mail = [m for m in django_mail.outbox if other.email in m.to
                and m.extra_headers.get("X-Ravenpost-Kind") == "your_turn"][-1]
        return mail.body, mail.alternatives[0][0]
    finally:
        registry.unregister("tictactoe")


def test_a_game_that_draws_its_board_gets_a_table_in_the_html_part(mailoutbox):
    text, html = turn_mail_parts("tests.tictactoe.mail_ui")
    assert 'data-test-board="1"' in html and "<td" in html
    assert html.count(">X</td>") == 1, "the board drawn from the seat's view, with the move on it"
    assert "Players: P1" in html, "the line naming who is who stays above the board"
    assert "data-test-board" not in text and ". X ." in text, "the text part keeps the text description"


def test_without_a_drawing_the_html_part_shows_the_text_description(mailoutbox):
    text, html = turn_mail_parts(None)
    assert "data-test-board" not in html and "<pre" in html and ". X ." in html
