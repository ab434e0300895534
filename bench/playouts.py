"""Complete random games per second through the pure rules (no database): one line per registered game.

``<slug>_playouts`` plays each game at its largest player count.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import report  # noqa: E402
from games.rules import all_rules, get_rules  # noqa: E402

GAMES = int(os.environ.get("BENCH_PLAYOUTS", "300"))


def playouts_per_second(slug: str, players: int, games: int) -> tuple[float, float]:
    rules = get_rules(slug)
    moves = 0
    started = time.perf_counter()
    for index in range(games):
        rng = random.Random(index)
        state = rules.setup(players, {}, f"bench-{slug}-{index}")
        while True:
            awaited = rules.to_act(state)
            if not awaited:
                break
            seat = awaited[0]
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
            moves += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, moves / games


def main() -> None:
    for rules in all_rules():
        players = rules.max_players
        rate, per_game = playouts_per_second(rules.slug, players, GAMES)
        report(f"{rules.slug}_playouts", rate, "games/s", players=players, games=GAMES,
               moves_per_game=round(per_game, 1))


if __name__ == "__main__":
    main()
