"""Mob violence: hits on pieces (with return fire), hits on joints (level by level), seduction."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import RULES, at_step, clear_board, events, fixed_dice, own, play, put, through_setup


def _fight(**dice: int) -> dict:
    state = through_setup(3)
    clear_board(state)
    put(state, 0, "R", "a1", s=6, f="e")
    put(state, 0, "T", "d5", s=3, f="s")
    return at_step(state, 0, "move", {"red": 1, **dice})


def test_a_thug_hits_on_5_and_6_and_its_target_fires_back(monkeypatch):
    state = _fight()
    put(state, 1, "T", "d6", s=2)
    state = play(state, 0, "move T d6 hit P2 T")
    assert state["gangs"][0]["pieces"]["T"]["c"] is True and state["crime"] == 1
    assert state["turn"]["hits"] == [{"piece": "T", "target": [1, "T"], "at": "d6"}]
    fixed_dice(monkeypatch, [5, 6, 4], [6, 1])  # attacker 3 dice (two hit), defender 2 dice (one hit)
    after = play(state, 0, "done")
    (hit,) = events(after, "hit")
    assert (hit["dealt"], hit["took"]) == (2, 1)
    assert after["gangs"][1]["pieces"]["T"] == {"s": 0, "at": None, "f": None, "c": False}
    assert after["gangs"][0]["pieces"]["T"]["s"] == 2


def test_a_racketeer_hits_only_on_6_and_a_vamp_does_not_fire_back(monkeypatch):
    state = _fight(green=1)
    put(state, 1, "V", "b1", s=1)
    state = play(state, 0, "move R b1 hit P2 V")
    fixed_dice(monkeypatch, [5, 5, 5, 5, 5, 6])
    after = play(state, 0, "done")
    (hit,) = events(after, "hit")
    assert hit["dealt"] == 1 and hit["back"] == [] and hit["took"] == 0


def test_a_thug_cannot_hit_a_vamp_and_only_rival_pieces_are_targets():
    state = _fight()
    put(state, 1, "V", "d6", s=1)
    put(state, 0, "V", "d6", s=1)
    with pytest.raises(IllegalMove, match="possible there: none"):  # a Thug does not hit Vamps
        play(state, 0, "move T d6 hit P2 V")
    with pytest.raises(IllegalMove, match="that cannot be done at d6"):
        play(state, 0, "move T d6 hit P1 V")


def test_a_joint_is_worn_down_level_by_level_and_falls_to_a_standing_attacker(monkeypatch):
    state = _fight()
    own(state, 1, "MIC", level=3)  # Mickey's Shoeshine (e6), guard 1, doors on d6 and e7
    put(state, 0, "T", "d6", s=3, f="s")
    state = play(state, 0, "move T MIC hit joint")
    # Three hits strip levels 3 and 2, the last level holds out for its guard (1): it falls.
    fixed_dice(monkeypatch, [5, 6, 6], [1, 2, 3, 4])  # joint fires level 3 + guard 1 dice
    after = play(state, 0, "done")
    assert after["joints"]["MIC"] == {"owner": 0, "level": 1, "crim": False}
    (hit,) = events(after, "hit_joint")
    assert hit["fell"] and hit["taken"] and hit["took"] == 0


def test_a_joint_that_is_not_worn_down_keeps_its_remaining_levels(monkeypatch):
    state = _fight()
    own(state, 1, "MIC", level=3)
    put(state, 0, "T", "d6", s=3, f="s")
    state = play(state, 0, "move T MIC hit joint")
    fixed_dice(monkeypatch, [5, 1, 1], [5, 5, 1, 1])
    after = play(state, 0, "done")
    assert after["joints"]["MIC"] == {"owner": 1, "level": 2, "crim": False}
    assert after["gangs"][0]["pieces"]["T"]["s"] == 1


def test_a_joint_whose_attacker_is_wiped_out_falls_to_no_one(monkeypatch):
    state = _fight()
    own(state, 1, "MIC", level=1)
    put(state, 0, "T", "d6", s=1, f="s")
    state = play(state, 0, "move T MIC hit joint")
    fixed_dice(monkeypatch, [6], [6, 1])
    after = play(state, 0, "done")
    assert after["joints"]["MIC"]["owner"] is None
    assert events(after, "hit_joint")[0]["taken"] is False


def test_a_vamp_seduces_strength_to_her_own_gang_at_once(monkeypatch):
    state = _fight(black=1)
    put(state, 0, "V", "d5", s=2, f="s")
    put(state, 1, "R", "d6", s=5)
    fixed_dice(monkeypatch, [5, 6])
    after = play(state, 0, "move V d6 seduce P2 R")
    assert after["gangs"][1]["pieces"]["R"]["s"] == 3
    assert after["gangs"][0]["pieces"]["R"]["s"] == 8
    assert after["gangs"][0]["pieces"]["V"]["c"] is True and after["crime"] == 1
    assert events(after, "seduce")[0]["moved"] == 2


def test_seduced_strength_brings_an_absent_piece_onto_the_vamps_space(monkeypatch):
    state = _fight(black=1)
    put(state, 0, "V", "d5", s=1, f="s")
    put(state, 1, "T", "d6", s=4)
    fixed_dice(monkeypatch, [6])
    state["gangs"][0]["pieces"]["T"].update(s=0, at=None)
    after = play(state, 0, "move V d6 seduce P2 T")
    assert after["gangs"][0]["pieces"]["T"] == {"s": 1, "at": "d6", "f": "s", "c": False}


def test_a_hit_lasts_the_turn_only_and_finds_no_fight_if_the_target_is_gone(monkeypatch):
    state = _fight(black=1)
    put(state, 1, "T", "d6", s=1)
    put(state, 0, "V", "d5", s=1, f="s")
    state = play(state, 0, "move T d6 hit P2 T")
    fixed_dice(monkeypatch, [5])
    state = play(state, 0, "move V d6 seduce P2 T")  # the Vamp takes the last point first
    after = play(state, 0, "done")
    assert events(after, "hit_void")[0]["why"] == "the target is gone"
    assert RULES.to_act(after) != [] and after["turn"]["seat"] != 0
