"""Tribe actions, tile actions, the sale, clean-up and both end conditions."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.five_tribes import RULES

from .util import at, play, position, step

ESCAPE = {"F4": "Y", "F5": "Y"}  # keeps a legal movement on the board for later turns


def test_viziers_and_elders_are_kept() -> None:
    s = play(position(meeples={"A1": "W", "A2": "WW", **ESCAPE}), "move A1 A2")
    assert s["seats"][0]["elders"] == 3 and s["bag"][1] == 10


def test_merchants_take_from_the_front_of_the_row() -> None:
    s = position(meeples={"A1": "G", "A2": "G", **ESCAPE}, row=["Fish", "Fakir", "Ivory", "Silk"])
    s = play(s, "move A1 A2")
    assert s["seats"][0]["goods"] == ["Fish"] and s["seats"][0]["fakirs"] == 1
    assert s["row"] == ["Ivory", "Silk"] and s["bag"][2] == 12


def test_merchants_with_a_short_row_take_what_is_there() -> None:
    s = position(meeples={"A1": "GG", "B2": "G", **ESCAPE}, row=["Fish"])
    s = play(s, "move A1 A2 B2")
    assert s["seats"][0]["goods"] == ["Fish"] and s["row"] == []


BLUE_AROUND_C3 = {"C3": ("village", 5), "B2": ("sacred", 6), "D4": ("village", 5), "E3": ("village", 5)}


def test_builders_count_blue_tiles_in_the_3x3_block() -> None:
    s = position(meeples={"C2": "B", "C3": "B", **ESCAPE}, tiles=BLUE_AROUND_C3)
    s = play(s, "move C2 C3")
    # C3, B2 and D4 are blue (E3 is outside the block): 2 Builders x 3 = 6 gold.
    assert s["seats"][0]["gold"] == 56
    assert s["palaces"][at("C3")] == 1  # the Village action follows


def test_builders_fakir_bonus() -> None:
    s = position(meeples={"C2": "B", "C3": "B", **ESCAPE}, tiles=BLUE_AROUND_C3, p0={"fakirs": 2})
    s = play(s, "move C2 C3")
    assert step(s) == "builders"
    with pytest.raises(IllegalMove, match="you hold 2 Fakirs, so you can add 0 to 2, not 3"):
        play(s, "fakirs 3")
    s = play(s, "fakirs 1")
    assert s["seats"][0]["gold"] == 59 and s["seats"][0]["fakirs"] == 1 and s["discard"] == ["Fakir"]


def _assassins(**kw) -> dict:
    meeples = {"B3": "R", "C3": "R", "E3": "WG", "F3": "Y", **ESCAPE}
    meeples.update(kw.pop("meeples", {}))
    return play(position(meeples=meeples, **kw), "move B3 C3")


def test_assassins_kill_within_range() -> None:
    s = _assassins()
    assert step(s) == "kill" and s["camels"][at("C3")] == 0
    s = play(s, "kill E3 white")
    assert s["meeples"][at("E3")] == "G" and s["bag"][1] == 11 and s["bag"][4] == 12


def test_assassins_range_and_fakir_bonus() -> None:
    s = _assassins()
    with pytest.raises(IllegalMove, match="F3 is 3 tiles from C3, beyond your Assassins' range of 2"):
        play(s, "kill F3 yellow")
    s = _assassins(p0={"fakirs": 2})
    s = play(s, "kill F3 yellow")
    assert s["seats"][0]["fakirs"] == 1 and s["discard"] == ["Fakir"]
    # F3 emptied by the kill: a second camel.
    assert s["camels"][at("F3")] == 0 and s["seats"][0]["camels"] == 6


def test_assassins_must_kill_a_target_in_reach_but_may_pass_otherwise() -> None:
    s = _assassins()
    with pytest.raises(IllegalMove, match="your Assassins must kill: a target is within reach"):
        play(s, "pass")
    s = _assassins(meeples={"E3": "", "C1": "", "F3": "Y"}, p0={"fakirs": 1})
    assert step(s) == "kill"  # F3 is reachable only by paying a Fakir
    s = play(s, "pass")
    assert s["meeples"][at("F3")] == "Y"


def test_assassins_kill_an_opponents_vizier_or_elder() -> None:
    s = _assassins(p1={"viziers": 2, "elders": 1})
    s = play(s, "kill P2 vizier")
    assert s["seats"][1]["viziers"] == 1 and s["bag"][0] == 11
    s = _assassins(p1={"viziers": 0, "elders": 0})
    with pytest.raises(IllegalMove, match="P2 has 0 Viziers and 0 Elders; you cannot kill more than they hold"):
        play(s, "kill P2 elder")
    with pytest.raises(IllegalMove, match="you can only kill in front of an opponent"):
        play(s, "kill P1 elder")


def test_out_of_camels_the_killed_tile_is_not_taken() -> None:
    s = _assassins(meeples={"E3": "W"}, p0={"camels": 1})
    s = play(s, "kill E3 white")
    assert s["camels"][at("C3")] == 0 and s["camels"][at("E3")] is None
    assert s["end"] == "camels"


def test_oasis_and_village_are_compulsory() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("oasis", 8)})
    s = play(s, "move A1 A2")
    assert s["palms"][at("A2")] == 1 and s["supply"]["palms"] == 11
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("village", 5)})
    s["supply"]["palaces"] = 0
    s = play(s, "move A1 A2")
    assert s["palaces"][at("A2")] == 0 and "no palaces are left" in s["log"]


def test_small_market() -> None:
    row = ["Fish", "Silk", "Ivory", "Gold", "Wheat"]
    s = position(meeples={"A1": "Y", "A2": "YW", **ESCAPE}, row=row)
    s = play(s, "move A1 A2")
    assert step(s) == "market"
    with pytest.raises(IllegalMove, match=r"card 4 is not among the first 3 of the row \(positions 1 to 3\)"):
        play(s, "take 4")
    with pytest.raises(IllegalMove, match="at the Small Market you take 1 different card"):
        play(s, "take 1 2")
    s2 = play(s, "take 3")
    assert s2["seats"][0]["goods"] == ["Ivory"] and s2["seats"][0]["gold"] == 47
    assert s2["row"] == ["Fish", "Silk", "Gold", "Wheat"]
    s["seats"][0]["gold"] = 2
    with pytest.raises(IllegalMove, match=r"the Small Market costs 3 gold and you have only 2 \(pass\)"):
        play(s, "take 1")
    assert RULES.apply(s, 0, {"t": "pass"})["seats"][0]["goods"] == []


def test_large_market() -> None:
    row = ["Fish", "Silk", "Ivory", "Gold", "Wheat", "Fakir", "Spice"]
    s = position(meeples={"A1": "Y", "A2": "YW", **ESCAPE}, row=row, tiles={"A2": ("large_market", 4)})
    s = play(s, "move A1 A2", "take 6 1")
    assert s["seats"][0]["goods"] == ["Fish"] and s["seats"][0]["fakirs"] == 1
    assert s["seats"][0]["gold"] == 44
    s = position(meeples={"A1": "Y", "A2": "YW", **ESCAPE}, row=["Gold"], tiles={"A2": ("large_market", 4)})
    s = play(s, "move A1 A2", "take 1")
    assert s["seats"][0]["gold"] == 44 and s["seats"][0]["goods"] == ["Gold"]


def test_sacred_place_two_elders_or_elder_and_fakir() -> None:
    tiles = {"A2": ("sacred", 12)}
    s = position(meeples={"A1": "Y", "A2": "YW", **ESCAPE}, tiles=tiles, djinns_up=["Jafaar", "Boaz", "Enki"],
                 p0={"elders": 1, "fakirs": 1})
    s = play(s, "move A1 A2")
    assert step(s) == "sacred"
    with pytest.raises(IllegalMove, match=r"you cannot pay 2 Elders \(pay elder fakir\)"):
        play(s, "take jafaar pay elder elder")
    s = play(s, "take jafaar pay elder fakir")
    p = s["seats"][0]
    assert p["djinns"] == ["Jafaar"] and p["elders"] == 0 and p["fakirs"] == 0
    assert s["djinns"] == ["Boaz", "Enki"] and s["bag"][1] == 11 and s["discard"] == ["Fakir"]
    # Without the means to pay, there is no Sacred Place decision at all.
    s = position(meeples={"A1": "Y", "A2": "YW", **ESCAPE}, tiles=tiles, p0={"elders": 1})
    s = play(s, "move A1 A2")
    assert s["turn"]["seat"] == 1


def test_sale_values_suits() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0={"goods": ["Fish", "Fish", "Gold", "Ivory"]})
    s = play(s, "move A1 A2", "pass")  # pass the market
    assert step(s) == "end"
    with pytest.raises(IllegalMove, match="you hold 0 Silk, not 1"):
        play(s, "sell silk")
    s2 = play(s, "sell fish fish ivory gold")
    # {Fish, Gold, Ivory} = 7 and {Fish} = 1.
    assert s2["seats"][0]["gold"] == 58 and s2["seats"][0]["goods"] == []
    assert s2["turn"]["seat"] == 1  # nothing left to do: the turn ends
    s3 = play(s, "sell ivory", "done")
    assert s3["seats"][0]["gold"] == 51 and s3["seats"][0]["goods"] == ["Fish", "Fish", "Gold"]


def test_clean_up_refills_row_and_djinns() -> None:
    s = position(meeples={"A1": "G", "A2": "G", **ESCAPE}, others=[])
    s = play(s, "move A1 A2", "pass", "done")
    assert s["phase"] == "bid" and len(s["row"]) == 9 and len(s["djinns"]) == 3


def test_game_ends_after_the_round_when_a_last_camel_is_placed() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", "C1": "W", "C2": "W", **ESCAPE}, p0={"camels": 1}, others=[1])
    s = play(s, "move A1 A2", "pass")
    assert s["end"] == "camels" and s["phase"] == "play" and RULES.result(s) is None
    s = play(s, "move C1 C2", "pass")
    assert s["phase"] == "over" and RULES.to_act(s) == []
    res = RULES.result(s)
    assert res is not None and res["detail"]["end"] == "camels"


def test_game_ends_when_no_movement_is_left() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", "F5": "G"}, others=[1, 2])
    s = play(s, "move A1 A2", "pass")
    # P2 and P3 cannot move: they pass automatically and the game ends.
    assert s["phase"] == "over" and s["end"] == "no_move"
    assert "P2 cannot move and passes" in s["log"] and "P3 cannot move and passes" in s["log"]
    assert RULES.result(s)["detail"]["end"] == "no_move"


def test_clean_up_reshuffles_discards_when_the_pile_runs_out() -> None:
    from games.rules.five_tribes.turn import clean_up

    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE})
    s["deck"], s["row"], s["discard"] = ["Silk"], ["Fish"] * 5, ["Gold", "Fakir", "Ivory"]
    s["djinns"], s["djinn_deck"], s["djinn_discard"] = ["Boaz"], [], ["Enki", "Leta", "Nekir"]
    clean_up(s)
    assert len(s["row"]) == 9 and s["deck"] == [] and s["discard"] == []
    assert sorted(s["row"][5:]) == ["Fakir", "Gold", "Ivory", "Silk"]
    assert s["djinns"][0] == "Boaz" and len(s["djinns"]) == 3 and len(s["djinn_deck"]) == 1 and s["djinn_discard"] == []
