"""Take Over: cost, payment, control, and the connection cost (l.46-54; rulings R13-R17)."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.mob_town import takeover

from .helpers import RULES, at, play, stack, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]  # laid along a row: (0, 0) to (4, 0)


def test_cost_is_the_value_paid_exactly_in_the_two_suits_with_cash_as_a_wild_one():
    s = table(ROW, hands=[["rats1", "weasels1", "cash", "sharks2", "rats2"], []])
    # res2 (Restaurant 2): rats or weasels, cash 1 each; all one suit is fine (R13).
    after = play(s, 0, "take over res2 with rats 1, cash")
    assert stack(after, "res2") == [0]
    assert after["hands"][0] == ["rats2", "sharks2", "weasels1"]
    assert after["discard"][-2:] == ["rats1", "cash"]
    assert after["supply"][0] == 11
    assert stack(play(s, 0, "take over res2 with rats 2"), "res2") == [0]
    assert stack(play(s, 0, "take over res2 with weasels 1, rats 1"), "res2") == [0]
    with pytest.raises(IllegalMove, match="costs exactly 2, and rats 2, cash make 3"):
        play(s, 0, "take over res2 with rats 2, cash")  # no overpaying (R14)
    with pytest.raises(IllegalMove, match="costs exactly 2, and cash make 1"):
        play(s, 0, "take over res2 with cash")
    with pytest.raises(IllegalMove, match="sharks 2 cannot pay for Mama Ratti's") as err:
        play(s, 0, "take over res2 with sharks 2")
    assert "pay with rats or weasels or cash" in str(err.value)
    with pytest.raises(IllegalMove, match="you hold 1 rats 1 but the takeover uses 2"):
        RULES.apply(s, 0, {"action": "takeover", "at": at(s, "res2"), "pay": ["rats1", "rats1"], "via": []})


def test_each_token_already_on_the_card_adds_one_and_the_top_token_controls():
    s = table(ROW, hands=[["sharks2", "sharks3", "cash", "rats1"], ["rats2", "rats2", "sharks1"]],
              tokens={"cas3": [1]})
    # cas3 holds one token (seat 2's): 3 + 1.
    with pytest.raises(IllegalMove, match="costs exactly 4"):
        play(s, 0, "take over cas3 with sharks 3")
    after = play(s, 0, "take over cas3 with sharks 3, cash")
    assert stack(after, "cas3") == [1, 0]
    # Taking it back costs 3 + 2; a player cannot take over what she controls (R15).
    after["hands"][1] = ["rats2", "rats2", "sharks1"]
    back = play(after, 1, "take over cas3 with rats 2, rats 2, sharks 1")
    assert stack(back, "cas3") == [1, 0, 1]
    after["turn"] = 0
    with pytest.raises(IllegalMove, match="you already control"):
        play(after, 0, "take over cas3 with sharks 2, sharks 3")


def test_no_token_left_no_takeover():
    s = table(ROW, hands=[["rats2"], []])
    s["supply"][0] = 0
    with pytest.raises(IllegalMove, match="no family token left"):
        play(s, 0, "take over res2 with rats 2")


def test_connection_cost_next_to_your_property_is_nothing():
    s = table(ROW, hands=[["sharks3"], []], tokens={"res2": [0]})
    assert takeover.terms(s, 0, (1, 0)).connection == 0
    assert stack(play(s, 0, "take over cas3 with sharks 3"), "cas3") == [0]


def test_connection_cost_is_one_card_per_card_between():
    s = table(ROW, hands=[["foxes1", "cash", "rats1", "snakes2"], []], tokens={"res2": [0]})
    assert takeover.terms(s, 0, (4, 0)).connection == 3  # cas3, hot1 and the2 lie between
    with pytest.raises(IllegalMove, match="connection cost of 3"):
        play(s, 0, "take over fac1 with foxes 1")
    after = play(s, 0, "take over fac1 with foxes 1 via the2 cash, hot1 rats 1, cas3 snakes 2")
    assert stack(after, "fac1") == [0]
    assert after["hands"][0] == []
    assert sorted(after["discard"][-4:]) == sorted(["foxes1", "cash", "rats1", "snakes2"])  # nobody owns them
    # The cells go from the property towards yours, in order.
    with pytest.raises(IllegalMove, match="fewest cards"):
        play(s, 0, "take over fac1 with foxes 1 via cas3 cash, hot1 rats 1, the2 snakes 2")


def test_a_card_paid_for_a_rivals_property_goes_to_that_rival():
    s = table(ROW, players=3, hands=[["foxes1", "cash", "rats1", "snakes2"], [], []],
              tokens={"res2": [0], "hot1": [2, 1], "the2": [1, 2]})
    after = play(s, 0, "take over fac1 with foxes 1 via the2 cash, hot1 rats 1, cas3 snakes 2")
    assert after["hands"][2] == ["cash"]  # the2's top token is seat 3's
    assert after["hands"][1] == ["rats1"]  # hot1's is seat 2's
    assert after["discard"][-2:] == ["foxes1", "snakes2"]  # cas3 is nobody's; the payment is discarded
    event = after["events"][0]
    assert [(v["card"], v["to"]) for v in event["via"]] == [("cash", 2), ("rats1", 1), ("snakes2", None)]


def test_controlling_nothing_means_no_connection_cost():
    s = table(ROW, hands=[["foxes1"], []], tokens={"res2": [1, 0, 1]})  # covered tokens do not control
    assert takeover.terms(s, 0, (4, 0)).connection == 0
    assert stack(play(s, 0, "take over fac1 with foxes 1"), "fac1") == [0]


def test_the_taker_chooses_among_equally_short_walks_and_so_whom_she_pays():
    # Own res2 at (0,0); target fac1 at (2,1); cards at (1,0), (2,0), (0,1), (1,1): three walks of two cards.
    city = {"res2": (0, 0), "cas3": (1, 0), "hot1": (2, 0), "the2": (0, 1), "cas1": (1, 1), "fac1": (2, 1)}
    s = table(city, players=3, hands=[["foxes1", "cash", "rats1"], [], []],
              tokens={"res2": [0], "hot1": [1], "cas1": [2]})
    walks = takeover.shortest_walks(s["city"], {(0, 0)}, (2, 1))
    assert sorted(walks) == sorted([[(1, 1), (1, 0)], [(1, 1), (0, 1)], [(2, 0), (1, 0)]])
    via_hot = play(s, 0, "take over fac1 with foxes 1 via hot1 cash, cas3 rats 1")
    assert via_hot["hands"][1] == ["cash"] and via_hot["hands"][2] == []
    via_cas = play(s, 0, "take over fac1 with foxes 1 via cas1 rats 1, the2 cash")
    assert via_cas["hands"][2] == ["rats1"] and via_cas["hands"][1] == []
    with pytest.raises(IllegalMove, match="fewest cards"):
        play(s, 0, "take over fac1 with foxes 1 via cas1 rats 1, hot1 cash")  # not a walk to res2


def test_the_connection_cards_come_on_top_of_the_payment():
    s = table(ROW, hands=[["foxes1", "cash"], []], tokens={"res2": [0]})
    with pytest.raises(IllegalMove, match="you hold 1 cash but the takeover uses 3"):
        play(s, 0, "take over fac1 with foxes 1 via the2 cash, hot1 cash, cas3 cash")


def test_every_enumerated_takeover_is_accepted():
    s = table(ROW, players=3, hands=[["foxes1", "cash", "rats1", "snakes2", "sharks3", "weasels2"], [], []],
              tokens={"res2": [0], "hot1": [1]})
    plans = list(takeover.all_plans(s, 0, s["hands"][0]))
    assert plans
    for part in plans[:200]:
        RULES.apply(s, 0, {"action": "takeover", **part})
    targets = {tuple(p["at"]) for p in plans}
    assert (4, 0) in targets and (0, 0) not in targets


def test_ways_to_pay_are_kept_by_what_they_depend_on_and_handed_out_as_copies():
    s = table(ROW, hands=[["rats1", "weasels1", "cash", "sharks2", "rats2"], []])
    hand = s["hands"][0]
    res2 = takeover.terms(s, 0, (0, 0))  # rats or weasels, cost 2
    cas3 = takeover.terms(s, 0, (1, 0))  # rats or sharks, cost 3
    ways = [["rats1", "weasels1"], ["rats1", "cash"], ["rats2"], ["weasels1", "cash"]]
    first = takeover.payments(hand, res2)
    assert first == ways
    first[0].append("cash")
    first.clear()
    assert takeover.payments(hand, res2) == ways
    assert takeover.payments(hand, cas3) == [["rats1", "rats2"], ["rats1", "sharks2"], ["rats2", "cash"],
                                             ["sharks2", "cash"]]
    assert takeover.payments(hand, res2, limit=1) == ways[:1]
    assert takeover._payments.cache_info().maxsize is not None
