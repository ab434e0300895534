"""Revolution! on the web: the board, the move forms, and turning those forms into moves (see ``adapter``)."""

from games.ui.revolution.adapter import RevolutionUI

UI = RevolutionUI()

__all__ = ["UI", "RevolutionUI"]
