"""Every one of the 22 Djinns: cost, timing and effect (Kumarbi's bid is also in test_setup_bidding)."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.five_tribes import RULES
from games.rules.five_tribes.scoring import score

from .util import at, play, position, step

ESCAPE = {"F4": "Y", "F5": "Y"}


def mine(*names: str, **extra) -> dict:
    return {"djinns": list(names), "elders": 2, "fakirs": 2, **extra}


def test_djinn_power_errors() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0=mine("Jafaar", "Enki"))
    with pytest.raises(IllegalMove, match="Jafaar is not used with a djinn move: it works by itself"):
        play(s, "djinn jafaar")
    with pytest.raises(IllegalMove, match=r"you do not have Bouraq \(your Djinns: Jafaar, Enki\)"):
        play(s, "djinn bouraq A1 pay elder")
    with pytest.raises(IllegalMove, match="'zeus' is not a Djinn"):
        play(s, "djinn zeus")


# -- end-game Djinns -------------------------------------------------------------


def _final(**p0) -> dict:
    s = position(meeples={"A1": "Y", "A2": "Y"}, others=[])
    s["seats"][0].update(p0)
    s["phase"], s["turn"] = "over", None
    return s


def test_al_amin_makes_fakir_pairs_wild() -> None:
    assert score(_final(goods=["Silk"], fakirs=5))["detail"]["seats"][0]["merchandise"] == 1
    # Two wild cards join Silk in one suit of three: 7.
    s = _final(goods=["Silk"], fakirs=5, djinns=["Al-Amin"])
    assert score(s)["detail"]["seats"][0]["merchandise"] == 7


def test_haurvatat_jafaar_shamhat_scoring() -> None:
    s = _final(viziers=2, elders=3, djinns=["Haurvatat", "Jafaar", "Shamhat"])
    s["camels"][at("B1")] = 0
    s["palms"][at("B1")] = 2
    d = score(s)["detail"]["seats"][0]
    assert d["viziers"] == 6 and d["elders"] == 12 and d["palm_trees"] == 10
    assert d["djinns"] == 8 + 6 + 6


# -- active Djinns ---------------------------------------------------------------


def test_anun_nak_puts_three_meeples_from_the_bag() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0=mine("Anun-Nak"))
    s["camels"][at("D1")] = 1
    with pytest.raises(IllegalMove, match="Anun-Nak cannot target A1: it needs a tile with no camel, meeple"):
        play(s, "djinn anun-nak A1 pay elder")
    with pytest.raises(IllegalMove, match="Anun-Nak cannot target D1"):
        play(s, "djinn anun-nak D1 pay elder")
    s = play(s, "djinn anun-nak D3 pay elder")
    assert len(s["meeples"][at("D3")]) == 3 and sum(s["bag"]) == 50 - 3 + 1
    assert s["seats"][0]["elders"] == 1 and step(s) == "move"
    with pytest.raises(IllegalMove, match="Anun-Nak has already been used this round"):
        play(s, "djinn anun-nak D4 pay elder")


def test_bouraq_and_enki_place_pieces_anywhere_of_their_kind() -> None:
    tiles = {"B2": ("village", 5), "E5": ("oasis", 8)}
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles=tiles, p0=mine("Bouraq", "Enki"))
    with pytest.raises(IllegalMove, match=r"Bouraq cannot target C2: it puts a palace on a Village"):
        play(s, "djinn bouraq C2 pay fakir")
    s = play(s, "djinn bouraq B2 pay fakir", "djinn enki E5 pay elder")
    assert s["palaces"][at("B2")] == 1 and s["palms"][at("E5")] == 1
    assert s["seats"][0]["fakirs"] == 1 and s["seats"][0]["elders"] == 1


def test_echidna_doubles_builders() -> None:
    tiles = {"C3": ("village", 5), "B2": ("sacred", 6), "D4": ("village", 5)}
    s = position(meeples={"C2": "B", "C3": "B", **ESCAPE}, tiles=tiles, p0=mine("Echidna", fakirs=0))
    s = play(s, "move C2 C3")
    assert step(s) == "builders"  # Echidna can still be used
    with pytest.raises(IllegalMove, match=r"Echidna costs 1 Elder and 1 Elder or Fakir \(pay elder elder\)"):
        play(s, "djinn echidna pay elder fakir")
    s = play(s, "djinn echidna pay elder elder", "fakirs 0")
    assert s["seats"][0]["gold"] == 50 + 2 * 3 * 2


def test_iblis_kills_two() -> None:
    s = position(meeples={"B3": "R", "C3": "R", "E3": "WGB", **ESCAPE}, p0=mine("Iblis"))
    s = play(s, "move B3 C3")
    with pytest.raises(IllegalMove, match="name the meeple to kill"):
        play(s, "kill E3 white green")
    s = play(s, "djinn iblis pay fakir", "kill E3 white green")
    assert s["meeples"][at("E3")] == "B"
    s2 = position(meeples={"B3": "R", "C3": "R", **ESCAPE}, p0=mine("Iblis"), p1={"viziers": 1, "elders": 3})
    s2 = play(s2, "djinn iblis pay elder", "move B3 C3", "kill P2 vizier elder")
    assert s2["seats"][1]["viziers"] == 0 and s2["seats"][1]["elders"] == 2


def test_leta_and_utug_take_tiles() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", "C3": "GW", **ESCAPE}, p0=mine("Leta", "Utug", elders=4))
    with pytest.raises(IllegalMove, match="Leta cannot target C3"):
        play(s, "djinn leta C3 pay elder fakir")
    s = play(s, "djinn leta D5 pay elder fakir", "djinn utug C3 pay elder elder")
    assert s["camels"][at("D5")] == 0 and s["camels"][at("C3")] == 0
    assert s["seats"][0]["camels"] == 6 and s["meeples"][at("C3")] == "GW"


def test_sibittis_draws_three_keeps_one() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0=mine("Sibittis"))
    top3 = list(reversed(s["djinn_deck"][-3:]))
    s = play(s, "djinn sibittis pay elder fakir")
    assert step(s) == "sibittis" and s["turn"]["drawn"] == top3
    assert RULES.view(s, 1)["turn"]["drawn"] == 3  # the others do not see them
    with pytest.raises(IllegalMove, match="is not among the Djinns you drew"):
        play(s, "keep " + next(d for d in ("Boaz", "Enki", "Marid", "Nekir") if d not in top3))
    s = play(s, f"keep {top3[1].lower()}")
    assert top3[1] in s["seats"][0]["djinns"] and sorted(s["djinn_discard"]) == sorted([top3[0], top3[2]])
    assert step(s) == "move"


def test_sloar_takes_the_top_of_the_pile() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0=mine("Sloar", fakirs=1))
    top = s["deck"][-1]
    with pytest.raises(IllegalMove, match=r"Sloar costs 1 Fakir"):
        play(s, "djinn sloar pay elder")
    s = play(s, "djinn sloar pay fakir")
    p = s["seats"][0]
    assert (top in p["goods"]) or (top == "Fakir" and p["fakirs"] == 1)


# -- redirects -----------------------------------------------------------------


def test_hagis_moves_the_palace_to_a_neighbour() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("village", 5)}, p0=mine("Hagis"))
    s = play(s, "move A1 A2")
    assert step(s) == "palace"
    with pytest.raises(IllegalMove, match=r"Hagis moves the palace to a tile next to A2 \(diagonals included\)"):
        play(s, "palace C2 pay elder")
    s2 = play(s, "palace B3 pay elder")
    assert s2["palaces"][at("B3")] == 1 and s2["palaces"][at("A2")] == 0 and s2["seats"][0]["elders"] == 1
    s3 = play(s, "palace")
    assert s3["palaces"][at("A2")] == 1 and s3["seats"][0]["elders"] == 2


def test_lamia_moves_the_palm_tree_and_works_with_enki() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"E5": ("oasis", 8)}, p0=mine("Lamia", "Enki"))
    s = play(s, "djinn enki E5 pay elder")
    assert step(s) == "palm" and s["turn"]["at"] == at("E5")
    s = play(s, "palm F4 pay fakir")
    assert s["palms"][at("F4")] == 1 and step(s) == "move"


# -- triggered and permanent ---------------------------------------------------


def test_baal_pays_when_djinns_are_gained() -> None:
    tiles = {"A2": ("sacred", 6)}
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles=tiles, djinns_up=["Jafaar", "Enki", "Boaz"],
                 p0={"elders": 2}, p1={"djinns": ["Ba'al"]})
    s = play(s, "move A1 A2", "take enki pay elder elder")
    assert s["seats"][1]["gold"] == 52
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles=tiles, djinns_up=["Jafaar", "Enki", "Boaz"],
                 p0={"elders": 2, "djinns": ["Ba'al"]})
    s = play(s, "move A1 A2", "take boaz pay elder elder")
    assert s["seats"][0]["gold"] == 51


def test_boaz_protects_viziers_and_elders_in_front_only() -> None:
    s = position(meeples={"B3": "R", "C3": "R", "D3": "W", **ESCAPE}, p1={"djinns": ["Boaz"], "viziers": 2})
    s["camels"][at("D3")] = 1
    s = play(s, "move B3 C3")
    with pytest.raises(IllegalMove, match="P2 holds Boaz: their Viziers and Elders cannot be killed"):
        play(s, "kill P2 vizier")
    s = play(s, "kill D3 white")  # meeples on Boaz's owner's tiles are not protected
    assert s["meeples"][at("D3")] == ""


def test_kandicha_rewards_kills() -> None:
    tiles = {"E3": ("village", 5), "E2": ("sacred", 6)}
    meeples = {"B3": "R", "C3": "R", "E3": "GBY", **ESCAPE}
    s = position(meeples=meeples, tiles=tiles, p0={"djinns": ["Kandicha"]}, p1={"elders": 1})
    top = s["deck"][-1]
    g = play(s, "move B3 C3", "kill E3 green")
    assert g["seats"][0]["goods"] == [top] or g["seats"][0]["fakirs"] == 1
    b = play(s, "move B3 C3", "kill E3 blue")
    assert b["seats"][0]["gold"] == 52  # the Builder would have earned 2 (E3 and E2 blue)
    y = play(s, "move B3 C3", "kill E3 yellow")
    assert y["seats"][0]["viziers"] == 1 and y["bag"][0] == 10
    e = play(s, "move B3 C3", "kill P2 elder")
    assert e["seats"][0]["elders"] == 1 and e["seats"][1]["elders"] == 0


def test_marid_pays_for_drops_on_its_owners_tiles() -> None:
    s = position(meeples={"A1": "GY", "C1": "Y", **ESCAPE}, p1={"djinns": ["Marid"]})
    s["camels"][at("B1")] = 1
    s = play(s, "move A1 B1 C1 drop green yellow")
    assert s["seats"][1]["gold"] == 52
    s = position(meeples={"A1": "GY", "C1": "Y", **ESCAPE}, p0={"djinns": ["Marid"]})
    s["camels"][at("B1")] = 0
    s = play(s, "move A1 B1 C1 drop green yellow")
    assert s["seats"][0]["gold"] == 51


def test_monkir_pays_for_every_palace() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("village", 5)}, p1={"djinns": ["Monkir"]})
    s = play(s, "move A1 A2")
    assert s["seats"][1]["gold"] == 52
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("village", 5)}, p0={"djinns": ["Monkir"]})
    s = play(s, "move A1 A2")
    assert s["seats"][0]["gold"] == 51


def test_nekir_pays_once_per_kill() -> None:
    s = position(meeples={"B3": "R", "C3": "R", "E3": "WG", **ESCAPE}, p0=mine("Iblis"), p1={"djinns": ["Nekir"]})
    s = play(s, "move B3 C3", "djinn iblis pay elder", "kill E3 white green")
    assert s["seats"][1]["gold"] == 52
    s = position(meeples={"B3": "R", "C3": "R", "E3": "WG", **ESCAPE}, p0={"djinns": ["Nekir"]})
    s = play(s, "move B3 C3", "kill E3 green")
    assert s["seats"][0]["gold"] == 51


def test_djinns_may_still_be_used_when_nobody_can_move() -> None:
    s = position(meeples={"A1": "Y", "F5": "W"}, p0=mine("Enki"), tiles={"E5": ("oasis", 8)})
    assert step(s) == "move" and not s["turn"]["can_move"] and s["end"] == "no_move"
    with pytest.raises(IllegalMove, match=r"a 'sell' move does not fit now: no meeple can move \(use a Djinn"):
        RULES.apply(s, 0, {"t": "sell", "cards": ["Fish"]})
    s = play(s, "djinn enki E5 pay elder")
    # Nothing else to do: the turn passes by itself, nobody else can move, the game ends.
    assert s["palms"][at("E5")] == 1 and s["phase"] == "over"


def test_djinn_combinations() -> None:
    # Bouraq's palace can be moved by Hagis; Monkir's owner is paid; the turn goes back to the move.
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"C3": ("village", 5)},
                 p0=mine("Bouraq", "Hagis"), p1={"djinns": ["Monkir"]})
    s = play(s, "djinn bouraq C3 pay fakir")
    assert step(s) == "palace"
    s = play(s, "palace D4 pay fakir")
    assert s["palaces"][at("D4")] == 1 and s["seats"][1]["gold"] == 52 and step(s) == "move"
    # Echidna doubles Kandicha's Builder payout too.
    tiles = {"E3": ("village", 5), "E2": ("sacred", 6)}
    s = position(meeples={"B3": "R", "C3": "R", "E3": "B", **ESCAPE}, tiles=tiles,
                 p0=mine("Kandicha", "Echidna"))
    s = play(s, "djinn echidna pay elder elder", "move B3 C3", "kill E3 blue")
    assert s["seats"][0]["gold"] == 54
    # Ba'al pays for a Djinn kept with Sibittis.
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0=mine("Sibittis"), p1={"djinns": ["Ba'al"]})
    s = play(s, "djinn sibittis pay elder elder")
    s = play(s, f"keep {s['turn']['drawn'][0]}")
    assert s["seats"][1]["gold"] == 52


def test_kumarbi_once_per_round() -> None:
    s = RULES.setup(2, {}, "kum")
    s["bid_order"] = [0, 1, 0, 1]
    s["seats"][0].update(djinns=["Kumarbi"], fakirs=4)
    s = play(s, "bid 8 kumarbi 1", "bid 0")
    with pytest.raises(IllegalMove, match="Kumarbi has already been used this round"):
        play(s, "bid 12 kumarbi 1")
