"""The README's screenshots, taken from a real game in the browser suite.

Skipped unless ``RAVENPOST_SCREENSHOTS`` names a folder (``docs/screenshots``)::

    RAVENPOST_SCREENSHOTS=docs/screenshots .venv/bin/python -m pytest -n 0 tests/browser/test_screenshots.py

A Five Tribes game is played into its movement phase through the services; the
player to act is shown at 1280x900 and 390x844, and that player's latest turn
mail (its HTML part, as a phone's mail app shows it) at 390x844.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.models import Seat
from notifications.models import DevMail

from .conftest import DESKTOP, PHONE, Person
from .test_keyboard import advance_until, new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.usefixtures("dev_mailbox")]


def test_readme_screenshots(browser, live_server):
    folder = os.environ.get("RAVENPOST_SCREENSHOTS")
    if not folder:
        pytest.skip("set RAVENPOST_SCREENSHOTS to a folder to write the README's screenshots")
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    game = new_game("five_tribes", 3, seed="readme")
    seat = advance_until(game, lambda s: s["phase"] == "play" and (s.get("turn") or {}).get("step") == "move"
                         and s.get("round", 1) >= 2)
    user = Seat.objects.get(game=game, index=seat).user
    for name, viewport in (("game-desktop.png", DESKTOP), ("game-phone.png", PHONE)):
        person = Person(browser, live_server, user, viewport)
        try:
            page = person.open(f"/games/{game.pk}/")
            page.screenshot(path=str(out / name), full_page=False)
        finally:
            person.close()
    mail = DevMail.objects.filter(to__icontains=user.email).exclude(html="").order_by("-pk").first()
    assert mail is not None
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_content(mail.html)
        page.screenshot(path=str(out / "turn-mail-phone.png"), full_page=False)
    finally:
        context.close()
