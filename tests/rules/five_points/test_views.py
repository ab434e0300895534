"""Views hide only the generator; describe() gives the whole situation in plain text."""

from __future__ import annotations

import json

from games.rules.five_points import RULES

from .helpers import bid, blank, building, pass_all, play, put


def test_view_is_json_and_has_no_seed() -> None:
    seed = "a-very-secret-seed-0123456789"
    state = RULES.setup(4, {}, seed)
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(state, seat)
        text = json.dumps(view)
        assert seed not in text and "rng" not in view and "counter" not in text
        assert json.loads(text) == view
        assert view["seat"] == seat
    view = RULES.view(state, 0)
    assert len(view["tiles"]) == 14
    assert view["tiles"][0]["number"] == 1 and view["tiles"][0]["cell"] == "B2"
    assert [m["letter"] for m in view["markers"]] == ["A", "B", "C", "D"]
    assert view["pass_retrieval"] == [6, 5, 4, 2]
    assert view["to_act"] == [0]


def test_describe_shows_city_markers_piles_and_what_to_do() -> None:
    state = blank(3, markers=["vote1a", "red3", "movea", "mostblue"])
    building(state, 6, "theater")
    put(state, 6, 0, rabble=2, bosses=1)
    bid(state, 1, 2, 3)
    state = play(state, "pass")
    text = RULES.describe(state, 1)
    assert "Five Points, round 1, placement phase." in text
    assert "You are P2." in text
    # the grid: tile 6 is blue with a building, at C3
    assert "\n  3   .    5r  6b*   7g   8o   .\n" in text
    assert "   6 C3  blue   rabble: P1 2; bosses: P1 1; building: Theater" in text
    assert "  B: +3 votes in red; bids: P3 3 (leader P3)" in text
    assert "Control-marker piles: blue 6, green 6, red 6, orange 6" in text
    assert "P1: HQ 6, boroughs 11, bosses on board 1/5" in text and "passed 1st, retrieves 6" in text
    assert "Pass table (3 players, 1st to last): 6 4 2." in text
    assert text.endswith("Your turn: place a rabble (`place 3`), optionally bidding from your HQ on a marker "
                         "(`place 3 bid 2 on marker B`), or `pass`.")
    assert RULES.describe(state, 0).endswith("Waiting for P2 to place or pass.")


def test_describe_during_a_choice_and_after_the_round() -> None:
    state = blank(3, markers=["movea", "vote1a", "vote1b", "vote1c"])
    bid(state, 0, 1, 1)
    put(state, 6, 0, rabble=1)
    state = pass_all(state)
    assert RULES.describe(state, 0).endswith(
        "Waiting for P2 to move a neighbourhood (`move tile 7 to C4`) or `skip` (marker A (move a neighbourhood)).")
    state = play(state, "skip")
    text = RULES.describe(state, None)
    assert "Last resolution:" in text and "election in tile 6 (C3, blue)" in text
