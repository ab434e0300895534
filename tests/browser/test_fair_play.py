"""The player's own part of the seed is drawn by their browser, not by the server (docs/players/fair-play.md)."""

from __future__ import annotations

import re

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Event

from .conftest import DESKTOP, Person

pytestmark = pytest.mark.browser


def test_joining_in_the_browser_sends_entropy_the_browser_drew(browser, live_server, transactional_db):
    ada = user_get_or_create_verified(email="ada@example.com", display_name="Ada")
    bob = user_get_or_create_verified(email="bob@example.com", display_name="Bob")
    game = services.game_create(rules_slug="revolution", creator=ada, num_players=3)
    person = Person(browser, live_server, bob, DESKTOP)
    try:
        page = person.open(f"/games/{game.pk}/")
        drawn = page.locator("form[action$='/join/'] input[name=entropy]").input_value()
        assert re.fullmatch(r"[0-9a-f]{64}", drawn), drawn
        page.get_by_role("button", name="Join this game").click()
        page.wait_for_url(f"**/games/{game.pk}/")
    finally:
        person.close()
    joined = Event.objects.filter(game=game, kind="player_joined").order_by("-seq").first()
    assert joined is not None and joined.payload["entropy"] == drawn
