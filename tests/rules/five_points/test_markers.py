"""Every manipulation marker kind, resolved after all players pass (3-player map)."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove, MoveParseError
from games.rules.five_points import RULES
from games.rules.five_points.city import neighbours

from .helpers import bid, blank, bosses, cell, pass_all, play, put

# Map (helpers.MAP3):   B    C    D    E
#                  2    1r   2b   3g   4o
#                  3    5r   6b   7g   8o
#                  4    9r  10b  11g
FILLER = ["vote1a", "vote1b", "vote1c"]


def with_marker(marker: str, winner: int = 1, amount: int = 1) -> dict:
    state = blank(3, markers=[marker] + FILLER)
    bid(state, 0, winner, amount)
    return state


def test_unbid_markers_are_discarded() -> None:
    state = blank(3, markers=["vote2a"] + FILLER)
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    assert "marker A (+2 votes): no bids, discarded" in state["log"]


@pytest.mark.parametrize("marker, expected", [("vote1a", [1, 1, 0]), ("vote2a", [0, 1, 0])])
def test_plus_votes_in_every_election(marker: str, expected: list[int]) -> None:
    state = with_marker(marker)
    put(state, 6, 0, rabble=2)
    put(state, 6, 1, rabble=1)
    state = pass_all(state)
    assert bosses(state, 6) == expected  # +1 ties 2-2 (both place a boss); +2 wins 3-2


def test_plus_three_counts_only_in_the_colour_shown_even_without_rabble() -> None:
    state = with_marker("red3")
    put(state, 1, 0, rabble=2)  # tile 1 is red: P2 has no rabble there but 3 votes
    state = pass_all(state)
    assert bosses(state, 1) == [0, 1, 0]
    state = with_marker("red3")
    put(state, 6, 0, rabble=2)  # tile 6 is blue: the marker does nothing
    state = pass_all(state)
    assert bosses(state, 6) == [1, 0, 0]


def test_bosses_count_as_votes() -> None:
    state = with_marker("bossesa")
    put(state, 6, 0, rabble=2)
    put(state, 6, 1, rabble=1)
    put(state, 9, 1, bosses=1)
    put(state, 11, 1, bosses=1)
    state = pass_all(state)
    assert "election in tile 6 (C3, blue): votes P1 2, P2 3, P3 0; boss placed by P2" in state["log"]
    assert bosses(state, 6) == [0, 1, 0]


def test_move_a_neighbourhood_keeps_orthogonal_contact() -> None:
    state = with_marker("movea")
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    assert RULES.to_act(state) == [1]
    assert state["pending"]["kind"] == "move_tile"
    assert "Your choice for marker A (move a neighbourhood)" in RULES.describe(state, 1)
    with pytest.raises(IllegalMove) as err:
        play(state, "move tile 4 to F2")  # F2 touches only tile 4 itself
    assert str(err.value).startswith(
        "tile 4 cannot move to F2: the new place must be an empty cell next to at least one other neighbourhood"
        " (cells for tile 4: "
    )
    moved = play(state, "move tile 4 to B5")  # under tile 9
    assert cell(moved, 4) == "B5"
    assert neighbours(moved["tiles"], 3) == [8]  # 0-based: tile 4 now touches tile 9 only
    assert moved["round"] == 2


def test_moving_left_of_column_a_renumbers_cells_not_tiles() -> None:
    state = with_marker("movea")
    put(state, 6, 0, rabble=1)
    state = play(pass_all(state), "move 4 to a2")
    assert cell(state, 4) == "B2" and cell(state, 1) == "C2"


def test_move_may_be_skipped() -> None:
    state = with_marker("moveb")
    put(state, 6, 0, rabble=1)
    state = play(pass_all(state), "skip")
    assert "marker A (move a neighbourhood): P2 chooses not to use it" in state["log"]
    assert cell(state, 4) == "E2"


def test_take_a_control_marker_of_choice() -> None:
    state = with_marker("controla", winner=2)
    state = pass_all(state)
    assert RULES.to_act(state) == [2] and state["pending"]["kind"] == "take"
    with pytest.raises(MoveParseError, match=r'"purple" is not a colour \(blue, green, red or orange\)'):
        play(state, "take purple")
    before = state["control_supply"]["red"]
    state = play(state, "take red")
    assert state["control"][2]["red"] == 1
    assert state["control_supply"]["red"] == before - 1


def test_take_with_one_pile_left_is_automatic() -> None:
    state = with_marker("controlb", winner=2)
    state["control_supply"] = {"blue": 0, "green": 0, "red": 2, "orange": 0}
    state = pass_all(state)
    assert state["control"][2]["red"] == 1
    assert state["phase"] == "over"  # piles were already empty: the end was triggered


def test_four_vp_for_most_of_a_colour() -> None:
    state = with_marker("mostred")
    put(state, 1, 1, rabble=1)  # P2 controls red tiles 1 and 5, P1 controls red tile 9
    put(state, 5, 1, rabble=1)
    put(state, 9, 0, rabble=1)
    state = pass_all(state)
    assert "marker A (4 VP for most red) won by P2: controls most red (2), +4 VP" in state["log"]
    assert state["vp"][1] == 4


def test_no_vp_when_a_colour_majority_is_tied() -> None:
    state = with_marker("mostred")
    put(state, 1, 1, rabble=1)
    put(state, 9, 0, rabble=1)
    state = pass_all(state)
    assert "marker A (4 VP for most red) won by P2: does not control the most red neighbourhoods, no VP" in state["log"]


def test_one_vp_per_neighbourhood_controlled() -> None:
    state = with_marker("vpcontrola")
    put(state, 1, 1, rabble=2)
    put(state, 3, 1, rabble=1)
    put(state, 11, 1, rabble=1)
    put(state, 11, 0, rabble=1)  # tied: nobody controls tile 11
    state = pass_all(state)
    assert "marker A (1 VP per neighbourhood controlled) won by P2: controls 2 neighbourhood(s), +2 VP" in state["log"]


def test_special_election_is_held_first_and_awards_control_markers() -> None:
    state = with_marker("speciala", winner=2)
    put(state, 6, 0, rabble=3)  # the normal election
    put(state, 3, 2, rabble=1)  # the special election, won by P3
    put(state, 7, 1, rabble=1)  # neighbour of 3 (and of 6)
    state = pass_all(state)
    assert RULES.to_act(state) == [2] and state["pending"]["kind"] == "special"
    state = play(state, "special election in 3")
    log = state["log"]
    first = log.index("special election in tile 3 (D2, green): votes P1 0, P2 0, P3 1; boss placed by P3")
    assert log[first + 1] == "  tile 7 (D3, green): P2 takes a green control marker"
    normal = log.index("election in tile 6 (C3, blue): votes P1 3, P2 0, P3 0; boss placed by P1")
    assert first < normal
    assert bosses(state, 3) == [0, 0, 1] and bosses(state, 6) == [1, 0, 0]


def test_dotted_markers_are_never_drawn_in_play() -> None:
    from games.rules.five_points import data

    dotted = {m["id"] for m in data.MARKERS if m["dots"]}
    state = blank(3)
    for _ in range(30):
        state = pass_all(state)
        assert not dotted & set(state["markers"])


def test_take_from_an_empty_pile_is_refused_with_the_piles_left() -> None:
    state = with_marker("controla", winner=2)
    state["control_supply"]["red"] = 0
    state = pass_all(state)
    with pytest.raises(IllegalMove) as err:
        play(state, "take red")
    assert str(err.value) == "you cannot take a red control marker (piles with markers left: blue, green, orange)"


def test_a_tile_cannot_move_onto_another_or_stay_put() -> None:
    state = pass_all(with_marker("movea"))
    for text in ("move tile 4 to D2", "move tile 4 to E2"):
        with pytest.raises(IllegalMove, match="tile 4 cannot move to"):
            play(state, text)
    with pytest.raises(IllegalMove, match=r"now you must move a neighbourhood \(`move tile 7 to C4`\) or `skip`"):
        play(state, "pass")
