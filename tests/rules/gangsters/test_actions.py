"""The movement step: the allowance, recruiting and its timing, extortion, the Public and organized crime."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.gangsters.data import payoff

from .helpers import RULES, at_step, clear_board, events, own, play, put, through_setup


def _movement(**dice: int) -> dict:
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", "a1", s=5, f="e")
    put(state, 0, "T", "c1", s=2, f="e")
    put(state, 0, "V", "a16", s=1, f="e")
    return at_step(state, 0, "move", dice)


def test_a_gang_has_racketeer_strength_over_two_actions_one_per_piece():
    state = _movement(red=1, green=2)
    assert state["turn"]["allow"] == 2
    state = play(state, 0, "move T ICE extort")
    with pytest.raises(IllegalMove, match="your Thug has already acted this turn"):
        play(state, 0, "recruit T 1")
    state = play(state, 0, "move R b1 c1")
    with pytest.raises(IllegalMove, match="you have used all 2 of your moves"):
        play(state, 0, "recruit V 1")


def test_a_recruit_is_paid_and_takes_effect_after_the_movement():
    state = _movement(green=4, red=2)
    cash = state["gangs"][0]["cash"]
    state = play(state, 0, "recruit R 1")  # level 6 x $100 x green 4
    assert state["turn"]["recruits"]["R"] == {"n": 1, "cost": 2400, "f": None}
    assert state["gangs"][0]["pieces"]["R"]["s"] == 5 and state["turn"]["allow"] == 2  # no extra action now
    assert state["gangs"][0]["cash"] == cash
    refusal = "5 Thug strength costs \\$5000 \\(red die x 2\\) and you have \\$2600"
    with pytest.raises(IllegalMove, match=refusal):
        play(state, 0, "recruit T 5")  # levels 3 to 7: $2,500 x red 2, with $2,400 already committed
    after = play(state, 0, "done")
    assert after["gangs"][0]["pieces"]["R"]["s"] == 6
    assert after["gangs"][0]["cash"] == cash - 2400


def test_a_piece_recruited_back_from_nothing_comes_on_at_its_dies_subway():
    state = _movement(black=5)
    state["gangs"][0]["pieces"]["V"].update(s=0, at=None, f=None)
    with pytest.raises(IllegalMove, match="say which way it faces"):
        play(state, 0, "recruit V 1")
    state = play(state, 0, "recruit V 1 facing w")
    after = play(state, 0, "done")
    assert after["gangs"][0]["pieces"]["V"] == {"s": 1, "at": "h4", "f": "w", "c": False}  # subway 5


def test_a_racketeer_of_strength_one_may_only_recruit_racketeer_strength():
    state = _movement(green=1)
    state["gangs"][0]["pieces"]["R"]["s"] = 1
    state["turn"]["step"] = "move_start"
    from games.rules.gangsters import rounds

    rounds.advance(state)
    assert state["turn"]["lone"] and state["turn"]["allow"] == 0
    with pytest.raises(IllegalMove, match="only recruit Racketeer strength"):
        play(state, 0, "move T ICE extort")
    assert play(state, 0, "recruit R 2")["turn"]["recruits"]["R"]["cost"] == 500


def test_extortion_in_an_unowned_building_pays_and_turns_the_piece_criminal():
    state = _movement(red=1)
    after = play(state, 0, "move T ICE extort")
    assert after["gangs"][0]["cash"] == state["gangs"][0]["cash"] + 200  # $100 per Thug point
    assert after["gangs"][0]["pieces"]["T"]["c"] is True and after["crime"] == 1
    with pytest.raises(IllegalMove, match="only a Thug or a Vamp extorts, in a building no one owns"):
        play(state, 0, "move T d1 extort")


def test_a_criminal_extorter_may_extort_again_without_moving_but_a_normal_one_may_not():
    state = _movement()
    put(state, 0, "T", "ICE", s=2, c=True)
    after = play(state, 0, "extort T")
    assert events(after, "extort")[-1]["amount"] == 200
    put(state, 0, "T", "ICE", s=2, c=False)
    with pytest.raises(IllegalMove, match="only while it is still criminal"):
        play(state, 0, "extort T")


def test_one_new_public_a_turn_at_the_white_subway_or_straight_into_a_one_jump_joint():
    state = _movement(white=4)
    own(state, 0, "BRI", level=2)
    texts = [o.text for o in RULES.choices(state, 0).options if o.group == "newpublic"]
    assert texts == ["public in n", "public in e", "public in s", "public in w", "public in BRI"]
    after = play(state, 0, "public in BRI")
    (pid,) = [int(k) for k in after["public"]]
    assert after["public"][str(pid)] == {"at": "BRI", "f": None}
    with pytest.raises(IllegalMove, match="one new Public a turn"):
        play(after, 0, "public in n")
    # At the end of the movement the joint pays: half its face value x level x the Public's multiplier.
    done = play(after, 0, "done")
    (paid,) = events(done, "payoff")
    from games.rules.gangsters.data import PUBLIC

    assert paid["total"] == payoff(500, 2, PUBLIC[pid]) == 500 * PUBLIC[pid]
    assert done["joints"]["BRI"]["crim"] is True or done["joints"]["BRI"]["owner"] is None


def test_a_paying_joint_shows_its_criminal_side_until_its_owner_plays_again():
    state = _movement()
    own(state, 0, "BRI")
    state["public"] = {"9": {"at": "BRI", "f": None}}
    done = play(state, 0, "done")
    assert done["joints"]["BRI"]["crim"] is True
    assert events(done, "payoff")[0]["paid"] == [[9, "BRI", payoff(500, 1, 3)]]


def test_public_beside_a_criminal_leave_after_paying():
    state = _movement(red=1)
    own(state, 0, "BRI")
    state["public"] = {"5": {"at": "BRI", "f": None}}
    put(state, 0, "T", "BRI", s=2, c=True)  # the owner's criminal Thug inside (CLAR 6.6)
    state["turn"]["acted"] = ["T"]
    done = play(state, 0, "done")
    assert events(done, "payoff")[0]["total"] == payoff(500, 1, 2)
    assert done["public"] == {} and events(done, "public_flee")[0]["public"] == [5]
