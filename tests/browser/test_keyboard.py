"""A whole turn of each game with the keyboard alone (Tab, arrows, Enter, typing digits), checking focus.

Nothing is clicked: a person who cannot use a mouse must be able to reach the move
form, build the move and send it, and know where they are after each step.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat
from games.rules import get_rules

from .conftest import DESKTOP, Person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def new_game(slug: str, count: int, seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd", "Dee")[:count]]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=count, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def advance_until(game: Game, ready: Callable[[dict[str, Any]], bool], limit: int = 80) -> int:
    """Random legal moves until ``ready(state)``; the seat to act then."""
    rules = get_rules(game.rules_slug)
    rng = random.Random(11)
    for _ in range(limit):
        p = Projection.objects.get(pk=game.pk)
        if ready(p.state):
            return int(p.to_act[0])
        seat = p.to_act[0]
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(p.state, seat, rng))
    raise AssertionError("the wanted moment never came")


def focused(page: Any) -> dict[str, str]:
    return dict(page.evaluate("""() => { const e = document.activeElement;
        return {tag: e.tagName, tile: e.dataset.tile || '', text: (e.textContent || '').trim().slice(0, 60),
                name: e.getAttribute('name') || '', type: e.getAttribute('type') || ''}; }"""))


def tab_until(page: Any, wanted: Callable[[dict[str, str]], bool], limit: int = 150) -> dict[str, str]:
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if wanted(now):
            return now
    raise AssertionError(f"Tab never reached the wanted element (last: {focused(page)})")


def arrows_to(page: Any, here: str, there: str) -> None:
    """Arrow keys from tile ``here`` to tile ``there`` (columns A-F, rows 1-5)."""
    dx = "ABCDEF".index(there[0]) - "ABCDEF".index(here[0])
    dy = int(there[1:]) - int(here[1:])
    for _ in range(abs(dx)):
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    assert focused(page)["tile"] == there, f"the arrows from {here} did not reach {there}: {focused(page)}"


def test_a_five_tribes_move_by_keyboard(browser, live_server):
    game = new_game("five_tribes", 2, seed="keys-ft")
    seat = advance_until(game, lambda s: s["phase"] == "play" and (s.get("turn") or {}).get("step") == "move")
    version = Projection.objects.get(pk=game.pk).version
    player = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        status = page.locator("[data-ft-summary]")
        # Tab reaches the board once, on the first tile that can start a move.
        first = tab_until(page, lambda f: bool(f["tile"]))
        assert page.locator(f'#ft-{first["tile"]}').get_attribute("aria-disabled") == "false"
        here = first["tile"]
        page.keyboard.press("Enter")
        assert focused(page)["tile"] == here, "focus left the board after choosing the start tile"
        assert f"from {here}" in status.inner_text()
        for _ in range(12):
            nexts = page.locator(".ft-tile.ft-clickable")
            if not nexts.count():
                break
            target = nexts.first.get_attribute("data-tile")
            arrows_to(page, here, target)
            page.keyboard.press("Enter")
            assert focused(page)["tile"] == target, "focus left the board after a step"
            here = target
        if page.locator(".ft-colour-choice").count():
            now = tab_until(page, lambda f: "ft-colour-choice" in page.evaluate("document.activeElement.className"))
            page.keyboard.press("Enter")
            assert "Ready" in status.inner_text() or now
        assert status.inner_text().startswith("Ready"), status.inner_text()
        tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Move")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in page.content()
        assert Projection.objects.get(pk=game.pk).version > version
    finally:
        player.close()


def test_a_revolution_bid_by_keyboard(browser, live_server):
    game = new_game("revolution", 3, seed="keys-rev")
    player = Person(browser, live_server, Seat.objects.get(game=game, index=0).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        form = page.locator("form.bid-form")
        budgets = {k: int(form.get_attribute(f"data-budget-{k}") or 0) for k in ("force", "blackmail", "gold")}
        placed: set[str] = set()
        for kind, amount in budgets.items():
            if not amount:
                continue
            box = tab_until(page, lambda f, kind=kind: f["tag"] == "INPUT" and f["name"].endswith(f"-{kind}")
                            and f["name"].split("-")[1] not in placed)
            placed.add(box["name"].split("-")[1])
            page.keyboard.type(str(amount))
            assert focused(page)["name"] == box["name"]
        tab_until(page, lambda f: f["tag"] == "BUTTON" and "bid" in f["text"])
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in page.content()
    finally:
        player.close()
