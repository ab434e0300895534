"""Board geometry: tile names (A1..F5), neighbours, distances, the 3x3 block.

Tiles are numbered 0..29 row by row: index = (row - 1) * 6 + column, with
columns A..F left to right and rows 1..5 top to bottom. Players always see
names such as ``C4``; indices stay inside the engine.
"""

from __future__ import annotations

from .data import COLUMN_LETTERS, COLUMNS, NUM_TILES, ROWS

TILE_NAMES: tuple[str, ...] = tuple(
    f"{COLUMN_LETTERS[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(NUM_TILES)
)
TILE_INDEX: dict[str, int] = {name: i for i, name in enumerate(TILE_NAMES)}


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, COLUMNS)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLUMNS:
            out.append(rr * COLUMNS + cc)
    return tuple(out)


def _around(i: int) -> tuple[int, ...]:
    r, c = divmod(i, COLUMNS)
    return tuple(
        rr * COLUMNS + cc
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if 0 <= rr < ROWS and 0 <= cc < COLUMNS
    )


# Orthogonal neighbours (a path step) of each tile.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(NUM_TILES))
# The 3x3 block centred on each tile, the tile itself included (Builders, Hagis, Lamia).
AROUND: tuple[tuple[int, ...], ...] = tuple(_around(i) for i in range(NUM_TILES))
# Orthogonal (Manhattan) distance, the Assassins' range measure.
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a // COLUMNS - b // COLUMNS) + abs(a % COLUMNS - b % COLUMNS) for b in range(NUM_TILES))
    for a in range(NUM_TILES)
)


def tile_name(i: int) -> str:
    """``C4`` for an index."""
    return TILE_NAMES[i]


def parse_tile(word: str) -> int | None:
    """Index of a tile name such as ``c4`` or ``C4``; None if it is not a tile."""
    return TILE_INDEX.get(word.strip().upper())


def adjacent(a: int, b: int) -> bool:
    return b in NEIGHBOURS[a]
