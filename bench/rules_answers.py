"""CPU time of the rules' answers a game page asks for, per position: a before/after comparison of one game.

A player's game page, first shown after a move, asks the rules for ``choices``,
``example_moves``, ``describe`` and ``view`` of one position. This plays seeded
random games of SLUG at its most players, takes the position after MOVES moves of
each of POSITIONS games, and times those four questions for the seat to act, in
CPU time (``time.process_time``: what other load on the machine does not
inflate), best of three rounds (``first``: the first round alone). A digest of
every answer is printed with the figure: two checkouts whose rules answer alike
print the same digest::

    python -m bench.rules_answers SLUG [POSITIONS] [MOVES] [--tree DIR]

``--tree`` measures another checkout (an older commit, say) with this virtualenv.
Not in ``make bench``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import pickle
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROUNDS = 3


def _positions(rules: Any, players: int, count: int, moves: int) -> list[Any]:
    found = []
    for game in range(count):
        rng = random.Random(game)
        state = rules.setup(players, {}, f"answers-{rules.slug}-{game}")
        for _ in range(moves):
            awaited = rules.to_act(state)
            if not awaited:
                break
            seat = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
        if rules.to_act(state):
            found.append(state)
    return found


def _ask(rules: Any, positions: list[Any]) -> tuple[float, list[Any]]:
    spent = 0.0
    answers = []
    for state in positions:
        started = time.process_time()
        seat = rules.to_act(state)[0]
        answers.append((rules.choices(state, seat), rules.example_moves(state, seat),
                        rules.describe(state, seat), rules.view(state, seat)))
        spent += time.process_time() - started
    return spent, answers


def _common() -> Any:
    """This tree's bench/common.py (its helpers import the measured tree's games lazily), loaded by path:
    the inner run is a script in another checkout, where ``bench`` is not a package on the path."""
    spec = importlib.util.spec_from_file_location("bench_common", Path(__file__).with_name("common.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _inner(slug: str, count: int, moves: int) -> None:
    # The measured tree's modules, not this virtualenv's editable install of another checkout.
    sys.meta_path[:] = [finder for finder in sys.meta_path if "editable" not in repr(finder).lower()]
    sys.path[:] = [entry for entry in sys.path if "__editable__" not in entry]
    sys.path.insert(0, ".")
    from games.rules import get_rules

    rules = get_rules(slug)
    positions = _positions(rules, _common().most_players(rules), count, moves)
    frozen = pickle.dumps(positions)
    rounds: list[float] = []
    answers: list[Any] = []
    for _ in range(ROUNDS):  # fresh copies each round: nothing may hang on the objects of the round before
        spent, answers = _ask(rules, pickle.loads(frozen))
        rounds.append(spent * 1000 / len(positions))
    # ``first``: the first round alone, before anything the rules keep between calls was asked for.
    digest = hashlib.sha256(repr(answers).encode()).hexdigest()[:16]
    print(json.dumps({"bench": f"rules_answers_{slug}", "value": round(min(rounds), 3),
                      "first": round(rounds[0], 3), "unit": "ms CPU/position", "positions": len(positions),
                      "moves": moves, "digest": digest, "tree": str(Path.cwd())}))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout to measure (default: this one)")
    parser.add_argument("slug")
    parser.add_argument("positions", type=int, nargs="?", default=100)
    parser.add_argument("moves", type=int, nargs="?", default=40)
    options = parser.parse_args()
    if options.inner:
        _inner(options.slug, options.positions, options.moves)
        return 0
    command = [sys.executable, str(Path(__file__).resolve()), "--inner", options.slug, str(options.positions),
               str(options.moves)]
    return subprocess.run(command, cwd=options.tree.resolve()).returncode


if __name__ == "__main__":
    sys.exit(main())
