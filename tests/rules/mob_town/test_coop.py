"""Upholding the Law, the co-op game (l.115-186; rulings R32-R40, R42-R47)."""

from __future__ import annotations

import copy

import pytest

from games.rules import IllegalMove
from games.rules.mob_town import coop
from games.rules.mob_town.data import LAW, MASTER_CRIME_IDS, MOB_ACTIVITY_IDS, MOB_CARDS, PROPERTIES

from .helpers import RULES, coop_table, play


def row_city(state, cards, mob=None):
    """Replace the co-op city by ``cards`` along a row, tokens as given; pawns on the first card."""
    state = copy.deepcopy(state)
    state["city"] = [{"x": i, "y": 0, "card": c, "mob": (mob or {}).get(c, 0), "down": False}
                     for i, c in enumerate(cards)]
    state["last"] = [len(cards) - 1, 0]
    state["pawns"] = [[0, 0] for _ in state["pawns"]]
    state["mob"]["supply"] = 24 - sum(e["mob"] for e in state["city"])
    return state


# -- set-up -----------------------------------------------------------------------------------


def test_roles_are_chosen_one_at_a_time_in_seat_order_then_the_table_is_set():
    s = RULES.setup(3, {"mode": "coop"}, "coop-setup")
    assert s["phase"] == "roles" and RULES.to_act(s) == [0] and s["city"] == []
    s = RULES.apply(s, 0, {"action": "role", "role": "patrol"})
    assert RULES.to_act(s) == [1]
    with pytest.raises(IllegalMove, match="the Patrol Officer is taken"):
        RULES.apply(s, 1, {"action": "role", "role": "patrol"})
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(s, 2, {"action": "role", "role": "detective"})
    s = RULES.apply(s, 1, {"action": "role", "role": "detective"})
    s = RULES.apply(s, 2, {"action": "role", "role": "attorney"})
    assert s["phase"] == "pawns" and RULES.to_act(s) == [0]
    # The city of 8, four opening mob cards (their tokens placed, then discarded), master crimes shuffled in.
    assert len(s["city"]) == 8 and len(s["property_deck"]) == 12
    assert len(s["mob"]["discard"]) == 4 and set(s["mob"]["discard"]) <= set(MOB_ACTIVITY_IDS)
    assert len(s["mob"]["deck"]) == 16 and set(MASTER_CRIME_IDS) <= set(s["mob"]["deck"])
    tokens = sum(e["mob"] for e in s["city"])
    assert tokens + s["mob"]["supply"] == 24
    assert tokens + s["mob"]["track"] == sum(_opening_aims(s, c) for c in s["mob"]["discard"])
    # Five cards each and a lineup of five from the 56 resource cards; no Law (R32).
    assert [len(h) for h in s["hands"]] == [5, 5, 5] and len(s["lineup"]) == 5
    assert len(s["deck"]) == 56 - 15 - 5 and LAW not in s["deck"]
    # Pawns in seat order, on any card.
    for seat in range(3):
        s = RULES.apply(s, seat, {"action": "pawn", "at": [s["city"][seat]["x"], s["city"][seat]["y"]]})
    assert s["phase"] == "actions" and RULES.to_act(s) == [0] and s["actions"] == []


def _opening_aims(state, card):
    return len(coop.targets(state, MOB_CARDS[card].arg))


@pytest.mark.parametrize(("change", "size"), [(0, 8), (-1, 7), (1, 9), (2, 10)])
def test_starting_city_variant(change, size):
    s = coop_table(2, options={"starting_city": change})
    assert len(s["city"]) == size and len(s["property_deck"]) == 20 - size


def test_no_master_crimes_leaves_them_out():
    s = coop_table(2, options={"no_master_crimes": True})
    assert len(s["mob"]["deck"]) == 10 and not set(MASTER_CRIME_IDS) & set(s["mob"]["deck"])


# -- actions ------------------------------------------------------------------------------------


def test_three_actions_a_turn_none_more_than_twice_then_a_mob_activity_card():
    s = row_city(coop_table(2), ["res2", "cas3", "hot1", "the2", "fac1", "res1"])
    s["mob"]["deck"] = ["racket_factory", "value_1"]
    s = play(s, 0, "move to cas3")
    s = play(s, 0, "move to res2")
    with pytest.raises(IllegalMove, match="taken Move twice"):
        play(s, 0, "move to cas3")
    s = play(s, 0, "draw")
    # Turn end: seat 1 drew "Small Fry" (value 1): a token on each card worth 1.
    assert s["turn"] == 1 and s["actions"] == []
    assert {e["card"]: e["mob"] for e in s["city"]} == {"res2": 0, "cas3": 0, "hot1": 1, "the2": 0, "fac1": 1,
                                                         "res1": 1}
    assert s["mob"]["discard"][-1] == "value_1"
    mob_event = [e for e in s["events"] if e["kind"] == "mob"][0]
    assert mob_event["cards"][0]["placed"] == 3


