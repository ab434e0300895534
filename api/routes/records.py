"""Records: a finished game's verifiable record, and replay as any seat saw it once the game is over."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from api import presenters
from api.auth import caller
from api.errors import ApiRefusal
from api.routes.games import game_or_404
from api.schemas import GameId, Error, ReplayOut
from games import selectors
from games.exports import export_record, is_over

router = Router(tags=["records"])


@router.get("/games/{game_id}/record", auth=None, url_name="record", response={200: dict[str, Any], 404: Error, 409: Error})
def record(request: HttpRequest, game_id: GameId) -> dict[str, Any]:
    """A finished game's record: every event in its hash chain, the seed revealed, the final state's hash.

    Open to anyone, no token needed: check it with ``python -m ravenpost_verify record.json``.
    """
    game = game_or_404(game_id)
    if not is_over(game):
        raise ApiRefusal(409, "not_over", f"game #{game_id} is {game.get_status_display()}; its record is "
                                          "published when it ends (until then its events hold secrets)")
    return export_record(game)


@router.get("/games/{game_id}/replay", response={200: ReplayOut, 403: Error, 404: Error})
def replay(request: HttpRequest, game_id: GameId, step: int | None = None, seat: int | None = None) -> dict[str, Any]:
    """One step of the replay. Once the game is over, ``seat`` shows it as that seat saw it; before
    that, you see it as your own seat (or as a spectator)."""
    user = caller(request)
    game = game_or_404(game_id)
    own = presenters.seat_of(game, user)
    if seat is not None and not is_over(game) and seat != own:
        raise ApiRefusal(403, "not_over", "until the game is over you can replay it only as your own seat "
                                          "(or as a spectator, without seat)")
    if seat is not None and not 0 <= seat < game.num_players:
        raise ApiRefusal(400, "bad_parameter", f"seat is 0 to {game.num_players - 1}")
    shown_seat = seat if seat is not None else own
    at = selectors.replay_at(game, selectors.Viewer(user, shown_seat), step)
    return {"game_id": game.pk, "seat": shown_seat, "step": at["step"], "total": at["total"],
            "current": at["current"], "view": at["view"], "text": at["text"]}
