"""The city: cards on a grid, laid out by their arrows, named like a map, walked for connection costs.

A city is a list of placed cards, in the order they were placed::

    [{"x": 0, "y": 0, "card": "res2", "tokens": [1, 0], "down": false}, ...]

``x`` grows to the right, ``y`` downwards; the first card of a city lies at
(0, 0). ``tokens`` is the family-token stack, bottom first: its last entry is
the controlling seat (competitive game). The co-op game keeps a mob token count
in ``mob`` instead and marks a shut-down card ``down``.

Cells are named for people like squares of a map: columns A, B, ... and rows 1,
2, ... over the city's bounding box **widened by one cell on every side**, so
every empty cell along the city's edge has a name too (``open lot 1 at A3``).
The names therefore move when the city grows west or north; moves store the
coordinates (``[x, y]``), which never move.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterator

from .data import PROPERTIES, STEP

Cell = tuple[int, int]
Entry = dict[str, Any]
City = list[Entry]
MAX_COLUMNS = 26
MAX_ROWS = 40


def cell_of(entry: Entry) -> Cell:
    return entry["x"], entry["y"]


def grid(city: City) -> dict[Cell, Entry]:
    return {(e["x"], e["y"]): e for e in city}


def neighbours(cell: Cell) -> Iterator[Cell]:
    x, y = cell
    yield x, y - 1
    yield x + 1, y
    yield x, y + 1
    yield x - 1, y


def next_cell(occupied: dict[Cell, Entry] | set[Cell], start: Cell, arrow: str) -> Cell:
    """From ``start`` along ``arrow``, cell by cell past occupied cells, to the first empty one (R3)."""
    dx, dy = STEP[arrow]
    x, y = start[0] + dx, start[1] + dy
    while (x, y) in occupied:
        x, y = x + dx, y + dy
    return x, y


def place_after(city: City, after: Cell | None, card: str, **extra: Any) -> Cell:
    """Add ``card`` to the city following the arrow of the card at ``after`` (the first card: at 0, 0)."""
    if after is None:
        cell = (0, 0)
    else:
        here = grid(city)
        cell = next_cell(here, after, PROPERTIES[here[after]["card"]].arrow)
    city.append({"x": cell[0], "y": cell[1], "card": card, **extra})
    return cell


def lay_out(cards: list[str], **extra: Any) -> tuple[City, Cell]:
    """Round Setup 2-3: each card placed along the arrow of the card placed before it; the last cell too."""
    city: City = []
    last: Cell | None = None
    for card in cards:
        fresh = {k: (list(v) if isinstance(v, list) else v) for k, v in extra.items()}
        last = place_after(city, last, card, **fresh)
    assert last is not None
    return city, last


def edge_cells(city: City) -> list[Cell]:
    """Empty cells sharing a side with a city card (R18), in reading order."""
    here = grid(city)
    found = {n for cell in here for n in neighbours(cell) if n not in here}
    return sorted(found, key=lambda c: (c[1], c[0]))


# -- names ---------------------------------------------------------------------------------


def origin(city: City) -> Cell:
    """The coordinates named A1: one column left of and one row above the city's bounding box."""
    if not city:
        return -1, -1
    return min(e["x"] for e in city) - 1, min(e["y"] for e in city) - 1


def size(city: City) -> tuple[int, int]:
    """Columns and rows of the named area (the bounding box and a margin of one)."""
    if not city:
        return 0, 0
    xs = [e["x"] for e in city]
    ys = [e["y"] for e in city]
    return max(xs) - min(xs) + 3, max(ys) - min(ys) + 3


def label(city: City, cell: Cell) -> str:
    """'B3'. Cells outside the named area still get a name, as far as the letters reach."""
    ox, oy = origin(city)
    column = cell[0] - ox
    row = cell[1] - oy + 1
    if not 0 <= column < MAX_COLUMNS or row < 1:
        return f"({cell[0]},{cell[1]})"
    return f"{chr(ord('A') + column)}{row}"


def parse_label(city: City, text: str) -> Cell | None:
    """The cell a name like 'B3' (any case) stands for, or None if it is not a name."""
    text = text.strip().upper()
    if not 2 <= len(text) <= 3 or not "A" <= text[0] <= "Z":
        return None
    digits = text[1:]
    if not (digits.isascii() and digits.isdigit()) or digits.startswith("0"):
        return None
    row = int(digits)
    if row > MAX_ROWS:
        return None
    ox, oy = origin(city)
    return ox + ord(text[0]) - ord("A"), oy + row - 1


# -- connection --------------------------------------------------------------------------


def distances(city: City, start: Cell) -> dict[Cell, int]:
    """Steps from ``start`` to every city card, walking between orthogonally adjacent cards only."""
    here = grid(city)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n in here and n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def from_own(city: City, own: set[Cell]) -> dict[Cell, int]:
    """Steps from the nearest of ``own`` to every city card (one walk over the city for all targets)."""
    here = grid(city)
    dist = {cell: 0 for cell in own if cell in here}
    queue = deque(dist)
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n in here and n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def connection_cost(city: City, own: set[Cell], target: Cell) -> int:
    """Cards strictly between ``target`` and the nearest of ``own`` (R16); 0 when ``own`` is empty."""
    if not own:
        return 0
    dist = distances(city, target)
    reach = [dist[c] for c in own if c in dist]
    if not reach:  # never so: a city is one connected block
        return 0
    return max(0, min(reach) - 1)


def shortest_walks(city: City, own: set[Cell], target: Cell, limit: int = 64) -> list[list[Cell]]:
    """The cells between ``target`` and a nearest own property, for each shortest walk (at most ``limit``)."""
    cost = connection_cost(city, own, target)
    if not own or cost == 0:
        return [[]]
    here = grid(city)
    # Distance of every card from the own properties: a walk must go down it one step at a time.
    to_own: dict[Cell, int] = {}
    queue: deque[Cell] = deque()
    for cell in own:
        to_own[cell] = 0
        queue.append(cell)
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n in here and n not in to_own:
                to_own[n] = to_own[cell] + 1
                queue.append(n)
    walks: list[list[Cell]] = []

    def extend(path: list[Cell]) -> None:
        if len(walks) >= limit:
            return
        last = path[-1] if path else target
        if len(path) == cost:
            walks.append(list(path))
            return
        for n in neighbours(last):
            if n in here and n != target and to_own.get(n) == cost - len(path):
                path.append(n)
                extend(path)
                path.pop()

    extend([])
    return walks


def is_shortest_walk(city: City, own: set[Cell], target: Cell, walk: list[Cell]) -> bool:
    """Whether ``walk`` (the cells between) leads from ``target`` to an own property by a fewest-card walk."""
    cost = connection_cost(city, own, target)
    if len(walk) != cost:
        return False
    if cost == 0:
        return True
    here = grid(city)
    previous = target
    for cell in walk:
        if cell not in here or cell == target or cell in own or cell not in set(neighbours(previous)):
            return False
        previous = cell
    return any(n in own for n in neighbours(previous)) and len(set(walk)) == len(walk)
