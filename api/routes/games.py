"""Games: mine and open ones, creating, joining, leaving, starting, resigning, and one game as my seat sees it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Status

from api import presenters
from api.auth import caller, player
from api.errors import ApiRefusal
from api.schemas import GameId, CreateIn, Error, GameDetail, GameSummary, JoinIn
from games import selectors, services
from games.models import Game, GameStatus, Seat, Source

router = Router(tags=["games"])

LIST_LIMIT = 100


def game_or_404(game_id: int) -> Game:
    game = selectors.game_get(game_id)
    if game is None:
        raise ApiRefusal(404, "not_found", f"there is no game #{game_id}")
    return game


@router.get("/games", response=list[GameSummary])
def my_games(request: HttpRequest, status: str | None = None) -> list[dict[str, Any]]:
    """Your games, newest first within each status, with whose turn it is (``my_turn``)."""
    user = caller(request)
    games = selectors.games_of(user)
    if status is not None:
        if status not in GameStatus.values:
            raise ApiRefusal(400, "bad_parameter",
                             f"status is one of {', '.join(GameStatus.values)}, not {status[:20]!r}")
        games = games.filter(status=status)
    return [presenters.summary(game, user, game.projection) for game in games[:LIST_LIMIT]]


@router.get("/games/open", response=list[GameSummary])
def open_games(request: HttpRequest) -> list[dict[str, Any]]:
    """Games waiting for players, newest first."""
    user = caller(request)
    return [presenters.summary(game, user) for game in selectors.open_games()[:LIST_LIMIT]]


@router.post("/games", response={201: GameDetail, 400: Error, 403: Error})
def create(request: HttpRequest, payload: CreateIn) -> Status[dict[str, Any]]:
    """Open a game of a hosted game; you take its first seat."""
    user = player(request)
    game = services.game_create(rules_slug=payload.rules, creator=user, num_players=payload.num_players,
                                options=payload.options,
                                time_control=payload.time_control.dict() if payload.time_control else None, source=Source.API,
                                entropy=payload.entropy)
    return Status(201, presenters.detail(game_or_404(game.pk), user))


@router.post("/games/{game_id}/join", response={200: GameDetail, 400: Error, 403: Error, 404: Error})
def join(request: HttpRequest, game_id: GameId, payload: JoinIn | None = None) -> dict[str, Any]:
    """Take a seat; the game starts by itself when the last seat is taken."""
    user = player(request)
    services.game_join(game_id=game_id, user=user, source=Source.API,
                       entropy=payload.entropy if payload else None)
    return presenters.detail(game_or_404(game_id), user)


@router.post("/games/{game_id}/leave", response={200: GameDetail, 400: Error, 403: Error, 404: Error})
def leave(request: HttpRequest, game_id: GameId) -> dict[str, Any]:
    """Give up your seat before the game starts."""
    user = player(request)
    services.game_leave(game_id=game_id, user=user, source=Source.API)
    return presenters.detail(game_or_404(game_id), user)


@router.post("/games/{game_id}/start", response={200: GameDetail, 400: Error, 403: Error, 404: Error})
def start(request: HttpRequest, game_id: GameId) -> dict[str, Any]:
    """Start a game whose seats are all taken (only its players may)."""
    user = player(request)
    game = game_or_404(game_id)
    if not Seat.objects.filter(game=game, user=user).exists():
        raise ApiRefusal(403, "not_a_player", f"you have no seat in game #{game_id}")
    services.game_start(game_id=game_id, source=Source.API)
    return presenters.detail(game_or_404(game_id), user)


@router.post("/games/{game_id}/resign", response={200: GameDetail, 400: Error, 403: Error, 404: Error})
def resign(request: HttpRequest, game_id: GameId) -> dict[str, Any]:
    """Leave a running game: your seat is played by default moves from now on and cannot win."""
    user = player(request)
    services.game_resign(game_id=game_id, user=user, source=Source.API)
    return presenters.detail(game_or_404(game_id), user)


@router.get("/games/{game_id}", response={200: GameDetail, 404: Error})
def game(request: HttpRequest, game_id: GameId) -> dict[str, Any]:
    """The game as your seat sees it (``rules.view``); a spectator's view if you do not play in it."""
    return presenters.detail(game_or_404(game_id), caller(request))
