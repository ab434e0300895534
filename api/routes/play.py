"""Playing: the next decision and legal moves, submitting a move, the narrated log, chat, extensions."""

from __future__ import annotations

import itertools
from typing import Any

from django.http import HttpRequest
from ninja import Header, Router, Status

from api import presenters
from api.auth import caller, player
from api.errors import ApiRefusal
from api.routes.games import game_or_404
from api.schemas import GameId, ChatIn, ChatOut, DecisionOut, DeadlineOut, Error, LogEntry, MoveIn, MoveOut
from games import selectors, services
from games.models import GameStatus, Source, iso
from games.rules import canonical_json

router = Router(tags=["play"])

MAX_MOVE_JSON = 20_000
MAX_LEGAL_MOVES = 500


@router.get("/games/{game_id}/choices", response={200: DecisionOut, 404: Error})
def choices(request: HttpRequest, game_id: GameId, limit: int = 50) -> dict[str, Any]:
    """Your next decision (``rules.choices``) and up to ``limit`` legal moves, as JSON and in notation."""
    game = game_or_404(game_id)
    user = caller(request)
    limit = max(0, min(limit, MAX_LEGAL_MOVES))
    projection = selectors.projection_of(game)
    seat = presenters.seat_of(game, user)
    active = game.status == GameStatus.ACTIVE and projection.state is not None
    awaited = active and seat is not None and seat not in projection.bot_seats and (
        seat in projection.to_act or selectors.may_revise(game, seat, projection))
    out: dict[str, Any] = {"awaited": bool(awaited), "version": projection.version, "decision": None,
                           "legal_moves": [], "legal_moves_complete": True, "notation": game.rules.notation_help(),
                           "examples": []}
    if not awaited or seat is None:
        return out
    rules, state = game.rules, projection.state
    decision = selectors.seat_decision(game, seat, projection)
    out["decision"] = decision.to_json() if decision else None
    out["examples"] = selectors.move_help(game, seat, projection)["examples"]
    moves = list(itertools.islice(rules.legal_moves(state, seat), limit + 1))
    out["legal_moves_complete"] = len(moves) <= limit
    out["legal_moves"] = [{"move": m, "text": rules.format_move(state, seat, m)} for m in moves[:limit]]
    return out


@router.post("/games/{game_id}/moves", response={200: MoveOut, 400: Error, 403: Error, 404: Error, 409: Error})
def submit(request: HttpRequest, game_id: GameId, payload: MoveIn,
           idempotency_key: str | None = Header(default=None, alias="Idempotency-Key")) -> dict[str, Any]:
    """Make a move, in notation (``text``) or as canonical JSON (``move``).

    Send ``expected_version`` (the version you decided on): if the game moved on
    since, the move is refused with 409 and nothing changes. A repeated
    idempotency key (body or ``Idempotency-Key`` header) returns the first
    result with ``duplicate: true``. The answer carries the event's hash.
    """
    user = player(request)
    game_or_404(game_id)
    if (payload.text is None) == (payload.move is None):
        raise ApiRefusal(400, "bad_request", "send the move either as text (the game's notation) or as move "
                                             "(canonical JSON), not both and not neither")
    if payload.move is not None and len(canonical_json(payload.move)) > MAX_MOVE_JSON:
        raise ApiRefusal(400, "bad_request", f"a move is at most {MAX_MOVE_JSON} characters of JSON")
    key = payload.idempotency_key or (idempotency_key[:100] if idempotency_key else None)
    result = services.submit_move(game_id=game_id, user=user, move=payload.move, text=payload.text,
                                  source=Source.API, idempotency_key=key, expected_version=payload.expected_version)
    version = selectors.projection_of(game_or_404(game_id)).version
    return {"game_id": game_id, "seq": result.seq, "hash": result.hash, "seat": result.seat, "move": result.move,
            "shown": result.shown or result.text, "duplicate": result.duplicate, "finished": result.finished,
            "warnings": result.warnings, "version": version}


@router.get("/games/{game_id}/log", response={200: list[LogEntry], 404: Error})
def log(request: HttpRequest, game_id: GameId, limit: int = 100) -> list[dict[str, Any]]:
    """The game's log in words, as your seat may know it, newest first."""
    game = game_or_404(game_id)
    seat = presenters.seat_of(game, caller(request))
    entries = selectors.game_log(game, seat, limit=max(1, min(limit, 1000)))
    return [{"seq": e["seq"], "kind": e["kind"], "created_at": iso(e["created_at"]), "source": e["source"],
             "summary": e["summary"]} for e in entries]


@router.get("/games/{game_id}/chat", response={200: list[ChatOut], 404: Error})
def chat(request: HttpRequest, game_id: GameId) -> list[dict[str, Any]]:
    caller(request)
    game = game_or_404(game_id)
    return [{"id": m.pk, "name": m.user.name, "text": m.text, "created_at": iso(m.created_at)}
            for m in selectors.chat_of(game)]


@router.post("/games/{game_id}/chat", response={201: ChatOut, 400: Error, 403: Error, 404: Error})
def chat_post(request: HttpRequest, game_id: GameId, payload: ChatIn) -> Status[dict[str, Any]]:
    user = player(request)
    message = services.chat_post(game_id=game_id, user=user, text=payload.text, source=Source.API)
    return Status(201, {"id": message.pk, "name": user.name, "text": message.text,
                        "created_at": iso(message.created_at)})


@router.post("/games/{game_id}/extend", response={200: DeadlineOut, 400: Error, 403: Error, 404: Error})
def extend(request: HttpRequest, game_id: GameId) -> dict[str, Any]:
    """Give your own running deadline one more move's time (a limited number of times per game)."""
    deadline = services.deadline_extend(game_id=game_id, user=player(request), source=Source.API)
    return {"deadline": iso(deadline)}
