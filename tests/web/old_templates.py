"""Rendering a game's board as the page prints it now and as an old template printed it, for the tests that
hold the boards built in Python to the templates they replaced."""

from __future__ import annotations

from typing import Any

from django.template import Context, Template, engines

from games.ui import ui_for


def board_now_and_before(slug: str, old: Template, view: dict[str, Any] | None, names: list[str] | None,
                         **page: Any) -> tuple[str, str]:
    """The board through the ``game_board`` tag, and ``old`` rendered with the same context and ``b``, as
    game_board renders a board (without the locale's number formatting). ``page``: what else the page's
    context holds that the board reads (``play``, ``recap``, ``result``)."""
    ui = ui_for(slug)
    context = {"view": view, "names": names, "ui": ui, **page}
    new = engines["django"].engine.from_string("{% load ravenpost %}{% game_board %}").render(
        Context(context, autoescape=True))
    board = ui.board(view, names, page.get("play"))
    return new, old.render(Context({**context, "b": board}, use_l10n=False, autoescape=True))
