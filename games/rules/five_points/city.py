"""The city map: tile positions on a grid, their names, adjacency and moving tiles.

Tiles are numbered 1..N at setup (reading order) and keep their number for the
whole game, even when a manipulation marker or the Zoning Commission moves them.
Positions are grid cells ``[column, row]`` (0-based) named like a spreadsheet:
column letters from ``A``, row numbers from ``1`` (``[2, 3]`` is ``C4``).

The stored positions are always *normalised* so that the leftmost tile is in
column B and the topmost in row 2: column A and row 1 stay free, so every cell
next to the city can be named, and a tile can be moved to any side of it. After
a move the positions are normalised again (the names of cells may shift; tile
numbers never do).
"""

from __future__ import annotations

import string
from typing import Any, Iterator

from games.rules.text import int_or_none

Tile = dict[str, Any]

_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
# A city of a few dozen tiles never reaches this row; a larger number names no cell.
MAX_ROW = 99


def cell_name(col: int, row: int) -> str:
    """``(2, 3)`` -> ``"C4"``."""
    return f"{string.ascii_uppercase[col]}{row + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    """``"c4"`` -> ``(2, 3)``; ``None`` when the text is not a cell name."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in string.ascii_uppercase:
        return None
    # ASCII digits only ("C²" is no cell), and no more rows than a grid could ever have.
    row = int_or_none(text[1:], low=1, high=MAX_ROW)
    if row is None:
        return None
    return string.ascii_uppercase.index(text[0]), row - 1


def positions(tiles: list[Tile]) -> dict[tuple[int, int], int]:
    """Grid cell -> tile index (0-based)."""
    return {(t["pos"][0], t["pos"][1]): i for i, t in enumerate(tiles)}


def neighbours(tiles: list[Tile], index: int) -> list[int]:
    """Indices of the tiles orthogonally adjacent to tile ``index``, in tile order."""
    occupied = positions(tiles)
    col, row = tiles[index]["pos"]
    found = [occupied[(col + dc, row + dr)] for dc, dr in _ORTHOGONAL if (col + dc, row + dr) in occupied]
    return sorted(found)


def move_targets(tiles: list[Tile], index: int) -> list[tuple[int, int]]:
    """Empty cells where tile ``index`` may go: next to at least one *other* tile.

    The rulebook's only condition is that the moved tile stays orthogonally
    adjacent to at least one other tile (decision: the rest of the city may be
    left split; its own old cell is not a "new location").
    """
    occupied = positions(tiles)
    own = tuple(tiles[index]["pos"])
    targets: set[tuple[int, int]] = set()
    for cell, other in occupied.items():
        if other == index:
            continue
        for dc, dr in _ORTHOGONAL:
            cand = (cell[0] + dc, cell[1] + dr)
            if cand not in occupied and cand != own and cand[0] >= 0 and cand[1] >= 0:
                targets.add(cand)
    return sorted(targets, key=lambda c: (c[1], c[0]))


def normalise(tiles: list[Tile]) -> None:
    """Shift all positions in place so the city starts at column B, row 2."""
    min_col = min(t["pos"][0] for t in tiles)
    min_row = min(t["pos"][1] for t in tiles)
    dc, dr = 1 - min_col, 1 - min_row
    if dc or dr:
        for t in tiles:
            t["pos"] = [t["pos"][0] + dc, t["pos"][1] + dr]


def extent(tiles: list[Tile]) -> tuple[int, int]:
    """Columns and rows of the drawn grid, including the free margin on every side."""
    return max(t["pos"][0] for t in tiles) + 2, max(t["pos"][1] for t in tiles) + 2


def layout(count: int) -> list[list[int]]:
    """Cells for ``count`` tiles "in as tight a configuration as possible".

    A near-square block filled row by row (the columns are the ceiling of the
    square root), with the short last row centred; the result is already
    normalised (top-left tile at B2) and in reading order.
    """
    cols = 1
    while cols * cols < count:
        cols += 1
    cells: list[list[int]] = []
    row = 0
    while len(cells) < count:
        in_row = min(cols, count - len(cells))
        offset = (cols - in_row) // 2
        cells.extend([offset + c + 1, row + 1] for c in range(in_row))
        row += 1
    return cells


def controller(rabble: list[int]) -> int | None:
    """The seat with more rabble than any other player here (bosses do not count)."""
    best = max(rabble)
    if best <= 0:
        return None
    leaders = [s for s, n in enumerate(rabble) if n == best]
    return leaders[0] if len(leaders) == 1 else None


def iter_controlled(tiles: list[Tile], seat: int) -> Iterator[int]:
    """Indices of the tiles ``seat`` controls."""
    for i, t in enumerate(tiles):
        if controller(t["rabble"]) == seat:
            yield i
