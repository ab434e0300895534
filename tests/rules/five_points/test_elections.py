"""Elections: ties between neighbourhoods, vote ties, clearing, control markers and VP."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.five_points import RULES

from .helpers import bid, blank, bosses, pass_all, play, put, rabble

# Map (helpers.MAP3):   B    C    D    E
#                  2    1r   2b   3g   4o
#                  3    5r   6b   7g   8o
#                  4    9r  10b  11g
FILLER = ["vote1a", "vote1b", "vote1c", "vote2a"]


def test_most_rabble_holds_the_election_and_everything_is_cleared() -> None:
    state = blank(3, markers=FILLER)
    put(state, 6, 0, rabble=2)
    put(state, 6, 1, rabble=1, bosses=1)
    put(state, 6, 2, bosses=1)
    put(state, 1, 2, rabble=1)
    state = pass_all(state)
    assert rabble(state, 6) == [0, 0, 0]
    assert bosses(state, 6) == [1, 0, 0]  # old bosses removed, the winner's placed
    assert rabble(state, 1) == [0, 0, 1]  # other tiles keep their rabble
    # removed rabble went to the boroughs (then the pass table and the boss
    # bonus took some back to the HQ): P1 passed 1st and has one boss.
    assert state["boroughs"][0] == 11 + 2 - 6 - 1


def test_tied_votes_each_place_a_boss() -> None:
    state = blank(3, markers=FILLER)
    put(state, 6, 0, rabble=2)
    put(state, 6, 2, rabble=2)
    state = pass_all(state)
    assert bosses(state, 6) == [1, 0, 1]


def test_three_tied_neighbourhoods_last_passer_chooses_two_and_the_order() -> None:
    state = blank(3, markers=FILLER)
    for tile, seat in ((1, 0), (4, 1), (9, 2)):
        put(state, tile, seat, rabble=2)
    state = pass_all(state)  # P3 passed last
    assert RULES.to_act(state) == [2]
    assert state["pending"]["tiles"] == [1, 4, 9]
    assert "tied tiles: 1, 4, 9" in RULES.describe(state, 2)
    with pytest.raises(IllegalMove) as err:
        play(state, "elect 9 6")
    assert str(err.value) == "choose 2 different tied neighbourhoods, in the order they vote (tied: 1, 4, 9)"
    with pytest.raises(IllegalMove, match="choose 2 different"):
        play(state, "elect 9")
    state = play(state, "elect 9 then 1")
    log = state["log"]
    assert log.index("election in tile 9 (B4, red): votes P1 0, P2 0, P3 2; boss placed by P3") < log.index(
        "election in tile 1 (B2, red): votes P1 2, P2 0, P3 0; boss placed by P1"
    )
    assert rabble(state, 4) == [0, 2, 0]  # not chosen: no election


def test_two_tied_neighbourhoods_both_vote_in_the_chosen_order() -> None:
    state = blank(3, markers=FILLER)
    put(state, 1, 0, rabble=2)
    put(state, 11, 1, rabble=2)
    state = play(state, "pass", "pass", "pass")
    assert state["pending"]["count"] == 2
    assert sorted(map(tuple, (m["tiles"] for m in RULES.legal_moves(state, 2)))) == [(1, 11), (11, 1)]
    state = play(state, "elect 11 1")
    assert bosses(state, 1) == [1, 0, 0] and bosses(state, 11) == [0, 1, 0]


def test_special_election_is_outside_the_two_election_limit() -> None:
    state = blank(3, markers=["speciala"] + FILLER[:3])
    bid(state, 0, 0, 1)
    for tile, seat in ((1, 0), (4, 1), (9, 2)):
        put(state, tile, seat, rabble=2)
    state = play(pass_all(state), "special 6", "elect 4 1")
    elections = [line for line in state["log"] if line.startswith(("election in", "special election in"))]
    assert [e.split(":")[0] for e in elections] == [
        "special election in tile 6 (C3, blue)",
        "election in tile 4 (E2, orange)",
        "election in tile 1 (B2, red)",
    ]
    assert "boss placed by nobody" in elections[0]  # nobody had a vote there
    assert bosses(state, 6) == [0, 0, 0]


def test_control_markers_for_majorities_next_door_and_vp_for_ties() -> None:
    state = blank(3, markers=FILLER)
    put(state, 6, 0, rabble=4)  # election on tile 6 (blue); neighbours 2, 5, 7, 10
    put(state, 2, 1, rabble=2)  # tile 2 blue: P2 majority -> blue marker
    put(state, 2, 0, rabble=1)
    put(state, 5, 0, rabble=1)  # tile 5 red: P1 and P3 tie -> 1 VP each
    put(state, 5, 2, rabble=1)
    put(state, 7, 2, rabble=1)  # tile 7 green: P3 -> green marker
    put(state, 3, 2, rabble=3)  # tile 3 is not a neighbour: nothing
    supply = dict(state["control_supply"])
    state = pass_all(state)
    assert state["control"][1] == {"blue": 1, "green": 0, "red": 0, "orange": 0}
    assert state["control"][2] == {"blue": 0, "green": 1, "red": 0, "orange": 0}
    assert state["control"][0] == {"blue": 0, "green": 0, "red": 0, "orange": 0}
    assert state["vp"] == [1, 0, 1]
    assert state["control_supply"]["blue"] == supply["blue"] - 1
    assert "  tile 5 (B3, red): tie between P1, P3, 1 VP each" in state["log"]
    # tile 10 had no rabble: nobody gets anything for it
    assert not any("tile 10" in line for line in state["log"])


def test_votes_include_bonuses_without_rabble_present() -> None:
    state = blank(3, markers=["vote2a"] + FILLER[:3])
    bid(state, 0, 2, 1)
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    assert "election in tile 6 (C3, blue): votes P1 1, P2 0, P3 2; boss placed by P3" in state["log"]
