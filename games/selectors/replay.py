"""The replay: any game one step at a time, as the viewer's seat saw it then (or as a spectator)."""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.selectors.log import by_round, describe_records, event_rounds
from games.selectors.seats import Viewer
from games.store import game_records, replay_events


def replay_at(game: Game, viewer: Viewer, step: int | None) -> dict[str, Any]:
    """One step of the replay (1-based, clamped; None = the last) with the list of all steps.

    The step's state is replayed up to that step only; the other steps carry their narrated summaries.
    """
    records = game_records(game)
    total = len(records)
    if total == 0:
        return {"total": 0, "step": 0, "steps": [], "step_rounds": [], "view": None, "text": "", "current": None}
    step = total if step is None else max(1, min(step, total))
    summaries = describe_records(records, game, viewer.seat)  # attaches the narrations event_rounds reads
    steps = [
        {"seq": r["seq"], "kind": r["kind"], "seat": r["seat"], "summary": summary, "round": number, "step": i}
        for i, (r, summary, number) in enumerate(zip(records, summaries, event_rounds(records)), start=1)
    ]
    state = replay_events(records, upto=records[step - 1]["seq"])
    rules = game.rules
    return {
        "total": total,
        "step": step,
        "steps": steps,
        "current": steps[step - 1],
        # The event list by round, the step's round unfolded (by_round takes newest first).
        "step_rounds": by_round(list(reversed(steps)), steps[step - 1]["round"]),
        "view": rules.view(state, viewer.seat) if state is not None else None,
        "text": rules.describe(state, viewer.seat) if state is not None else "",
    }
