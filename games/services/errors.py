"""Refusals the write path gives people: what was wrong and what would be accepted."""

from __future__ import annotations

from games.rules import IllegalMove


class GameError(Exception):
    """A refusal a person can read: what was wrong and what would be accepted."""


class GameNotFound(GameError):
    pass


class NotAPlayer(GameError):
    pass


class GameMovedOn(GameError):
    """The move was made against a state that is no longer current."""


class CommandFailed(GameError):
    """One line of a multi-line submission was refused; nothing of the submission was applied."""

    def __init__(self, index: int, line: str, reason: IllegalMove | GameError) -> None:
        super().__init__(f"line {index + 1} ({line!r}): {reason}")
        self.index = index
        self.line = line
        self.reason = reason
