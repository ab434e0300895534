"""The Five Points board for templates: ``{% five_points_board view names fp_play as b %}``.

A thin tag so the same board partial serves the live page and every replay
step; the rows are built in :mod:`games.views.five_points` from the view only.
"""

from __future__ import annotations

from typing import Any, Mapping

from django import template

from games.views.five_points import board

register = template.Library()


@register.simple_tag
def five_points_board(view: Mapping[str, Any] | None, names: list[str] | None = None,
                      play: Any = None) -> dict[str, Any]:
    # In the replay (and for spectators) there is no fp_play: the map is a picture.
    return board(view, names if isinstance(names, list) else None,
                 play if isinstance(play, Mapping) else None)
