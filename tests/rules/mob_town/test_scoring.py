"""Scoring (l.63-78): properties, agendas and their tie-break (R20-R23), the next round (R5, R6), the end."""

from __future__ import annotations

from games.rules.mob_town.data import BRIEFCASES, LAW
from games.rules.mob_town.scoring import agenda_winner, largest_block, score_round, track_position

from .helpers import RULES, chosen, play, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]


def test_each_controlled_property_scores_its_face_value_by_its_top_token():
    s = table(ROW, players=3, tokens={"res2": [0], "cas3": [1, 0], "hot1": [0, 1], "fac1": [2]},
              agendas=[["hotels", "theaters"], ["hotels", "theaters"], ["hotels", "theaters"]])
    record = score_round(s, drawer=1)
    by_seat = {e["seat"]: e for e in record["seats"]}
    assert by_seat[0]["property_points"] == 2 + 3
    assert by_seat[1]["property_points"] == 1
    assert by_seat[2]["property_points"] == 1
    assert record["order"] == [1, 2, 0]  # from the Law's drawer, in seat order (R20)
    assert s["scores"] == [5, 1 + 3, 1]  # seat 2 has the most hotels


def test_most_means_beating_everyone_and_zero_never_wins():
    s = table(ROW, players=3, tokens={"res2": [0], "cas3": [1]})
    assert agenda_winner(s, "restaurants") == 0
    assert agenda_winner(s, "casinos") == 1
    assert agenda_winner(s, "hotels") is None  # nobody controls one
    # Judged whether or not the winner holds the agenda: seat 1 holding "restaurants" scores nothing for it.


def test_a_tie_in_count_is_broken_by_the_face_values_of_the_relevant_properties():
    city = ["cas1", "cas4", "cas2", "cas3", "res1", "hot1"]
    s = table(city, players=3, tokens={"cas1": [0], "cas4": [1], "cas2": [2], "cas3": [2], "res1": [0]})
    # Casinos: seat 3 has two, more than anyone.
    assert agenda_winner(s, "casinos") == 2
    s = table(city, players=3, tokens={"cas1": [0], "cas4": [1], "cas2": [0], "cas3": [1]})
    # Two casinos each; face values 1+2 against 4+3: seat 2 wins.
    assert agenda_winner(s, "casinos") == 1
    s = table(city, players=3, tokens={"cas1": [0], "cas4": [0], "cas2": [1], "cas3": [1]})
    # 1+4 against 2+3: equal sums score nothing (R22).
    assert agenda_winner(s, "casinos") is None
    # "Different types": every typed property counts in the tie (R23): seat 1 has casino+restaurant (1+4+1),
    # seat 2 casino+hotel (2+3+1).
    s = table(city, players=2, tokens={"cas1": [0], "cas4": [0], "res1": [0], "cas2": [1], "cas3": [1], "hot1": [1]})
    assert agenda_winner(s, "types") is None
    s["city"][2]["tokens"] = []  # seat 2 loses cas2: 3+1 < 6
    assert agenda_winner(s, "types") == 0


def test_the_block_and_big_agendas():
    assert largest_block({(0, 0), (1, 0), (1, 1), (3, 3)}) == 3
    assert largest_block(set()) == 0
    s = table(ROW, players=2, tokens={"res2": [0], "cas3": [0], "the2": [1], "fac1": [1], "hot1": [1]})
    assert agenda_winner(s, "block") == 1  # three in a row against two
    assert agenda_winner(s, "big") == 0  # cas3 is the only card worth 3 or more


def test_the_last_placed_player_starts_the_next_round_and_everything_is_gathered():
    s = table(ROW, players=3, hands=[[], [], []], deck=["snakes1", LAW], tokens={"res2": [0], "cas3": [2]},
              agendas=[["hotels", "factories"]] * 3)
    s["scores"] = [10, 4, 3]
    after = play(s, 0, "draw")
    # Seat 1: 10 + 2; seat 2: 4; seat 3: 3 + 3 = 6. Seat 2 is last and starts round 2.
    assert after["scores"] == [12, 4, 6]
    assert after["first"] == 1 and after["round"] == 2
    assert after["phase"] == "agendas" and after["agendas"] == [[], [], []]
    assert all(not e["tokens"] for e in after["city"])  # a new city
    assert after["supply"] == [12, 12, 12]
    assert [len(h) for h in after["hands"]] == [3, 3, 3]
    after = chosen(after)
    assert RULES.to_act(after) == [1]


def test_a_tie_for_last_place_is_broken_by_the_games_generator():
    firsts = set()
    for index in range(12):
        s = table(ROW, players=3, hands=[[], [], []], deck=["snakes1", LAW], seed=f"tie-{index}",
                  agendas=[["hotels", "factories"]] * 3)
        s["scores"] = [5, 5, 9]
        firsts.add(play(s, 0, "draw")["first"])
    assert firsts == {0, 1}


def test_after_round_three_unused_briefcases_score_two_each_and_ties_share_victory():
    s = table(ROW, players=2, hands=[[], []], deck=["snakes1", LAW], agendas=[["hotels", "factories"]] * 2)
    s["round"] = 3
    s["scores"] = [20, 22]
    s["briefcases"] = [BRIEFCASES, 2]
    after = play(s, 0, "draw")
    assert after["phase"] == "over" and RULES.to_act(after) == []
    result = RULES.result(after)
    assert result["scores"] == [26, 26]
    assert result["winners"] == [0, 1]
    assert result["detail"]["briefcase_points"] == [6, 4]


def test_the_score_track_shows_a_marker_for_each_fifty_passed():
    assert track_position(0) == (0, 0)
    assert track_position(50) == (0, 50)
    assert track_position(51) == (1, 1)
    assert track_position(100) == (1, 50)
    assert track_position(101) == (2, 1)
