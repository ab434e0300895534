"""deadline_sweep: 100,000 active games on PostgreSQL, 10,000 of them past their deadline.

Reports the due query's time (the indexed query a sweep starts with) and the
timeouts applied per second by two worker processes sweeping at once (each
timeout applies the default move of every awaited seat through the write path, in
``BENCH_GAME``, by default the first registered game).
Games are loaded with COPY; the 10,000 due games carry a real, hash-chained
event log so the write path's version and hash checks apply as in production.
"""

from __future__ import annotations

import datetime
import io
import json
import multiprocessing
import os
import statistics
import time
import uuid

from bench import common

TOTAL = int(os.environ.get("BENCH_SWEEP_GAMES", "100000"))
DUE = int(os.environ.get("BENCH_SWEEP_DUE", "10000"))
WORKERS = 2


def _copy(cursor, table: str, columns: list[str], rows: list[tuple]) -> None:  # noqa: ANN001
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def load(run: str) -> list[int]:
    """Insert the games; return the ids of the due ones."""
    import psycopg
    from django.db import connection

    from accounts.models import User
    from games.records import GENESIS_HASH, event_hash
    from games.models import iso
    from games.rules import get_rules

    rules = get_rules(common.bench_game())
    n = rules.min_players
    options = rules.resolve_options({})
    users = [User.objects.get_or_create(email=f"sweep-{i}@bench.invalid")[0].pk for i in range(n)]
    now = datetime.datetime.now(datetime.timezone.utc)
    past, future = now - datetime.timedelta(minutes=5), now + datetime.timedelta(days=2)
    control = json.dumps({"move": 86400, "reminder": 0, "grace": 0, "weekdays": [0, 1, 2, 3, 4, 5, 6],
                          "policy": "default", "max_timeouts": 100, "then": "bot", "extensions": 2})
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        _copy(cursor, "games_game",
              ["rules_slug", "rules_version", "options", "num_players", "seed", "status", "created_at",
               "started_at", "time_control"],
              [(rules.slug, rules.version, json.dumps(options), n, f"{run}-{i}", "active",
                now, now, control) for i in range(TOTAL)])
        cursor.execute("SELECT id FROM games_game WHERE seed LIKE %s ORDER BY id", [f"{run}-%"])
        ids = [row[0] for row in cursor.fetchall()]
        due_ids = ids[:DUE]
        projections, events, seats = [], [], []
        for index, game_id in enumerate(ids):
            seed = f"{run}-{index}"
            due = index < DUE
            state = rules.setup(n, options, seed)
            to_act = rules.to_act(state)
            last, seq = GENESIS_HASH, 0
            if due:  # a real chain: created, started, deadline set
                for kind, payload in (
                    ("game_created", {"rules": rules.slug, "rules_version": rules.version, "options": options,
                                      "num_players": n, "seed": seed, "time": json.loads(control)}),
                    ("game_started", {"seats": users, "names": [f"p{s}" for s in range(n)]}),
                    ("deadline_set", {"deadline": iso(past), "seats": to_act, "reason": "turn"}),
                ):
                    seq += 1
                    body = {"seq": seq, "kind": kind, "seat": None, "source": "system", "actor": "system",
                            "payload": payload, "created_at": iso(now)}
                    digest = event_hash(last, body)
                    events.append((game_id, seq, kind, None, "system", "system", json.dumps(payload), None, now,
                                   last, digest))
                    last = digest
                seats += [(game_id, users[s], s, now, False) for s in range(n)]
            deadline = past if due else future
            projections.append((game_id, json.dumps(state), seq, last, json.dumps(to_act), json.dumps(users), "[]",
                                deadline, None, deadline, "{}", now))
        _copy(cursor, "games_projection",
              ["game_id", "state", "version", "last_hash", "to_act", "seat_users", "bot_seats", "deadline",
               "reminder_at", "next_due", "clock", "updated_at"], projections)
        _copy(cursor, "games_event",
              ["game_id", "seq", "kind", "seat", "actor", "source", "payload", "idempotency_key", "created_at",
               "prev_hash", "hash"], events)
        _copy(cursor, "games_seat", ["game_id", "user_id", "index", "joined_at", "resigned"], seats)
        cursor.execute("ANALYZE games_projection")
        cursor.execute("ANALYZE games_game")
    return due_ids


def _sweeper(queue: "multiprocessing.Queue") -> None:
    common.configure()
    common.quiet_outbox()
    from django.db import connection

    from games import deadlines

    applied = 0
    started = time.perf_counter()
    while True:
        counts = deadlines.sweep(limit=200)
        applied += counts.get("timeout", 0)
        if not counts:
            break
    queue.put((applied, started, time.perf_counter()))
    connection.close()


def clean_previous() -> None:
    """Earlier runs' due games would be swept too; finish them off first (not timed)."""
    from games import deadlines

    while deadlines.sweep(limit=1000):
        pass


def main() -> None:
    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    from django.db import connection
    from django.utils import timezone

    from games.selectors import due_game_ids
    from games.models import Event, Projection

    clean_previous()
    # Earlier runs' not-yet-due games would become due during this one: take them out of the sweep.
    Projection.objects.filter(next_due__isnull=False).update(next_due=None)
    run = f"sweep-{uuid.uuid4().hex[:8]}"
    started = time.perf_counter()
    due_ids = load(run)
    load_s = time.perf_counter() - started
    timings = []
    for _ in range(20):
        begin = time.perf_counter()
        found = due_game_ids(timezone.now(), limit=500)
        timings.append(time.perf_counter() - begin)
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN SELECT game_id FROM games_projection WHERE next_due <= now() "
                       "ORDER BY next_due LIMIT 500")
        plan = " / ".join(row[0].strip() for row in cursor.fetchall()[:4])
    common.report("deadline_sweep_due_query", statistics.median(timings) * 1000, "ms", games=TOTAL, due=DUE,
                  batch=len(found), load_s=round(load_s, 1), plan=plan)
    connection.close()
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_sweeper, args=(queue,)) for _ in range(WORKERS)]
    for proc in procs:
        proc.start()
    results = [queue.get(timeout=1800) for _ in procs]
    for proc in procs:
        proc.join()
    applied = sum(r[0] for r in results)
    wall = max(r[2] for r in results) - min(r[1] for r in results)
    timeouts = Event.objects.filter(game_id__in=due_ids, kind="timeout").count()
    common.report("deadline_sweep_timeouts", applied / wall, "timeouts/s", workers=WORKERS, applied=applied,
                  timeout_events=timeouts, once_each=applied == len(due_ids))


if __name__ == "__main__":
    main()
