"""The deadline sweep: find games with something due and apply it through the write path.

One sweep = one indexed query for due games, then each game taken with
``SELECT ... FOR UPDATE SKIP LOCKED`` so that sweeps running at the same time
on several workers share the work instead of repeating it. The Celery beat
schedule runs it every few seconds; ``manage.py enforce_deadlines`` runs one;
the embedded default runs it on a timer in-process.
"""

from __future__ import annotations

import datetime
import logging

from django.db import transaction
from django.utils import timezone

from games import services, store
from games.models import Projection

log = logging.getLogger(__name__)


def due_game_ids(now: datetime.datetime, limit: int = 500) -> list[int]:
    """Games with a reminder or deadline due, oldest first: one range scan of the next_due index.

    Only running games awaiting someone have a ``next_due`` (the write path clears it
    when a game ends), so no join with games is needed here.
    """
    return list(
        Projection.objects.filter(next_due__lte=now).order_by("next_due").values_list("pk", flat=True)[:limit]
    )


def enforce_one(game_id: int, now: datetime.datetime) -> str:
    """Apply what is due in one game unless another sweep holds it right now."""
    with transaction.atomic():
        snapshot = store.lock_due_snapshot(game_id, now)
        if snapshot is None:
            return "skipped"
        return services.deadline_enforce(game_id=game_id, now=now, snapshot=snapshot)


def sweep(now: datetime.datetime | None = None, limit: int = 500) -> dict[str, int]:
    """One pass over due games; returns counts of what was done."""
    now = now or timezone.now()
    counts: dict[str, int] = {}
    for game_id in due_game_ids(now, limit):
        outcome = enforce_one(game_id, now)
        counts[outcome] = counts.get(outcome, 0) + 1
    if counts:
        log.info("deadline sweep: %s", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return counts
