"""move_path_1w, move_path_8p, move_cost_ratio: the cost of submit_move on PostgreSQL.

- move_path_1w: one writer, moves/s counting only the time inside submit_move.
- move_path_8p: 8 processes on distinct games, total moves / wall time.
- move_cost_ratio: mean submit_move cost in a game whose log already holds ~1,000
  events over the same in a game holding ~10. The long log is real: a seat
  revising its sealed input 1,000 times (each revision is a stored move event),
  in the first registered game whose rules accept revisions.

The game played is ``BENCH_GAME`` (default: the first registered game).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import time
import uuid

from bench import common

MOVES_1W = int(os.environ.get("BENCH_MOVES", "3000"))
PROCESSES = 8


def play_moves(prefix: str, count: int, seed: int) -> tuple[int, float]:
    """Play ``count`` moves over as many fresh games as needed; return (moves, seconds in submit_move)."""
    rng = random.Random(seed)
    made, spent, index = 0, 0.0, 0
    while made < count:
        driver = common.Driver(common.new_game(f"{prefix}-{index}"), rng)
        index += 1
        while made < count and driver.step():
            made += 1
        spent += driver.spent
    return made, spent


def _worker(args: tuple[str, int, int, "multiprocessing.Queue", "multiprocessing.synchronize.Event"]) -> None:
    prefix, count, seed, barrier_queue, go = args
    common.configure()
    common.quiet_outbox()
    from django.db import connection

    # Games are created before the clock starts; only moves are timed.
    rng = random.Random(seed)
    drivers = [common.Driver(common.new_game(f"{prefix}-{i}"), rng) for i in range(count // 40 + 2)]
    barrier_queue.put(("ready", os.getpid()))
    go.wait()  # every process starts moving at once, after all have set up their games
    made = 0
    started = time.perf_counter()
    for driver in drivers:
        while made < count and driver.step():
            made += 1
    barrier_queue.put(("done", made, time.perf_counter() - started, started))
    connection.close()


def move_path_8p(total: int) -> None:
    per = total // PROCESSES
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    go = ctx.Event()
    run = uuid.uuid4().hex[:8]
    procs = [ctx.Process(target=_worker, args=((f"p8-{run}-{i}", per, i, queue, go),)) for i in range(PROCESSES)]
    for proc in procs:
        proc.start()
    for _ in range(PROCESSES):
        assert queue.get(timeout=600)[0] == "ready"
    go.set()
    results = [queue.get(timeout=600) for _ in range(PROCESSES)]
    for proc in procs:
        proc.join()
    moves = sum(r[1] for r in results)
    first_start = min(r[3] for r in results)
    last_end = max(r[3] + r[2] for r in results)
    common.report("move_path_8p", moves / (last_end - first_start), "moves/s", processes=PROCESSES, moves=moves)


def move_cost_ratio(samples: int = 300) -> None:
    from games import services
    from games.models import Projection

    slug = common.revisable_game()

    def padded_game(prefix: str, events: int) -> int:
        game_id = common.new_game(prefix, slug)
        rules = common.Driver(game_id, random.Random(1)).rules
        state = Projection.objects.get(pk=game_id).state
        rng = random.Random(7)
        while Projection.objects.get(pk=game_id).version < events:
            bid = rules.random_move(state, 0, rng)
            services.submit_move(game_id=game_id, seat=0, move=bid, source="api")
        return game_id

    def mean_cost(game_id: int) -> float:
        rules = common.Driver(game_id, random.Random(1)).rules
        state = Projection.objects.get(pk=game_id).state
        rng = random.Random(11)
        costs = []
        for _ in range(samples):
            bid = rules.random_move(state, 1, rng)  # seat 1 revising its input: the game stays in the same phase
            started = time.perf_counter()
            services.submit_move(game_id=game_id, seat=1, move=bid, source="api")
            costs.append(time.perf_counter() - started)
        return statistics.mean(costs)

    run = uuid.uuid4().hex[:8]
    small = padded_game(f"ratio-small-{run}", 10)
    large = padded_game(f"ratio-large-{run}", 1000)
    small_cost, large_cost = mean_cost(small), mean_cost(large)
    small_cost, large_cost = mean_cost(small), mean_cost(large)  # second pass: warm caches for both
    common.report("move_cost_ratio", large_cost / small_cost, "ratio",
                  small_events=Projection.objects.get(pk=small).version - samples * 2,
                  large_events=Projection.objects.get(pk=large).version - samples * 2,
                  small_ms=round(small_cost * 1000, 3), large_ms=round(large_cost * 1000, 3))


def main() -> None:
    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    run = uuid.uuid4().hex[:8]
    play_moves(f"warm-{run}", 200, 0)
    made, spent = play_moves(f"p1-{run}", MOVES_1W, 1)
    common.report("move_path_1w", made / spent, "moves/s", moves=made)
    move_cost_ratio()
    move_path_8p(MOVES_1W * 2)


if __name__ == "__main__":
    main()
