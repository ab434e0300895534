"""The cop portion, bribes and stops, raids, police shootouts, shift changes and the crime level."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.gangsters import police

from .helpers import RULES, at_step, clear_board, events, fixed_dice, own, play, put, through_setup


def _cop_step(players: int = 3, **dice: int) -> dict:
    state = through_setup(players)
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    return at_step(state, 0, "cop", dice)


def test_a_cop_comes_on_only_while_the_cops_on_patrol_are_no_more_than_the_crime_level():
    state = _cop_step(blue=4)
    assert police.may_introduce(state)  # crime 0, no cop out: one may come
    after = play(state, 0, "cop in w")
    (cop,) = after["cops"].values()
    assert cop == {"at": "k10", "f": "w"}  # subway 4
    state["cops"] = {"5": {"at": "a7", "f": "n"}}
    assert not police.may_introduce(state)
    with pytest.raises(IllegalMove, match="no cop may come on: 1 on patrol at crime level 0"):
        play(state, 0, "cop in w")
    state["crime"] = 1
    assert police.may_introduce(state)


def test_a_new_cop_may_go_straight_into_a_one_jump_joint_that_is_a_crime_scene_and_raid_it():
    state = _cop_step(blue=4)
    own(state, 1, "BRI", level=2)
    state["public"] = {"7": {"at": "BRI", "f": None}}
    with pytest.raises(IllegalMove, match="facing n, e, s or w"):
        play(state, 0, "cop in BRI")  # not a crime scene
    state["joints"]["BRI"]["crim"] = True  # P2 collected there last turn
    after = play(state, 0, "cop in BRI")
    assert after["joints"]["BRI"] == {"owner": 1, "level": 1, "crim": False}
    assert after["public"] == {}
    (raid,) = events(after, "raid")
    assert raid["joint"] == "BRI" and raid["public"] == [7] and not raid["lost"]
    # At the end of the turn the raiding cop goes back to the cup.
    done = play(after, 0, "done")
    assert done["cops"] == {}


def test_a_raid_on_a_level_1_joint_costs_the_owner_the_joint():
    state = _cop_step(blue=2)
    own(state, 1, "HUF")
    state["joints"]["HUF"]["crim"] = True
    state["cops"] = {"3": {"at": "a1", "f": "s"}}
    # HUF stands at b2 with doors on b1 and a2.
    assert ["a2", "HUF"] in list(police.cop_paths(state, 3).all())
    after = play(state, 0, "cop 3 a2 HUF")
    assert after["joints"]["HUF"]["owner"] is None
    assert events(after, "raid")[0]["lost"] is True


def test_cops_keep_out_of_buildings_without_a_crime():
    state = _cop_step(blue=2)
    state["cops"] = {"3": {"at": "a1", "f": "s"}}
    with pytest.raises(IllegalMove, match="may not end its move inside HUF"):
        play(state, 0, "cop 3 a2 HUF")
    own(state, 1, "HUF")
    with pytest.raises(IllegalMove, match="may not end its move inside HUF"):
        play(state, 0, "cop 3 a2 HUF")  # owned, but showing no crime
    put(state, 1, "T", "HUF", s=1, c=True)  # a criminal inside makes it a crime scene
    assert play(state, 0, "cop 3 a2 HUF")["cops"]["3"]["at"] == "HUF"


def test_a_bribe_costs_100_times_blue_and_only_its_buyer_learns_which():
    state = _cop_step(blue=3)
    after = play(state, 0, "bribe")
    g = after["gangs"][0]
    assert g["cash"] == 4700 and len(g["bribes"]) == 1
    marker = g["bribes"][0]
    assert marker not in after["bribe_cup"] and len(after["bribe_cup"]) == 9
    move = RULES.parse_move(state, 0, "bribe")
    assert f"bribe {marker}" in RULES.narrate(state, 0, move, after, 0) or "UNTouchables" in RULES.narrate(
        state, 0, move, after, 0)
    for viewer in (1, 2, None):
        told = RULES.narrate(state, 0, move, after, viewer)
        assert "bought a bribe for $300" in told and "(bribe" not in told
        seen = RULES.view(after, viewer)
        assert seen["gangs"][0]["bribes"] is None and seen["gangs"][0]["bribe_count"] == 1
        assert seen["gangs"][0]["cash"] is None
        assert "marker" not in [k for e in seen["events"] for k in e if e["k"] == "bribe"]


def test_the_holder_of_a_cops_bribe_may_stop_its_move():
    state = _cop_step(blue=2)
    state["cops"] = {"4": {"at": "d7", "f": "s"}}
    state["gangs"][2]["bribes"] = [4]
    state["bribe_cup"].remove(4)
    asked = play(state, 0, "cop 4 d8 d9")
    assert RULES.to_act(asked) == [2]
    assert RULES.phase_label(asked, 2).startswith("stop cop 4?")
    stopped = play(asked, 2, "stop")
    assert stopped["cops"]["4"] == {"at": "d7", "f": "s"}
    assert stopped["gangs"][2]["bribes"] == [] and 4 in stopped["bribe_cup"]
    assert RULES.to_act(stopped) == [0] and stopped["turn"]["step"] == "move"
    allowed = play(asked, 2, "allow")
    assert allowed["cops"]["4"]["at"] == "d9"
    # The mover's own bribe never stops its move.
    state["gangs"][2]["bribes"] = []
    state["gangs"][0]["bribes"] = [4]
    assert RULES.to_act(play(state, 0, "cop 4 d8 d9")) == [0]


def test_a_cop_that_rides_the_subway_changes_shift():
    state = _cop_step(blue=2)
    state["cops"] = {"4": {"at": "b4", "f": "e"}}
    after = play(state, 0, "cop 4 n4 o4")
    (shift,) = events(after, "shift")
    assert shift["cop"] == 4 and shift["new"] != 4
    assert list(after["cops"]) == [str(shift["new"])]
    assert after["cops"][str(shift["new"])] == {"at": "o4", "f": "e"}


def test_cops_fight_criminal_pieces_and_the_active_gang_assigns_the_hits(monkeypatch):
    state = _cop_step(blue=1)
    state["cops"] = {"2": {"at": "d7", "f": "s"}}
    put(state, 1, "T", "d9", s=2, c=True)
    put(state, 2, "V", "d9", s=1, c=True)
    put(state, 2, "R", "d9", s=3, c=False)  # normal side: not a target
    state = play(state, 0, "cop 2 d8")
    state["cops"]["2"] = {"at": "d9", "f": "s"}  # as if it had come this far
    fixed_dice(monkeypatch, [5, 6])
    asked = play(state, 0, "done")
    assert asked["turn"]["step"] == "assign" and RULES.to_act(asked) == [0]
    options = [o.text for o in RULES.choices(asked, 0).options]
    assert options == ["assign P2 T 2", "assign P2 T 1 P3 V 1"]
    after = play(asked, 0, "assign P2 T 1 P3 V 1")
    assert after["gangs"][1]["pieces"]["T"]["s"] == 1
    assert after["gangs"][2]["pieces"]["V"]["s"] == 0 and after["gangs"][2]["pieces"]["V"]["at"] is None
    assert after["gangs"][2]["pieces"]["R"]["s"] == 3
    assert after["cops"] == {}  # the cop that fought went back to the cup


def test_the_crime_level_rises_with_crimes_and_falls_each_round():
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    put(state, 0, "T", "c1", s=2, f="e")
    at_step(state, 0, "move", {"red": 1})
    after = play(state, 0, "move T ICE extort")
    assert after["crime"] == 1
    after["crime"] = 9
    from games.rules.gangsters import rounds

    rounds.end_round(after)
    assert after["crime"] == 8


def test_a_gang_may_show_a_bribe_it_holds_and_it_stays_held():
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    state["gangs"][0]["bribes"] = [6]
    at_step(state, 0, "move")
    assert "show 6" in [o.text for o in RULES.choices(state, 0).options]
    after = play(state, 0, "show 6")
    assert after["gangs"][0]["shown"] == [6] and after["gangs"][0]["bribes"] == [6]
    assert RULES.view(after, 1)["gangs"][0]["shown"] == [6]
    assert RULES.narrate(state, 0, {"a": "show", "bribe": 6}, after, 1) == "{seat0} showed bribe 6"
    with pytest.raises(IllegalMove, match="you can show only a bribe you hold"):
        play(state, 0, "show 7")
