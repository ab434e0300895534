"""What a person found by hand on the pages and axe does not measure (issue: WCAG 2.2 AA on every page).

Each test here failed before its fix: help texts that point at no element, a create
form wider than a phone, tile focus drawn with no outline, no skip link, 16 px links.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat
from games.rules import game_slugs, get_rules

from .conftest import DESKTOP, PHONE, Person, page_width_fits

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def person(browser: Any, live_server: Any, viewport: dict[str, int], email: str = "ada@example.com") -> Person:
    user = user_get_or_create_verified(email=email, display_name=email.split("@")[0].title())
    return Person(browser, live_server, user, viewport)


def five_tribes_at_a_move(users: list[Any]) -> tuple[Game, int]:
    """A Five Tribes game whose seat to act is choosing a start tile: (game, seat)."""
    rules = get_rules("five_tribes")
    game = services.game_create(rules_slug="five_tribes", creator=users[0], num_players=len(users), seed="hand")
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    rng = random.Random(2)
    for _ in range(50):
        p = Projection.objects.get(pk=game.pk)
        seat = p.to_act[0]
        if p.state.get("phase") == "play" and (p.state.get("turn") or {}).get("step") == "move":
            return game, seat
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(p.state, seat, rng))
    raise AssertionError("no movement decision within 50 moves")


def test_every_described_field_points_at_its_help_text(browser, live_server):
    """Inputs name ``aria-describedby`` ids; each must exist, or the help is never announced."""
    ada = person(browser, live_server, DESKTOP)
    try:
        for path in ["/vacation/", "/profile/", *[f"/games/new/{slug}/" for slug in game_slugs()]]:
            page = ada.open(path)
            missing = page.evaluate("""() => [...document.querySelectorAll('[aria-describedby]')].flatMap(
                el => el.getAttribute('aria-describedby').split(/\\s+/).filter(id => !document.getElementById(id))
                     .map(id => (el.name || el.id) + ' -> #' + id))""")
            assert missing == [], f"{path}: help texts that are never announced: {missing}"
    finally:
        ada.close()


def test_the_create_game_pages_fit_a_phone(browser, live_server):
    ada = person(browser, live_server, PHONE)
    try:
        for slug in game_slugs():
            page = ada.open(f"/games/new/{slug}/")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert page_width_fits(page), f"/games/new/{slug}/ is {width} px wide on a 390 px screen"
    finally:
        ada.close()


def test_a_skip_link_comes_first_and_leads_to_the_content(browser, live_server):
    ada = person(browser, live_server, DESKTOP)
    try:
        for path in ("/", "/vacation/", "/games/new/"):
            page = ada.open(path)
            page.keyboard.press("Tab")
            focused = page.evaluate("[document.activeElement.tagName, document.activeElement.textContent.trim()]")
            assert focused == ["A", "Skip to the content"], f"{path}: the first Tab reaches {focused}"
            assert page.locator(".skip-link").is_visible(), "the skip link is not shown when it has focus"
            page.keyboard.press("Enter")
            assert page.evaluate("document.activeElement.id") == "main"
    finally:
        ada.close()


def test_game_links_on_the_vacation_page_are_24px_targets(browser, live_server):
    users = [user_get_or_create_verified(email=f"{n}@example.com", display_name=n.title()) for n in ("ada", "bo")]
    game = services.game_create(rules_slug="five_tribes", creator=users[0], num_players=2, seed="vac")
    services.game_join(game_id=game.pk, user=users[1])
    ada = Person(browser, live_server, users[0], PHONE)
    try:
        page = ada.open("/vacation/")
        link = page.locator(f'a[href="/games/{game.pk}/"]')
        box = link.bounding_box()
        assert box is not None and box["height"] >= 24, f"the game link is {box} (needs 24 px)"
    finally:
        ada.close()


def test_focus_on_a_five_tribes_tile_is_clearly_visible(browser, live_server):
    users = [user_get_or_create_verified(email=f"{n}@example.com", display_name=n.title()) for n in ("ada", "bo")]
    game, seat = five_tribes_at_a_move(users)
    player = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        tile = page.locator(".ft-tile.ft-clickable").first
        tile.focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")  # focus by keyboard: :focus-visible applies
        style = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return [document.activeElement.dataset.tile || '', s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }""")
        assert style[0], "focus left the board"
        assert style[1] != "none" and style[2] >= 2, f"focused tile {style[0]} has outline {style[1:]}"
        assert style[3] in ("rgb(75, 63, 143)",), f"the outline colour {style[3]} is not the focus colour"
    finally:
        player.close()
