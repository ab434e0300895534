"""The competitive actions (l.41-57) and the Law ending a round at once (l.61; rulings R7-R12, R18, R19)."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.mob_town.data import LAW

from .helpers import RULES, at, play, stack, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]


def test_draw_takes_two_cards_and_play_passes_on():
    s = table(ROW, hands=[["cash"], []], deck=["snakes1", LAW, "rats1", "foxes3", "sharks2"])
    after = play(s, 0, "draw")
    assert after["hands"][0] == ["sharks2", "foxes3", "cash"]
    assert after["deck"] == ["snakes1", LAW, "rats1"]
    assert after["turn"] == 1 and RULES.to_act(after) == [1]
    assert s["hands"][0] == ["cash"]  # apply never changes its input


def test_the_law_drawn_first_gives_no_second_card_and_ends_the_round_at_once():
    s = table(ROW, hands=[["cash"], ["rats1"]], deck=["snakes1", "rats2", LAW], tokens={"res2": [0]})
    after = play(s, 0, "draw")
    assert after["round"] == 2 and after["phase"] == "agendas"
    record = after["rounds"][0]
    assert record["law"] == 0 and record["order"] == [0, 1]
    assert [e["seat"] for e in record["seats"]] == [0, 1]
    assert after["scores"][0] >= 2  # res2 is worth 2


def test_a_draw_that_turns_up_the_law_second_keeps_the_first_card():
    s = table(ROW, hands=[[], []], deck=["snakes1", LAW, "rats2"])
    after = play(s, 0, "draw")
    assert [e for e in after["events"] if e["kind"] == "draw"][0]["count"] == 1
    assert after["round"] == 2


def test_trade_one_card_for_every_lineup_card_of_a_type():
    s = table(ROW, hands=[["foxes3", "cash"], []], lineup=["sharks1", "rats2", "sharks3", "cash", "weasels1"],
              deck=["snakes1", LAW, "rats1", "foxes1", "foxes2"])
    after = play(s, 0, "trade foxes 3 for sharks")
    assert after["hands"][0] == ["sharks1", "sharks3", "cash"]
    # The given card goes into the lineup, face up (R9), and the lineup is refilled to five.
    assert after["lineup"] == ["rats2", "cash", "weasels1", "foxes3", "foxes2"]
    assert after["deck"] == ["snakes1", LAW, "rats1", "foxes1"]
    # Cash is a type too; the card given may be of the type taken.
    assert play(s, 0, "trade cash for cash")["hands"][0] == ["foxes3", "cash"]
    with pytest.raises(IllegalMove, match="the lineup shows no snakes"):
        play(s, 0, "trade foxes 3 for snakes")
    with pytest.raises(IllegalMove, match="you hold 0 rats 1"):
        play(s, 0, "trade rats 1 for sharks")


def test_a_refill_that_turns_up_the_law_keeps_what_was_taken_and_ends_the_round():
    s = table(ROW, hands=[["foxes3"], []], lineup=["sharks1", "rats2", "sharks3", "cash", "weasels1"],
              deck=["snakes1", LAW], tokens={"cas3": [0]})
    after = play(s, 0, "trade foxes 3 for sharks")
    assert after["round"] == 2
    assert after["rounds"][0]["law"] == 0
    # cas3 (3), scored on the city as it stood, and both agendas (most casinos, most types): 3 + 3 + 3.
    assert after["scores"][0] == 9


def test_cash_in_takes_two_lineup_cards_of_your_choice():
    s = table(ROW, hands=[["cash", "rats1"], []], lineup=["sharks1", "rats2", "sharks3", "cash", "weasels1"],
              deck=["snakes1", LAW, "rats1", "foxes1", "foxes2"])
    after = play(s, 0, "cash in for sharks 3, cash")
    assert after["hands"][0] == ["rats1", "sharks3", "cash"]
    assert after["discard"] == ["cash"]
    assert after["lineup"] == ["sharks1", "rats2", "weasels1", "foxes2", "foxes1"]
    with pytest.raises(IllegalMove, match="exactly 2 lineup cards"):
        play(s, 0, "cash in for sharks 3")
    with pytest.raises(IllegalMove, match="the lineup has no more sharks 3"):
        play(s, 0, "cash in for sharks 3, sharks 3")
    s["hands"][0] = ["rats1"]
    with pytest.raises(IllegalMove, match="no cash"):
        play(s, 0, "cash in for sharks 3, cash")


def test_big_money_cash_in_takes_three():
    s = table(ROW, hands=[["cash"], []], options={"big_money": True},
              lineup=["sharks1", "rats2", "sharks3", "cash", "weasels1"],
              deck=["snakes1", LAW, "rats1", "foxes1", "foxes2", "foxes3"])
    after = play(s, 0, "cash in for sharks 1, sharks 3, rats 2")
    assert after["hands"][0] == ["rats2", "sharks1", "sharks3"]
    with pytest.raises(IllegalMove, match="exactly 3 lineup cards"):
        play(s, 0, "cash in for sharks 1, sharks 3")


def test_swap_agenda_returns_one_and_takes_one_from_the_stack():
    s = table(ROW, agendas=[["casinos", "types"], ["hotels", "big"]])
    after = play(s, 0, "swap agenda casinos for hotels")
    assert after["agendas"][0] == ["types", "hotels"]
    with pytest.raises(IllegalMove, match="one of your two agendas"):
        play(s, 0, "swap agenda hotels for block")
    with pytest.raises(IllegalMove, match="from your stack"):
        play(s, 0, "swap agenda casinos for types")
    with pytest.raises(IllegalMove, match="from your stack"):
        play(s, 0, "swap agenda casinos for casinos")  # never the one just returned (R11)


def test_open_lot_spends_a_briefcase_places_the_card_along_an_edge_and_may_take_it_over():
    s = table(ROW, hands=[["sharks2", "rats1"], []], lot=["cas2", "hot4", "the1"], tokens={"fac1": [1]})
    s["unused"] = ["res4", "fac3"]
    after = play(s, 0, "open lot 1 at south of res2 and take over with sharks 2")
    assert after["briefcases"][0] == 2
    assert at(after, "cas2") == [0, 1] and stack(after, "cas2") == [0]
    assert after["lot"] == ["hot4", "the1", "fac3"]  # refilled from the face-down pile
    assert after["hands"][0] == ["rats1"]
    # Placing without taking over is allowed; the card is an ordinary city card from then on.
    placed = play(s, 0, "open lot 2 at west of res2")
    assert at(placed, "hot4") == [-1, 0] and stack(placed, "hot4") == []
    # No connection cost even far from your properties (l.56), but the value is paid exactly.
    far = table(ROW, hands=[["sharks2"], []], lot=["cas2"], tokens={"res2": [0]})
    far["unused"] = []
    after = play(far, 0, "open lot 1 at east of fac1 and take over with sharks 2")
    assert stack(after, "cas2") == [0] and after["lot"] == []
    with pytest.raises(IllegalMove, match="costs exactly 2"):
        play(far, 0, "open lot 1 at east of fac1 and take over with cash")


def test_open_lot_cells_must_touch_the_city_along_a_side_and_be_empty():
    s = table({"res2": (0, 0), "cas3": (2, 0), "hot1": (0, 1), "the2": (1, 1), "fac1": (2, 1)}, lot=["cas2"])
    after = play(s, 0, "open lot 1 at east of res2")  # the gap at (1, 0) between cards
    assert at(after, "cas2") == [1, 0]
    with pytest.raises(IllegalMove, match="is taken"):
        RULES.apply(s, 0, {"action": "openlot", "lot": 1, "at": [0, 1], "pay": None})
    with pytest.raises(IllegalMove, match="does not touch the city along a side"):
        RULES.apply(s, 0, {"action": "openlot", "lot": 1, "at": [-1, -1], "pay": None})
    with pytest.raises(IllegalMove, match="open lot 1 to 1"):
        RULES.apply(s, 0, {"action": "openlot", "lot": 2, "at": [1, 0], "pay": None})
    s["briefcases"][0] = 0
    with pytest.raises(IllegalMove, match="no briefcase left"):
        play(s, 0, "open lot 1 at east of res2")


def test_there_is_no_pass_and_nothing_out_of_turn():
    s = table(ROW)
    with pytest.raises(IllegalMove, match="not an action"):
        RULES.apply(s, 0, {"action": "pass"})
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(s, 1, {"action": "draw"})
    with pytest.raises(IllegalMove, match="swap one"):
        RULES.apply(s, 0, {"action": "agendas", "agendas": ["casinos", "types"]})
    for junk in ({"action": "trade", "give": 3, "take": "rats"}, {"action": "cashin", "take": "rats1"},
                 {"action": "takeover", "at": "B3", "pay": []}, {"action": "takeover", "at": [0, 0], "pay": None},
                 {"action": "takeover", "at": [0, 0], "pay": ["rats2"], "via": [[0, 0]]},
                 {"action": "openlot", "lot": True, "at": [0, 1], "pay": None},
                 {"action": "swap", "give": ["x"], "take": None}, {"action": "hire", "pro": "bookie"}):
        with pytest.raises(IllegalMove):
            RULES.apply(s, 0, junk)
