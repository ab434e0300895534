"""What a person sees of their mail, in Chromium at desktop and phone widths.

The HTML part of a turn mail (one mail for a web move and the next turn, with
what happened since the last turn) fits a phone's width, its boards scroll
inside their own box; the profile's mail settings can be changed with clicks;
a stopped address shows on the profile and the game page. With
``RAVENPOST_SCREENSHOTS=<folder>`` each view is saved there as a PNG.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Seat
from notifications import delivery, sender
from notifications.models import MailPreference, StopReason

from tests.email.mail_boards import last_turn_seat, newest_mail, play
from tests.email.mail_boards import start as start_of

from .conftest import page_width_fits

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
BIDS = ["mercenary 3g; general b; innkeeper f", "spy 3g; apothecary b; mercenary f"]


def shot(page, name: str, viewport: dict[str, int]) -> None:  # noqa: ANN001
    folder = os.environ.get("RAVENPOST_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}-{viewport['width']}.png"), full_page=True)


def start_game() -> tuple[Game, dict[int, object]]:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd")]
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed="browser-mail")
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game, {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}


def test_the_html_turn_mail_reads_at_both_widths(people, viewport, mailoutbox):
    game, seats = start_game()
    sender.send_pending()
    for seat in (0, 1):
        services.submit_move(game_id=game.pk, user=seats[seat], text=BIDS[seat], source="email")
    services.submit_move(game_id=game.pk, user=seats[2], text="printer 3g; priest b; rogue f", source="email")
    sender.send_pending()
    turn = [m for m in mailoutbox if "What happened since your last turn" in m.body][-1]
    html = dict((kind, body) for body, kind in turn.alternatives)["text/html"]
    page = people([seats[0]])[0].page
    page.set_content(html)
    assert page.get_by_role("heading", name="What happened since your last turn").is_visible()
    assert page.locator("li").count() >= 3  # the three bids, told as each may be known
    assert page_width_fits(page), "the mail is wider than the screen"
    assert page.get_by_role("link", name="Stop game mail").is_visible()
    shot(page, "turn-mail", viewport)


@pytest.mark.parametrize("slug,players,moves", [("revolution", 4, 9), ("five_tribes", 4, 40), ("five_points", 5, 30)])
def test_a_turn_mails_board_tables_fit_the_screen(slug, players, moves, people, viewport, mailoutbox):
    """The board a game draws in mail (tables with inline styles) is no wider than a phone; a table whose
    width depends on the players' names may scroll, but only inside its own named box."""
    game = start_of(slug, players, f"browser-mail-{slug}")
    play(game, moves, random.Random(3))
    seat = last_turn_seat(game)
    _, html = newest_mail(game, seat)
    page = people([Seat.objects.get(game=game, index=seat).user])[0].page
    page.set_content(html)
    board = page.locator(f'[data-board="{slug}"]')
    assert board.locator("table").count() >= 2 and board.locator("table").first.is_visible()
    assert page_width_fits(page), "the mail is wider than the screen"
    too_wide = page.evaluate("""() => [...document.querySelectorAll('[data-board] table')]
        .filter(t => t.getBoundingClientRect().right > window.innerWidth + 1
                     && !t.closest('[role=region][style*="overflow-x"]')).length""")
    assert too_wide == 0, "a table runs off the screen outside a scroll box"
    shot(page, f"turn-mail-{slug}", viewport)


def test_mail_settings_by_clicks_and_a_stopped_address_shown(people, viewport):
    game, seats = start_game()
    ada = seats[0]
    page = people([ada])[0].open("/profile/")
    assert page_width_fits(page)
    page.get_by_label("one daily digest").check()
    page.get_by_label("Quiet hours from").select_option("22")
    page.get_by_label("until").select_option("7")
    page.get_by_role("button", name="Save mail settings").click()
    page.get_by_text("Your mail settings were saved.").wait_for()
    pref = MailPreference.objects.get(user=ada)
    assert (pref.mode, pref.quiet_from, pref.quiet_until, pref.confirm_web_moves) == ("digest", 22, 7, False)
    shot(page, "profile-mail", viewport)
    delivery.stop(ada.email, StopReason.HARD_BOUNCE, "550 5.1.1 user unknown")
    page = people([ada])[0].open(f"/games/{game.pk}/")
    assert page.get_by_role("alert").filter(has_text="is not being delivered").first.is_visible()
    assert page_width_fits(page)
    shot(page, "game-mail-stopped", viewport)
