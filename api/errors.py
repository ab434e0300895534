"""Errors as JSON: ``{"detail": <the message players get>, "code": <a stable word>}`` and a fitting status.

The messages are the ones the web page and the mail replies show, taken from
the same refusals (:class:`games.services.GameError`, :class:`games.rules.IllegalMove`).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from games.rules import IllegalMove, OptionError, UnknownGame
from games.services import GameError, GameMovedOn, GameNotFound, NotAPlayer
from games.timecontrol import TimeControlError


class ApiRefusal(Exception):
    """A refusal made by the API layer itself (scope, a finished-only endpoint, a bad parameter)."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra


def _body(detail: str, code: str, **extra: Any) -> dict[str, Any]:
    return {"detail": detail, "code": code, **extra}


def install(api: NinjaAPI) -> None:
    """Register the handlers that turn every refusal into the JSON error shape."""

    def respond(request: HttpRequest, status: int, detail: str, code: str, **extra: Any) -> HttpResponse:
        return api.create_response(request, _body(detail, code, **extra), status=status)

    @api.exception_handler(ApiRefusal)
    def refusal(request: HttpRequest, exc: ApiRefusal) -> HttpResponse:
        return respond(request, exc.status, exc.detail, exc.code, **exc.extra)

    @api.exception_handler(GameError)
    def game_error(request: HttpRequest, exc: GameError) -> HttpResponse:
        if isinstance(exc, GameNotFound):
            return respond(request, 404, str(exc), "not_found")
        if isinstance(exc, NotAPlayer):
            return respond(request, 403, str(exc), "not_a_player")
        if isinstance(exc, GameMovedOn):
            return respond(request, 409, str(exc), "stale_version")
        return respond(request, 400, str(exc), "refused")

    @api.exception_handler(IllegalMove)
    def illegal(request: HttpRequest, exc: IllegalMove) -> HttpResponse:
        return respond(request, 400, str(exc), "illegal_move", accepted=exc.accepted)

    @api.exception_handler(TimeControlError)
    def time_control(request: HttpRequest, exc: TimeControlError) -> HttpResponse:
        return respond(request, 400, str(exc), "bad_time_control")

    @api.exception_handler(OptionError)
    def option(request: HttpRequest, exc: OptionError) -> HttpResponse:
        return respond(request, 400, str(exc), "bad_option")

    @api.exception_handler(UnknownGame)
    def unknown(request: HttpRequest, exc: UnknownGame) -> HttpResponse:
        return respond(request, 400, str(exc).strip("'\""), "unknown_game")

    @api.exception_handler(ValidationError)
    def invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        parts = []
        for error in exc.errors[:10]:
            where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "payload"))
            parts.append(f"{where or 'the request'}: {error.get('msg', 'invalid')}")
        return respond(request, 422, "the request was not understood: " + "; ".join(parts), "invalid_request")

    @api.exception_handler(AuthenticationError)
    def unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
        from api.auth import NO_TOKEN

        response = respond(request, 401, NO_TOKEN, "not_authenticated")
        response["WWW-Authenticate"] = "Bearer"
        return response

    @api.exception_handler(Throttled)
    def throttled(request: HttpRequest, exc: Throttled) -> HttpResponse:
        wait = max(1, int(round(exc.wait or 1)))
        response = respond(request, 429, f"too many requests with this token; wait {wait} s and try again",
                           "rate_limited", retry_after=wait)
        response["Retry-After"] = str(wait)
        return response

    @api.exception_handler(HttpError)
    def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        return respond(request, exc.status_code, str(exc), "error")
