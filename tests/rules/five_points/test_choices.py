"""choices: the awaited seat's decision with legal options and the products in ``detail``; skip_move."""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest

from games.rules.base import canonical_json
from games.rules.five_points import RULES

from .helpers import bid, blank, building, pass_all, put

FILLER = ["vote1a", "vote1b", "vote1c", "vote2a"]


def expand(decision: Any) -> list[dict[str, Any]]:
    """Every move a decision stands for: its options, and for an incomplete one the product in ``detail``."""
    moves = [o.move for o in decision.options]
    detail = decision.detail
    if decision.kind == "place":
        for b in detail["bids"]:
            for amount in range(b["min"], b["max"] + 1):
                moves += [{"action": "place", "tile": t, "marker": b["marker"], "bid": amount}
                          for t in detail["tiles"]]
    elif decision.kind == "smuggle":
        moves += [{"action": "smuggle", "seat": s["player"] - 1, "from": s["tile"], "to": t}
                  for s in detail["sources"] for t in detail["tiles"] if t != s["tile"]]
    return moves


def positions(players: int, games: int) -> Iterator[tuple[dict[str, Any], int, str]]:
    """Every position of some seeded random games, with the awaited seat and the seed."""
    for game in range(games):
        seed = f"choices-seed-{players}-{game}-fedcba9876543210"
        state = RULES.setup(players, {}, seed)
        rng = random.Random(game)
        while RULES.to_act(state):
            seat = RULES.to_act(state)[0]
            yield state, seat, seed
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_decisions_offer_exactly_the_legal_moves(players: int) -> None:
    kinds: set[str] = set()
    rng = random.Random(players)
    for state, seat, seed in positions(players, 8):
        decision = RULES.choices(state, seat)
        assert decision is not None and decision.seat == seat and decision.prompt
        kinds.add(decision.kind)
        for other in range(players):
            if other != seat:
                assert RULES.choices(state, other) is None
        legal = [canonical_json(m) for m in RULES.legal_moves(state, seat)]
        if decision.complete:
            assert [canonical_json(o.move) for o in decision.options] == legal
        else:
            assert decision.kind in ("place", "smuggle")
        # Options and the products of detail together are exactly the legal moves, each once.
        offered = [canonical_json(m) for m in expand(decision)]
        assert sorted(offered) == sorted(legal)
        for option in decision.options:
            assert RULES.parse_move(state, seat, option.text) == option.move
            assert option.label and option.group in dict(decision.groups)
        # apply accepts the options (all of a small decision, a sample of a big one).
        options = list(decision.options)
        for option in options if len(options) <= 20 else rng.sample(options, 20):
            RULES.apply(state, seat, option.move)
        text = json.dumps(decision.to_json())
        assert seed not in text and '"rng"' not in text
        assert json.loads(text)["kind"] == decision.kind
    assert kinds >= {"place", "move_tile", "take", "special", "elect"}, kinds


def test_placement_detail_is_the_product_of_tiles_and_bids() -> None:
    state = blank(3, markers=["vote1a", "red3", "movea", "mostblue"])
    bid(state, 0, 1, 2)  # P2 leads A with 2: P1 must add 3
    bid(state, 1, 0, 1)  # P1 leads B already: 1 more keeps the lead
    bid(state, 2, 2, 5)  # P3 leads C with 5: out of P1's reach (5 to bid at most)
    decision = RULES.choices(state, 0)
    assert decision.kind == "place" and not decision.complete
    assert [o.text for o in decision.options] == [f"place {t}" for t in range(1, 12)] + ["pass"]
    assert decision.options[5].label == "tile 6 (C3, blue)" and decision.options[-1].label == "Pass"
    assert decision.groups == (("place", "Place a rabble"), ("pass", "Pass"))
    assert decision.detail == {
        "tiles": list(range(1, 12)), "hq": 6, "last_turn": False, "pass": True,
        "bids": [{"marker": "A", "label": "+1 vote", "min": 3, "max": 5},
                 {"marker": "B", "label": "+3 votes in red", "min": 1, "max": 5},
                 {"marker": "D", "label": "4 VP for most blue", "min": 1, "max": 5}],
    }
    state["hq"][0] = 1  # one rabble: it can be placed, nothing can be bid
    decision = RULES.choices(state, 0)
    assert decision.complete and decision.detail["bids"] == []


