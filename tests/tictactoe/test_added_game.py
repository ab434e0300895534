"""A game added with one registry line gets everything: lobby, generic page, mails, replies, replay, log.

Noughts and crosses (``tests/tictactoe/rules.py``) has no UI folder and is
known to nothing outside its folder but the one ``register`` call below.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail as django_mail
from django.urls import reverse

from games import rules as registry
from games.models import Game, Narration, Projection, Seat
from notifications import sender
from tests.email.conftest import build_reply, deliver
from tests.web.conftest import form_meta, make_user, three_players  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db


@pytest.fixture
def tictactoe(settings):
    settings.INBOUND_EMAIL_DOMAIN = "play.ravenpost.test"
    settings.INBOUND_EMAIL_LOCAL_PART = "play"
    registry.register("tictactoe", {1: "tests.tictactoe.rules:RULES"})  # the one line a new game adds
    yield registry.get_rules("tictactoe")
    registry.unregister("tictactoe")


def client_of(game: Game, seat: int, players):  # noqa: ANN001, ANN201
    user_id = Seat.objects.get(game=game, index=seat).user_id
    return next(c for u, c in players if u.pk == user_id)


def turn_mail(user, game: Game):  # noqa: ANN001, ANN201
    sender.send_pending()
    mails = [m for m in django_mail.outbox if user.email in m.to and m.extra_headers.get("X-Ravenpost-Kind")
             == "your_turn" and f"#{game.pk}" in m.subject]
    assert mails, f"no turn mail to {user.email}"
    return mails[-1]


def test_an_added_game_is_played_on_the_web_and_by_mail(tictactoe, three_players, mailoutbox):
    (ada, ada_c), (brook, brook_c), _ = three_players
    players = three_players[:2]
    new = ada_c.get(reverse("games:new")).content.decode()
    assert "Noughts and Crosses" in new and reverse("games:create", args=["tictactoe"]) in new
    assert ada_c.post(reverse("games:create", args=["tictactoe"]), {"num_players": "2"}).status_code == 302
    game = Game.objects.get(rules_slug="tictactoe")
    assert "Noughts and Crosses" in brook_c.get(reverse("games:lobby")).content.decode()
    brook_c.post(reverse("games:join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == "active"

    # The generic page offers the decision's options (rules.choices) as buttons.
    x_seat = Projection.objects.get(pk=game.pk).to_act[0]
    x_client = client_of(game, x_seat, players)
    url = reverse("games:detail", args=[game.pk])
    html = x_client.get(url).content.decode()
    assert "Place your X" in html and 'value="b2"' in html and "a b c" in html
    play = reverse("games:play", args=[game.pk])
    response = x_client.post(play, {"action": "choice", "choice": "b2", **form_meta(html, play)})
    assert response.status_code == 302
    assert Projection.objects.get(pk=game.pk).state["board"][4] == "X"
    # A posted option that is not legal now is refused and changes nothing.
    o_seat = 1 - x_seat
    o_client = client_of(game, o_seat, players)
    html = o_client.get(url).content.decode()
    refused = o_client.post(play, {"action": "choice", "choice": "b2", **form_meta(html, play)})
    assert refused.status_code == 400 and "is not one of your choices now" in refused.content.decode()

    # O answers the turn mail, top-posted; the mail's subject is the rules' phase label.
    o_user = Seat.objects.get(game=game, index=o_seat).user
    mail = turn_mail(o_user, game)
    assert mail.subject.endswith("your move")
    x_name = Seat.objects.get(game=game, index=x_seat).user.name
    assert f"{x_name} put an X on b2" in mail.body  # "since your last move", narrated
    _, stored = deliver(build_reply(mail, "a1"))
    assert stored.status == "applied", stored.reason
    assert Projection.objects.get(pk=game.pk).state["board"][0] == "O"

    # X by mail too, then the rest on the web until someone wins.
    x_user = Seat.objects.get(game=game, index=x_seat).user
    _, stored = deliver(build_reply(turn_mail(x_user, game), "c3"))
    assert stored.status == "applied", stored.reason
    for square in ("c1", "b1", "a2"):  # O c1, X b1 (threatens b3), O a2 (threatens a3)
        seat = Projection.objects.get(pk=game.pk).to_act[0]
        client = client_of(game, seat, players)
        html = client.get(url).content.decode()
        assert client.post(play, {"action": "choice", "choice": square, **form_meta(html, play)}).status_code == 302
    seat = Projection.objects.get(pk=game.pk).to_act[0]
    client = client_of(game, seat, players)
    html = client.get(url).content.decode()
    move_url = reverse("games:move", args=[game.pk])
    assert client.post(move_url, {"text": "b3", **form_meta(html, move_url)}).status_code == 302
    game.refresh_from_db()
    assert game.status == "finished" and game.result["winners"] == [x_seat]

    # The log and the replay narrate every move with the players' names.
    page = ada_c.get(url).content.decode()
    assert f"{x_name} put an X on b3 and won" in page
    assert Narration.objects.filter(game=game).count() == 7
    replay = ada_c.get(reverse("games:replay", args=[game.pk]), {"step": 1}).content.decode()
    assert "Step 1 of" in replay and f"{x_name} put an X on b2" in replay
    sender.send_pending()
    over = [m for m in django_mail.outbox if m.extra_headers.get("X-Ravenpost-Kind") == "game_over"]
    assert len(over) == 2 and all("The last moves" in m.body for m in over)


def test_the_board_is_one_registry_line_away(tictactoe):
    """Nothing outside tests/tictactoe names the game: only the fixture's register() call."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    hits = [str(path.relative_to(root)) for folder in ("games", "notifications", "accounts", "config", "bench",
                                                       "templates", "docs")
            for path in (root / folder).rglob("*") if path.is_file() and path.suffix in (".py", ".html", ".md")
            and re.search(r"tictactoe", path.read_text(encoding="utf-8"))]
    assert hits == ["docs/developers/adding-a-game.md"]
