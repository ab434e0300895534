"""Five Tribes: the pure rules engine (bidding, movement, tribes, tiles, all 22 Djinns).

``RULES`` is the protocol object registered under the slug ``five_tribes``.
The player-facing notation is documented in ``docs/players/five-tribes.md``.
"""

from __future__ import annotations

from .engine import RULES, FiveTribesRules

__all__ = ["RULES", "FiveTribesRules"]
