"""Setup: the city, buildings, first rabble, markers and piles, all from the seed."""

from __future__ import annotations

import json

import pytest

from games.rules.base import IllegalMove
from games.rules.five_points import RULES, data
from games.rules.five_points.city import neighbours


@pytest.mark.parametrize("n, count", [(3, 11), (4, 14), (5, 17)])
def test_city_has_the_table_count_and_every_colour(n: int, count: int) -> None:
    for seed in range(20):
        state = RULES.setup(n, {}, f"s{seed}")
        tiles = state["tiles"]
        assert len(tiles) == count
        colours = [t["colour"] for t in tiles]
        for colour in data.COLOURS:
            assert 1 <= colours.count(colour) <= data.TILES_PER_COLOUR


@pytest.mark.parametrize("n, width, height", [(3, 4, 3), (4, 4, 4), (5, 5, 4)])
def test_city_is_a_tight_connected_block(n: int, width: int, height: int) -> None:
    state = RULES.setup(n, {}, "tight")
    tiles = state["tiles"]
    cols = {t["pos"][0] for t in tiles}
    rows = {t["pos"][1] for t in tiles}
    assert (len(cols), len(rows)) == (width, height)
    assert min(cols) == 1 and min(rows) == 1  # column A and row 1 are the free margin
    # connected: a flood fill from tile 0 reaches every tile
    seen, todo = {0}, [0]
    while todo:
        for other in neighbours(tiles, todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == len(tiles)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_two_buildings_and_one_rabble_on_every_other_tile(n: int) -> None:
    for seed in range(20):
        state = RULES.setup(n, {}, f"b{seed}")
        with_building = [t for t in state["tiles"] if t["building"]]
        assert len(with_building) == 2
        assert with_building[0]["building"] != with_building[1]["building"]
        for tile in state["tiles"]:
            assert sum(tile["rabble"]) == (0 if tile["building"] else 1)
            assert sum(tile["bosses"]) == 0
        for seat in range(n):
            assert sum(t["rabble"][seat] for t in state["tiles"]) == 3
        assert state["hq"] == [6] * n  # nine on the HQ, three of them drawn onto the city
        assert state["boroughs"] == [11] * n


def test_markers_are_four_undotted_and_piles_are_full() -> None:
    dotted = {m["id"] for m in data.MARKERS if m["dots"]}
    assert dotted  # the set really has dotted markers to remove
    for seed in range(60):
        state = RULES.setup(4, {}, f"m{seed}")
        assert len(state["markers"]) == 4
        assert len(set(state["markers"])) == 4
        assert not dotted & set(state["markers"])
        assert state["bids"] == [[0] * 4] * 4
        assert state["control_supply"] == {c: data.CONTROL_MARKERS_PER_COLOUR[4] for c in data.COLOURS}


def test_setup_is_deterministic_and_json() -> None:
    a = RULES.setup(5, {}, "same")
    assert a == RULES.setup(5, {}, "same")
    assert a != RULES.setup(5, {}, "other")
    assert json.loads(json.dumps(a)) == a
    assert RULES.to_act(a) == [0]
    assert a["phase"] == "placement"


@pytest.mark.parametrize("n", [2, 6])
def test_player_count_is_checked(n: int) -> None:
    with pytest.raises(IllegalMove, match="Five Points is for 3 to 5 players"):
        RULES.setup(n, {}, "x")
