"""The placement phase: placing, bidding (must lead), passing, the pass table, the last turn."""

from __future__ import annotations

import copy

import pytest

from games.rules.base import IllegalMove
from games.rules.five_points import RULES

from .helpers import bid, blank, pass_all, play, rabble


def test_place_moves_a_rabble_from_hq_and_turn_goes_clockwise() -> None:
    state = blank(3)
    before = copy.deepcopy(state)
    after = play(state, "place 5")
    assert state == before  # apply never mutates its input
    assert rabble(after, 5) == [1, 0, 0]
    assert after["hq"] == [5, 6, 6]
    assert RULES.to_act(after) == [1]
    after = play(after, "place 5", "pass", "place 1")
    assert rabble(after, 5) == [1, 1, 0]
    assert rabble(after, 1) == [1, 0, 0]
    assert RULES.to_act(after) == [1]  # seat 2 passed: seat 0 -> seat 1


def test_bid_takes_rabble_from_hq_and_must_lead() -> None:
    state = blank(3, markers=["vote1a", "vote2a", "red3", "movea"])
    state = play(state, "place 1 bid 2 on marker B")
    assert state["bids"][1] == [2, 0, 0]
    assert state["hq"][0] == 3
    with pytest.raises(IllegalMove) as err:
        play(state, "place 2 bid 2 on B")
    assert str(err.value) == (
        "marker B has a bid of 2; with 0 already there you must add at least 3 to lead (bid 3 or more on marker B)"
    )
    state = play(state, "place 2 bid 3 on B")
    assert state["bids"][1] == [2, 3, 0]


def test_own_bid_can_be_raised_to_retake_the_lead() -> None:
    state = blank(3, markers=["vote1a", "vote2a", "red3", "movea"])
    bid(state, 0, 0, 1)
    bid(state, 0, 1, 3)
    with pytest.raises(IllegalMove, match="with 1 already there you must add at least 3"):
        play(state, "place 1 bid 2 on A")
    state = play(state, "place 1 bid 3 on A")
    assert state["bids"][0] == [4, 3, 0]
    # the leader may add more too
    state = play(state, "pass", "pass")
    assert state["last_turn"] and RULES.to_act(state) == [0]


def test_bid_cannot_exceed_the_hq_after_the_placed_rabble() -> None:
    state = blank(3, markers=["vote1a", "vote2a", "red3", "movea"])
    state["hq"][0] = 3
    with pytest.raises(IllegalMove) as err:
        play(state, "place 1 bid 3 on A")
    assert str(err.value) == "you have 3 rabble on your HQ: one to place leaves 2 to bid, not 3 (bid at most 2)"


def test_bad_tile_and_marker_are_explained() -> None:
    state = blank(3, markers=["vote1a", "vote2a", "red3", "movea"])
    with pytest.raises(IllegalMove, match=r"there is no neighbourhood 12 \(tiles are numbered 1 to 11\)"):
        RULES.apply(state, 0, {"action": "place", "tile": 12})
    with pytest.raises(IllegalMove, match=r"there is no marker 'E' \(markers A, B, C, D\)"):
        RULES.apply(state, 0, {"action": "place", "tile": 1, "marker": "E", "bid": 1})
    with pytest.raises(IllegalMove, match=r"it is not your turn \(waiting for seat 1\)"):
        RULES.apply(state, 1, {"action": "pass"})
    with pytest.raises(IllegalMove, match="in the placement phase you place a rabble or pass"):
        RULES.apply(state, 0, {"action": "take", "colour": "red"})


@pytest.mark.parametrize(
    "n, order, table",
    [
        (3, [1, 2, 0], [6, 4, 2]),
        (4, [2, 0, 3, 1], [6, 5, 4, 2]),
        (5, [4, 1, 0, 3, 2], [7, 6, 5, 4, 2]),
    ],
)
def test_pass_table(n: int, order: list[int], table: list[int]) -> None:
    """Earlier passers retrieve more rabble from the boroughs (rulebook table)."""
    state = blank(n)
    # Seats place on tile 1 until it is their turn to pass in the chosen order.
    for seat in order[:-1]:
        while RULES.to_act(state) != [seat]:
            state = RULES.apply(state, RULES.to_act(state)[0], {"action": "place", "tile": 1})
        state = RULES.apply(state, seat, {"action": "pass"})
    assert state["last_turn"] and RULES.to_act(state) == [order[-1]]
    state = play(state, "place 1")  # the single extra turn, then an automatic pass
    expected = [
        f"P{seat + 1} passed {position + 1}{'stndrd'[2 * position:2 * position + 2] if position < 3 else 'th'}: "
        f"{table[position]} rabble from the boroughs to the HQ"
        for position, seat in enumerate(order)
    ]
    assert state["log"][:n] == expected


def test_pass_table_is_limited_by_the_boroughs() -> None:
    state = blank(3)
    state["boroughs"] = [3, 11, 11]
    state = pass_all(state)
    assert state["log"][0] == "P1 passed 1st: 3 rabble from the boroughs to the HQ"
    assert state["boroughs"][0] == 0
    assert state["hq"][0] == 6 + 3


def test_last_player_gets_one_more_turn_then_passes() -> None:
    state = blank(3)
    state = play(state, "pass", "pass")  # seats 0 and 1 pass
    assert RULES.to_act(state) == [2] and state["last_turn"]
    assert "This is your single last turn" in RULES.describe(state, 2)
    state = play(state, "place 4")
    assert state["round"] == 2 and state["phase"] == "placement"
    assert state["log"][2] == "P3 passed 3rd: 2 rabble from the boroughs to the HQ"
    assert rabble(state, 4) == [0, 0, 0]  # tile 4 held the only rabble: it voted and was cleared
    assert state["tiles"][3]["bosses"] == [0, 0, 1]


def test_last_player_may_also_bid_on_the_extra_turn() -> None:
    state = blank(3, markers=["vote1a", "vote2a", "red3", "movea"])
    state = play(state, "place 1", "pass", "pass")
    assert RULES.to_act(state) == [0] and state["last_turn"]
    state = play(state, "place 1 bid 1 on marker A")
    assert state["log"][2].startswith("P1 passed 3rd")
    assert state["round"] == 2


def test_empty_hq_passes_automatically() -> None:
    state = blank(3)
    state["hq"] = [6, 0, 6]
    state = play(state, "place 1")
    assert RULES.to_act(state) == [2]
    assert state["passed"] == [1]
    with pytest.raises(IllegalMove, match=r"you have no rabble on your HQ to place \(`pass`\)"):
        s2 = dict(state, current=1, passed=[])
        RULES.apply(s2, 1, {"action": "place", "tile": 1})


def test_placement_samples_are_the_first_and_last_of_every_legal_move_in_order() -> None:
    """Example moves pick from the legal placements without listing them all: the same picks as the list."""
    import random

    from games.rules import get_rules
    from games.rules.five_points import movegen

    rules = get_rules("five_points")
    compared = 0
    for game in range(12):
        rng = random.Random(game)
        state = rules.setup(3 + game % 3, {}, f"samples-{game}")
        while awaited := rules.to_act(state):
            seat = awaited[0]
            if state["phase"] == "placement" and seat == state["current"]:
                moves = list(movegen.legal_moves(state, seat))
                plain = [m for m in moves if m["action"] == "place" and "bid" not in m]
                bids = [m for m in moves if "bid" in m]
                assert movegen.placement_samples(state, seat) == plain[:2] + bids[:1] + bids[-1:] + [{"action": "pass"}]
                compared += 1
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
    assert compared > 200
