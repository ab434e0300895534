"""WSGI wrappers that time or profile each request, for ``BENCH_WEB_PROFILE=DIR python -m bench.web_move``.

:func:`timed` (``BENCH_WEB_SPLIT=1``) only adds up each kind of request's server
time, wall and CPU, without a profiler's overhead: the split of a move between
its POST and its pages. It writes ``DIR/times-<pid>.json`` like the profiles below.

gunicorn serves ``bench.web_profile:application`` instead of ``config.wsgi:application``;
each worker adds every request's profile to one of three totals (the move POSTs,
the game pages, everything else) and writes them to
``DIR/<kind>-<pid>.pstats`` every 50 requests and when it exits. Read them with
``python -m pstats`` or :func:`summary`. ``BENCH_WEB_PROFILE_CLOCK=cpu`` counts
the thread's CPU time instead of wall time: waits on the database and on other
threads (the GIL, a busy machine) then drop out. Not used by ``make bench``:
profiling slows every request several times over.
"""

from __future__ import annotations

import atexit
import cProfile
import json
import os
import pstats
import re
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from config.wsgi import application as served

OUT = Path(os.environ.get("BENCH_WEB_PROFILE", "var/web-profile"))
# Wall time by default (what a player waits for); CPU time of the serving thread on request.
CLOCK = time.thread_time if os.environ.get("BENCH_WEB_PROFILE_CLOCK") == "cpu" else time.perf_counter
KINDS = {"post": re.compile(r"^/games/\d+/(move|play)/$"), "page": re.compile(r"^/games/\d+/$")}

_lock = threading.Lock()
_totals: dict[str, pstats.Stats] = {}
_counts: dict[str, int] = {}


def _kind(environ: dict[str, Any]) -> str:
    path = str(environ.get("PATH_INFO", ""))
    for kind, pattern in KINDS.items():
        if pattern.match(path) and (kind != "post") == (environ.get("REQUEST_METHOD") == "GET"):
            return kind
    return "other"


_times: dict[str, list[float]] = {}  # kind -> [requests, wall seconds, CPU seconds of the serving thread]


def _dump() -> None:
    with _lock:
        OUT.mkdir(parents=True, exist_ok=True)
        for kind, stats in _totals.items():
            stats.dump_stats(str(OUT / f"{kind}-{os.getpid()}.pstats"))
        if _times:
            (OUT / f"times-{os.getpid()}.json").write_text(json.dumps(_times))


def timed(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """The served application, its wall and CPU time added to its kind's totals."""
    wall, cpu = time.perf_counter(), time.thread_time()
    body = list(served(environ, start_response))
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    kind = _kind(environ)
    with _lock:
        totals = _times.setdefault(kind, [0, 0.0, 0.0])
        totals[0] += 1
        totals[1] += wall
        totals[2] += cpu
        due = int(sum(t[0] for t in _times.values())) % 50 == 0
    if due:
        _dump()
    return body


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """The served application, under a profiler of this request's own (cProfile profiles one thread)."""
    profile = cProfile.Profile(CLOCK)
    profile.enable()
    try:
        body = list(served(environ, start_response))  # the body is made inside the profile
    finally:
        profile.disable()
    kind = _kind(environ)
    with _lock:
        if kind in _totals:
            _totals[kind].add(profile)
        else:
            _totals[kind] = pstats.Stats(profile)
        _counts[kind] = _counts.get(kind, 0) + 1
        due = sum(_counts.values()) % 50 == 0
    if due:
        _dump()
    return body


atexit.register(_dump)


def split(folder: Path) -> dict[str, dict[str, float]]:
    """Per kind of request over every worker: requests, and mean wall and CPU ms per request."""
    totals: dict[str, list[float]] = {}
    for path in folder.glob("times-*.json"):
        for kind, (count, wall, cpu) in json.loads(path.read_text()).items():
            into = totals.setdefault(kind, [0, 0.0, 0.0])
            into[0], into[1], into[2] = into[0] + count, into[1] + wall, into[2] + cpu
    return {kind: {"requests": int(count), "wall_ms": round(wall / count * 1000, 3),
                   "cpu_ms": round(cpu / count * 1000, 3)} for kind, (count, wall, cpu) in totals.items() if count}


def summary(folder: Path, kind: str, top: int = 25) -> None:
    """Print the ``top`` functions by cumulative time over every worker's profile of ``kind``."""
    files = sorted(str(path) for path in folder.glob(f"{kind}-*.pstats"))
    if not files:
        print(f"no {kind} profiles in {folder}")
        return
    stats = pstats.Stats(*files)
    stats.sort_stats("cumulative").print_stats(top)
