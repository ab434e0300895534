"""Waiting for a game to move on, for long-polling clients: bounded, and gentle on the database.

A waiting request reads one indexed column (the projection's version) at
growing intervals, from a tenth of a second up to one second, and gives up
after the wait it was allowed (at most ``API_MAX_WAIT`` seconds: a waiting
request holds a web worker's thread, see docs/api.md). Every writer (web, mail, deadlines, other API
clients, any process on any host) moves that version, so nothing needs to
tell the waiters: the database they already share is the signal.
"""

from __future__ import annotations

import time
from typing import Callable

from django.conf import settings

from games.models import Projection

FIRST_INTERVAL = 0.1
LONGEST_INTERVAL = 1.0

# Replaced by tests, which make a move "while" the request waits instead of sleeping.
pause: Callable[[float], None] = time.sleep
clock: Callable[[], float] = time.monotonic


def max_wait() -> float:
    """The operator's cap on a wait (``API_MAX_WAIT``): a waiting request holds a web worker's thread."""
    return max(0.0, float(getattr(settings, "API_MAX_WAIT", 25.0)))


def current_version(game_id: int) -> int | None:
    return Projection.objects.filter(pk=game_id).values_list("version", flat=True).first()


def wait_for_version(game_id: int, after: int, wait: float) -> int | None:
    """The game's version once it is past ``after``, or when ``wait`` seconds have gone (None: no game)."""
    wait = max(0.0, min(wait, max_wait()))
    ends = clock() + wait
    interval = FIRST_INTERVAL
    while True:
        version = current_version(game_id)
        remaining = ends - clock()
        if version is None or version > after or remaining <= 0:
            return version
        pause(min(interval, remaining))
        interval = min(interval * 2, LONGEST_INTERVAL)
