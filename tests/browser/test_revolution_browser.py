"""A whole game of Revolution! played in Chromium by three people, with clicks and typing only.

Ada and Cyd play on a desktop-width page, Brook on a phone-width one: every kind of page (a bid, each
character's choice, the end) is met at both widths in one game.
"""

from __future__ import annotations

import random

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat

from .conftest import DESKTOP, PHONE, Person, notices, page_width_fits, too_wide

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
    # What the form offers, read in one round trip to the browser (an attribute at a time was most of the
    # test's time); the tokens are then typed into the boxes as a player would.
    offered = form.evaluate("""form => Object.fromEntries(%s.map(kind => [kind, {
        budget: Number(form.dataset['budget' + kind[0].toUpperCase() + kind.slice(1)] || 0),
        names: [...form.querySelectorAll(`input[data-kind="${kind}"]:not([disabled])`)].map(box => box.name),
    }]))""" % list(KINDS))
    used: set[str] = set()
    for kind in KINDS:
        budget, names = offered[kind]["budget"], offered[kind]["names"]
        if not budget:
            continue
        fresh = [n for n in names if n.split("-")[1] not in used] or names
        name = rng.choice(fresh)
        used.add(name.split("-")[1])
        form.locator(f'input[name="{name}"]').fill(str(budget))
    form.get_by_role("button", name="bid").click()


def test_a_whole_game_by_clicks(browser, live_server):
    game = start_game()
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    browsers = {seat: Person(browser, live_server, user, PHONE if seat == 1 else DESKTOP)
                for seat, user in seats.items()}
    try:
        play_to_the_end(game, browsers)
    finally:
        for person in browsers.values():
            person.close()


def play_to_the_end(game: Game, browsers: dict[int, Person]) -> None:
    rng = random.Random(7)
    url = f"/games/{game.pk}/"
    last = None
    for _ in range(400):
        projection = Projection.objects.get(pk=game.pk)
        if not projection.to_act:
            break
        seat = projection.to_act[0]
        # The player who just moved already sees the page as it is now (the move's redirect).
        page = browsers[seat].page if seat == last else browsers[seat].open(url)
        last = seat
        assert page.locator("#turn-bar").get_by_text("Your turn!").is_visible()
        if seat == 1:
            assert page_width_fits(page), f"the game page is wider than the phone's screen: {too_wide(page)}"
        if page.locator("form.bid-form").count():
            bid_with_clicks(page, rng)
        else:
            choice = page.locator("#choice")
            assert choice.is_visible()
            if rng.random() < 0.5 and choice.get_by_role("button", name="Pass").count():
                choice.get_by_role("button", name="Pass").click()
            else:
                choice.locator('button.primary[type="submit"]').click()
        assert "Your move was recorded" in (said := notices(page)), said or page.title()
    game.refresh_from_db()
    assert game.status == "finished"
    for seat in (0, 1):
        page = browsers[seat].open(url)
        assert page.get_by_role("heading", name="Final result").is_visible()
        log = page.locator("#log").inner_text()
        assert "bids revealed" in log and "placed a bid" in log
    assert page_width_fits(page), f"the end of the game is wider than the phone's screen: {too_wide(page)}"
