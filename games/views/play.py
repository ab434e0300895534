"""The game page and its POSTs: the text move box, the game's own forms, resign and chat.

Each POST parses its form, calls one service and redirects back to the game
page; a refusal re-renders the page with the rules' message and changes nothing.
A game's form that its UI cannot turn into a move, for whatever reason, is such
a refusal too (a 400 saying what to do), never a 500 whose page could show the state.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any, Mapping

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from games import selectors, services
from games.forms import ChatForm, MoveMetaForm, MoveTextForm, ResignForm
from games.models import Game, Source
from games.ui import BadForm, ui_for
from games.views.common import AuthenticatedHttpRequest, PLAYER_ERRORS, form_errors_text, game_or_404, post_only, render_game

NOT_RECORDED = "Your move was not recorded"
UNREADABLE_FORM = ("the form could not be read as a move, so nothing was changed; reload the page and make "
                   "your move again, or type it in the text box")

log = logging.getLogger(__name__)


def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    # The game and its projection were read together a moment ago and nothing was changed since.
    return render_game(request, game, projection=game.projection)


@login_required
@post_only
def move_text(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """The generic move box: the move in the game's notation, posted as ``text``."""
    game = game_or_404(game_id)
    form = MoveTextForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"{NOT_RECORDED}: {form_errors_text(form)}")
        return render_game(request, game, status=400, text_value=str(request.POST.get("text", ""))[:2000])
    text = form.cleaned_data["text"]
    return _submit(request, game, form.cleaned_data, text=text, action=reverse("games:move", args=[game.pk]),
                   fields=[("text", text)], text_value=text)


@login_required
@post_only
def move_form(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """The game's own forms (its UI builds the move) and the generic choice buttons."""
    game = game_or_404(game_id)
    meta = MoveMetaForm(request.POST)
    if not meta.is_valid():
        messages.error(request, f"{NOT_RECORDED}: {form_errors_text(meta)}")
        return render_game(request, game, status=400, posted=request.POST)
    ui = ui_for(game.rules_slug)
    viewer = selectors.viewer_for(game, request.user)
    if viewer.seat is None:
        messages.error(request, f"{NOT_RECORDED}: you are not playing in game #{game.pk}")
        return render_game(request, game, status=403)
    projection = selectors.current_projection(game)  # read with the game a moment ago
    view = selectors.seat_view(game, viewer.seat, projection) or {}
    decision = selectors.seat_decision(game, viewer.seat, projection)
    try:
        move = _build_move(ui.build_move, request.POST, view, decision, game.pk, viewer.seat)
    except BadForm as error:
        messages.error(request, f"{NOT_RECORDED}: {error}")
        return render_game(request, game, status=400, posted=request.POST)
    return _submit(request, game, meta.cleaned_data, move=move, action=reverse("games:play", args=[game.pk]),
                   fields=ui.confirm_fields(request.POST), posted=request.POST)


def _build_move(build: Any, data: Mapping[str, Any], view: Mapping[str, Any], decision: Any, game_id: int,
                seat: int) -> Any:
    """``build(data, view=, decision=)``, the game's form turned into a move; any unexpected error is a BadForm.

    The error is logged with the game and seat only: its message and the posted
    fields may hold the seat's secret (a sealed bid), so they stay out of the log.
    """
    try:
        return build(data, view=view, decision=decision)
    except BadForm:
        raise
    except Exception as error:  # noqa: BLE001 - a form the adapter did not foresee is the player's input, not a 500
        log.error("unexpected %s from the game's form adapter in game %s (seat %s); refused as unreadable\n%s",
                  type(error).__name__, game_id, seat, "".join(traceback.format_tb(error.__traceback__)))
        raise BadForm(UNREADABLE_FORM) from None


def _submit(
    request: AuthenticatedHttpRequest,
    game: Game,
    meta: Mapping[str, Any],
    *,
    action: str,
    fields: list[tuple[str, str]],
    move: Any = None,
    text: str | None = None,
    posted: Mapping[str, Any] | None = None,
    text_value: str = "",
) -> HttpResponse:
    """Ask first when the rules warn about the move; otherwise record it through the one write path.

    The projection is the one read with the game at the start of this request (``game_or_404``): the
    version check and the preview need nothing fresher, and the write path locks and reads it again.
    """
    projection = selectors.current_projection(game)
    if meta["expected_version"] > projection.version:
        # A version the game never had: the form was altered, not merely stale.
        messages.error(request, f"{NOT_RECORDED}: the form does not match this game (it claims a state the "
                                "game has not reached); reload the page and try again")
        return render_game(request, game, status=400, posted=posted, text_value=text_value)
    viewer = selectors.viewer_for(game, request.user)
    if not meta["confirm"] and viewer.seat is not None:
        try:
            _, warnings = selectors.move_preview(game, viewer.seat, move=move, text=text, projection=projection)
        except Exception:  # noqa: BLE001 - IllegalMove or a rules bug: the write path below refuses either
            warnings = []  # (and logs a bug without the state), so the preview just shows no warning
        if warnings:
            confirm = {"warnings": warnings, "action": action, "fields": fields,
                       "expected_version": meta["expected_version"], "idempotency_key": meta["idempotency_key"]}
            return render_game(request, game, posted=posted, confirm=confirm, text_value=text_value)
    try:
        result = services.submit_move(
            game_id=game.pk, user=request.user, move=move, text=text, source=Source.WEB,
            idempotency_key=meta["idempotency_key"], expected_version=meta["expected_version"],
        )
    except PLAYER_ERRORS as error:
        messages.error(request, f"{NOT_RECORDED}: {error}")
        return render_game(request, game, status=400, posted=posted, text_value=text_value)
    if result.duplicate:
        messages.info(request, "That form had already been sent; your move was recorded once.")
    elif result.finished:
        messages.success(request, f"Your move was recorded (receipt: event {result.seq}, hash {result.hash}). "
                                  "The game is over!")
    else:
        messages.success(request, f"Your move was recorded (receipt: event {result.seq}, hash {result.hash}).")
    return redirect("games:detail", game_id=game.pk)


@login_required
@post_only
def resign(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    form = ResignForm(request.POST)
    if not form.is_valid():
        messages.error(request, "You did not resign: " + form_errors_text(form))
        return render_game(request, game, status=400)
    try:
        services.game_resign(game_id=game.pk, user=request.user)
    except PLAYER_ERRORS as error:
        messages.error(request, f"You did not resign: {error}")
        return render_game(request, game, status=400)
    messages.success(request, "You resigned. Your seat is played automatically from now on.")
    return redirect("games:detail", game_id=game.pk)


@login_required
@post_only
def chat(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    form = ChatForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Your message was not posted: " + form_errors_text(form))
        return render_game(request, game, status=400)
    try:
        services.chat_post(game_id=game.pk, user=request.user, text=form.cleaned_data["text"])
    except PLAYER_ERRORS as error:
        messages.error(request, f"Your message was not posted: {error}")
        return render_game(request, game, status=400)
    return redirect(reverse("games:detail", args=[game.pk]) + "#chat")
