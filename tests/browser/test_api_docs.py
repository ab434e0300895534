"""The interactive API docs render under our Content-Security-Policy, from our own static files."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_docs_page_lists_every_operation(browser, live_server, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    blocked: list[str] = []
    page.on("console", lambda message: blocked.append(message.text) if "Content Security Policy" in message.text
            else None)
    page.goto(f"{live_server.url}/api/docs")
    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() == 22
    assert page.locator("html").get_attribute("lang") == "en"
    assert blocked == []
    context.close()
