"""Moving meeples: adjacency, the backtracking ban, loops, empty tiles, the last-meeple rule, control."""

from __future__ import annotations

import itertools
import random

import pytest

from games.rules.base import IllegalMove
from games.rules.five_tribes import RULES
from games.rules.five_tribes.board import NEIGHBOURS, TILE_NAMES
from games.rules.five_tribes.movement import any_movement, check_movement, iter_movements, sample_movement

from .util import at, play, position, step


def test_simple_move_collects_matching_meeples_and_takes_control() -> None:
    s = position(meeples={"A1": "GY", "B1": "W", "C1": "YY"})
    s = play(s, "move A1 B1 C1 drop green yellow")
    assert s["meeples"][at("A1")] == ""
    assert s["meeples"][at("B1")] == "WG"
    # The yellow dropped on C1 and the two already there are collected: C1 empties.
    assert s["meeples"][at("C1")] == ""
    assert s["seats"][0]["viziers"] == 3
    assert s["camels"][at("C1")] == 0 and s["seats"][0]["camels"] == 7


def test_no_camel_when_the_final_tile_keeps_meeples_or_is_owned() -> None:
    s = position(meeples={"A1": "Y", "B1": "YW"})
    s = play(s, "move A1 B1")
    assert s["camels"][at("B1")] is None and s["meeples"][at("B1")] == "W"
    s = position(meeples={"A1": "Y", "B1": "Y"})
    s["camels"][at("B1")] = 2
    s = play(s, "move A1 B1")
    assert s["camels"][at("B1")] == 2 and s["seats"][0]["camels"] == 8


def test_not_adjacent() -> None:
    s = position(meeples={"B2": "YW", "C4": "Y", "F4": "Y", "F5": "Y"})
    with pytest.raises(IllegalMove, match="tile C4 is not adjacent to B2 — a path moves one tile up, down, left or right"):
        RULES.apply(s, 0, {"t": "move", "from": "B2", "path": ["C4", "C5"], "drops": "WY"})
    with pytest.raises(IllegalMove, match="tile C3 is not adjacent to B2"):
        RULES.apply(s, 0, {"t": "move", "from": "B2", "path": ["C3", "C4"], "drops": "WY"})  # diagonal


def test_no_immediate_backtracking() -> None:
    s = position(meeples={"C3": "WY", "C4": "Y", "C2": "Y"})
    with pytest.raises(IllegalMove, match="you cannot step straight back from C4 to C3 — no immediate backtracking"):
        RULES.apply(s, 0, {"t": "move", "from": "C3", "path": ["C4", "C3"], "drops": "WY"})


def test_last_meeple_must_match() -> None:
    s = position(meeples={"C3": "WYB", "C4": "Y", "D3": "G", "F4": "Y", "F5": "Y"})
    with pytest.raises(IllegalMove, match=r"you cannot end on D3: it holds no Builder to pick up with your last "
                                          r"meeple \(blue\)"):
        RULES.apply(s, 0, {"t": "move", "from": "C3", "path": ["C4", "D4", "D3"], "drops": "WYB"})
    with pytest.raises(IllegalMove, match="you cannot end on D3"):
        play(s, "move C3 C4 D4 D3 drop white yellow blue")


def test_path_length_and_drops_must_match_the_hand() -> None:
    s = position(meeples={"C3": "WBY", "D3": "Y"})
    with pytest.raises(IllegalMove, match=r"C3 holds 3 meeples, so the path must name 3 tiles after C3 \(you named 1\)"):
        RULES.apply(s, 0, {"t": "move", "from": "C3", "path": ["D3"], "drops": "Y"})
    with pytest.raises(IllegalMove, match="the drops must be exactly the meeples picked up on C3: yellow white blue"):
        RULES.apply(s, 0, {"t": "move", "from": "C3", "path": ["C4", "D4", "D3"], "drops": "WWY"})
    with pytest.raises(IllegalMove, match="A2 has no meeples to pick up"):
        RULES.apply(s, 0, {"t": "move", "from": "A2", "path": ["A3"], "drops": "Y"})


def test_passing_through_empty_and_owned_tiles() -> None:
    s = position(meeples={"A1": "GGW", "D1": "W"})
    s["camels"][at("B1")] = 1
    s = play(s, "move A1 B1 C1 D1 drop green green white")
    assert s["meeples"][at("B1")] == "G" and s["meeples"][at("C1")] == "G"
    assert s["camels"][at("D1")] == 0 and s["seats"][0]["elders"] == 2


def test_loop_may_return_to_a_tile_later() -> None:
    # A1 -> B1 -> B2 -> A2 -> A1 -> B1: a loop over the start and B1 again.
    s = position(meeples={"A1": "YWGBR", "B1": "R"})
    s = play(s, "move A1 B1 B2 A2 A1 B1 drop yellow white green blue red")
    assert s["meeples"][at("B1")] == "Y"
    assert s["meeples"][at("A1")] == "B"


