"""The game page refreshes itself when another player moves (the API's events, with the page's session)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import services
from games.models import Projection, Seat
from tests.records.conftest import users

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def a_running_game() -> tuple[int, list[Any]]:
    people = users(3)
    game = services.game_create(rules_slug="revolution", creator=people[0], num_players=3)
    for user in people[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game.pk, people


def move_for(game_id: int, seat: int) -> None:
    projection = Projection.objects.select_related("game").get(pk=game_id)
    move = projection.game.rules.random_move(projection.state, seat, random.Random(3))
    services.submit_move(game_id=game_id, seat=seat, move=move)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}], ids=["desktop"])
def test_the_page_reloads_when_another_player_moves(people, viewport):
    game_id, users_ = a_running_game()
    watcher = Seat.objects.get(game_id=game_id, user=users_[0]).index
    mover = next(s for s in Projection.objects.get(pk=game_id).to_act if s != watcher)
    (person,) = people([users_[0]])
    person.page.clock.install()
    page = person.open(f"/games/{game_id}/")
    shown = page.locator("#live-events").get_attribute("data-version")
    move_for(game_id, mover)
    with page.expect_navigation():
        page.clock.run_for(16_000)
    assert page.locator("#live-events").get_attribute("data-version") != shown


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}], ids=["desktop"])
def test_a_player_typing_is_not_interrupted(people, viewport):
    game_id, users_ = a_running_game()
    watcher = Seat.objects.get(game_id=game_id, user=users_[0]).index
    mover = next(s for s in Projection.objects.get(pk=game_id).to_act if s != watcher)
    (person,) = people([users_[0]])
    person.page.clock.install()
    page = person.open(f"/games/{game_id}/")
    page.locator("textarea, input[type=text]").first.fill("half a thought")
    move_for(game_id, mover)
    page.clock.run_for(16_000)
    notice = page.locator("#live-events")
    notice.wait_for(state="visible")
    assert "moved on" in notice.inner_text()
    assert page.locator("textarea, input[type=text]").first.input_value() == "half a thought"
