"""Helpers shared by the game views: the POST-only guard, error wording, and the game page context."""

from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from games import selectors
from games.forms import ChatForm, MoveTextForm, ResignForm, new_idempotency_key
from games.models import Game, GameStatus, Projection
from games.rules import IllegalMove, OptionError, UnknownGame
from games.services import GameError
from accounts.requests import AuthenticatedHttpRequest
from games.middleware import GameMissing
from games.ui import BadForm, ui_for

# Everything a player can cause by typing or tampering: the message is shown as it is.
__all__ = ["AuthenticatedHttpRequest", "PLAYER_ERRORS", "form_errors_text", "game_or_404", "meta_initial",
           "post_only", "render_game"]

PLAYER_ERRORS = (GameError, IllegalMove, OptionError, UnknownGame, BadForm)


def post_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Refuse other methods with a 405 page that says what to do instead (not a blank page)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            response = render(request, "games/method_not_allowed.html", {"path": request.path}, status=405)
            response["Allow"] = "POST"
            return response
        return view(request, *args, **kwargs)

    return wrapper


def game_or_404(game_id: int) -> Game:
    game = selectors.game_get(game_id)
    if game is None:
        raise GameMissing(f"There is no game #{game_id}.")
    return game


def form_errors_text(form: Any) -> str:
    """All of a form's errors in one sentence, for the messages bar."""
    parts = []
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for error in errors:
            parts.append(f"{label}: {error}" if label and field != "__all__" else str(error))
    return "; ".join(parts)


def meta_initial(version: int) -> dict[str, Any]:
    return {"expected_version": version, "idempotency_key": new_idempotency_key()}


def render_game(
    request: HttpRequest,
    game: Game,
    *,
    status: int = 200,
    posted: Mapping[str, Any] | None = None,
    confirm: dict[str, Any] | None = None,
    text_value: str = "",
    projection: Projection | None = None,
) -> HttpResponse:
    """The game page for the signed-in seat (or a spectator), optionally with an "are you sure?" box.

    ``projection``: the game's projection as read with ``game`` in this request (a page that changed
    nothing before rendering); otherwise it is read now, after whatever the request did.
    """
    projection = projection or selectors.projection_of(game)
    viewer = selectors.viewer_for(game, request.user)
    rules = game.rules
    view = selectors.seat_view(game, viewer.seat, projection)
    awaited = selectors.is_awaited(game, viewer.seat, projection)
    ui = ui_for(game.rules_slug)
    meta = meta_initial(projection.version)
    decision = selectors.seat_decision(game, viewer.seat, projection) if game.status == GameStatus.ACTIVE else None
    seats = selectors.seats_of(game)
    # The round the game is in: the log shows it unfolded and the earlier ones folded.
    current_round = (rules.round_of(projection.state)
                     if game.status == GameStatus.ACTIVE and projection.state is not None else None)
    log = selectors.game_log(game, viewer.seat, current_round=current_round)
    context: dict[str, Any] = {
        "game": game,
        "rules": rules,
        "viewer": viewer,
        "version": projection.version,
        "seats": seats,
        "names": selectors.seat_names(game),
        "view": view,
        "describe": selectors.seat_description(game, viewer.seat, projection),
        "awaited": awaited,
        "awaited_names": selectors.awaited_names(game, projection) if game.status == GameStatus.ACTIVE else [],
        "phase": selectors.phase_label(game, viewer.seat, projection) if game.status == GameStatus.ACTIVE else "",
        "log": log,
        "log_rounds": selectors.by_round(log, current_round),
        "chat": selectors.chat_of(game),
        "ui": ui,
        "play_template": ui.play_template,
        "confirm": confirm,
        "is_active": game.status == GameStatus.ACTIVE,
        "is_open": game.status == GameStatus.OPEN,
        "is_over": game.status in (GameStatus.FINISHED, GameStatus.ABORTED),
        "in_game": any(s.user_id == getattr(request.user, "pk", None) for s in seats),
        # The clock: the deadline, whom it is for, the time settings and the events that set it.
        "clock": selectors.deadline_info(game, viewer, projection, log=log),
        "auto_seats": selectors.auto_seats(game, projection),
        "time_zone_name": timezone.get_current_timezone_name(),
    }
    if game.status == GameStatus.ABORTED:
        context["abort_reason"] = selectors.abort_reason(game)
    if game.status == GameStatus.FINISHED:
        context["result"] = game.result
        context["result_summary"] = selectors.result_summary(game)
        context["winners"] = selectors.winners(game)
    if viewer.seat is not None and game.status == GameStatus.ACTIVE:
        context["chat_form"] = ChatForm(auto_id="chat_%s")  # the move box has a "text" field too: ids differ
        context["resign_form"] = ResignForm()
        context["meta"] = meta
        play = ui.play_context(view=view, seat=viewer.seat, decision=decision, posted=posted)
        context.update(play)
        context["play"] = play
        # The text box is there whenever the seat may move (awaited, or revising a secret bid).
        if awaited or context.get("can_move") or selectors.may_revise(game, viewer.seat, projection):
            context["text_form"] = MoveTextForm(initial={**meta, "text": text_value})
            context["help"] = selectors.move_help(game, viewer.seat, projection)
    return render(request, "games/detail.html", context, status=status)
