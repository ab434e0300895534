"""``{% five_tribes_board view names as b %}``: the Five Tribes board partial's rows, from the view alone.

The logic lives in ``games.views.five_tribes.board_model`` next to the rest of
the game's page code; this library only makes it callable from the partial,
which also serves the replay and spectators (where no adapter context exists).
"""

from __future__ import annotations

from typing import Any, Mapping

from django import template

from games.views.five_tribes import board_model

register = template.Library()


@register.simple_tag
def five_tribes_board(view: Mapping[str, Any] | None, names: list[str] | None = None) -> dict[str, Any]:
    return board_model(view, names)
