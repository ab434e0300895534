"""Mob Town and Gangsters turn mails, their boards drawn as tables, in Chromium at phone and desktop widths.

The HTML part of a real turn mail (a game played some random moves through
``games.services``) is opened as a page: it must not be wider than the screen,
no table may reach past the screen's edge unless it sits in a box that scrolls
sideways, and the board itself fits without scrolling (Mob Town's city, the
Gangsters map). With ``RAVENPOST_SCREENSHOTS=<folder>`` each mail is saved there
as a PNG.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.email.test_mail_boards_gangsters import played as gangsters_played
from tests.email.test_mail_boards_mob_town import played as mob_town_played

from .conftest import page_width_fits

pytestmark = [pytest.mark.django_db, pytest.mark.browser]

# Each table's right edge, and whether it sits in a box that scrolls sideways (and that box's widths).
TABLES = """() => [...document.querySelectorAll('table')].map(t => {
    const box = t.closest('div[style*="overflow-x"]');
    return {caption: t.caption ? t.caption.textContent : '', right: t.getBoundingClientRect().right,
            boxed: !!box, client: box ? box.clientWidth : 0, scroll: box ? box.scrollWidth : 0};
})"""


def mail_page(browser: Any, viewport: dict[str, int], html: str, name: str) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_content(html)
    folder = os.environ.get("RAVENPOST_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}-{viewport['width']}.png"), full_page=True)
    return page


def check_widths(page: Any, board: str) -> None:
    assert page_width_fits(page), "the mail is wider than the screen"
    width = page.evaluate("window.innerWidth")
    tables = page.evaluate(TABLES)
    assert any(t["caption"].startswith(board) for t in tables), f"no {board!r} table"
    for table in tables:
        assert table["boxed"] or table["right"] <= width + 1, f"{table['caption']!r} runs past the screen"
        if table["caption"].startswith(board):
            assert table["right"] <= width + 1 and table["scroll"] <= table["client"] + 1, \
                f"the board ({table['caption']!r}) does not fit the screen"


def test_a_mob_town_turn_mail_fits_the_screen(browser, viewport, mailoutbox):
    _, _, html, _ = mob_town_played("browser-mail-mt", 24, {"professionals": True})
    page = mail_page(browser, viewport, html, "mob-town-turn-mail")
    check_widths(page, "The city")
    assert page.get_by_role("columnheader", name="Tokens", exact=True).is_visible()


def test_a_gangsters_turn_mail_fits_the_screen(browser, viewport, mailoutbox):
    _, _, html, _ = gangsters_played("browser-mail-gx", 40)
    page = mail_page(browser, viewport, html, "gangsters-turn-mail")
    check_widths(page, "The map")
    assert page.get_by_role("rowheader", name="16").is_visible()
