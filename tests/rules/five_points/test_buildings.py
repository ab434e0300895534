"""Each building's effect, the majority rule, pass order, and the Smuggler's Tunnel last."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.five_points import RULES

from .helpers import blank, bosses, building, cell, pass_all, play, put, rabble

# Map (helpers.MAP3):   B    C    D    E
#                  2    1r   2b   3g   4o
#                  3    5r   6b   7g   8o
#                  4    9r  10b  11g
FILLER = ["vote1a", "vote1b", "vote1c", "vote2a"]  # nobody bids: all discarded


def city_with(building_id: str, tile: int = 11, owner: int = 1) -> dict:
    state = blank(3, markers=FILLER)
    building(state, tile, building_id)
    put(state, tile, owner, rabble=1)
    put(state, 6, 0, rabble=3)  # the election is on tile 6, not next to tile 11
    return state


def test_no_majority_no_effect() -> None:
    state = city_with("board_of_elections")
    put(state, 11, 2, rabble=1)  # tied 1-1
    state = pass_all(state)
    assert "Board of Elections: nobody has the majority, unused" in state["log"]
    assert state["vp"] == [0, 0, 0]


def test_board_of_elections_two_vp() -> None:
    state = pass_all(city_with("board_of_elections"))
    assert "Board of Elections (P2): +2 VP" in state["log"]
    assert state["vp"] == [0, 2, 0]


def test_newspaper_control_marker_of_a_chosen_colour() -> None:
    state = pass_all(city_with("newspaper"))
    assert RULES.to_act(state) == [1]
    state = play(state, "take orange")
    assert state["control"][1]["orange"] == 1
    assert "Newspaper: P2 takes an orange control marker" in state["log"]


def test_theater_two_rabble_to_hq() -> None:
    state = city_with("theater")
    state["boroughs"] = [11, 11, 11]
    state = pass_all(state)
    assert "Theater (P2): 2 rabble from the boroughs to the HQ" in state["log"]


def test_five_points_mission_one_rabble_per_boss() -> None:
    state = city_with("mission")
    put(state, 1, 1, bosses=1)
    put(state, 9, 1, bosses=1)
    put(state, 3, 1, bosses=1)
    state = pass_all(state)
    assert "Five Points Mission (P2): 3 rabble from the boroughs to the HQ" in state["log"]


@pytest.mark.parametrize("building_id, expected", [("polling_place", [1, 1, 0]), ("sixth_ward", [0, 1, 0])])
def test_vote_buildings_count_in_elections_elsewhere(building_id: str, expected: list[int]) -> None:
    state = city_with(building_id)
    state["tiles"][5]["rabble"] = [2, 1, 0]  # tile 6: P1 2, P2 1 (+1 ties, +2 wins)
    state = pass_all(state)
    assert bosses(state, 6) == expected


def test_polling_place_counts_in_its_own_neighbourhood() -> None:
    state = blank(3, markers=FILLER)
    building(state, 6, "polling_place")
    put(state, 6, 1, rabble=2)
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    assert "election in tile 6 (C3, blue): votes P1 1, P2 3, P3 0; boss placed by P2" in state["log"]


def test_zoning_commission_moves_a_neighbourhood_with_everything_on_it() -> None:
    state = city_with("zoning")
    state = pass_all(state)
    assert state["pending"] == {"kind": "move_tile", "seat": 1, "source": "Zoning Commission"}
    state = play(state, "move tile 11 to E4")
    assert cell(state, 11) == "E4"
    assert state["tiles"][10]["building"] == "zoning" and rabble(state, 11) == [0, 1, 0]


def test_smugglers_tunnel_moves_any_rabble_and_can_change_the_election() -> None:
    state = city_with("smuggler", tile=11, owner=2)
    put(state, 9, 1, rabble=3)  # tile 9 ties tile 6 at 3
    state = pass_all(state)
    assert RULES.to_act(state) == [2] and state["pending"]["kind"] == "smuggle"
    with pytest.raises(IllegalMove, match=r"P1 has no rabble on tile 9 \(choose a tile where that player has rabble\)"):
        play(state, "smuggle player 1 from 9 to 1")
    state = play(state, "smuggle p1 from 6 to 1")
    assert "Smuggler's Tunnel: P3 moves a rabble of P1 from tile 6 to tile 1" in state["log"]
    assert bosses(state, 9) == [0, 1, 0]  # tile 9 now has the most rabble alone


def test_buildings_resolve_in_pass_order_with_the_tunnel_last() -> None:
    state = blank(3, markers=FILLER)
    building(state, 1, "smuggler")
    building(state, 11, "board_of_elections")
    put(state, 1, 0, rabble=1)  # P1 controls the tunnel and passes first
    put(state, 11, 1, rabble=1)  # P2 controls the board and passes second
    put(state, 6, 2, rabble=3)
    state = pass_all(state)
    assert state["pending"]["source"] == "Smuggler's Tunnel"
    assert "Board of Elections (P2): +2 VP" in state["log"]
    state = play(state, "skip")
    assert state["round"] == 2


def test_buildings_of_earlier_passers_first() -> None:
    state = blank(3, markers=FILLER)
    building(state, 1, "theater")
    building(state, 11, "board_of_elections")
    put(state, 1, 2, rabble=1)
    put(state, 11, 0, rabble=1)
    put(state, 6, 1, rabble=3)
    state = play(state, "place 6", "place 6", "pass", "pass", "pass")  # P3 passes first, then P1, P2
    log = state["log"]
    assert log.index("Theater (P3): 2 rabble from the boroughs to the HQ") < log.index("Board of Elections (P1): +2 VP")


def test_tammany_hall_five_points_at_the_end() -> None:
    state = city_with("tammany", owner=2)
    state["end_triggered"] = True
    state = pass_all(state)
    assert "Tammany Hall (P3): no effect during the game (5 points at the end)" in state["log"]
    assert state["result"]["detail"]["breakdown"][2]["tammany_hall"] == 5


def test_smuggling_needs_two_different_tiles() -> None:
    state = pass_all(city_with("smuggler", tile=11, owner=2))
    with pytest.raises(IllegalMove, match=r"the rabble must go to a different neighbourhood \(two different tile numbers\)"):
        play(state, "smuggle player 1 from 6 to 6")