def test_choice_decisions_in_the_election_phase() -> None:
    state = blank(3, markers=["movea"] + FILLER[:3])
    bid(state, 0, 1, 1)
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    decision = RULES.choices(state, 1)
    assert decision.kind == "move_tile" and decision.complete
    assert decision.prompt == ("Move a neighbourhood to an empty cell next to another one, or skip "
                               "(marker A (move a neighbourhood))")
    assert decision.options[0].text == "skip" and decision.options[0].group == "skip"
    assert decision.detail["source"] == "marker A (move a neighbourhood)" and decision.detail["skip"] is True
    assert "B5" in decision.detail["targets"]["4"] and "F2" not in decision.detail["targets"]["4"]
    assert sum(len(c) for c in decision.detail["targets"].values()) == len(decision.options) - 1
    assert RULES.choices(state, 0) is None

    state = blank(3, markers=FILLER)
    put(state, 6, 0, rabble=2)
    put(state, 8, 1, rabble=2)
    put(state, 10, 2, rabble=2)
    state = pass_all(state)
    decision = RULES.choices(state, 2)
    assert decision.kind == "elect"
    assert decision.detail == {"source": "tied neighbourhoods", "tiles": [6, 8, 10], "count": 2}
    assert [o.text for o in decision.options][:2] == ["elect 6 8", "elect 6 10"]
    assert decision.options[0].label == "tile 6 then tile 8" and len(decision.options) == 6


def test_smuggler_decision_lists_skip_and_describes_the_rest() -> None:
    state = blank(3, markers=FILLER)
    building(state, 2, "smuggler")
    put(state, 2, 0, rabble=1)
    put(state, 6, 1, rabble=2)
    state = pass_all(state)
    decision = RULES.choices(state, 0)
    assert decision.kind == "smuggle" and not decision.complete
    assert [o.text for o in decision.options] == ["skip"]
    assert decision.detail == {"source": "Smuggler's Tunnel", "skip": True, "tiles": list(range(1, 12)),
                               "sources": [{"player": 1, "tile": 2, "rabble": 1},
                                           {"player": 2, "tile": 6, "rabble": 2}]}


# -- skip_move -----------------------------------------------------------------------------------
def test_skip_move_passes_in_placement_and_skips_optional_effects_only() -> None:
    state = blank(3, markers=["movea", "controla"] + FILLER[:2])
    assert RULES.skip_move(state, 0) == {"action": "pass"}
    assert RULES.skip_move(state, 1) is None  # not awaited
    bid(state, 0, 1, 1)
    bid(state, 1, 2, 1)
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    assert state["pending"]["kind"] == "move_tile"
    assert RULES.skip_move(state, 1) == {"action": "skip"}
    state = RULES.apply(state, 1, RULES.skip_move(state, 1))
    assert state["pending"]["kind"] == "take"
    assert RULES.skip_move(state, 2) is None  # a control marker must be taken: the default move plays


def test_skip_move_is_legal_wherever_it_is_offered() -> None:
    offered: set[str] = set()
    for players in (3, 4, 5):
        for state, seat, _ in positions(players, 4):
            move = RULES.skip_move(state, seat)
            kind = state["pending"]["kind"] if state["phase"] == "resolution" else "placement"
            if move is None:
                assert kind in ("take", "special", "elect")
                continue
            offered.add(kind)
            assert move in list(RULES.legal_moves(state, seat))
            RULES.apply(state, seat, move)
    assert offered == {"placement", "move_tile", "smuggle"}
