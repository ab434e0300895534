"""A game without its own page pieces is still playable: generic board, text box, options form."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games.models import Game
from tests.web.conftest import form_meta, projection, seat_client

pytestmark = pytest.mark.django_db


def test_toy_game_created_and_played_with_the_text_box(toy_rules, three_players):
    (_, ada_c), (_, brook_c), _ = three_players
    # With two hosted games the "new game" page offers a choice.
    choose = ada_c.get(reverse("games:new")).content.decode()
    assert reverse("games:create", args=["toy"]) in choose and reverse("games:create", args=["revolution"]) in choose
    form = ada_c.get(reverse("games:create", args=["toy"])).content.decode()
    assert 'name="option_target"' in form and "points needed to win" in form
    response = ada_c.post(reverse("games:create", args=["toy"]), {"num_players": "2", "option_target": "abc"})
    assert response.status_code == 400 and "Enter a whole number" in response.content.decode()
    ada_c.post(reverse("games:create", args=["toy"]), {"num_players": "2", "option_target": "3"})
    game = Game.objects.get()
    assert game.options == {"target": 3}
    brook_c.post(reverse("games:join", args=[game.pk]))
    rng = random.Random(5)
    players = three_players[:2]
    while projection(game).to_act:
        seat = projection(game).to_act[0]
        client = seat_client(game, seat, players)
        html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "The situation" in html and "1, 2, 3 or ack" not in html
        url = reverse("games:move", args=[game.pk])
        text = str(toy_rules.random_move(projection(game).state, seat, rng))
        assert client.post(url, {"text": text, **form_meta(html, url)}).status_code == 302
    game.refresh_from_db()
    assert game.status == "finished"
    assert "Final result" in ada_c.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Step 1 of" in ada_c.get(reverse("games:replay", args=[game.pk]), {"step": 1}).content.decode()
