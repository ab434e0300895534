"""narrate: one line per kind of move saying what it did; phase_label for every kind of seat.

Five Tribes bids are open and every action is done on the table, so a move
narrates the same to every seat and to spectators. The exceptions are checked
here: Sibittis's draw (named only to the drawer until the Djinn is kept) and the
stand-in bid that pays a seat's whole, secret, gold total.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import canonical_json, fill_seats
from games.rules.five_tribes import RULES

from .util import at, play, position

ESCAPE = {"F4": "Y", "F5": "Y"}
State = dict[str, Any]


def lines(s: State, text: str) -> tuple[State, dict[int | None, str]]:
    """Play *text* by the seat to act; the narration for every seat and a spectator."""
    seat = RULES.to_act(s)[0]
    move = RULES.parse_move(s, seat, text)
    after = RULES.apply(s, seat, move)
    frozen = canonical_json(s), canonical_json(after)
    told = {viewer: RULES.narrate(s, seat, move, after, viewer) for viewer in [*range(s["num_players"]), None]}
    assert (canonical_json(s), canonical_json(after)) == frozen, "narrate must not change its inputs"
    for line in told.values():
        assert line.strip() and "\n" not in line and not line.endswith("."), line
    return after, told


def told(s: State, text: str) -> tuple[State, str]:
    """Play *text*; its narration, the same for every viewer."""
    after, by_viewer = lines(s, text)
    assert len(set(by_viewer.values())) == 1, by_viewer
    return after, by_viewer[None]


def bidding(n: int = 3, **seat0: Any) -> State:
    s = RULES.setup(n, {}, "narration")
    s["bid_order"] = list(range(n))
    s["seats"][0].update(seat0)
    return s


# -- bids ------------------------------------------------------------------------------


def test_bids_name_the_spot_and_the_price_and_the_last_gives_the_turn_order() -> None:
    s, line = told(bidding(), "bid 5")
    assert line == "{seat0} bid 5 for turn order and paid 5 gold"
    s, line = told(s, "bid 0")
    assert line == "{seat1} bid 0 for turn order"
    s, line = told(s, "bid 3")
    assert line == "{seat2} bid 3 for turn order and paid 3 gold; turn order: {seat0}, {seat2}, {seat1}"
    assert fill_seats(line, ["Ada", "Bo", "Cy"]) == (
        "Cy bid 3 for turn order and paid 3 gold; turn order: Ada, Cy, Bo")


def test_a_kumarbi_bid_says_the_fakirs_and_the_lowered_price() -> None:
    _, line = told(bidding(djinns=["Kumarbi"], fakirs=2), "bid 8 kumarbi 2")
    assert line == "{seat0} bid 8 for turn order with Kumarbi (2 Fakirs) and paid 3 gold"


def test_the_stand_in_bid_tells_the_amount_only_to_its_bidder() -> None:
    s = bidding(4)
    s = play(s, "bid 0", "bid 0", "bid 0")
    s["seats"][3]["gold"] = 0
    _, by_viewer = lines(s, "bid 1")
    order = "; turn order: {seat3}, {seat2}, {seat1}, {seat0}"
    assert by_viewer[3] == "{seat3} bid 1 for turn order and paid all the 0 gold they had" + order
    for viewer in (0, 1, 2, None):
        assert by_viewer[viewer] == "{seat3} bid 1 for turn order" + order


# -- movements and what the tribe did ---------------------------------------------------------


def test_a_movement_names_the_path_the_tribe_and_the_tile_taken() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE})
    _, line = told(s, "move A1 A2")
    assert line == "{seat0} moved A1 → A2, took 2 Viziers, took control of A2"
    s = position(meeples={"A1": "WY", "A3": "W", "A2": "W", **ESCAPE})
    _, line = told(s, "move A1 A2 A3 drop yellow white")
    assert line == "{seat0} moved A1 → A2 A3, took 2 Elders, took control of A3"


def test_merchants_say_which_cards_they_took() -> None:
    s = position(meeples={"A1": "G", "A2": "GG", **ESCAPE}, row=["Fish", "Silk", "Wheat", "Ivory"])
    _, line = told(s, "move A1 A2")
    assert line == ("{seat0} moved A1 → A2, took 3 Merchants, who took Fish, Silk and Wheat from the "
                    "resource row, took control of A2")


def test_builders_score_at_once_or_after_the_fakir_choice() -> None:
    tiles = {"A1": ("sacred", 6), "B2": ("village", 5)}
    s = position(meeples={"A1": "B", "A2": "BY", **ESCAPE}, tiles=tiles)
    _, line = told(s, "move A1 A2")
    # A1 and B2 are the blue tiles around A2: 2 Builders x 2 = 4 gold.
    assert line == "{seat0} moved A1 → A2, took 2 Builders and scored 4 gold"
    s = position(meeples={"A1": "B", "A2": "B", **ESCAPE}, tiles=tiles, p0={"fakirs": 2})
    s, line = told(s, "move A1 A2")
    assert line == "{seat0} moved A1 → A2, took 2 Builders, took control of A2"
    _, line = told(s, "fakirs 1")
    assert line == "{seat0}'s 2 Builders on A2 scored 6 gold with 1 Fakir added"


def test_assassins_find_nothing_or_choose_a_target() -> None:
    s = position(meeples={"A1": "R", "A2": "R", **ESCAPE})
    _, line = told(s, "move A1 A2")
    assert line == "{seat0} moved A1 → A2, took 2 Assassins, who found nothing to kill, took control of A2"
    s = position(meeples={"B3": "R", "C3": "R", "D3": "W", "E3": "GB", **ESCAPE}, p0={"fakirs": 1},
                 p1={"viziers": 1, "djinns": ["Nekir"]})
    s, line = told(s, "move B3 C3")
    assert line == "{seat0} moved B3 → C3, took 2 Assassins, took control of C3"
    _, line = told(s, "kill D3 white")
    assert line == "{seat0}'s Assassins killed an Elder on D3, took control of D3; Nekir paid {seat1} 2 gold"
    _, line = told(s, "kill E3 blue")  # 2 tiles away: within the 2 Assassins' reach
    assert line == "{seat0}'s Assassins killed a Builder on E3; Nekir paid {seat1} 2 gold"
    _, line = told(s, "kill P2 vizier")
    assert line == "{seat0}'s Assassins killed {seat1}'s Vizier; Nekir paid {seat1} 2 gold"


def test_a_kill_beyond_reach_says_the_fakirs_and_kandicha_says_what_it_gave() -> None:
    tiles = {"F3": ("village", 5), "F2": ("sacred", 6)}
    s = position(meeples={"B3": "R", "C3": "R", "F3": "GBY", **ESCAPE}, tiles=tiles,
                 p0={"djinns": ["Kandicha"], "fakirs": 1})
    s = play(s, "move B3 C3")
    _, line = told(s, "kill F3 blue")
    # F3 is 3 tiles from C3: one Fakir beyond the 2 Assassins; F2 and F3 are blue: 2 gold.
    assert line == ("{seat0}'s Assassins killed a Builder on F3 (discarding 1 Fakir for range); "
                    "with Kandicha they earned 2 gold")
    _, line = told(s, "kill F3 yellow")
    assert line.endswith("; with Kandicha they kept the killed Vizier")
    top = s["deck"][-1]
    _, line = told(s, "kill F3 green")
    assert line.endswith(f"; with Kandicha they drew {top}")


def test_a_pass_says_what_was_passed() -> None:
    # Assassins with a target only within Fakir range may kill nobody.
    s = position(meeples={"B3": "R", "C3": "R", "F3": "G", **ESCAPE}, p0={"fakirs": 1})
    s = play(s, "move B3 C3")
    _, line = told(s, "pass")
    assert line == "{seat0}'s Assassins killed nobody (no target within reach without Fakirs)"
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, row=["Fish"])
    s = play(s, "move A1 A2")
    _, line = told(s, "pass")
    assert line == "{seat0} bought nothing at the market"
    # Without ESCAPE nothing can move after this turn: the next seats pass and the game ends.
    s = position(meeples={"A1": "Y", "A2": "Y"}, row=["Fish"])
    s = play(s, "move A1 A2")
    _, line = told(s, "pass")
    assert line == ("{seat0} bought nothing at the market; no meeple can move any more: this is the last "
                    "round; the game is over")
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("sacred", 6)}, p0={"elders": 2})
    s = play(s, "move A1 A2")
    _, line = told(s, "pass")
    assert line == "{seat0} took no Djinn at the Sacred Place"
    # Nobody can move (this is the last round): the seat may still use a Djinn, or pass; everyone
    # after passes too, and the game ends.
    s = position(meeples={"A1": "Y", "F5": "W"}, p0={"djinns": ["Iblis"], "fakirs": 1})
    assert s["end"] == "no_move"
    _, line = told(s, "pass")
    assert line == "{seat0} could not move any meeple and passed; the game is over"


# -- tile actions ------------------------------------------------------------------------


def test_markets_and_sacred_places_say_what_was_bought_or_taken() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, row=["Fish", "Silk", "Wheat"],
                 tiles={"A2": ("large_market", 4)})
    s = play(s, "move A1 A2")
    _, line = told(s, "take 1 3")
    assert line == "{seat0} bought Fish and Wheat at the Large Market for 6 gold"
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("sacred", 6)},
                 djinns_up=["Jafaar", "Enki", "Boaz"], p0={"elders": 2}, p1={"djinns": ["Ba'al"]})
    s = play(s, "move A1 A2")
    _, line = told(s, "take jafaar pay elder elder")
    assert line == "{seat0} took the Djinn Jafaar at the Sacred Place, paying 2 Elders; Ba'al paid {seat1} 2 gold"


def test_palm_trees_and_palaces_with_or_without_lamia_and_hagis() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("oasis", 8)})
    _, line = told(s, "move A1 A2")
    assert line == "{seat0} moved A1 → A2, took 2 Viziers, took control of A2, placed a palm tree on A2"
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("village", 5)},
                 p0={"djinns": ["Monkir"]})
    _, line = told(s, "move A1 A2")
    assert line == ("{seat0} moved A1 → A2, took 2 Viziers, took control of A2, placed a palace on A2; "
                    "Monkir paid {seat0} 1 gold")
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("oasis", 8)},
                 p0={"djinns": ["Lamia"], "fakirs": 1})
    s, line = told(s, "move A1 A2")
    assert line == "{seat0} moved A1 → A2, took 2 Viziers, took control of A2"
    _, line = told(s, "palm B3 pay fakir")
    assert line == "{seat0} used Lamia, paying 1 Fakir, to place the palm tree on B3 instead of A2"
    _, line = told(s, "palm")
    assert line == "{seat0} placed the palm tree on A2"
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"A2": ("village", 5)},
                 p0={"djinns": ["Hagis"], "elders": 1}, p2={"djinns": ["Monkir"]})
    s = play(s, "move A1 A2")
    _, line = told(s, "palace B1 pay elder")
    assert line == ("{seat0} used Hagis, paying 1 Elder, to place the palace on B1 instead of A2; "
                    "Monkir paid {seat2} 2 gold")


def test_marid_is_paid_for_drops_on_its_owners_tiles() -> None:
    s = position(meeples={"A1": "GY", "C1": "Y", **ESCAPE}, p1={"djinns": ["Marid"]})
    s["camels"][at("B1")] = 1
    _, line = told(s, "move A1 B1 C1 drop green yellow")
    assert line == "{seat0} moved A1 → B1 C1, took 2 Viziers, took control of C1; Marid paid {seat1} 2 gold"


# -- Djinn powers ---------------------------------------------------------------------------


def mine(*names: str, **extra: Any) -> dict[str, Any]:
    return {"djinns": list(names), "elders": 2, "fakirs": 2, **extra}


def test_each_djinn_power_says_its_effect() -> None:
    tiles = {"B2": ("village", 5), "E5": ("oasis", 8)}
    s = position(meeples={"A1": "Y", "A2": "Y", "C3": "GW", **ESCAPE}, tiles=tiles,
                 p0=mine("Anun-Nak", "Bouraq", "Enki", "Echidna", "Iblis", "Leta", "Utug", "Sloar", elders=6,
                         fakirs=6))
    after, line = told(s, "djinn anun-nak D3 pay elder")
    placed = "".join(sorted(after["meeples"][at("D3")], key="YWGBR".index))
    colours = {"Y": "yellow", "W": "white", "G": "green", "B": "blue", "R": "red"}
    names = [colours[c] for c in placed]
    assert line == ("{seat0} used Anun-Nak, paying 1 Elder, to put 3 meeples from the bag on D3 ("
                    f"{names[0]}, {names[1]} and {names[2]})")
    _, line = told(s, "djinn bouraq B2 pay fakir")
    assert line == "{seat0} used Bouraq, paying 1 Fakir, to put a palace on B2"
    _, line = told(s, "djinn enki E5 pay elder")
    assert line == "{seat0} used Enki, paying 1 Elder, to put a palm tree on E5"
    _, line = told(s, "djinn echidna pay elder fakir")
    assert line == "{seat0} used Echidna, paying 1 Elder and 1 Fakir, so their Builders earn double this turn"
    _, line = told(s, "djinn iblis pay fakir")
    assert line == "{seat0} used Iblis, paying 1 Fakir, so their Assassins kill two meeples this turn"
    _, line = told(s, "djinn leta D5 pay elder elder")
    assert line == "{seat0} used Leta, paying 2 Elders, to put a camel on D5"
    _, line = told(s, "djinn utug C3 pay elder fakir")
    assert line == "{seat0} used Utug, paying 1 Elder and 1 Fakir, to put a camel on C3"
    top = s["deck"][-1]
    _, line = told(s, "djinn sloar pay fakir")
    assert line == f"{{seat0}} used Sloar, paying 1 Fakir, to take a{'n' if top[0] in 'AEIOU' else ''} {top} " \
                   "from the resource pile"


def test_a_placement_djinn_says_when_hagis_or_lamia_may_still_move_the_piece() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, tiles={"C3": ("village", 5)},
                 p0=mine("Bouraq", "Hagis"))
    s, line = told(s, "djinn bouraq C3 pay fakir")
    assert line == "{seat0} used Bouraq, paying 1 Fakir, for a palace on C3 (Hagis may move it)"
    _, line = told(s, "palace")
    assert line == "{seat0} placed the palace on C3"


def test_a_last_camel_makes_the_last_round() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0={"camels": 1})
    _, line = told(s, "move A1 A2")
    assert line == ("{seat0} moved A1 → A2, took 2 Viziers, took control of A2; {seat0} placed their last "
                    "camel: this is the last round")


def test_sibittis_names_the_drawn_djinns_only_to_the_drawer_until_one_is_kept() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0=mine("Sibittis"), p1={"djinns": ["Ba'al"]})
    top3 = list(reversed(s["djinn_deck"][-3:]))
    s, by_viewer = lines(s, "djinn sibittis pay elder fakir")
    assert by_viewer[0] == (f"{{seat0}} used Sibittis, paying 1 Elder and 1 Fakir, and drew {top3[0]}, "
                            f"{top3[1]} and {top3[2]} to keep one")
    for viewer in (1, 2, None):
        assert by_viewer[viewer] == "{seat0} used Sibittis, paying 1 Elder and 1 Fakir, and drew 3 Djinns to keep one"
        assert not any(name in by_viewer[viewer] for name in top3)
    # Keeping one reveals all three: the others go face up to the discard pile.
    _, line = told(s, f"keep {top3[1]}")
    assert line == (f"{{seat0}} kept {top3[1]} of the Djinns drawn with Sibittis and discarded {top3[0]} and "
                    f"{top3[2]}; Ba'al paid {{seat1}} 2 gold")


# -- the end of a turn -------------------------------------------------------------------


def test_sales_and_the_end_of_a_turn() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0={"goods": ["Fish", "Fish", "Ivory"]}, others=[1])
    s = play(s, "move A1 A2", "pass")
    assert s["turn"]["step"] == "end"
    s, line = told(s, "sell fish fish ivory")
    assert line == "{seat0} sold Fish, Fish and Ivory for 4 gold"
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE}, p0={"goods": ["Fish"]}, others=[])
    s = play(s, "move A1 A2", "pass")
    _, line = told(s, "done")
    assert line == "{seat0} ended their turn; round 2 begins"


# -- every viewer reads the same, over whole games ----------------------------------------------


def test_every_viewer_reads_the_same_line_except_for_sibittis_and_the_stand_in_bid() -> None:
    """No hidden move in Five Tribes but those two: the line is the same for all, seats and spectators."""
    seen = set()
    for n in (2, 3, 4):
        s = RULES.setup(n, {}, f"viewers-{n}")
        rng = random.Random(n)
        while RULES.to_act(s):
            seat = RULES.to_act(s)[0]
            move = RULES.random_move(s, seat, rng)
            after = RULES.apply(s, seat, move)
            by_viewer = {v: RULES.narrate(s, seat, move, after, v) for v in [*range(n), None]}
            secret = move.get("djinn") == "Sibittis" and move["t"] == "djinn" or (
                move["t"] == "bid" and move["cost"] and s["seats"][seat]["gold"] < move["cost"])
            if not secret:
                assert len(set(by_viewer.values())) == 1, by_viewer
            assert s["rng"]["seed"] not in "".join(by_viewer.values())
            seen.add(move["t"])
            s = after
    assert {"bid", "move", "done"} <= seen


# -- phase labels -------------------------------------------------------------------------


def test_phase_label_for_the_awaited_seat_the_others_spectators_and_the_end() -> None:
    s = bidding()
    assert RULES.phase_label(s, 0) == "your bid, round 1"
    assert RULES.phase_label(s, 1) == "bidding, round 1"
    assert RULES.phase_label(s, None) == "bidding, round 1"
    s = position(meeples={"B3": "R", "C3": "R", "D3": "W", **ESCAPE})
    assert RULES.phase_label(s, 0) == "your move, round 1"
    assert RULES.phase_label(s, 2) == RULES.phase_label(s, None) == "playing, round 1"
    s = play(s, "move B3 C3")
    assert RULES.phase_label(s, 0) == "your Assassins' target, round 1"
    s["end"] = "camels"
    assert RULES.phase_label(s, 0) == "your Assassins' target, round 1 (last round)"
    assert RULES.phase_label(s, 1) == "playing, round 1 (last round)"
    s = position(meeples={"A1": "Y", "F5": "W"}, p0={"djinns": ["Iblis"], "fakirs": 1})
    assert RULES.phase_label(s, 0) == "your turn (no meeple can move), round 1 (last round)"
    s = play(s, "pass")
    assert s["phase"] == "over"
    assert RULES.phase_label(s, 0) == RULES.phase_label(s, None) == "game over"
