"""choices: the seat's decision on the real state; skip_move and reply_moves.

Over many random playout positions: every option is accepted by ``apply`` and
round-trips through the notation; a complete decision lists exactly the legal
moves; the movement tree offers exactly the legal movements (exhaustively where
that is small, by sampling elsewhere); the sale detail matches the cards held;
the decision survives JSON and holds no seed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Iterator

import pytest

from games.rules import IllegalMove, canonical_json
from games.rules.five_tribes import DJINNS, RULES, TILE_NAMES
from games.rules.five_tribes.data import DJINN_TARGETS_TILE
from games.rules.five_tribes.decisions import sales
from games.rules.five_tribes.movement import iter_movements, sample_movement
from games.ui.five_tribes.adapter import default_drops

from .util import play, position

ESCAPE = {"F4": "Y", "F5": "Y"}
State = dict[str, Any]


def positions(n: int, seed: int) -> Iterator[tuple[State, int]]:
    """Every position of one seeded random game, with the seat to act."""
    s = RULES.setup(n, {}, f"choices-{n}-{seed}")
    rng = random.Random(seed)
    while RULES.to_act(s):
        seat = RULES.to_act(s)[0]
        yield s, seat
        s = RULES.apply(s, seat, RULES.random_move(s, seat, rng))


def accepted(s: State, seat: int, move: Any) -> bool:
    try:
        RULES.apply(s, seat, move)
    except IllegalMove:
        return False
    return True


def canon(moves: Any) -> list[str]:
    return sorted(canonical_json(m) for m in moves)


def djinn_candidates(s: State, seat: int) -> list[dict[str, Any]]:
    """Every canonical Djinn move the seat could write, legal or not (an independent superset).

    (A tile is named only for the Djinns that target one; ``apply`` ignores a tile
    written after any other Djinn, and such a move is not canonical.)
    """
    out: list[dict[str, Any]] = []
    for name in s["seats"][seat]["djinns"]:
        for pay in ("E", "F", "EE", "EF"):
            if name in DJINN_TARGETS_TILE:
                out.extend({"t": "djinn", "djinn": name, "tile": tile, "pay": pay} for tile in TILE_NAMES)
            else:
                out.append({"t": "djinn", "djinn": name, "pay": pay})
    return out


def leaves(tree: dict[str, Any]) -> set[tuple[str, tuple[str, ...], str]]:
    """(start, path, finishing colour) for every leaf of a movement tree."""
    out = set()

    def walk(start: str, path: tuple[str, ...], node: Any) -> None:
        assert node is not None, "an uncut tree has no empty nodes"
        if isinstance(node, str):
            out.update((start, path, colour) for colour in node)
            return
        for tile, child in node.items():
            walk(start, path + (tile,), child)

    for start in tree["starts"]:
        walk(start, (), tree["tree"][start])
    return out


def in_tree(movement: dict[str, Any], move: dict[str, Any]) -> bool:
    node = movement["tree"].get(move["from"], "absent")
    for tile in move["path"]:
        if node is None:
            return True  # cut short: not listed, not refused
        if not isinstance(node, dict) or tile not in node:
            return False
        node = node[tile]
    return node is None or (isinstance(node, str) and move["drops"][-1] in node)


def check_movement_tree(s: State, seat: int, movement: dict[str, Any], rng: random.Random) -> None:
    assert set(movement["hands"]) == set(movement["starts"])
    for start, hand in movement["hands"].items():
        assert s["meeples"][TILE_NAMES.index(start)] == hand
    # Every sampled legal movement is in the tree ...
    for _ in range(8):
        move = sample_movement(s, rng)
        assert move is not None and in_tree(movement, move), move
    # ... and walking the tree to a leaf, with a finishing colour, gives a legal movement.
    for _ in range(4):
        start = rng.choice(movement["starts"])
        node, path = movement["tree"][start], []
        while isinstance(node, dict):
            path.append(rng.choice(sorted(node)))
            node = node[path[-1]]
        if node is None:
            continue
        last = rng.choice(node)
        final = path[-1]
        before = "" if final == start else s["meeples"][TILE_NAMES.index(final)]
        drops = default_drops(movement["hands"][start], before, path, last)
        assert accepted(s, seat, {"t": "move", "from": start, "path": path, "drops": drops}), (start, path, last)
    if not movement["cut"]:
        exact: set[tuple[str, tuple[str, ...], str]] = set()
        for count, move in enumerate(iter_movements(s)):
            if count > 20_000:
                return  # too many to compare exhaustively here; sampled above
            exact.add((move["from"], tuple(move["path"]), move["drops"][-1]))
        assert leaves(movement) == exact


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_option_is_legal_round_trips_and_complete_decisions_are_the_legal_moves(n: int) -> None:
    kinds: Counter[str] = Counter()
    rng = random.Random(n)
    for seed in range(3):
        for s, seat in positions(n, seed):
            decision = RULES.choices(s, seat)
            assert decision is not None and decision.seat == seat
            for other in range(n):
                if other != seat:
                    assert RULES.choices(s, other) is None
            titles = dict(decision.groups)
            for option in decision.options:
                assert RULES.parse_move(s, seat, option.text) == option.move, option
                assert option.label and option.group in titles
                assert accepted(s, seat, option.move), option
            data = json.dumps(decision.to_json())
            assert s["rng"]["seed"] not in data
            kinds[decision.kind + ("" if decision.complete else "*")] += 1
            if decision.complete:
                assert canon(o.move for o in decision.options) == canon(RULES.legal_moves(s, seat))
                continue
            assert decision.kind in ("move", "end")
            djinns = [m for m in djinn_candidates(s, seat) if accepted(s, seat, m)]
            if decision.kind == "move":
                assert canon(o.move for o in decision.options) == canon(djinns)
                check_movement_tree(s, seat, decision.detail["movement"], rng)
            else:
                goods = s["seats"][seat]["goods"]
                assert goods and decision.detail["sale"]["goods"] == dict(Counter(goods))
                assert decision.detail["sale"]["suit_values"][:4] == [0, 1, 3, 7]
                assert canon(o.move for o in decision.options) == canon([{"t": "done"}, *djinns])
                listed = [m for m in RULES.legal_moves(s, seat) if m["t"] == "sell"]
                assert canon(listed) == canon({"t": "sell", "cards": c} for c in sales(goods))
    assert {"bid", "move*", "end*", "market", "kill"} <= set(kinds), kinds


def test_a_bid_decision_lists_the_spots_with_their_prices() -> None:
    s = RULES.setup(3, {}, "bids")
    s["bid_order"] = [0, 1, 2]
    s["seats"][0].update(djinns=["Kumarbi"], fakirs=1, gold=4)
    decision = RULES.choices(s, 0)
    assert decision is not None and decision.kind == "bid" and decision.complete
    assert decision.prompt == "Bid for turn order, round 1"
    # 4 gold: 5 is out of reach unless Kumarbi brings it down to the price of 3.
    assert [(o.text, o.label) for o in decision.options] == [
        ("bid 0", "0 (free)"), ("bid 1", "1 gold"), ("bid 1 kumarbi 1", "1 with Kumarbi (1 Fakir): pay 0 gold"),
        ("bid 3", "3 gold"), ("bid 3 kumarbi 1", "3 with Kumarbi (1 Fakir): pay 1 gold"),
        ("bid 5 kumarbi 1", "5 with Kumarbi (1 Fakir): pay 3 gold"),
    ]
    assert decision.groups == (("bid", ""),)


def test_djinn_powers_are_grouped_per_djinn_after_the_steps_own_options() -> None:
    tiles = {"A2": ("sacred", 6), "E5": ("oasis", 8), "D4": ("oasis", 8)}
    s = position(meeples={"A1": "R", "A2": "R", "B2": "W", **ESCAPE}, tiles=tiles,
                 p0={"djinns": ["Enki", "Iblis", "Jafaar"], "elders": 1, "fakirs": 1})
    s = play(s, "move A1 A2")
    decision = RULES.choices(s, 0)
    assert decision is not None and decision.kind == "kill" and decision.complete
    assert decision.prompt == "Your 2 Assassins on A2: choose the target"
    assert decision.groups == (("kill", ""), ("djinn-Enki", "Use Enki: 1 Elder or Fakir: put a palm tree on any Oasis"),
                               ("djinn-Iblis", "Use Iblis: 1 Elder or Fakir: your Assassins kill 2 meeples "
                                               "this turn (one tile or one player)"))
    kills = [(o.text, o.label) for o in decision.options if o.group == "kill"]
    assert ("kill B2 white", "B2: Elder") in kills
    assert ("kill F4 yellow", "F4: Vizier (5 Fakirs)") not in kills  # beyond the Fakirs held
    enki = [o.text for o in decision.options if o.group == "djinn-Enki"]
    assert enki == ["djinn enki D4 pay elder", "djinn enki E5 pay elder", "djinn enki D4 pay fakir",
                    "djinn enki E5 pay fakir"]
    assert decision.detail == {"step": "kill", "tile": "A2"}


def test_builders_and_market_labels_say_what_each_choice_gives() -> None:
    tiles = {"A1": ("sacred", 6), "B2": ("village", 5)}
    s = position(meeples={"A1": "B", "A2": "B", **ESCAPE}, tiles=tiles, p0={"fakirs": 2})
    s = play(s, "move A1 A2")
    decision = RULES.choices(s, 0)
    assert decision is not None
    assert [o.label for o in decision.options] == ["no Fakirs: 4 gold", "1 Fakir: 6 gold", "2 Fakirs: 8 gold"]
    s = play(s, "fakirs 0")
    decision = RULES.choices(s, 0)
    assert decision is not None and decision.kind == "market"
    assert decision.prompt == "Small Market on A2: pay 3 gold for 1 card among the first 3, or pass"
    row = s["row"]
    assert [(o.text, o.label, o.group) for o in decision.options] == [
        ("take 1", f"1. {row[0]}", "market"), ("take 2", f"2. {row[1]}", "market"),
        ("take 3", f"3. {row[2]}", "market"), ("pass", "Buy nothing", "finish")]


def test_the_movement_tree_is_cut_past_its_node_budget() -> None:
    from games.rules.five_tribes.movement import movement_tree

    s = position(meeples={"C3": "YWGBRYWG", "A1": "Y", "F3": "W", **ESCAPE})
    whole = movement_tree(s)
    assert not whole["cut"] and leaves(whole)
    small = movement_tree(s, budget=50)
    assert small["cut"] and small["starts"] == whole["starts"]
    assert "null" in json.dumps(small["tree"])


# -- skip_move and reply_moves ---------------------------------------------------------------


def test_skip_move_passes_where_the_rulebook_allows_and_nowhere_else() -> None:
    seen: Counter[str] = Counter()
    for n in (2, 3):
        for s, seat in positions(n, 7):
            skip = RULES.skip_move(s, seat)
            for other in range(n):
                if other != seat:
                    assert RULES.skip_move(s, other) is None
            step = "bid" if s["phase"] == "bid" else s["turn"]["step"]
            if skip is None:
                compulsory = step in ("bid", "sibittis") or (step == "move" and s["turn"]["can_move"]) or (
                    step == "kill" and not accepted(s, seat, {"t": "pass"}))
                assert compulsory, (step, s["turn"])
            else:
                assert accepted(s, seat, skip), (step, skip)
                assert skip["t"] in ("pass", "done", "builders", "palm", "palace")
                assert skip.get("fakirs", 0) == 0 and "tile" not in skip
            seen[f"{step}:{skip is not None}"] += 1
    assert {"bid:False", "move:False", "end:True", "market:True"} <= set(seen), seen


def test_skip_move_at_each_optional_step() -> None:
    s = position(meeples={"B3": "R", "C3": "R", "F3": "G", **ESCAPE}, p0={"fakirs": 1})
    s = play(s, "move B3 C3")
    assert RULES.skip_move(s, 0) == {"t": "pass"}  # F3 is only within Fakir range
    s = position(meeples={"B3": "R", "C3": "R", "D3": "G", **ESCAPE})
    s = play(s, "move B3 C3")
    assert RULES.skip_move(s, 0) is None  # D3 is within reach: the kill is compulsory
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("oasis", 8)},
                 p0={"djinns": ["Lamia"], "fakirs": 1})
    s = play(s, "move A1 A2")
    assert RULES.skip_move(s, 0) == {"t": "palm"}
    s = position(meeples={"A1": "Y", "F5": "W"}, p0={"djinns": ["Iblis"], "fakirs": 1})
    assert RULES.skip_move(s, 0) == {"t": "pass"}  # nobody can move: the Djinn is optional
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0={"djinns": ["Sibittis"], "elders": 2})
    s = play(s, "djinn sibittis pay elder elder")
    assert RULES.skip_move(s, 0) is None  # one of the drawn Djinns must be kept


def test_reply_moves_split_lines_and_semicolons() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE})
    assert RULES.reply_moves(s, 0, ["move A1 A2; pass", " sell fish ;", "done"]) == [
        "move A1 A2", "pass", "sell fish", "done"]


def test_a_djinn_the_seat_holds_but_cannot_use_is_not_offered() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0={"djinns": ["Sloar", "Jafaar"], "fakirs": 0})
    decision = RULES.choices(s, 0)
    assert decision is not None and decision.options == () and not decision.complete
    assert set(DJINNS) >= {"Sloar", "Jafaar"}