def test_move_goes_up_to_two_cards_orthogonally_over_cards_only():
    city = {(0, 0): "res2", (1, 0): "cas3", (2, 0): "hot1", (2, 1): "the2", (4, 0): "fac1", (3, 1): "res1"}
    s = coop_table(2)
    s["city"] = [{"x": x, "y": y, "card": c, "mob": 0, "down": (c == "cas3")} for (x, y), c in city.items()]
    s["pawns"] = [[0, 0], [0, 0]]
    assert coop.destinations(s, 0) == [(1, 0), (2, 0)]  # across a face-down card; not diagonally or over gaps
    with pytest.raises(IllegalMove, match="cannot reach"):
        RULES.apply(s, 0, {"action": "move", "to": [2, 1]})
    s["roles"][1] = "patrol"
    s["pawns"][1] = [0, 0]
    assert (2, 1) in coop.destinations(s, 1) and (3, 1) not in coop.destinations(s, 1)


def test_clear_out_pays_one_suit_and_cash_and_removes_that_many_tokens():
    s = row_city(coop_table(2, roles=("patrol", "inspector")), ["res3", "cas3"], mob={"res3": 3})
    s["hands"][0] = ["rats1", "rats2", "weasels1", "sharks1", "cash"]
    after = play(s, 0, "clear out with rats 1, cash")
    assert after["city"][0]["mob"] == 1 and after["mob"]["supply"] == s["mob"]["supply"] + 2
    assert after["hands"][0] == ["rats2", "weasels1", "sharks1"]
    # Paying more than the tokens is allowed; the excess is lost (R36).
    assert play(s, 0, "clear out with rats 2, rats 1, cash")["city"][0]["mob"] == 0
    with pytest.raises(IllegalMove, match="one suit only"):
        play(s, 0, "clear out with rats 1, weasels 1")
    with pytest.raises(IllegalMove, match="sharks 1 cannot pay"):
        play(s, 0, "clear out with sharks 1")
    assert play(s, 0, "clear out with cash")["city"][0]["mob"] == 2  # cash alone pays (R44)
    s["city"][0]["mob"] = 0
    with pytest.raises(IllegalMove, match="no mob tokens"):
        play(s, 0, "clear out with cash")


def test_detective_and_sergeant():
    s = row_city(coop_table(2, roles=("detective", "sergeant")), ["res3", "cas3"], mob={"res3": 3})
    s["hands"][0] = ["rats1"]
    assert play(s, 0, "clear out with rats 1")["city"][0]["mob"] == 1  # the Detective removes one more
    s["turn"] = 1
    s["hands"][1] = ["sharks1", "foxes1"]
    assert play(s, 1, "clear out with sharks 1, foxes 1")["city"][0]["mob"] == 1  # any suit, mixed


def test_shut_down_pays_exactly_turns_the_card_and_expands_the_business():
    s = row_city(coop_table(2), ["res3", "cas3"])
    s["hands"][0] = ["rats1", "weasels2", "cash", "sharks3"]
    s["property_deck"] = ["fac4", "hot2"]
    after = play(s, 0, "shut down with rats 1, weasels 2")
    assert after["city"][0]["down"] and after["track"] == 3
    # res3 points left: hot2 is placed where the next card after res3 would go.
    assert PROPERTIES["res3"].arrow == "left"
    assert after["city"][-1] == {"x": -1, "y": 0, "card": "hot2", "mob": 0, "down": False}
    with pytest.raises(IllegalMove, match="costs exactly 3"):
        play(s, 0, "shut down with rats 1, cash")
    with pytest.raises(IllegalMove, match="sharks 3 cannot pay"):
        play(s, 0, "shut down with sharks 3")
    with pytest.raises(IllegalMove, match="already shut down"):
        play(after, 0, "shut down with cash, cash, cash")
    s["city"][0]["mob"] = 1
    with pytest.raises(IllegalMove, match="still has 1 mob token"):
        play(s, 0, "shut down with rats 1, weasels 2")
    s["city"][0]["mob"] = 0
    s["property_deck"] = []
    assert len(play(s, 0, "shut down with rats 1, weasels 2")["city"]) == 2  # nothing left to expand


def test_inspector_and_attorney():
    s = row_city(coop_table(2, roles=("inspector", "attorney")), ["res3", "cas3"])
    s["hands"][0] = ["sharks3"]
    assert play(s, 0, "shut down with sharks 3")["track"] == 3
    s["turn"] = 1
    s["hands"][1] = ["rats3"]
    assert play(s, 1, "shut down with rats 3")["track"] == 4


def test_a_full_card_sends_the_token_to_the_mob_boss_track():
    s = row_city(coop_table(2), ["res1", "cas1", "hot2"], mob={"res1": 1, "cas1": 1, "hot2": 1})
    s["mob"]["deck"] = ["value_1"]
    s["actions"] = ["draw", "draw"]
    after = play(s, 0, "move to cas1")
    assert after["mob"]["track"] == s["mob"]["track"] + 2
    assert [e["mob"] for e in after["city"]] == [1, 1, 1]
    s["mob"]["supply"] = 0
    s["mob"]["deck"] = ["value_2"]
    s["city"][2]["mob"] = 0
    assert play(s, 0, "move to cas1")["mob"]["track"] == s["mob"]["track"] + 1  # no token left in supply


