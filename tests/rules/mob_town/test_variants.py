"""The four competitive variants (l.82-113; rulings R24-R31) and the engine's effect vocabulary."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.mob_town import takeover
from games.rules.mob_town.data import CITY_CARD_IDS, LANDMARK_IDS, LAW, PROFESSIONAL_IDS, PROPERTY_IDS

from .helpers import RULES, chosen, play, stack, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]


def pro_table(row, **kwargs):
    s = table(ROW, options={"professionals": True}, **kwargs)
    s["pros"]["row"] = list(row)
    s["pros"]["deck"] = [p for p in PROFESSIONAL_IDS if p not in row]
    return s


# -- professionals ------------------------------------------------------------------------------


def test_professionals_are_set_up_once_three_face_up():
    s = RULES.setup(2, {"professionals": True}, "pros")
    assert len(s["pros"]["row"]) == 3 and len(s["pros"]["deck"]) == 9
    assert RULES.setup(2, {}, "pros")["pros"] is None


def test_hiring_spends_a_briefcase_uses_the_ability_discards_and_refills():
    s = pro_table(["bookie", "fence", "fixer"], hands=[[], []], deck=["snakes1", LAW, "rats1", "foxes3", "sharks2",
                                                                       "cash"])
    after = play(s, 0, "hire bookie")
    assert after["briefcases"][0] == 2
    assert after["hands"][0] == ["sharks2", "foxes3", "cash"]
    assert after["pros"]["discard"] == ["bookie"]
    assert len(after["pros"]["row"]) == 3 and "bookie" not in after["pros"]["row"]
    fence = play(s, 0, "hire fence: take snakes 3, cash")
    assert fence["hands"][0] == ["snakes3", "cash"]
    assert len(fence["lineup"]) == 5
    fixer = play(s, 0, "hire fixer: take rats 1")
    # One from the lineup (refilled from the deck's top, cash), then the next card from the deck.
    assert fixer["hands"][0] == ["rats1", "sharks2"]
    with pytest.raises(IllegalMove, match="not face up"):
        play(s, 0, "hire muscle: take over res2 with rats 1")
    s["briefcases"][0] = 0
    with pytest.raises(IllegalMove, match="no briefcase left to hire"):
        play(s, 0, "hire bookie")


def test_recruiter_and_pickpocket():
    s = pro_table(["recruiter", "pickpocket", "bookie"], hands=[["cash"], ["rats1", "foxes2"]],
                  lineup=["sharks1", "rats2", "sharks3", "cash", "weasels1"],
                  deck=["snakes1", LAW, "rats1", "foxes1", "foxes2"])
    after = play(s, 0, "hire recruiter: take sharks")
    assert after["hands"][0] == ["sharks1", "sharks3", "cash"]
    assert after["lineup"][:3] == ["rats2", "cash", "weasels1"] and len(after["lineup"]) == 5
    robbed = play(s, 0, "hire pickpocket: rob blue")
    assert len(robbed["hands"][1]) == 1 and len(robbed["hands"][0]) == 2
    assert sorted(robbed["hands"][0] + robbed["hands"][1]) == sorted(["cash", "rats1", "foxes2"])
    s["hands"][1] = []
    with pytest.raises(IllegalMove, match="holds no cards"):
        play(s, 0, "hire pickpocket: rob blue")  # an ability that cannot be used cannot be hired (R26)
    with pytest.raises(IllegalMove, match="rivals"):
        RULES.apply(s, 0, {"action": "hire", "pro": "pickpocket", "rob": 0})


def test_takeover_professionals_change_the_cost():
    s = pro_table(["muscle", "driver", "lawyer"], hands=[["sharks2", "foxes1", "cash"], []],
                  tokens={"res2": [0], "cas3": [1]})
    # The Muscle: 1 less (cas3 costs 3 + 1 token = 4, so 3).
    assert stack(play(s, 0, "hire muscle: take over cas3 with sharks 2, cash"), "cas3") == [1, 0]
    # The Lawyer: the token adds nothing (3).
    assert stack(play(s, 0, "hire lawyer: take over cas3 with sharks 2, cash"), "cas3") == [1, 0]
    # The Getaway Driver: no connection cost to fac1, three cards away.
    assert stack(play(s, 0, "hire driver: take over fac1 with foxes 1"), "fac1") == [0]
    with pytest.raises(IllegalMove, match="connection cost of 3"):
        play(s, 0, "hire muscle: take over fac1 with foxes 1")


def test_kept_professionals_give_their_perk_for_the_round_then_leave():
    s = pro_table(["accountant", "bodyguard", "forger"], hands=[["cash", "cash", "sharks1"], ["rats2", "rats2"]],
                  tokens={"res2": [0]}, deck=["snakes1", LAW, "rats1", "foxes1", "foxes2", "snakes2"])
    after = play(s, 0, "hire accountant")
    assert after["pros"]["kept"][0] == ["accountant"] and "accountant" not in after["pros"]["discard"]
    after["turn"] = 0
    # Cash counts 2 now: cas3 (3) with cash + sharks 1.
    assert stack(play(after, 0, "take over cas3 with sharks 1, cash"), "cas3") == [0]
    guarded = play(s, 0, "hire bodyguard")
    # Seat 2 must pay 2 + 1 (token) + 1 (guard) for res2.
    assert takeover.terms(guarded, 1, (0, 0)).cost == 4
    cabbie = pro_table(["cabbie", "bookie", "fence"], hands=[["foxes1"], []], tokens={"res2": [0]})
    cabbie = play(cabbie, 0, "hire cabbie")
    cabbie["turn"] = 0
    assert takeover.terms(cabbie, 0, (4, 0)).connection == 0  # no connection cost all round
    assert stack(play(cabbie, 0, "take over fac1 with foxes 1"), "fac1") == [0]
    forged = play(s, 0, "hire forger")
    forged["turn"] = 0
    assert stack(play(forged, 0, "take over cas3 with sharks 1, cash, cash"), "cas3") == [0]
    forged["hands"][0] = ["rats1", "weasels2"]
    assert stack(play(forged, 0, "take over cas3 with rats 1, weasels 2"), "cas3") == [0]  # any suit
    # At the round's end (after scoring) kept professionals are discarded (R25).
    guarded["deck"] = ["snakes1", LAW, "rats1"]
    ended = play(guarded, 1, "draw")
    assert ended["round"] == 2 and ended["pros"]["kept"] == [[], []]
    assert "bodyguard" in ended["pros"]["discard"]


def test_an_empty_professionals_deck_is_rebuilt_from_the_discards():
    s = pro_table(["bookie", "fence", "fixer"], hands=[[], []], deck=["snakes1", LAW, "rats1", "foxes3", "sharks2"])
    s["pros"]["deck"] = []
    s["pros"]["discard"] = []
    after = play(s, 0, "hire bookie")
    assert after["pros"]["row"] == ["fence", "fixer", "bookie"]  # the one just discarded comes back (R27)
    s["pros"]["discard"] = []
    s["pros"]["deck"] = []
    s["pros"]["row"] = ["accountant"]
    after = play(s, 0, "hire accountant")
    assert after["pros"]["row"] == []  # both empty: the row stays short


# -- city cards -----------------------------------------------------------------------------------


def test_a_city_card_is_drawn_each_round_and_never_returns():
    s = chosen(RULES.setup(2, {"city_cards": True}, "cities"))
    seen = [s["city_card"]]
    for _ in range(2):
        s["deck"] = ["snakes1", LAW]
        s = chosen(play(s, s["turn"], "draw"))
        seen.append(s["city_card"])
    assert len(set(seen)) == 3 and s["city_discard"] == seen[:2]


@pytest.mark.parametrize("card", CITY_CARD_IDS)
def test_each_city_card_applies_for_the_round(card):
    found = None
    for index in range(200):
        s = RULES.setup(3, {"city_cards": True}, f"city-{card}-{index}")
        if s["city_card"] == card:
            found = s
            break
    assert found is not None
    s = found
    if card == "boom":
        assert len(s["city"]) == 10 + 3 + 2
    else:
        assert len(s["city"]) == 13
    assert [len(h) for h in s["hands"]] == ([5] * 3 if card == "payday" else [3] * 3)
    from games.rules.mob_town.data import LAW as law

    assert s["deck"].index(law) <= (5 if card == "long_night" else 10)
    s = chosen(s)
    t = table(ROW, hands=[["sharks3", "cash", "foxes1", "sharks1"], []], tokens={"cas3": [1], "res2": [0]})
    t["city_card"] = card
    terms = takeover.terms(t, 0, (1, 0))
    assert terms.cost == (3 if card == "open_season" else 4)
    assert takeover.terms(t, 0, (4, 0)).connection == (0 if card == "free_roads" else 3)
    t["agendas"] = [["restaurants", "types"], ["casinos", "big"]]
    from games.rules.mob_town.scoring import score_round

    record = score_round(t, 0)
    theirs = [e for e in record["seats"] if e["seat"] == 1][0]  # most casinos, most worth 3 or more
    assert theirs["agenda_points"] == (10 if card == "high_stakes" else 6)


# -- landmarks -------------------------------------------------------------------------------------


def test_landmarks_replace_two_property_cards_each_round():
    for index in range(10):
        s = RULES.setup(4, {"landmarks": True}, f"landmarks-{index}")
        cards = [e["card"] for e in s["city"]]
        assert len(cards) == 14
        assert sum(1 for c in cards if c in LANDMARK_IDS) == 2
        assert not set(s["lot"]) & set(LANDMARK_IDS) and not set(s["unused"]) & set(LANDMARK_IDS)
        assert sorted([c for c in cards if c in PROPERTY_IDS] + s["lot"] + s["unused"]) == sorted(PROPERTY_IDS)


def test_landmarks_take_any_suit_unless_pictured_and_give_their_controller_a_perk():
    city = ["res2", "hall", "bank", "station", "docks", "police", "park", "fac1"]
    s = table(city, hands=[["foxes1", "weasels2", "sharks2"], ["cash"]])
    assert stack(play(s, 0, "take over docks with sharks 2"), "docks") == [0]
    with pytest.raises(IllegalMove, match="cannot pay for Harbor Docks"):
        play(s, 0, "take over docks with weasels 2")
    # Any suit pays for the Grand Bank (value 3).
    assert stack(play(s, 0, "take over bank with foxes 1, weasels 2"), "bank") == [0]
    s = table(city, tokens={"bank": [0], "station": [0], "police": [0], "park": [0]},
              hands=[["cash"], []])
    assert takeover.terms(s, 0, (0, 0)).cash_value == 2
    assert takeover.terms(s, 0, (7, 0)).connection == 0  # Union Station
    assert takeover.terms(s, 1, (6, 0)).cost == 1 + 1 + 1  # Police HQ guards her properties
    s["deck"] = ["snakes1", LAW, "rats1", "foxes1", "foxes2"]
    assert len(play(s, 0, "draw")["hands"][0]) == 4  # Central Park: Draw takes 3


def test_landmark_scoring():
    from games.rules.mob_town.scoring import property_points

    s = table({"hall": (1, 1), "res2": (0, 1), "cas3": (1, 0), "hot1": (2, 1), "docks": (1, 2)},
              tokens={"hall": [0], "res2": [0], "cas3": [0], "hot1": [1], "docks": [1]})
    points = {p["card"]: p["points"] for p in property_points(s, 0)}
    assert points == {"hall": 4 + 2, "res2": 2, "cas3": 3}  # City Hall: 1 a neighbour she controls
    assert {p["card"]: p["points"] for p in property_points(s, 1)} == {"hot1": 1, "docks": 6}
