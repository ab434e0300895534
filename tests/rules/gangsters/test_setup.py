"""Set-up: the drawn order of joint purchases, exactly three joints, the sealed gang orders."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, MoveParseError

from .helpers import RULES, events, play, setup_game


def test_joints_are_bought_one_at_a_time_in_a_drawn_order_three_each():
    state = setup_game(3, seed="order")
    order = state["order"]
    assert sorted(order) == [0, 1, 2]
    assert events(state, "pick_order")[0]["order"] == order
    picks = []
    while state["phase"] == "picks":
        seat = RULES.to_act(state)[0]
        picks.append(seat)
        option = RULES.choices(state, seat).options[0]
        state = RULES.apply(state, seat, option.move)
    assert picks == order * 3
    assert state["first"] == order[0]
    for seat in range(3):
        assert sum(1 for j in state["joints"].values() if j["owner"] == seat) == 3
    assert state["phase"] == "gangs" and RULES.to_act(state) == [0, 1, 2]


def test_a_pick_keeps_enough_cash_for_the_remaining_picks():
    state = setup_game(2, seed="cash")
    seat = RULES.to_act(state)[0]
    # $1,100 minus the two cheapest joints left ($100 + $100) leaves $900 for the first pick.
    offered = {o.move["joint"] for o in RULES.choices(state, seat).options}
    assert "HAV" not in offered  # $1,000
    assert "MID" in offered  # $700
    with pytest.raises(IllegalMove, match="HAV costs \\$1000, more than you can spend"):
        play(state, seat, "buy HAV")
    after = play(state, seat, "buy MID")
    assert after["gangs"][seat]["cash"] == 400
    with pytest.raises(IllegalMove, match="MID is already owned"):
        play(after, RULES.to_act(after)[0], "buy MID")


def _picked(players: int = 2, seed: str = "orders") -> dict:
    state = setup_game(players, seed=seed)
    while state["phase"] == "picks":
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.choices(state, seat).options[-1].move)
    return state


def test_gang_orders_are_sealed_and_revealed_together():
    state = _picked()
    mine = [c for c, j in state["joints"].items() if j["owner"] == 0]
    text = f"gang R5 {mine[0]} T2 {mine[1]} V1 {mine[0]}"
    after = play(state, 0, text)
    assert RULES.to_act(after) == [1]
    other = RULES.view(after, 1)
    assert other["orders"] == {} and other["ordered"] == [0] and other["gangs"][0]["pieces"]["R"]["s"] == 0
    told = RULES.narrate(state, 0, RULES.parse_move(state, 0, text), after, 1)
    assert told == "{seat0} placed their gang order"
    assert text in RULES.narrate(state, 0, RULES.parse_move(state, 0, text), after, 0)
    theirs = [c for c, j in state["joints"].items() if j["owner"] == 1]
    done = play(after, 1, f"gang R4 {theirs[0]} T4 {theirs[0]} V1 {theirs[2]}")
    assert done["phase"] == "play"
    g0 = done["gangs"][0]
    assert {k: (p["s"], p["at"]) for k, p in g0["pieces"].items()} == {"R": (5, mine[0]), "T": (2, mine[1]),
                                                                      "V": (1, mine[0])}
    # The gang purse is separate: $2,100, and what is not spent is kept ($1,500 + $300 + $100 spent).
    assert g0["cash"] == state["gangs"][0]["cash"] + 2100 - 1900
    assert done["gangs"][1]["cash"] == state["gangs"][1]["cash"] + 2100 - 2100


def test_a_gang_order_is_checked():
    state = _picked()
    mine = [c for c, j in state["joints"].items() if j["owner"] == 0]
    with pytest.raises(IllegalMove, match="at most one Vamp point"):
        play(state, 0, f"gang R5 {mine[0]} V2 {mine[0]}")
    with pytest.raises(IllegalMove, match="costs \\$2200, more than the \\$2100 gang purse"):
        play(state, 0, f"gang R6 {mine[0]} V1 {mine[0]}")
    with pytest.raises(IllegalMove, match="needs a Racketeer"):
        play(state, 0, f"gang T3 {mine[0]}")
    with pytest.raises(IllegalMove, match="must start in one of your joints"):
        play(state, 0, "gang R5 BRI" if "BRI" not in mine else "gang R5 HAV")
    with pytest.raises(MoveParseError):
        play(state, 0, f"gang R5 {mine[0]} R2 {mine[1]}")
