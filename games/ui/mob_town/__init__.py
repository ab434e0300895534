"""Mob Town on the web: the city as the cards lie, the move forms and their moves (see ``adapter``)."""

from games.ui.mob_town.adapter import MobTownUI

UI = MobTownUI()

__all__ = ["UI", "MobTownUI"]
