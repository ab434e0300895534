"""A full final score worked out by hand, suit values, and shared victory on a tie."""

from __future__ import annotations

from games.rules.five_tribes import RULES
from games.rules.five_tribes.scoring import goods_value

from .util import at, position


def _end_state() -> dict:
    s = position(meeples={"A1": "Y", "A2": "Y"}, others=[])
    s["phase"], s["turn"] = "over", None
    s["tiles"][at("A1")] = ["oasis", 8]
    s["tiles"][at("B1")] = ["village", 5]
    s["tiles"][at("C1")] = ["sacred", 15]
    s["tiles"][at("D1")] = ["oasis", 8]
    s["tiles"][at("E1")] = ["oasis", 8]
    s["camels"][at("A1")] = s["camels"][at("B1")] = 0
    s["camels"][at("C1")] = 1
    s["camels"][at("D1")] = 2
    s["palms"][at("A1")] = 2
    s["palaces"][at("B1")] = 1
    s["palms"][at("D1")] = 1
    s["palms"][at("E1")] = 4  # nobody's tile: scores nothing
    s["seats"][0].update(gold=40, viziers=5, elders=3, fakirs=3, djinns=["Jafaar", "Haurvatat"],
                         goods=["Fish", "Fish", "Ivory", "Wheat"])
    s["seats"][1].update(gold=60, viziers=2, elders=4, fakirs=4, djinns=["Shamhat", "Al-Amin"], goods=["Silk"])
    s["seats"][2].update(gold=55, viziers=5, elders=0, fakirs=0, djinns=[], goods=[])
    return s


def test_full_scoring_by_hand() -> None:
    res = RULES.result(_end_state())
    assert res is not None
    p1, p2, p3 = res["detail"]["seats"]
    # P1: 40 gold; 5 Viziers x3 (Jafaar) = 15, +10 (P2 has fewer; P3 ties, no bonus); 3 Elders x2 = 6;
    # Djinns 6 + 8 = 14; 2 palms x5 (Haurvatat) = 10; 1 palace = 5; tiles 8 + 5 = 13;
    # suits {Fish, Ivory, Wheat} = 7 + {Fish} = 1 -> 8. Total 121.
    assert p1 == {"gold": 40, "viziers": 15, "vizier_bonus": 10, "elders": 6, "djinns": 14, "palm_trees": 10,
                  "palaces": 5, "tiles": 13, "merchandise": 8, "total": 121, "player": "P1"}
    # P2: 60; 2 Viziers, nobody has fewer; 4 Elders x4 (Shamhat) = 16; Djinns 6 + 5 = 11; tile 15;
    # Silk + 2 wild cards (4 Fakirs, Al-Amin) = a suit of 3 = 7. Total 111.
    assert p2["total"] == 60 + 2 + 0 + 16 + 11 + 0 + 0 + 15 + 7 == 111
    assert p2["merchandise"] == 7 and p2["vizier_bonus"] == 0
    # P3: 55; 5 Viziers +10 (only P2 has fewer); 1 palm x3 on D1; tile 8. Total 81.
    assert p3["total"] == 55 + 5 + 10 + 3 + 8 == 81
    assert res["scores"] == [121, 111, 81] and res["winners"] == [0]


def test_ties_are_shared() -> None:
    s = _end_state()
    s["seats"][1]["gold"] += 10
    res = RULES.result(s)
    assert res["scores"][:2] == [121, 121] and res["winners"] == [0, 1]


def test_suit_values() -> None:
    assert goods_value([]) == 0
    assert goods_value(["Fish"]) == 1
    assert goods_value(["Fish", "Silk"]) == 3
    assert goods_value(["Fish", "Silk", "Gold"]) == 7
    assert goods_value(["Fish", "Silk", "Gold", "Ivory"]) == 13
    assert goods_value(list(["Ivory", "Jewels", "Gold", "Papyrus", "Silk", "Spice", "Fish", "Wheat", "Pottery"])) == 60
    assert goods_value(["Fish", "Fish", "Fish"]) == 3
    assert goods_value(["Fish"], wild=1) == 3
