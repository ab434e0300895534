"""The export of a game: metadata, the hash-chained events, and the final state hash."""

from __future__ import annotations

from typing import Any

from games.models import Game, iso
from games.rules import state_hash
from games.selectors import projection_of, seat_names
from games.store import game_records


def export_record(game: Game) -> dict[str, Any]:
    projection = projection_of(game)
    return {
        "format": "ravenpost-game-record/1",
        "game": {
            "id": game.pk,
            "rules": game.rules_slug,
            "rules_version": game.rules_version,
            "status": game.status,
            "players": seat_names(game),
            "created_at": iso(game.created_at),
            "result": game.result,
        },
        "events": game_records(game),
        "final_state_hash": state_hash(projection.state) if projection.state is not None else None,
    }
