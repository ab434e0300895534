"""Helpers shared by the game views: the POST-only guard, error wording, and the game page context."""

from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.safestring import SafeString, mark_safe

from games import selectors
from games.forms import ChatForm, ResignForm, new_idempotency_key
from games.models import Game, GameStatus, Projection
from games.rules import IllegalMove, OptionError, UnknownGame
from games.services import GameError
from accounts.requests import AuthenticatedHttpRequest
from games.middleware import GameMissing
from games.ui import BadForm, ui_for
from games.views.kept import FRAGMENTS, PAGE_KEY_MARK
from notifications.templatetags.mail import stopped_among

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

    The page's state-dependent part is rendered once per state and viewer and kept (``kept_key``, see
    :mod:`games.views.kept`); a page shown again then computes and renders only what changes between
    requests (the clock, table talk, tokens). Pages that echo what was posted are never kept.
    """
    projection = projection or selectors.projection_of(game)
    viewer = selectors.viewer_for(game, request.user)
    seats = selectors.seats_of(game)
    names = selectors.seat_names(game)
    user_id = getattr(request.user, "pk", None)
    in_game = any(s.user_id == user_id for s in seats)
    is_active = game.status == GameStatus.ACTIVE
    key = kept_key(request, game, projection, viewer, seats, in_game) if (
        posted is None and confirm is None and not text_value) else None
    kept_text = FRAGMENTS.get(key) if key is not None else None
    meta = meta_initial(projection.version)
    page_key = meta["idempotency_key"]
    if key is not None:
        meta["idempotency_key"] = PAGE_KEY_MARK  # replaced at each output (kept_page_key)
    context: dict[str, Any] = {
        "game": game,
        "rules": game.rules,
        "viewer": viewer,
        "version": projection.version,
        "seats": seats,
        "names": names,
        "chat": selectors.chat_of(game),
        "ui": ui_for(game.rules_slug),
        "confirm": confirm,
        "is_active": is_active,
        "is_open": game.status == GameStatus.OPEN,
        "is_over": game.status in (GameStatus.FINISHED, GameStatus.ABORTED),
        "in_game": in_game,
        "time_zone_name": timezone.get_current_timezone_name(),
        "kept_key": key,
        "kept_text": kept_text,
        "kept_page_key": page_key,
    }
    # Whose mail stopped, asked once for the viewer's banner and the players' note (both shown anew each time).
    context.update(stopped_among(user_id, *(projection.seat_users if is_active else ())))
    if viewer.seat is not None and is_active:
        context["chat_form"] = True
        context["chat_box_id"], context["chat_box"] = chat_box(translation.get_language())
    if kept_text is not None:
        # The clock's card is rendered anew (it says "in 3 hours"); its history (events: fixed by the key)
        # is the one kept with the page, else read on its own.
        kept_log = FRAGMENTS.get((*key, "clock")) if key is not None else None
        context["clock"] = selectors.deadline_info(game, viewer, projection, log=kept_log)
        return render(request, "games/detail.html", context, status=status)
    context.update(_state_context(request, game, projection, viewer, posted, text_value, meta))
    if key is not None:
        history = context["clock"].history
        FRAGMENTS.put((*key, "clock"), history, size=256 * (1 + len(history)))
    return render(request, "games/detail.html", context, status=status)


@functools.lru_cache(maxsize=8)
def resign_box(language: str | None) -> tuple[SafeString, str]:
    """The resign form's tick box and its label, the same on every page: rendered once per language (Django's
    widget templates cost a twentieth of a first view)."""
    field = ResignForm()["confirm"]
    return mark_safe(str(field)), str(field.label)  # noqa: S308 - Django's own widget HTML


@functools.lru_cache(maxsize=8)
def chat_box(language: str | None) -> tuple[str, SafeString]:
    """The table talk's empty text box and its id, the same on every page: rendered once per language."""
    field = ChatForm(auto_id="chat_%s")["text"]  # the move box has a "text" field too: ids differ
    return field.id_for_label, mark_safe(str(field))  # noqa: S308 - Django's own widget HTML


def kept_key(request: HttpRequest, game: Game, projection: Projection, viewer: selectors.Viewer,
             seats: list[selectors.SeatInfo], in_game: bool) -> tuple[Any, ...] | None:
    """What the kept part of the game page depends on besides per-request tokens and holes, or None
    (an open game: its page is cheap and shows the join and invite forms)."""
    if game.status == GameStatus.OPEN or projection.state is None or not projection.last_hash:
        return None
    return ("game", game.pk, projection.last_hash, projection.version, game.status, tuple(projection.bot_seats),
            viewer.seat, tuple((s.index, s.name, s.user_id, s.resigned) for s in seats),
            bool(getattr(request.user, "is_authenticated", False)), in_game, translation.get_language(),
            timezone.get_current_timezone_name())


def _state_context(request: HttpRequest, game: Game, projection: Projection, viewer: selectors.Viewer,
                   posted: Mapping[str, Any] | None, text_value: str, meta: dict[str, Any]) -> dict[str, Any]:
    """What the page prints of the game's state for this viewer: the rules' answers, the log, the forms."""
    rules = game.rules
    is_active = game.status == GameStatus.ACTIVE
    view = selectors.seat_view(game, viewer.seat, projection)
    awaited = selectors.is_awaited(game, viewer.seat, projection)
    ui = ui_for(game.rules_slug)
    decision = selectors.seat_decision(game, viewer.seat, projection) if is_active else None
    # The round the game is in: the log shows it unfolded and the earlier ones folded.
    current_round = rules.round_of(projection.state) if is_active and projection.state is not None else None
    log = selectors.game_log(game, viewer.seat, current_round=current_round)
    context: dict[str, Any] = {
        "view": view,
        "describe": selectors.seat_description(game, viewer.seat, projection),
        "awaited": awaited,
        "awaited_names": selectors.awaited_names(game, projection) if is_active else [],
        "phase": selectors.phase_label(game, viewer.seat, projection) if is_active else "",
        "log": log,
        "log_rounds": selectors.by_round(log, current_round),
        "play_template": ui.play_template,
        # The clock: the deadline, whom it is for, the time settings and the events that set it.
        "clock": selectors.deadline_info(game, viewer, projection, log=log),
        "auto_seats": selectors.auto_seats(game, projection),
    }
    if game.status == GameStatus.ABORTED:
        context["abort_reason"] = selectors.abort_reason(game)
    if game.status == GameStatus.FINISHED:
        context["result"] = game.result
        context["result_summary"] = selectors.result_summary(game)
        context["winners"] = selectors.winners(game)
    if viewer.seat is not None and is_active:
        context["resign_form"] = True
        context["resign_box"], context["resign_label"] = resign_box(translation.get_language())
        context["meta"] = meta
        play = ui.play_context(view=view, seat=viewer.seat, decision=decision, posted=posted)
        context.update(play)
        context["play"] = play
        # The text box is there whenever the seat may move (awaited, or revising a secret bid).
        if awaited or context.get("can_move") or selectors.may_revise(game, viewer.seat, projection):
            # The move box's fields are written out in the template (the same HTML as the form's widgets,
            # tests/web/test_move_box.py): rendering Django's widget templates was a twentieth of a page.
            context["text_form"] = True
            context["text_value"] = text_value
            context["help"] = selectors.move_help(game, viewer.seat, projection)
    return context
