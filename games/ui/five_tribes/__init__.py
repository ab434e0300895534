"""Five Tribes on the web: the board, the move forms, and turning those forms into moves (see ``adapter``)."""

from games.ui.five_tribes.adapter import FiveTribesUI

UI = FiveTribesUI()

__all__ = ["UI", "FiveTribesUI"]
