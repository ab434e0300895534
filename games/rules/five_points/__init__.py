"""Five Points (3-5 players): the pure rules engine.

``RULES`` is the registered rules object. The package imports only the standard
library and :mod:`games.rules.base`; component counts live in :mod:`.data`.
Presentation code imports from here only the names in ``__all__``: the rules,
and the two component numbers a board shows (the colours, in rulebook order,
and the bosses each player has).
"""

from __future__ import annotations

from .data import BOSSES_PER_PLAYER, COLOURS
from .engine import FivePointsRules

RULES = FivePointsRules()

__all__ = ["BOSSES_PER_PLAYER", "COLOURS", "RULES", "FivePointsRules"]
