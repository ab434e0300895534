"""Building specific Five Points positions by editing a fresh setup state.

``blank(n)`` is a setup state with an empty city (no rabble, bosses or
buildings), a chosen map drawn as text, no bids, and the markers given; tests
then put pieces where they want them and drive the engine through ``RULES``.
"""

from __future__ import annotations

from typing import Any

from games.rules.five_points import RULES
from games.rules.five_points import data

State = dict[str, Any]

COLOUR = {"b": "blue", "g": "green", "r": "red", "o": "orange"}

# Default 3-player map (11 tiles), tile numbers in reading order:
#        B    C    D    E
#   2    1r   2b   3g   4o
#   3    5r   6b   7g   8o
#   4    9r  10b  11g
MAP3 = """
1r 2b 3g 4o
5r 6b 7g 8o
9r 10b 11g
"""


def draw_city(state: State, picture: str) -> None:
    """Lay the tiles out as drawn: each token is ``<tile number><colour letter>`` or ``.``."""
    rows = [line.split() for line in picture.strip().splitlines()]
    seen = set()
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token == ".":
                continue
            number, colour = int(token[:-1]), COLOUR[token[-1]]
            tile = state["tiles"][number - 1]
            tile["pos"] = [c + 1, r + 1]
            tile["colour"] = colour
            seen.add(number)
    assert seen == set(range(1, len(state["tiles"]) + 1)), "the picture must show every tile once"


def blank(n: int = 3, picture: str | None = None, markers: list[str] | None = None, seed: str = "test") -> State:
    """A setup state with an empty city, the given map and marker row, and no bids."""
    state = RULES.setup(n, {}, seed)
    for tile in state["tiles"]:
        tile["rabble"] = [0] * n
        tile["bosses"] = [0] * n
        tile["building"] = None
    if picture is None:
        picture = MAP3 if n == 3 else _default_picture(len(state["tiles"]))
    draw_city(state, picture)
    set_markers(state, markers or [])
    state["hq"] = [6] * n
    state["boroughs"] = [11] * n
    return state


def _default_picture(count: int) -> str:
    rows, row = [], []
    for i in range(count):
        row.append(f"{i + 1}{'bgro'[i % 4]}")
        if len(row) == 4:
            rows.append(" ".join(row))
            row = []
    if row:
        rows.append(" ".join(row))
    return "\n".join(rows)


def set_markers(state: State, ids: list[str]) -> None:
    state["markers"] = list(ids)
    state["bids"] = [[0] * state["players"] for _ in ids]


def bid(state: State, marker: int, seat: int, amount: int) -> None:
    state["bids"][marker][seat] = amount


def put(state: State, tile: int, seat: int, rabble: int = 0, bosses: int = 0) -> None:
    state["tiles"][tile - 1]["rabble"][seat] += rabble
    state["tiles"][tile - 1]["bosses"][seat] += bosses


def building(state: State, tile: int, building_id: str) -> None:
    assert building_id in data.BUILDINGS_BY_ID
    state["tiles"][tile - 1]["building"] = building_id


def play(state: State, *texts: str) -> State:
    """Apply moves written in notation, each by the seat the engine awaits."""
    for text in texts:
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.parse_move(state, seat, text))
    return state


def pass_all(state: State) -> State:
    """Everyone still placing passes, in turn order; returns the state after that."""
    start = state["round"]
    while state["phase"] == "placement" and state["round"] == start:
        state = play(state, "pass")
    return state


def rabble(state: State, tile: int) -> list[int]:
    return state["tiles"][tile - 1]["rabble"]


def bosses(state: State, tile: int) -> list[int]:
    return state["tiles"][tile - 1]["bosses"]


def cell(state: State, tile: int) -> str:
    from games.rules.five_points.city import cell_name

    return cell_name(*state["tiles"][tile - 1]["pos"])
