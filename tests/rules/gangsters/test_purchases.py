"""Purchases before the dice: where the Racketeer began the turn, one level a turn, the level cap."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.gangsters.data import improve_cost

from .helpers import RULES, at_step, clear_board, events, own, play, put, through_setup


def _buy_step(where: str, cash: int = 5000) -> dict:
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", where, s=4)
    state["gangs"][0]["cash"] = cash
    return at_step(state, 0, "buy")


def test_the_racketeer_buys_the_unowned_joint_it_began_the_turn_in():
    state = _buy_step("BRI")
    assert RULES.to_act(state) == [0]
    texts = [o.text for o in RULES.choices(state, 0).options]
    assert texts == ["buy BRI", "roll"]
    after = play(state, 0, "buy BRI")
    assert after["joints"]["BRI"] == {"owner": 0, "level": 1, "crim": False}
    assert after["gangs"][0]["cash"] == 4500
    # Nothing more to buy: the dice are rolled and the turn goes on by itself.
    assert after["dice"] is not None and after["turn"]["step"] in ("cop", "move")
    with pytest.raises(IllegalMove, match="purchases are made where your Racketeer began the turn"):
        play(state, 0, "buy BUS")


def test_a_joint_is_raised_one_level_a_turn_up_to_the_joints_of_its_colour_owned():
    state = _buy_step("BRI")
    own(state, 0, "BRI")
    assert [o.text for o in RULES.choices(state, 0).options] == ["roll"]  # one green joint: cap 1
    own(state, 0, "BUS", "TAY")
    state["turn"]["step"] = "start"
    from games.rules.gangsters import rounds

    rounds.advance(state)
    assert [o.text for o in RULES.choices(state, 0).options] == ["improve BRI", "roll"]
    after = play(state, 0, "improve BRI")
    assert after["joints"]["BRI"]["level"] == 2
    assert after["gangs"][0]["cash"] == 5000 - improve_cost(500, 2)
    assert events(after, "improve")[-1]["cost"] == 500
    # One level per turn: the step is over and the dice are rolled.
    assert after["turn"]["step"] != "buy"


def test_without_cash_nothing_is_offered_and_the_dice_roll_at_once():
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", "BRI", s=4)
    state["gangs"][0]["cash"] = 100
    state["turn"] = None
    from games.rules.gangsters import rounds

    state["turn"] = rounds.new_turn(0)
    state["order"] = [0, 1]
    state["index"] = 0
    rounds.advance(state)
    assert state["dice"] is not None and state["turn"]["step"] != "buy"
