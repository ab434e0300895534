"""The replay: any game one step at a time, as the viewer's seat saw it then (or as a spectator)."""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.selectors.log import describe_records
from games.selectors.seats import Viewer
from games.store import game_records, replay_events


def replay_at(game: Game, viewer: Viewer, step: int | None) -> dict[str, Any]:
    """One step of the replay (1-based, clamped; None = the last) with the list of all steps.

    The step's state is replayed up to that step only; the other steps carry their narrated summaries.
    """
    records = game_records(game)
    total = len(records)
    if total == 0:
        return {"total": 0, "step": 0, "steps": [], "view": None, "text": "", "current": None}
    step = total if step is None else max(1, min(step, total))
    steps = [
        {"seq": r["seq"], "kind": r["kind"], "seat": r["seat"], "summary": summary}
        for r, summary in zip(records, describe_records(records, game, viewer.seat))
    ]
    state = replay_events(records, upto=records[step - 1]["seq"])
    rules = game.rules
    return {
        "total": total,
        "step": step,
        "steps": steps,
        "current": steps[step - 1],
        "view": rules.view(state, viewer.seat) if state is not None else None,
        "text": rules.describe(state, viewer.seat) if state is not None else "",
    }
