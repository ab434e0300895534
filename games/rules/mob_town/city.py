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

What depends only on where the cards lie (names, edges, walking distances and
fewest-card walks) is worked out once per layout (:func:`layout`) and kept in
small bounded caches keyed by the set of occupied cells: a city keeps its layout
for many moves (only an opened lot adds a cell), and two games with the same
layout get the same answers, since nothing else goes into them.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable, Iterator

from games.rules.kept import position_cache

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
    return list(layout(city).edges)


# -- layouts -------------------------------------------------------------------------------


class Layout:
    """Where a city's cards lie, and what follows from that alone; shared by every city laid out alike.

    Built by :func:`layout` and kept: treat it as read-only (its answers are handed
    out as tuples, or copied by the module's functions).
    """

    __slots__ = ("cells", "origin", "adjacent", "edges", "_from")

    def __init__(self, cells: frozenset[Cell]) -> None:
        self.cells = cells
        self.origin: Cell = (-1, -1)
        if cells:
            self.origin = min(x for x, _ in cells) - 1, min(y for _, y in cells) - 1
        # Each card's neighbouring cards, in the order of ``neighbours`` (walks are listed in that order).
        self.adjacent: dict[Cell, tuple[Cell, ...]] = {
            cell: tuple(n for n in neighbours(cell) if n in cells) for cell in cells}
        found = {n for cell in cells for n in neighbours(cell) if n not in cells}
        self.edges: tuple[Cell, ...] = tuple(sorted(found, key=lambda c: (c[1], c[0])))
        self._from: dict[Cell, dict[Cell, int]] = {}  # steps from each card to every card, as asked for

    def label(self, cell: Cell) -> str:
        """'B3', as :func:`label` names it."""
        ox, oy = self.origin
        column = cell[0] - ox
        row = cell[1] - oy + 1
        if not 0 <= column < MAX_COLUMNS or row < 1:
            return f"({cell[0]},{cell[1]})"
        return f"{chr(ord('A') + column)}{row}"

    def steps_from(self, start: Cell) -> dict[Cell, int]:
        """Steps from ``start`` to every card reachable (kept for starts on a card: do not change it)."""
        kept = self._from.get(start)
        if kept is None:
            kept = self.spread((start,))
            if start in self.cells:  # a bounded number of starts: one per card
                self._from[start] = kept
        return kept

    def spread(self, sources: Iterable[Cell]) -> dict[Cell, int]:
        """Steps from the nearest of ``sources`` (on a card or not) to every card, walking between cards."""
        dist = {cell: 0 for cell in sources}
        queue = deque(dist)
        adjacent = self.adjacent
        cells = self.cells
        while queue:
            cell = queue.popleft()
            step = dist[cell] + 1
            around = adjacent.get(cell)
            if around is None:  # a source off the city: its neighbouring cards only
                around = tuple(n for n in neighbours(cell) if n in cells)
            for n in around:
                if n not in dist:
                    dist[n] = step
                    queue.append(n)
        return dist


def cells_of(city: City) -> frozenset[Cell]:
    return frozenset([(e["x"], e["y"]) for e in city])


def layout(city: City) -> Layout:
    """The city's layout (kept for the last few layouts asked for)."""
    return _layout(cells_of(city))


# A game's city changes its layout a few times a round; the rest is headroom for many games at once.
@position_cache(maxsize=128)
def _layout(cells: frozenset[Cell]) -> Layout:
    return Layout(cells)


# -- names ---------------------------------------------------------------------------------


def origin(city: City) -> Cell:
    """The coordinates named A1: one column left of and one row above the city's bounding box."""
    return layout(city).origin


def size(city: City) -> tuple[int, int]:
    """Columns and rows of the named area (the bounding box and a margin of one)."""
    if not city:
        return 0, 0
    xs = [e["x"] for e in city]
    ys = [e["y"] for e in city]
    return max(xs) - min(xs) + 3, max(ys) - min(ys) + 3


def label(city: City, cell: Cell) -> str:
    """'B3'. Cells outside the named area still get a name, as far as the letters reach."""
    return layout(city).label(cell)


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
    return dict(layout(city).steps_from(start))


def from_own(city: City, own: set[Cell]) -> dict[Cell, int]:
    """Steps from the nearest of ``own`` to every city card (one walk over the city for all targets)."""
    lay = layout(city)
    return dict(_from_own(lay, frozenset(own & lay.cells)))


@position_cache(maxsize=512)
def _from_own(lay: Layout, own: frozenset[Cell]) -> dict[Cell, int]:
    return lay.spread(own)


def connection_cost(city: City, own: set[Cell], target: Cell) -> int:
    """Cards strictly between ``target`` and the nearest of ``own`` (R16); 0 when ``own`` is empty."""
    return _connection_cost(layout(city), own, target)


def _connection_cost(lay: Layout, own: set[Cell] | frozenset[Cell], target: Cell) -> int:
    if not own:
        return 0
    dist = lay.steps_from(target)
    reach = [dist[c] for c in own if c in dist]
    if not reach:  # never so: a city is one connected block
        return 0
    return max(0, min(reach) - 1)


def shortest_walks(city: City, own: set[Cell], target: Cell, limit: int = 64) -> list[list[Cell]]:
    """The cells between ``target`` and a nearest own property, for each shortest walk (at most ``limit``)."""
    if limit <= 0:
        return [] if own and connection_cost(city, own, target) else [[]]
    # Walks are listed in one fixed order and cut at ``limit``: fewer are the first of more.
    walks = _walks(layout(city), frozenset(own), target, max(limit, _WALKS_KEPT))
    return [list(walk) for walk in walks[:limit]]


_WALKS_KEPT = 64


@position_cache(maxsize=1024)
def _walks(lay: Layout, own: frozenset[Cell], target: Cell, limit: int) -> tuple[tuple[Cell, ...], ...]:
    if own <= lay.cells and target in lay.cells:
        # Distance of every card from the own properties: a walk must go down it one step at a time.
        to_own = _from_own(lay, own)
        # Between cards, steps from the nearest own card are steps to it: no second walk from the target.
        cost = max(0, to_own[target] - 1) if target in to_own else 0
    else:  # asked for by hand with cells off the city: walked as they are
        cost = _connection_cost(lay, own, target)
        to_own = lay.spread(own)
    if not own or cost == 0:
        return ((),)
    adjacent = lay.adjacent
    cells = lay.cells
    walks: list[tuple[Cell, ...]] = []

    def extend(path: list[Cell]) -> None:
        if len(walks) >= limit:
            return
        if len(path) == cost:
            walks.append(tuple(path))
            return
        last = path[-1] if path else target
        around = adjacent.get(last)
        if around is None:  # a target off the city
            around = tuple(n for n in neighbours(last) if n in cells)
        wanted = cost - len(path)
        for n in around:
            if n != target and to_own.get(n) == wanted:
                path.append(n)
                extend(path)
                path.pop()

    extend([])
    return tuple(walks)


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
