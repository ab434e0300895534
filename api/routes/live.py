"""``events?after=seq``: a long poll that answers as soon as the game has events after ``seq``."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from api import live, presenters
from api.auth import PageSession, TokenAuth, caller
from api.routes.games import game_or_404
from api.schemas import EventNumber, GameId, Error, EventsOut
from games import selectors
from games.models import Event, GameStatus, iso
from games.selectors.log import describe_records

router = Router(tags=["live"])

EVENTS_PER_ANSWER = 200


@router.get("/games/{game_id}/events", auth=[TokenAuth(), PageSession()], url_name="events",
            response={200: EventsOut, 404: Error})
def events(request: HttpRequest, game_id: GameId, after: EventNumber = 0, wait: float = 20.0) -> dict[str, Any]:
    """The game's events after ``after`` (a seq), waiting up to ``wait`` seconds (25 at most, or as set) for one.

    Each event is told as your seat may know it (``summary``); an event's hash is
    given for your own seat's events, and for all of them once the game is over
    (before that, the hash of another seat's sealed move could be tested against
    guesses). Ask again with ``after`` set to the answer's ``version``.
    """
    user = caller(request)
    game = game_or_404(game_id)
    live.wait_for_version(game_id, after, wait)
    game.refresh_from_db()
    projection = selectors.projection_of(game)
    seat = presenters.seat_of(game, user)
    rows = list(Event.objects.filter(game=game, seq__gt=after).order_by("seq")
                .only("seq", "kind", "seat", "payload", "created_at", "hash")[:EVENTS_PER_ANSWER])
    records = [{"seq": e.seq, "kind": e.kind, "seat": e.seat, "payload": e.payload} for e in rows]
    summaries = describe_records(records, game, seat) if records else []
    over = game.status in (GameStatus.FINISHED, GameStatus.ABORTED)
    out = [{"seq": e.seq, "kind": e.kind, "seat": e.seat, "created_at": iso(e.created_at), "summary": text,
            "hash": e.hash if over or (seat is not None and e.seat == seat) else None}
           for e, text in zip(rows, summaries)]
    active = game.status == GameStatus.ACTIVE
    return {"game_id": game.pk, "version": rows[-1].seq if rows else projection.version, "status": game.status, "to_act": list(projection.to_act) if active else [],
            "my_turn": active and seat is not None and seat in projection.to_act and seat not in projection.bot_seats,
            "events": out, "timed_out": not rows}
