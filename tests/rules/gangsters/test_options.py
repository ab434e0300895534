"""The optional rules as game options: Heaters, Wheels, Donuts, the squirt gun, random movement order."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, OptionError
from games.rules.gangsters import movers, rounds
from games.rules.gangsters.narration import event_text

from .helpers import RULES, at_step, clear_board, events, fixed_dice, play, put, through_setup


def _in_gray(options: dict) -> dict:
    state = through_setup(2, options)
    clear_board(state)
    put(state, 0, "R", "ICE", s=4)
    return at_step(state, 0, "buy")


def test_the_options_and_their_defaults():
    keys = {o.key: o.default for o in RULES.options}
    assert keys == {"random_order": True, "heaters": False, "wheels": False, "donuts": False,
                    "squirt_gun": False, "police": False}
    with pytest.raises(OptionError, match="the Police option needs exactly five players"):
        RULES.setup(2, {"police": True}, "x")


def test_without_the_options_nothing_is_for_sale_in_a_gray_building():
    state = _in_gray({})
    assert [o.text for o in RULES.choices(state, 0).options] == ["roll"]


def test_heaters_cost_1000_and_make_the_racketeer_hit_on_4(monkeypatch):
    state = _in_gray({"heaters": True})
    assert [o.text for o in RULES.choices(state, 0).options] == ["heaters", "roll"]
    state = play(state, 0, "heaters")
    assert state["gangs"][0]["heaters"] and state["gangs"][0]["cash"] == 4000
    from games.rules.gangsters.violence import hit_number

    assert hit_number(state, 0, "R") == 4 and hit_number(state, 0, "T") == 5
    assert hit_number(state, 1, "R") == 6


def test_wheels_let_the_racketeer_move_green_or_green_white_and_blue():
    state = _in_gray({"wheels": True})
    state = play(state, 0, "wheels")
    state["dice"] = {"green": 2, "red": 1, "black": 1, "blue": 3, "white": 4}
    assert movers.piece_lengths(state, 0, "R") == (2, 9)
    assert movers.piece_lengths(state, 0, "T") == (1,)
    assert movers.piece_lengths(state, 1, "R") == (2,)


def test_donuts_send_a_cop_back_to_the_cup_for_100_times_blue():
    state = through_setup(2, {"donuts": True})
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    state["cops"] = {"6": {"at": "d7", "f": "n"}}
    at_step(state, 0, "cop", {"blue": 5})
    assert "donuts 6" in [o.text for o in RULES.choices(state, 0).options]
    after = play(state, 0, "donuts 6")
    assert after["cops"] == {} and after["gangs"][0]["cash"] == 4500
    plain = through_setup(2)
    clear_board(plain)
    put(plain, 0, "R", "a1", s=4, f="e")
    plain["cops"] = {"6": {"at": "d7", "f": "n"}}
    at_step(plain, 0, "cop", {"blue": 5})
    with pytest.raises(IllegalMove, match="Donuts are an option this game does not use"):
        play(plain, 0, "donuts 6")


def test_three_sixes_call_for_the_squirt_gun(monkeypatch):
    state = through_setup(2, {"squirt_gun": True})
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    at_step(state, 0, "buy")
    state["turn"]["step"] = "roll"
    fixed_dice(monkeypatch, [6, 6, 1, 6, 2])
    rounds.advance(state)
    (squirt,) = events(state, "squirt")
    assert squirt["seat"] == 0
    assert event_text(squirt, None) == "three sixes: {seat0} may use the squirt gun on a rival"


def test_random_movement_order_can_be_turned_off():
    state = through_setup(3, {"random_order": False})
    assert state["order"] == [(state["first"] + i) % 3 for i in range(3)]
