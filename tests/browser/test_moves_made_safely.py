"""What just happened is on the first screen; Back never shows an old bid; the Five Points bid box says what
is wrong instead of rewriting it; a one-click move asks for a second click ("Confirm ...", with Cancel).

One desktop page per test: these are about behaviour, not widths (the whole-game tests cover phones).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat
from games.rules import get_rules

from .conftest import DESKTOP, Person, notices

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def new_game(slug: str, seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd")]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=3, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def seat_user(game: Game, seat: int) -> Any:
    return Seat.objects.get(game=game, index=seat).user


def version(game: Game) -> int:
    return Projection.objects.get(pk=game.pk).version


def test_revolution_shows_the_last_resolution_first_and_back_never_restores_an_old_bid(browser, live_server):
    game = new_game("revolution", "safe-rev")
    rules = get_rules("revolution")
    rng = random.Random(1)
    while rules.round_of(Projection.objects.get(pk=game.pk).state) == 1:  # round 1 by the services
        projection = Projection.objects.get(pk=game.pk)
        seat = projection.to_act[0]
        services.submit_move(game_id=game.pk, user=seat_user(game, seat), source="web",
                             move=rules.random_move(projection.state, seat, rng))
    person = Person(browser, live_server, seat_user(game, 0), DESKTOP)
    try:
        page = person.open(f"/games/{game.pk}/")
        recap = page.locator("#last-resolution")
        assert "resolution of round 1" in recap.locator("h2").inner_text()
        box = recap.bounding_box()
        assert box is not None and box["y"] < DESKTOP["height"], f"the last resolution is {box} down the page"

        # Tokens typed but not sent; the player goes to the replay and comes Back: the form is the
        # server's again (nothing typed back into it), and the count of tokens left agrees with it.
        form = page.locator("form.bid-form")
        assert form.get_attribute("autocomplete") == "off"
        first = form.locator('input[data-kind="gold"]:not([disabled])').first
        first.fill("1")
        gold = int(form.get_attribute("data-budget-gold") or 0)
        assert form.locator('[data-left="gold"]').inner_text() == str(gold - 1)
        with page.expect_navigation():
            page.get_by_role("link", name="Replay").click()
        page.go_back()
        page.wait_for_load_state()
        form = page.locator("form.bid-form")
        assert form.locator('input[data-kind="gold"]:not([disabled])').first.input_value() in ("", "0")
        assert form.locator('[data-left="gold"]').inner_text() == str(gold)
        # A bid sent by clicks, then Back: the page shows the bid as recorded ("Change my bid"), counted.
        for kind in ("force", "blackmail", "gold"):
            budget = int(form.get_attribute(f"data-budget-{kind}") or 0)
            if budget:
                form.locator(f'input[data-kind="{kind}"]:not([disabled])').first.fill(str(budget))
        with page.expect_navigation():
            form.get_by_role("button", name="Place my bid").click()
        assert "Your move was recorded" in notices(page)
        page.go_back()
        page.wait_for_load_state()
        form = page.locator("form.bid-form")
        assert form.get_by_role("button", name="Change my bid").is_visible()
        for kind in ("force", "blackmail", "gold"):
            assert form.locator(f'[data-left="{kind}"]').inner_text() == "0"
    finally:
        person.close()


def test_five_points_bid_box_and_one_click_moves(browser, live_server):
    game = new_game("five_points", "safe-fp")
    seat = Projection.objects.get(pk=game.pk).to_act[0]
    person = Person(browser, live_server, seat_user(game, seat), DESKTOP)
    try:
        page = person.open(f"/games/{game.pk}/")
        before = version(game)
        marker = page.locator("#fp-marker")
        option = marker.locator("option[data-min]").first
        letter, low, high = (option.get_attribute(a) for a in ("value", "data-min", "data-max"))
        marker.select_option(letter)
        bid = page.locator("#fp-bid")
        bid.fill(str(int(high) + 5))
        hint = page.locator("[data-fp-hint]")
        assert bid.input_value() == str(int(high) + 5), "the bid box kept what was typed"
        assert f"from {low} to {high}" in hint.inner_text() and f"not {int(high) + 5}" in hint.inner_text()
        assert bid.get_attribute("aria-invalid") == "true"
        tile = page.locator("button.fp-submit").first
        tile.click()
        assert page.locator(".confirm-step").count() == 0, "a wrong bid is not offered for confirmation"
        assert version(game) == before

        # A tile click asks first; Cancel puts focus back on the tile and sends nothing.
        bid.fill(low)
        tile.click()
        bar = page.locator(".confirm-step")
        confirm = bar.get_by_role("button", name=f"Confirm: place a rabble on tile {tile.get_attribute('value')}")
        assert confirm.is_visible() and f"bid {low} on marker {letter}" in confirm.inner_text()
        assert page.evaluate("document.activeElement.textContent").startswith("Confirm")
        bar.get_by_role("button", name="Cancel").click()
        assert bar.count() == 0 and page.evaluate("document.activeElement.dataset.tile") == tile.get_attribute("value")
        assert version(game) == before

        # Pass, then Escape: nothing; Pass again, then Enter on "Confirm": the move is made.
        page.get_by_role("button", name="Pass (stop placing this round)").click()
        page.keyboard.press("Escape")
        assert page.locator(".confirm-step").count() == 0 and version(game) == before
        page.get_by_role("button", name="Pass (stop placing this round)").click()
        bar = page.locator(".confirm-step")
        assert bar.get_by_role("button", name="Confirm: pass (stop placing this round)").is_visible()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
        assert version(game) > before
    finally:
        person.close()
