"""A whole game of Revolution! played in Chromium by three people, with clicks and typing only."""

from __future__ import annotations

import random

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat

from .conftest import page_width_fits

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
KINDS = ("force", "blackmail", "gold")


def start_game() -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd")]
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed="browser-rev")
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def bid_with_clicks(page, rng: random.Random) -> None:  # noqa: ANN001
    """Put each kind of token the seat holds on one character that accepts it, then place the bid."""
    form = page.locator("form.bid-form")
    used: set[str] = set()
    for kind in KINDS:
        budget = int(form.get_attribute(f"data-budget-{kind}") or 0)
        if not budget:
            continue
        boxes = form.locator(f'input[data-kind="{kind}"]:not([disabled])')
        names = [boxes.nth(i).get_attribute("name") for i in range(boxes.count())]
        fresh = [n for n in names if n.split("-")[1] not in used] or names
        name = rng.choice(fresh)
        used.add(name.split("-")[1])
        form.locator(f'input[name="{name}"]').fill(str(budget))
    form.get_by_role("button", name="bid").click()


def test_a_whole_game_by_clicks(people, viewport):
    game = start_game()
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    browsers = dict(zip(seats, people([seats[i] for i in sorted(seats)])))
    rng = random.Random(7)
    url = f"/games/{game.pk}/"
    for _ in range(400):
        projection = Projection.objects.get(pk=game.pk)
        if not projection.to_act:
            break
        seat = projection.to_act[0]
        page = browsers[seat].open(url)
        assert page.get_by_text("Your turn!").first.is_visible()
        if viewport["width"] < 500:
            assert page_width_fits(page), "the game page is wider than the phone's screen"
        if page.locator("form.bid-form").count():
            bid_with_clicks(page, rng)
        else:
            choice = page.locator("#choice")
            assert choice.is_visible()
            if rng.random() < 0.5 and choice.get_by_role("button", name="Pass").count():
                choice.get_by_role("button", name="Pass").click()
            else:
                choice.locator('button.primary[type="submit"]').click()
        notice = page.locator(".messages, .alert, [role=status], [role=alert]").first
        assert "Your move was recorded" in page.content(), notice.inner_text() if notice.count() else page.content()[:3000]
    game.refresh_from_db()
    assert game.status == "finished"
    page = browsers[0].open(url)
    assert page.get_by_role("heading", name="Final result").is_visible()
    log = page.locator("#log").inner_text()
    assert "bids revealed" in log and "placed a bid" in log
