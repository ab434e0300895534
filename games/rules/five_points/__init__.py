"""Five Points (3-5 players): the pure rules engine.

``RULES`` is the registered rules object. The package imports only the standard
library and :mod:`games.rules.base`; component counts live in :mod:`.data`.
"""

from __future__ import annotations

from .engine import FivePointsRules

RULES = FivePointsRules()

__all__ = ["RULES", "FivePointsRules"]
