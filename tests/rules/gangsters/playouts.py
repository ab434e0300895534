"""Playout statistics for tuning: game length and win types, with the simple bot or random moves.

    .venv/bin/python -m tests.rules.gangsters.playouts --games 200 --skill 1.0
    .venv/bin/python -m tests.rules.gangsters.playouts --games 200 --skill 0.0 --players 2 3

``skill`` is the share of moves the simple bot chooses (1.0: every move; 0.0:
uniformly random legal moves; the conformance suite uses 0.85).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from typing import Any

from games.rules import get_rules
from games.rules.gangsters.bot import random_move

RULES = get_rules("gangsters")


def play(players: int, seed: str, skill: float,
         options: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    state = RULES.setup(players, options or {}, seed)
    rng = random.Random(seed)
    moves = 0
    while True:
        awaited = RULES.to_act(state)
        if not awaited:
            return state, moves
        seat = rng.choice(awaited)
        state = RULES.apply(state, seat, random_move(state, seat, rng, skill))
        moves += 1


def report(players: int, games: int, skill: float, options: dict[str, Any] | None = None) -> dict[str, Any]:
    started = time.perf_counter()
    wins: Counter[str] = Counter()
    seats: Counter[int] = Counter()
    rounds = []
    moves = []
    for index in range(games):
        state, count = play(players, f"playout-{players}-{index}", skill, options)
        result = state["result"]
        wins[result["detail"]["win"]] += 1
        for winner in result["winners"]:
            seats[winner] += 1
        rounds.append(state["round"])
        moves.append(count)
    elapsed = time.perf_counter() - started
    quartiles = statistics.quantiles(rounds, n=4) if len(rounds) > 1 else rounds * 3
    return {
        "players": players, "games": games, "skill": skill,
        "rounds": {"min": min(rounds), "q1": quartiles[0], "median": statistics.median(rounds),
                   "q3": quartiles[2], "max": max(rounds)},
        "wins": dict(wins.most_common()),
        "seats": dict(sorted(seats.items())),
        "moves_per_game": round(sum(moves) / games, 1),
        "games_per_second": round(games / elapsed, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--skill", type=float, default=1.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--option", action="append", default=[], help="an option set to true, e.g. wheels")
    args = parser.parse_args()
    options = {name: True for name in args.option}
    for players in args.players:
        print(report(players, args.games, args.skill, options))


if __name__ == "__main__":
    main()
