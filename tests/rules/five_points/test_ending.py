"""The immediate five-boss win, both end triggers, and final scoring worked by hand."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.five_points import RULES

from .helpers import blank, bosses, building, pass_all, play, put, rabble

# Map (helpers.MAP3):   B    C    D    E
#                  2    1r   2b   3g   4o
#                  3    5r   6b   7g   8o
#                  4    9r  10b  11g
FILLER = ["vote1a", "vote1b", "vote1c", "vote2a"]


def four_bosses_for_p1(state: dict) -> None:
    for tile in (1, 3, 9, 11):
        put(state, tile, 0, bosses=1)


def test_five_bosses_win_at_once_and_stop_the_other_election() -> None:
    state = blank(3, markers=FILLER)
    four_bosses_for_p1(state)
    put(state, 6, 0, rabble=3)
    put(state, 8, 1, rabble=3)
    state = play(pass_all(state), "elect 6 8")
    assert state["phase"] == "over" and RULES.to_act(state) == []
    result = RULES.result(state)
    assert result["winners"] == [0]
    assert result["detail"]["reason"] == "five bosses"
    assert rabble(state, 8) == [0, 3, 0]  # the second election never happened
    assert state["log"][-1] == "P1 has all 5 bosses on the board and wins"
    assert "P1 won with all five bosses on the board" in RULES.describe(state, None)
    with pytest.raises(IllegalMove, match="the game is over"):
        RULES.apply(state, 0, {"action": "pass"})


def test_five_bosses_win_even_in_the_last_round() -> None:
    state = blank(3, markers=FILLER)
    four_bosses_for_p1(state)
    state["end_triggered"] = True
    put(state, 6, 0, rabble=3)
    state = pass_all(state)
    assert RULES.result(state)["detail"]["reason"] == "five bosses"


def test_tied_election_can_give_two_players_their_fifth_boss() -> None:
    state = blank(3, markers=FILLER)
    four_bosses_for_p1(state)
    for tile in (2, 4, 5, 10):
        put(state, tile, 1, bosses=1)
    put(state, 6, 0, rabble=2)
    put(state, 6, 1, rabble=2)
    state = pass_all(state)
    assert RULES.result(state)["winners"] == [0, 1]


def test_empty_control_pile_ends_the_game_after_the_round() -> None:
    state = blank(3, markers=FILLER)
    state["control_supply"]["green"] = 1
    put(state, 6, 0, rabble=3)
    put(state, 7, 1, rabble=1)  # green neighbour: P2 takes the last green marker
    put(state, 8, 2, rabble=3)  # tied with 6: the second election still happens
    state = play(pass_all(state), "elect 6 8")
    assert state["control_supply"]["green"] == 0
    assert bosses(state, 8) == [0, 0, 1]  # the round was finished
    assert state["phase"] == "over"
    assert RULES.result(state)["detail"]["reason"] == "final scoring"


def test_a_boss_in_every_neighbourhood_ends_the_game() -> None:
    state = blank(3, markers=FILLER)
    owners = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]  # bosses on every tile but tile 6
    for tile, seat in zip((1, 2, 3, 4, 5, 7, 8, 9, 10, 11), owners):
        put(state, tile, seat, bosses=1)
    put(state, 6, 2, rabble=1)
    state = pass_all(state)
    assert bosses(state, 6) == [0, 0, 1]
    assert state["phase"] == "over"
    assert RULES.result(state)["detail"]["reason"] == "final scoring"


def test_game_goes_on_without_a_trigger() -> None:
    state = blank(3, markers=FILLER)
    put(state, 6, 2, rabble=1)
    state = pass_all(state)
    assert state["phase"] == "placement" and state["round"] == 2
    assert RULES.to_act(state) == [1]  # the starting player moved one seat on


def test_final_scoring_by_hand() -> None:
    state = blank(3, markers=FILLER)
    building(state, 10, "tammany")
    put(state, 10, 2, rabble=2)  # P3 holds Tammany Hall
    put(state, 10, 0, rabble=1)
    put(state, 1, 0, bosses=1)
    put(state, 2, 0, bosses=1)
    put(state, 3, 1, bosses=1)
    state["control"] = [
        {"blue": 1, "green": 1, "red": 1, "orange": 1},  # one set: 4*2 + 5 = 13
        {"blue": 2, "green": 2, "red": 2, "orange": 0},  # no set: 12
        {"blue": 2, "green": 2, "red": 2, "orange": 2},  # two sets: 16 + 10 = 26
    ]
    state["vp"] = [3, 7, 0]
    state["end_triggered"] = True
    state = pass_all(state)
    # Tile 10 held the only rabble, so it voted: P3 2 vs P1 1 -> P3 places a
    # boss; the rabble left, so nobody holds Tammany Hall at the end.
    # P1: 2 bosses (10) + 13 + 3 VP = 26
    # P2: 1 boss (5) + 12 + 7 VP = 24
    # P3: 1 boss (5) + 26 + 0 VP = 31
    result = RULES.result(state)
    assert result["scores"] == [26, 24, 31]
    assert result["winners"] == [2]
    assert result["detail"]["breakdown"][0] == {
        "bosses": 10, "control_markers": 8, "sets": 5, "victory_points": 3, "tammany_hall": 0, "total": 26,
    }


def test_final_scoring_counts_tammany_hall_and_shares_ties() -> None:
    state = blank(3, markers=FILLER)
    building(state, 10, "tammany")
    put(state, 10, 2, rabble=1)
    put(state, 1, 2, rabble=2)  # tile 1 votes instead (most rabble)
    state["vp"] = [0, 10, 0]
    state["control"][0]["red"] = 5  # 10 points
    state["end_triggered"] = True
    state = pass_all(state)
    # P3: boss on tile 1 (5) + Tammany Hall (5) = 10; P1 10; P2 10 VP: a three-way tie
    assert RULES.result(state)["scores"] == [10, 10, 10]
    assert RULES.result(state)["winners"] == [0, 1, 2]
    assert RULES.result(state)["detail"]["breakdown"][2]["tammany_hall"] == 5