def test_loop_may_end_on_a_tile_dropped_on_earlier_in_the_move() -> None:
    # B1 had no white at the start; the first white dropped there makes it a legal end.
    s = position(meeples={"A1": "WYYWY", "B1": "G"})
    move = {"t": "move", "from": "A1", "path": ["B1", "B2", "A2", "A1", "B1"], "drops": "WYYYW"}
    assert move in list(iter_movements(s))
    s = RULES.apply(s, 0, move)
    assert s["seats"][0]["elders"] == 2 and s["meeples"][at("B1")] == "G"


def test_a_move_may_end_on_its_start_tile_after_a_loop() -> None:
    s = position(meeples={"A1": "WWYYY", "F5": "G"})
    move = {"t": "move", "from": "A1", "path": ["B1", "B2", "A2", "A1", "B1"], "drops": "YWYWY"}
    # Ends on B1 (dropped yellow first there): legal.
    RULES.apply(s, 0, move)
    s2 = position(meeples={"A1": "WWYY", "F4": "Y", "F5": "Y"})
    # A1 -> A2 -> B2 -> B1 -> A1: the start tile is empty after pick-up, so it cannot be the end.
    with pytest.raises(IllegalMove, match="you cannot end on A1"):
        RULES.apply(s2, 0, {"t": "move", "from": "A1", "path": ["A2", "B2", "B1", "A1"], "drops": "WYYW"})


def _brute(s: dict) -> set[str]:
    """Every legal movement found by trying all walks and drop orders through check_movement."""
    out = set()
    for start, hand in enumerate(s["meeples"]):
        if not hand:
            continue
        k = len(hand)

        def walks(prev2: int, prev: int, depth: int):
            if depth == k:
                yield []
                return
            for n in NEIGHBOURS[prev]:
                if n != prev2:
                    for rest in walks(prev, n, depth + 1):
                        yield [n] + rest

        for path in walks(-1, start, 0):
            for perm in set(itertools.permutations(hand)):
                move = {"t": "move", "from": TILE_NAMES[start], "path": [TILE_NAMES[t] for t in path],
                        "drops": "".join(perm)}
                try:
                    check_movement(s, move)
                except IllegalMove:
                    continue
                out.add(repr(move))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_generator_matches_brute_force_on_sparse_boards(seed: int) -> None:
    rng = random.Random(seed)
    meeples = {}
    for name in rng.sample(TILE_NAMES, rng.randint(2, 6)):
        meeples[name] = "".join(rng.choice("YWGBR") for _ in range(rng.randint(1, 5)))
    s = position(meeples=meeples)
    s["meeples"] = [""] * 30
    for name, m in meeples.items():
        s["meeples"][at(name)] = m
    brute = _brute(s)
    generated = [repr(m) for m in iter_movements(s)]
    assert len(generated) == len(set(generated))
    assert set(generated) == brute
    assert any_movement(s) == bool(brute)
    move = sample_movement(s, rng)
    assert (move is None) == (not brute)
    if move:
        assert repr(move) in brute
        assert repr(sample_movement(s, None)) in brute


def test_no_movement_means_pass_and_last_round() -> None:
    # Lone meeples that cannot end anywhere: no legal movement exists.
    s = position(meeples={"A1": "Y", "F5": "W"}, others=[1])
    assert step(s) is None or s["turn"]["seat"] != 0
    assert s["end"] == "no_move"
    assert "P1 cannot move and passes" in s["log"]


@pytest.mark.parametrize("seed", range(8))
def test_step_by_step_hints_match_the_legal_moves(seed: int) -> None:
    from games.rules.five_tribes.movement import continuations, finishing_colours, starts

    rng = random.Random(100 + seed)
    meeples = {name: "".join(rng.choice("YWGBR") for _ in range(rng.randint(1, 6)))
               for name in rng.sample(TILE_NAMES, rng.randint(3, 8))}
    s = position(meeples=meeples)
    s["meeples"] = [""] * 30
    for name, m in meeples.items():
        s["meeples"][at(name)] = m
    legal = list(iter_movements(s))
    assert sorted(starts(s)) == sorted({m["from"] for m in legal})
    prefixes: dict[tuple, set[str]] = {}
    finals: dict[tuple, set[str]] = {}
    for m in legal:
        for i in range(len(m["path"])):
            prefixes.setdefault((m["from"], *m["path"][:i]), set()).add(m["path"][i])
        finals.setdefault((m["from"], *m["path"]), set()).add(m["drops"][-1])
    for key, nxt in prefixes.items():
        assert set(continuations(s, key[0], list(key[1:]))) == nxt
    for key, colours in finals.items():
        assert set(finishing_colours(s, key[0], list(key[1:]))) == colours
