"""Balance check of the stand-in data: many playouts, win rates by seat, game lengths, co-op outcomes.

    PYTHONPATH=. .venv/bin/python -m tests.rules.mob_town.playouts [games]

Competitive games are played with the rules' own ``random_move`` at 2, 3 and 4
players, with no variant and with all four; co-op games with ``random_move``
and with a simple greedy team (:func:`greedy_coop`) that shuts down and clears
out where it stands and walks towards what it can pay for. Not a test: it
prints figures for docs/players/mob-town.md and the issue report.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from games.rules import get_rules
from games.rules.mob_town import coop, coop_moves

RULES = get_rules("mob_town")


def play(players: int, options: dict[str, Any], seed: str, chooser: Any = None) -> tuple[dict[str, Any], int]:
    rng = random.Random(seed)
    state = RULES.setup(players, options, seed)
    moves = 0
    while True:
        awaited = RULES.to_act(state)
        if not awaited:
            return state, moves
        seat = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
        move = chooser(state, seat, rng) if chooser else RULES.random_move(state, seat, rng)
        state = RULES.apply(state, seat, move)
        moves += 1


def greedy_coop(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Shut down, else clear out, else walk towards a card it can deal with, else draw or trade."""
    if state["phase"] != "actions":
        return coop_moves.random_move(state, seat, rng)
    if coop.action_allowed(state, "shutdown"):
        for pay in coop.shutdown_payments(state, seat):
            return {"action": "shutdown", "pay": pay}
    entry = coop.pawn_entry(state, seat)
    if coop.action_allowed(state, "clear") and entry["mob"] > 0:
        best = None
        for pay in coop.clear_payments(state, seat):
            value = sum(RULES_VALUE(c) for c in pay)
            key = (value < entry["mob"], len(pay), value)
            if best is None or key < best[0]:
                best = (key, pay)
        if best is not None:
            return {"action": "clear", "pay": best[1]}
    if coop.action_allowed(state, "move"):
        targets = []
        for cell in coop.destinations(state, seat):
            probe = dict(state)
            pawns = [list(p) if p else p for p in state["pawns"]]
            pawns[seat] = list(cell)
            probe["pawns"] = pawns
            probe_entry = coop.pawn_entry(probe, seat)
            if probe_entry["down"]:
                continue
            if next(coop.shutdown_payments(probe, seat), None) is not None:
                targets.append((0, cell))
            elif probe_entry["mob"] and next(coop.clear_payments(probe, seat), None) is not None:
                targets.append((1, cell))
        if targets:
            targets.sort()
            return {"action": "move", "to": list(targets[0][1])}
    if coop.action_allowed(state, "cashin") and "cash" in state["hands"][seat] and len(state["lineup"]) >= 2:
        return coop_moves.random_move(state, seat, rng) if rng.random() < 0.3 else _draw_or(state, seat, rng)
    return _draw_or(state, seat, rng)


def _draw_or(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    if coop.action_allowed(state, "draw"):
        return {"action": "draw"}
    if coop.action_allowed(state, "move"):
        return {"action": "move", "to": list(rng.choice(coop.destinations(state, seat)))}
    return coop_moves.random_move(state, seat, rng)


def RULES_VALUE(card: str) -> int:  # noqa: N802 - a tiny local helper
    return 1 if card == "cash" else int(card[-1])


def competitive(games: int) -> None:
    for options, title in (({}, "no variant"), ({"professionals": True, "city_cards": True, "landmarks": True,
                                                  "big_money": True}, "all four variants")):
        for players in (2, 3, 4):
            wins: Counter[int] = Counter()
            lengths = []
            scores = []
            shared = 0
            started = time.perf_counter()
            for index in range(games):
                state, moves = play(players, options, f"balance-{players}-{index}-{title}")
                result = RULES.result(state)
                assert result is not None
                for w in result["winners"]:
                    wins[w] += 1
                shared += len(result["winners"]) > 1
                lengths.append(moves)
                scores.extend(result["scores"])
            rate = games / (time.perf_counter() - started)
            share = ", ".join(f"P{s + 1} {100 * wins[s] / games:.1f}%" for s in range(players))
            print(f"{title}, {players}p: wins by seat {share} (shared {shared}); moves/game "
                  f"mean {statistics.mean(lengths):.0f} [{min(lengths)}-{max(lengths)}]; "
                  f"score mean {statistics.mean(scores):.1f}; {rate:.1f} games/s")


def cooperative(games: int) -> None:
    for chooser, title in ((None, "random"), (greedy_coop, "greedy")):
        for options in ({"mode": "coop"}, {"mode": "coop", "starting_city": -1, "no_master_crimes": True},
                        {"mode": "coop", "starting_city": 2, "more_mob_activity": True}):
            for players in (2, 3, 4):
                ends: Counter[str] = Counter()
                tracks = []
                for index in range(games):
                    state, _ = play(players, options, f"coop-{players}-{index}-{options}", chooser)
                    ends[state["end"]] += 1
                    tracks.append(state["track"])
                variant = ", ".join(f"{k}={v}" for k, v in options.items() if k != "mode") or "base"
                print(f"co-op {title} {variant}, {players}p: won {100 * ends['win'] / games:.1f}%, lost to the "
                      f"mob {100 * ends['mob'] / games:.1f}%, deck ran out {100 * ends['deck'] / games:.1f}%; "
                      f"player track mean {statistics.mean(tracks):.1f}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    competitive(count)
    cooperative(count)
