"""Gangsters on the web: the city map with every piece, the move forms, and turning them into moves."""

from games.ui.gangsters.adapter import GangstersUI

UI = GangstersUI()

__all__ = ["UI", "GangstersUI"]
