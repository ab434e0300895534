"""The export of a game: metadata, the hash-chained events (the seed revealed at the end), the final state hash.

A record is checked, without the server, by ``python -m ravenpost_verify``.
"""

from __future__ import annotations

from typing import Any

from games.models import Game, GameStatus, iso
from games.records import RECORD_FORMAT
from games.rules import state_hash
from games.selectors import projection_of, seat_names
from games.store import game_records


def is_over(game: Game) -> bool:
    """Finished or aborted: from then on the record, the seed and every seat's view are public."""
    return game.status in (GameStatus.FINISHED, GameStatus.ABORTED)


def export_record(game: Game) -> dict[str, Any]:
    projection = projection_of(game)
    return {
        "format": RECORD_FORMAT,
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
