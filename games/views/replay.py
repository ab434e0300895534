"""The replay page: any game's events, one step at a time, as the viewer may see them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation

from games import selectors
from games.exports import is_over
from games.rules.text import TextError, parse_int
from games.ui import ui_for
from games.views.common import game_or_404
from games.views.kept import FRAGMENTS

# Further than any game's number of events; the replay clamps a step to the game's own range anyway.
MAX_STEP = 10**9


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    viewer = selectors.viewer_for(game, request.user)
    try:
        step = parse_int(request.GET["step"], low=-MAX_STEP, high=MAX_STEP) if "step" in request.GET else None
    except TextError:
        step = None  # a hand-edited ?step=abc (or ?step=²) shows the last step rather than failing
    # Once the game is over nothing is secret any more: anyone may step through it as any seat saw it.
    as_seat = None
    if is_over(game) and "seat" in request.GET:
        try:
            as_seat = parse_int(request.GET["seat"], low=0, high=game.num_players - 1)
        except TextError:
            as_seat = None  # a hand-edited ?seat= shows the viewer's own view rather than failing
        if as_seat is not None:
            viewer = selectors.Viewer(viewer.user, as_seat)
    names = selectors.seat_names(game)
    over = is_over(game)
    context = {
        "game": game,
        "rules": game.rules,
        "viewer": viewer,
        "names": names,
        "ui": ui_for(game.rules_slug),
        "replay_mode": True,
        "over": over,
        "as_seat": as_seat,
        "seat_query": f"&seat={as_seat}" if as_seat is not None else "",
    }
    # The events up to the game's last hash never change: a step as one seat saw it is rendered once
    # (games.views.kept). The seat is in the key; the page has no form and nothing per request.
    projection = getattr(game, "projection", None)
    key = None
    if projection is not None and projection.last_hash:
        key = ("replay", game.pk, projection.last_hash, projection.version, step, as_seat, viewer.seat, over,
               tuple(names), translation.get_language(), timezone.get_current_timezone_name())
    context["kept_key"] = key
    context["kept_text"] = kept_text = FRAGMENTS.get(key) if key is not None else None
    if kept_text is None:
        data = selectors.replay_at(game, viewer, step)
        total, step = data["total"], data["step"]
        context.update({
            **data,
            "first": 1 if total else 0,
            "prev": max(1, step - 1),
            "next": min(total, step + 1),
        })
    return render(request, "games/replay.html", context)
