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

from django.utils import timezone

from games import selectors, services

log = logging.getLogger(__name__)


def sweep(now: datetime.datetime | None = None, limit: int = 500) -> dict[str, int]:
    """One pass over due games; returns counts of what was done."""
    now = now or timezone.now()
    counts: dict[str, int] = {}
    for game_id in selectors.due_game_ids(now, limit):
        outcome = services.deadline_enforce_due(game_id=game_id, now=now)
        counts[outcome] = counts.get(outcome, 0) + 1
    if counts:
        log.info("deadline sweep: %s", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return counts
