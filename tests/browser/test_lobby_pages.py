"""The paged lobby in a real browser: axe-core finds nothing serious, nothing is wider than a phone, and the
page links are reached and followed from the keyboard, at 1280 and 390 pixels wide."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import GameStatus, Seat
from tests.lobby_games import T0, add_open_games, copies

from .axe import report, run_axe, serious
from .conftest import Person, page_width_fits, too_wide

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def busy_service() -> Any:
    """Ada with games awaiting her, others' turns and finished games, and more open games than one page: the user."""
    ada, brook, cyd = (user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
                       for n in ("Ada", "Brook", "Cyd"))
    game = services.game_create(rules_slug="revolution", creator=ada, num_players=3, seed="lobby-pages")
    services.game_join(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd)
    others_seat = Seat.objects.exclude(user=ada).filter(game=game).values_list("index", flat=True)[0]
    copies(game, 2)
    copies(game, 25, to_act=[others_seat], newest=T0 - datetime.timedelta(days=1))
    copies(game, 3, status=GameStatus.FINISHED, to_act=[], newest=T0 - datetime.timedelta(days=2))
    add_open_games(30, brook)
    return ada


@pytest.mark.parametrize("signed_in", [True, False], ids=["player", "visitor"])
def test_the_paged_lobby_passes_axe_and_fits(browser, live_server, viewport, signed_in):
    ada = busy_service()
    person = Person(browser, live_server, ada if signed_in else None, viewport, bypass_csp=True)
    try:
        findings, seen = [], []
        page = person.open("/?game=no-such-game")
        assert "not hosted here" in page.inner_text(".messages")
        for label in ("first page", "older open games"):
            seen.append(f"lobby, {label} @{viewport['width']}")
            findings.extend(run_axe(page, seen[-1]))
            assert page_width_fits(page), too_wide(page)
            if label == "first page":
                # From the keyboard: focus the open games' "Older" link and follow it.
                older = page.locator("#open-games .pager a[rel=next]")
                older.focus()
                page.keyboard.press("Enter")
                page.wait_for_url("**open_before=**")
                assert page.locator("#open-games .pager a[rel=prev]").count() == 1
        assert not serious(findings), report(findings, seen)
    finally:
        person.close()
