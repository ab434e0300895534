"""The replay page: any game's events, one step at a time, as the viewer may see them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import selectors
from games.ui import ui_for
from games.views.common import game_or_404


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    viewer = selectors.viewer_for(game, request.user)
    try:
        step = int(request.GET["step"]) if "step" in request.GET else None
    except ValueError:
        step = None  # a hand-edited ?step=abc shows the last step rather than failing
    data = selectors.replay_at(game, viewer, step)
    total, step = data["total"], data["step"]
    context = {
        "game": game,
        "rules": game.rules,
        "viewer": viewer,
        "names": selectors.seat_names(game),
        "ui": ui_for(game.rules_slug),
        "replay_mode": True,
        **data,
        "first": 1 if total else 0,
        "prev": max(1, step - 1),
        "next": min(total, step + 1),
    }
    return render(request, "games/replay.html", context)
