"""replay_1000: rebuild state from ~1,000 stored events of whole games, read from PostgreSQL."""

from __future__ import annotations

import random
import time
import uuid

from bench import common


def main() -> None:
    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    from games.models import Event
    from games.store import replay_game_state

    run = uuid.uuid4().hex[:8]
    game_ids: list[int] = []
    events = 0
    rng = random.Random(3)
    while events < 1000:
        game_id = common.new_game(f"replay-{run}-{len(game_ids)}", seed=f"replay-{run}-{len(game_ids)}")
        driver = common.Driver(game_id, rng)
        while driver.step():
            pass
        game_ids.append(game_id)
        events += Event.objects.filter(game_id=game_id).count()
    best = float("inf")
    for _ in range(7):
        started = time.perf_counter()
        for game_id in game_ids:
            replay_game_state(game_id)
        best = min(best, time.perf_counter() - started)
    common.report("replay_1000", best * 1000 * 1000 / events, "ms", events=events, games=len(game_ids),
                  note="best of 7, scaled to 1,000 events")


if __name__ == "__main__":
    main()
