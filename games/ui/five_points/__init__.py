"""Five Points on the web: the board, the move forms, and turning those forms into moves (see ``adapter``)."""

from games.ui.five_points.adapter import FivePointsUI

UI = FivePointsUI()

__all__ = ["UI", "FivePointsUI"]