# -- the end -----------------------------------------------------------------------------------------


def test_twenty_on_the_player_track_wins_at_once():
    s = row_city(coop_table(3), ["res3", "cas3"])
    s["track"] = 18
    s["hands"][0] = ["rats3"]
    s["property_deck"] = ["fac4"]
    after = play(s, 0, "shut down with rats 3")
    assert after["phase"] == "over" and after["end"] == "win" and len(after["city"]) == 2  # no expansion
    assert RULES.result(after) == {"scores": [21, 21, 21], "winners": [0, 1, 2],
                                   "detail": {"mode": "coop", "outcome": "won", "end": "win", "player_track": 21,
                                              "mob_track": s["mob"]["track"]}}
    assert RULES.phase_label(after, 0) == "game over: the players won"


def test_eight_on_the_mob_boss_track_loses_at_once():
    s = row_city(coop_table(2), ["res1", "cas1"], mob={"res1": 1, "cas1": 1})
    s["mob"]["track"] = 7
    s["mob"]["deck"] = ["value_1"]
    s["actions"] = ["draw", "move"]
    after = play(s, 0, "move to cas1")
    assert after["end"] == "mob" and after["mob"]["track"] == 8 and RULES.result(after)["winners"] == []
    assert "the players lose" in RULES.narrate(s, 0, {"action": "move", "to": [1, 0]}, after, None)


def test_the_last_draw_card_leaving_the_deck_loses_at_once():
    s = coop_table(2)
    s["deck"] = ["rats1", "rats2"]
    after = play(s, 0, "draw")
    assert after["end"] == "deck" and RULES.to_act(after) == []
    s["deck"] = ["rats1"]
    s["hands"][0] = ["cash"]
    s["lineup"] = ["sharks1", "sharks2", "snakes1", "foxes1", "foxes2"]
    after = play(s, 0, "trade cash for foxes")  # the refill takes the last card
    assert after["end"] == "deck"


def test_more_mob_activity_draws_an_extra_card_after_each_master_crime_but_doubles():
    s = row_city(coop_table(2, options={"more_mob_activity": True}), ["res1", "cas2", "hot3", "the4"])
    s["mob"]["deck"] = ["value_4", "value_3", "citywide"]
    s["mob"]["discard"] = []
    s["actions"] = ["draw", "draw"]
    after = play(s, 0, "move to cas2")
    assert [c["card"] for c in [e for e in after["events"] if e["kind"] == "mob"][0]["cards"]] == [
        "citywide", "value_3"]
    s["mob"]["deck"] = ["value_4", "value_3", "value_2", "doubles"]
    after = play(s, 0, "move to cas2")
    drawn = [c["card"] for c in [e for e in after["events"] if e["kind"] == "mob"][0]["cards"]]
    assert drawn == ["doubles", "value_2", "value_3"]  # Doubles' own two, no extra card for it
    # Without the variant a master crime brings nothing more.
    plain = copy.deepcopy(s)
    plain["options"]["more_mob_activity"] = False
    plain["mob"]["deck"] = ["value_4", "value_3", "citywide"]
    after = play(plain, 0, "move to cas2")
    assert [c["card"] for c in [e for e in after["events"] if e["kind"] == "mob"][0]["cards"]] == ["citywide"]


def test_an_empty_mob_deck_is_reshuffled_and_with_no_discard_nothing_is_drawn():
    s = row_city(coop_table(2), ["res1", "cas2", "hot3", "the4"])
    s["mob"]["deck"] = []
    s["mob"]["discard"] = ["value_2"]
    s["actions"] = ["draw", "draw"]
    after = play(s, 0, "move to cas2")
    assert after["mob"]["discard"] == ["value_2"] and after["city"][1]["mob"] == 1
    s["mob"]["discard"] = []
    after = play(s, 0, "move to cas2")
    assert after["turn"] == 1 and after["mob"]["track"] == s["mob"]["track"]  # R46


def test_hands_are_private_in_the_co_op_too():
    s = coop_table(3)
    view = RULES.view(s, 1)
    assert view["hand"] == s["hands"][1] and view["hand_counts"] == [5, 5, 5]
    assert "hands" not in view and isinstance(view["mob"]["deck"], int) and isinstance(view["property_deck"], int)
    other = copy.deepcopy(s)
    other["hands"][0] = ["cash"] * 5
    assert RULES.view(other, 1) == view  # another player's hand changes nothing seat 2 sees
    assert "Your hand" in RULES.describe(s, 1)


def test_the_default_turn_moves_and_takes_no_card_while_it_can():
    s = coop_table(2)
    first = RULES.default_move(s, 0)
    assert first["action"] == "move"
    s = RULES.apply(s, 0, first)
    s = RULES.apply(s, 0, RULES.default_move(s, 0))
    third = RULES.default_move(s, 0)
    assert third["action"] in ("shutdown", "clear", "draw")
