"""An unexpected exception while turning a player's input into a move is a clear refusal that changes nothing.

The rules answer bad input with IllegalMove, and the property tests hold them
to it; these tests make a rules method (or a game's form adapter) fail in a
way nobody foresaw and check the safety net around it: the player gets a
refusal saying the move could not be read and how moves are written (a 400 on
the web), nothing is recorded, and the log names the game and seat but holds
neither the exception's message nor the move's text (both may carry secrets).
"""

from __future__ import annotations

import html as htmllib
import logging

import pytest
from django.urls import reverse

from games import services
from games.models import Event, Source
from games.rules import IllegalMove, get_rules
from games.ui import ui_for
from tests.web.conftest import form_meta, projection, seat_client, seat_user

pytestmark = pytest.mark.django_db

SECRET = "seed=5eed-that-must-not-leak"


def boom(*args, **kwargs):
    raise RuntimeError(f"rules bug; the state was {SECRET}")


@pytest.fixture
def rules():
    return get_rules("revolution")


@pytest.mark.parametrize("method", ["parse_move", "warnings", "apply", "format_move"])
def test_an_unexpected_error_in_the_rules_is_a_refusal(running_game, rules, monkeypatch, caplog, method):
    monkeypatch.setattr(rules, method, boom)
    before = Event.objects.count()
    with caplog.at_level(logging.ERROR, logger="games.services.moves"):
        with pytest.raises(IllegalMove) as refused:
            services.submit_move(game_id=running_game.pk, user=seat_user(running_game, 0), text="printer f b 3g",
                                 source=Source.WEB)
    message = str(refused.value)
    assert message.startswith("'printer f b 3g' could not be read as a move, so nothing was changed")
    assert "write it as the game's notation shows and send it again:\nBid: name characters" in message
    assert Event.objects.count() == before
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"unexpected RuntimeError from the revolution rules while reading a move in game {running_game.pk} " \
           "(seat 0)" in logged
    assert SECRET not in logged and "printer f b 3g" not in logged
    assert len([r for r in caplog.records if "unexpected" in r.getMessage()]) == 1, "logged once, not per retry"


def test_a_move_given_as_data_that_the_rules_choke_on(running_game, rules, monkeypatch):
    monkeypatch.setattr(rules, "apply", boom)
    before = Event.objects.count()
    with pytest.raises(IllegalMove, match="^that move could not be read, so nothing was changed"):
        services.submit_move(game_id=running_game.pk, user=seat_user(running_game, 0),
                             move={"action": "bid", "bid": {"printer": {"gold": 3}}}, source=Source.WEB)
    assert Event.objects.count() == before


def test_the_text_box_shows_the_refusal_as_a_400(running_game, three_players, rules, monkeypatch):
    monkeypatch.setattr(rules, "parse_move", boom)
    client = seat_client(running_game, 0, three_players)
    url = reverse("games:move", args=[running_game.pk])
    html = client.get(reverse("games:detail", args=[running_game.pk])).content.decode()
    before = Event.objects.count()
    response = client.post(url, {"text": "printer f b 3g", **form_meta(html, url)})
    body = htmllib.unescape(response.content.decode())
    assert response.status_code == 400
    assert "Your move was not recorded: 'printer f b 3g' could not be read as a move, so nothing was changed" in body
    assert SECRET not in body
    assert Event.objects.count() == before


def test_a_form_the_adapter_chokes_on_is_a_bad_form(running_game, three_players, monkeypatch, caplog):
    ui = ui_for("revolution")
    monkeypatch.setattr(ui, "build_move", boom)
    client = seat_client(running_game, 0, three_players)
    url = reverse("games:play", args=[running_game.pk])
    html = client.get(reverse("games:detail", args=[running_game.pk])).content.decode()
    before = Event.objects.count()
    with caplog.at_level(logging.ERROR, logger="games.views.play"):
        response = client.post(url, {"action": "bid", "bid-printer-gold": "3", **form_meta(html, url)})
    body = htmllib.unescape(response.content.decode())
    assert response.status_code == 400, body[:2000]
    assert "Your move was not recorded: the form could not be read as a move, so nothing was changed" in body
    assert SECRET not in body
    assert Event.objects.count() == before
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"unexpected RuntimeError from the game's form adapter in game {running_game.pk} (seat 0)" in logged
    assert SECRET not in logged


def test_a_preview_that_fails_leaves_the_refusal_to_the_write_path(running_game, three_players, rules, monkeypatch):
    """The "are you sure?" preview runs the rules too; its failure is no 500 either."""
    monkeypatch.setattr(rules, "warnings", boom)
    client = seat_client(running_game, 0, three_players)
    url = reverse("games:move", args=[running_game.pk])
    html = client.get(reverse("games:detail", args=[running_game.pk])).content.decode()
    before = projection(running_game).version
    response = client.post(url, {"text": "printer f b 3g", **form_meta(html, url)})
    assert response.status_code == 400
    assert "could not be read as a move" in htmllib.unescape(response.content.decode())
    assert projection(running_game).version == before
