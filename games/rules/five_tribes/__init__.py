"""Five Tribes: the pure rules engine (bidding, movement, tribes, tiles, all 22 Djinns).

``RULES`` (rules version 2) and ``RULES_V1`` are the protocol objects registered
under the slug ``five_tribes``; they differ only in how often a Djinn power with
a cost may be used (see ``engine.py``). The player-facing notation is documented
in ``docs/players/five-tribes.md``.

Besides the rules objects, this package exports what a presentation needs to
draw the board from a view: the component tables, tile names and the
merchandise valuation. The legal options of a decision come from
``RULES.choices(state, seat)`` (see ``decisions.py``), never from the engine's
modules.
"""

from __future__ import annotations

from .board import TILE_INDEX, TILE_NAMES
from .data import (
    COLOUR_NAMES,
    COLOURS,
    COLUMN_LETTERS,
    COLUMNS,
    DJINN_HELP,
    DJINNS,
    MERCHANDISE,
    ROWS,
    SUIT_VALUES,
    TILE_LABELS,
    TRIBE_NAMES,
)
from .engine import RULES, RULES_V1, STEP_HELP, FiveTribesRules
from .scoring import goods_value

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "COLUMNS",
    "COLUMN_LETTERS",
    "DJINNS",
    "DJINN_HELP",
    "FiveTribesRules",
    "MERCHANDISE",
    "ROWS",
    "RULES",
    "RULES_V1",
    "STEP_HELP",
    "SUIT_VALUES",
    "TILE_INDEX",
    "TILE_LABELS",
    "TILE_NAMES",
    "TRIBE_NAMES",
    "goods_value",
]
