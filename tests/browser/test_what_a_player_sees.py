"""What a person sees on a game page (the player's-experience issue, points 6-9 where they are presentation).

Who is to act (by name, a colour dot beside it) and the last thing that happened are
on the first screen; on a phone the menu takes at most two lines, a board wider than
the screen says it scrolls, and the Revolution! holdings table does not scroll sideways.
"""

from __future__ import annotations

from typing import Any

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Seat

from .conftest import PHONE, Person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def new_game(slug: str, count: int) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd")[:count]]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=count, seed=f"sees-{slug}")
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def seat_user(game: Game, seat: int) -> Any:
    return Seat.objects.get(game=game, index=seat).user


def test_who_is_to_act_and_what_happened_last_are_on_the_first_screen(people, viewport):
    game = new_game("revolution", 3)
    (ada,) = people([seat_user(game, 0)])
    page = ada.open(f"/games/{game.pk}/")
    bar = page.locator("#turn-bar")
    names = bar.locator(".person")
    assert names.count() == 3
    for i in range(3):
        person = names.nth(i)
        assert person.locator(".dot").count() == 1, "a name without its colour"
        assert person.inner_text().strip() in ("Ada", "Brook", "Cyd"), "a colour without a name"
    last = page.locator("#last-event")
    assert "game started" in last.inner_text().lower() or last.inner_text().startswith("Last:")
    for element in (bar, last):
        box = element.bounding_box()
        assert box is not None and box["y"] + box["height"] <= viewport["height"], \
            f"needs scrolling to be seen at {viewport}: {box}"


def test_on_a_phone_the_menu_takes_two_lines_at_most(browser, live_server, dev_mailbox):
    """As under `make run`, where the dev mailbox is a menu item too."""
    user = user_get_or_create_verified(email="ada@example.com", display_name="Ada")
    ada = Person(browser, live_server, user, PHONE)
    try:
        page = ada.open("/")
        tops = sorted(page.evaluate("""() => [...document.querySelectorAll('.nav > *')]
            .filter(e => e.textContent.trim() && e.getBoundingClientRect().height > 0)
            .map(e => e.getBoundingClientRect().top)"""))
        lines = 1 + sum(1 for a, b in zip(tops, tops[1:]) if b - a > 12)
        assert lines <= 2, f"the menu wraps to {lines} lines on a phone"
    finally:
        ada.close()


def test_on_a_phone_a_wide_board_says_it_scrolls_and_holdings_do_not(browser, live_server):
    tribes = new_game("five_tribes", 2)
    revolution = new_game("revolution", 3)
    ada = Person(browser, live_server, seat_user(tribes, 0), PHONE)
    try:
        page = ada.open(f"/games/{tribes.pk}/")
        scroller = page.locator("#ft-board .table-scroll")
        assert scroller.evaluate("e => e.scrollWidth > e.clientWidth"), "the board fits: no hint needed"
        assert page.locator("#ft-board .swipe-hint").is_visible(), "a board wider than the phone with no hint"
        page = ada.open(f"/games/{revolution.pk}/")
        table = page.locator("table.support")
        wide = table.evaluate("t => t.closest('.table-scroll').scrollWidth - t.closest('.table-scroll').clientWidth")
        assert wide <= 1, f"the holdings table scrolls sideways by {wide} px on a phone"
    finally:
        ada.close()
