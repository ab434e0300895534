"""A real browser for the test suite: Debian's Chromium driven by Playwright, against a live server.

Chromium is the machine's own (``/usr/bin/chromium``, installed by ``.ci/run`` when
missing); nothing is downloaded at test time. Without a Chromium these tests
are skipped, unless ``RAVENPOST_BROWSER_REQUIRED`` is set (as ``.ci/run`` sets
it), in which case they fail: a CI run must not pass without its browser.

People sign in by a session cookie made on the server (what the login form
would set), so each test drives only what it is about.
"""

from __future__ import annotations

import os
import shutil
from typing import Any, Iterator

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM, used by the tests
# between page visits, refuses to run beside one unless told the use is deliberate.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the test extras install it
        sync_playwright = None
    if path is None or sync_playwright is None:
        why = "no Chromium on this machine" if path is None else "playwright is not installed"
        if os.environ.get("RAVENPOST_BROWSER_REQUIRED"):
            pytest.fail(f"browser tests are required here, but {why}")
        pytest.skip(why)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(params=[pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")])
def viewport(request: Any) -> dict[str, int]:
    return dict(request.param)


class Person:
    """One person in their own browser context (cookies, tabs): signed in, or a visitor when ``user`` is None.

    ``bypass_csp`` lets a test inject its own script (axe-core) into the site's pages,
    whose Content-Security-Policy forbids inline scripts.
    """

    def __init__(self, browser: Any, live_server: Any, user: Any, viewport: dict[str, int],
                 bypass_csp: bool = False) -> None:
        from django.conf import settings
        from django.test import Client

        self.user = user
        self.base = live_server.url
        self.context = browser.new_context(viewport=viewport, base_url=self.base, bypass_csp=bypass_csp)
        if user is not None:
            client = Client()
            client.force_login(user)
            self.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                                       "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                                       "url": self.base}])
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)

    def open(self, path: str) -> Any:
        self.page.goto(self.base + path)
        return self.page

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def people(browser: Any, live_server: Any, viewport: dict[str, int]) -> Iterator[Any]:
    """``people(users)`` gives one signed-in browser per user, at this test's viewport."""
    opened: list[Person] = []

    def open_for(users: list[Any]) -> list[Person]:
        found = [Person(browser, live_server, user, viewport) for user in users]
        opened.extend(found)
        return found

    yield open_for
    for person in opened:
        person.close()


def notices(page: Any) -> str:
    """The status messages at the top of the page (what the site said of the last request).

    Read from their list, not from ``page.content()``: copying a whole game page out of the browser cost
    a tenth of a second a move.
    """
    page.wait_for_load_state("domcontentloaded")
    return " ".join(page.locator("ul.messages").all_inner_texts())


def page_width_fits(page: Any) -> bool:
    """Whether the page is no wider than its viewport (nothing makes the whole page scroll sideways)."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def too_wide(page: Any) -> list[str]:
    """The innermost elements that reach past the right edge of the viewport, or whose content (a long word)
    does, outside any box that scrolls or clips them (tag, id or class, width, text): what makes
    ``page_width_fits`` fail, for its message."""
    return list(page.evaluate("""() => {
        const edge = window.innerWidth + 1;
        const out = e => {
            const r = e.getBoundingClientRect();
            const spills = getComputedStyle(e).overflowX === 'visible' && r.left + e.scrollWidth > edge;
            return r.right > edge || spills;
        };
        const clipped = e => {
            for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
                if (getComputedStyle(a).overflowX !== 'visible') { return true; }
            }
            return false;
        };
        return [...document.body.querySelectorAll('*')]
            .filter(e => out(e) && !clipped(e) && ![...e.children].some(c => out(c) && !clipped(c)))
            .slice(0, 8).map(e => {
                const named = typeof e.className === 'string' && e.className;
                const cls = named ? '.' + e.className.split(' ').join('.') : '';
                const text = (e.textContent || '').trim().slice(0, 60);
                return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${cls} ` +
                    `${Math.round(e.getBoundingClientRect().width)}px: ${text}`;
            });
    }"""))


@pytest.fixture
def dev_mailbox(settings: Any) -> None:
    """Mail goes to the dev mailbox as under ``make run`` (the live server shares these settings)."""
    settings.EMAIL_BACKEND = "notifications.devmail.DevMailboxBackend"
    settings.DEV_MAILBOX = True
    settings.DEBUG = True  # the mailbox is served on a local run only
