"""legal_moves agrees exactly with apply on every finite decision met in random games."""

from __future__ import annotations

import itertools
import random

import pytest

from games.rules.base import IllegalMove
from games.rules.five_tribes import RULES
from games.rules.five_tribes.board import TILE_NAMES
from games.rules.five_tribes.data import DJINNS
from games.rules.five_tribes.decisions import djinn_options, step_options


def _accepts(s: dict, seat: int, move: dict) -> bool:
    try:
        RULES.apply(s, seat, move)
    except IllegalMove:
        return False
    return True


def _candidates(s: dict, seat: int) -> list[dict]:
    """A superset of the legal moves at a finite step, legal or not."""
    if s["phase"] == "bid":
        return [{"t": "bid", "cost": c, **({"fakirs": f} if f else {})}
                for c in (0, 1, 2, 3, 5, 8, 12, 18) for f in range(4)]
    t = s["turn"]
    step = t["step"]
    out: list[dict] = [{"t": "pass"}, {"t": "done"}]
    if step == "builders":
        out += [{"t": "builders", "fakirs": f} for f in range(-1, 5)]
    elif step == "kill":
        out += [{"t": "kill", "tile": name, "meeples": m} for name in TILE_NAMES
                for m in ("Y", "W", "G", "B", "R", "WB", "GG", "YR")]
        out += [{"t": "kill", "seat": o, "meeples": m} for o in range(s["num_players"]) for m in ("Y", "W", "YW", "WW")]
    elif step == "market":
        out += [{"t": "take", "cards": list(c)} for k in (1, 2) for c in itertools.combinations(range(1, 8), k)]
    elif step == "sacred":
        out += [{"t": "take", "djinn": d, "pay": p} for d in DJINNS for p in ("EE", "EF", "E")]
    elif step in ("palm", "palace"):
        out += [{"t": step}] + [{"t": step, "tile": n, "pay": p} for n in TILE_NAMES for p in ("E", "F")]
    elif step == "sibittis":
        out += [{"t": "keep", "djinn": d} for d in DJINNS]
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_legal_moves_match_apply_at_finite_steps(n: int) -> None:
    checked = 0
    for seed in range(6):
        s = RULES.setup(n, {}, f"legal-{n}-{seed}")
        rng = random.Random(seed)
        while RULES.result(s) is None:
            (seat,) = RULES.to_act(s)
            finite = s["phase"] == "bid" or s["turn"]["step"] not in ("move", "end")
            if finite and checked < 400:
                legal = [m for m in RULES.legal_moves(s, seat) if m["t"] != "djinn"]
                for m in _candidates(s, seat):
                    assert _accepts(s, seat, m) == (m in legal), (m, s["turn"])
                for m in RULES.legal_moves(s, seat):
                    assert _accepts(s, seat, m), m
                checked += 1
            elif checked < 400 and s["phase"] == "play":
                # Move / end steps: every listed choice and Djinn power is accepted.
                for m in step_options(s, seat)[:30] + djinn_options(s, seat):
                    assert _accepts(s, seat, m), m
            s = RULES.apply(s, seat, RULES.random_move(s, seat, rng))
    assert checked > 50
