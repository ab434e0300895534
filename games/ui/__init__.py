"""Each game's web presentation, found from its registry entry.

A game's UI folder (``games/ui/<slug>/`` for the hosted games) is a package
whose ``UI`` attribute is a :class:`games.ui.base.GameUI`; its ``templates/``
and ``static/`` folders are served as ``ui/<slug>/...`` by
:mod:`games.ui.loader` and :mod:`games.ui.finders`. A game whose entry names
no UI gets :class:`GameUI` itself: the generic board (the situation in words),
its decision's options as buttons and the notation box.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import lru_cache
from pathlib import Path

from games.rules import UnknownGame, game_entry
from games.ui.base import BadForm, GameUI

__all__ = ["BadForm", "GameUI", "ui_folder", "ui_for"]


def ui_for(slug: str) -> GameUI:
    """The presentation of game ``slug``: its UI package's ``UI``, or the generic one."""
    try:
        module = game_entry(slug).ui
    except UnknownGame:
        return GameUI()
    return _load(module) if module else GameUI()


@lru_cache(maxsize=None)
def _load(module: str) -> GameUI:
    ui = importlib.import_module(module).UI
    if not isinstance(ui, GameUI):
        raise TypeError(f"{module}.UI must be a GameUI")
    return ui


def ui_folder(slug: str) -> Path | None:
    """The folder of a game's UI package (its templates/ and static/ live there), without importing it."""
    try:
        module = game_entry(slug).ui
    except UnknownGame:
        return None
    if not module:
        return None
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])
