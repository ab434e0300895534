"""The map as a graph: street spaces, buildings, entrances and subways, built once from :mod:`.data`.

Nodes are street spaces (``"d7"``) and buildings (their code, ``"BRI"``).
A step goes from a node to a neighbour in a compass direction:

* street to street, along a street (``STREETS[space][direction]``);
* street into a building through one of its doors (``DOORS_FROM[space][direction]``);
* building out onto a street through a door, in the opposite direction;
* a subway ride from one subway space to any other, which has no direction.

Movement rules (exact count, no U-turn, the about-face into a friendly joint)
live in :mod:`.movement`; this module only knows the map.
"""

from __future__ import annotations

from .data import (
    BRIDGE_COLUMNS,
    BUILDINGS,
    COLUMNS,
    DIRECTIONS,
    RIVER_ROWS,
    ROWS,
    STREET_EVERY,
    SUBWAYS,
)

DELTA = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
REVERSE = {"n": "s", "s": "n", "e": "w", "w": "e"}


def cell_name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def cell_pos(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, COLUMNS.index(name[0])


def _is_street(row: int, col: int) -> bool:
    on_line = row % STREET_EVERY == 0 or col % STREET_EVERY == 0
    if not on_line:
        return False
    if row in RIVER_ROWS:
        return COLUMNS[col] in BRIDGE_COLUMNS
    return True


def _build() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    streets: dict[str, dict[str, str]] = {}
    for row in range(ROWS):
        for col in range(len(COLUMNS)):
            if _is_street(row, col):
                streets[cell_name(row, col)] = {}
    for name, links in streets.items():
        row, col = cell_pos(name)
        for d in DIRECTIONS:
            dr, dc = DELTA[d]
            r, c = row + dr, col + dc
            if 0 <= r < ROWS and 0 <= c < len(COLUMNS) and cell_name(r, c) in streets:
                links[d] = cell_name(r, c)
    doors_from: dict[str, dict[str, str]] = {name: {} for name in streets}
    doors: dict[str, dict[str, str]] = {}
    for b in BUILDINGS:
        row, col = cell_pos(b.cell)
        doors[b.code] = {}
        for d in DIRECTIONS:
            if b.doors and d not in b.doors:
                continue
            dr, dc = DELTA[d]
            inside_map = 0 <= row + dr < ROWS and 0 <= col + dc < len(COLUMNS)
            outside = cell_name(row + dr, col + dc) if inside_map else ""
            if outside in streets:
                # From the street, the building lies the other way.
                doors_from[outside][REVERSE[d]] = b.code
                doors[b.code][outside] = REVERSE[d]
    return streets, doors_from, doors


STREETS, DOORS_FROM, DOORS = _build()
# STREETS[space] = {direction: space}; DOORS_FROM[space] = {direction: building};
# DOORS[building] = {space: direction from that space into the building}.
SPACES = tuple(sorted(STREETS, key=lambda s: (cell_pos(s)[0], cell_pos(s)[1])))
SUBWAY_OF = {space: number for number, space in SUBWAYS.items()}
NODES = frozenset(STREETS) | frozenset(DOORS)
BRIDGES = frozenset(s for s in STREETS if cell_pos(s)[0] in RIVER_ROWS)




def check_map() -> list[str]:
    """Problems with the map data (the tests require none)."""
    problems = []
    for space, links in STREETS.items():
        if len(links) < 2:
            problems.append(f"{space} is a dead end")
    for b in BUILDINGS:
        row, col = cell_pos(b.cell)
        if _is_street(row, col) or row in RIVER_ROWS:
            problems.append(f"{b.code} stands on a street or in the river")
        if not DOORS[b.code]:
            problems.append(f"{b.code} has no door on a street")
    cells = [b.cell for b in BUILDINGS]
    if len(cells) != len(set(cells)):
        problems.append("two buildings share a cell")
    for number, space in SUBWAYS.items():
        if space not in STREETS:
            problems.append(f"subway {number} is not on a street")
    # Every street space reaches every other.
    seen = {SPACES[0]}
    todo = [SPACES[0]]
    while todo:
        here = todo.pop()
        for there in STREETS[here].values():
            if there not in seen:
                seen.add(there)
                todo.append(there)
    if len(seen) != len(STREETS):
        problems.append("the streets are not all connected")
    return problems
