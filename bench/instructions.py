"""Instructions per unit of work, counted by valgrind's callgrind: a before/after comparison on a busy machine.

Wall-clock benchmarks move with whatever else the machine runs; the number of
instructions a fixed, seeded piece of work executes does not. Each figure is
(instructions with N units) - (instructions with N/4 units), over 3N/4, so start-up,
imports and anything done once on the first unit (a module imported lazily, a cache
filled) cancel out. ``--tree`` measures another checkout of the project (an older
commit, say) with this virtualenv, for a before/after pair in one sitting::

    python -m bench.instructions playouts SLUG PLAYERS GAMES [--tree DIR]
    python -m bench.instructions moves SLUG PLAYERS COUNT [--tree DIR]   # submit_move, Python side

``moves`` counts only this process (the rules, hashing, JSON, the ORM and the
driver); PostgreSQL's own work is not in the figure. It uses the benchmark
database named by ``BENCH_DATABASE_URL`` (give each tree its own: their schemas
may differ).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _playouts(slug: str, players: int, games: int) -> int:
    from games.rules import get_rules

    rules = get_rules(slug)
    moves = 0
    for index in range(games):
        rng = random.Random(index)
        state = rules.setup(players, {}, f"bench-{slug}-{index}")
        while awaited := rules.to_act(state):
            state = rules.apply(state, awaited[0], rules.random_move(state, awaited[0], rng))
            moves += 1
    return moves


def _moves(slug: str, players: int, count: int) -> int:
    from bench import common

    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    done, game = 0, 0
    while True:  # the same seeded games on every tree: a game is created even for 0 moves
        game_id = common.new_game(f"instr-{game}-{random.Random().getrandbits(32):08x}", slug, players,
                                  seed=f"instructions-{game}")
        driver = common.Driver(game_id, random.Random(game))
        while done < count and driver.step():
            done += 1
        game += 1
        if done >= count:
            return done


def _inner(kind: str, args: list[str]) -> None:
    # The measured tree's modules, not this virtualenv's editable install of another checkout.
    sys.meta_path[:] = [finder for finder in sys.meta_path if "editable" not in repr(finder).lower()]
    sys.path[:] = [entry for entry in sys.path if "__editable__" not in entry]
    sys.path.insert(0, ".")
    play = _playouts if kind == "playouts" else _moves
    units = play(args[0], int(args[1]), int(args[2]))
    print(json.dumps({"moves": units}))


def _count(tree: Path, kind: str, args: list[str]) -> tuple[int, int]:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               str(Path(__file__).resolve()), "--inner", kind, *args]
    result = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", result.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count:\n{result.stderr[-2000:]}")
    return int(collected.group(1)), json.loads(result.stdout.strip().splitlines()[-1])["moves"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("kind", choices=["playouts", "moves"])
    parser.add_argument("args", nargs="+", help="SLUG PLAYERS GAMES (playouts) or SLUG PLAYERS MOVES (moves)")
    options = parser.parse_args()
    if options.inner:
        _inner(options.kind, options.args)
        return 0
    if shutil.which("valgrind") is None:
        raise SystemExit("bench.instructions needs valgrind")
    units = int(options.args[-1])
    # A first run outside the count creates and migrates the benchmark database.
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--inner", options.kind, *options.args[:-1], "0"],
                   cwd=options.tree, capture_output=True, check=True)
    first = max(1, units // 4)
    empty, _ = _count(options.tree, options.kind, [*options.args[:-1], str(first)])
    full, moves = _count(options.tree, options.kind, options.args)
    per = "game" if options.kind == "playouts" else "move"
    name = f"instructions_{options.args[0]}_" + ("playout" if options.kind == "playouts" else "submit_move")
    print(json.dumps({"bench": name, "value": round((full - empty) / (units - first) / 1e6, 3), "unit": f"M instructions/{per}",
                      "units": units, "moves": moves, "tree": str(options.tree.resolve())}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
