"""The one write path: every change to a game goes through these functions.

Web forms, email replies, the JSON API, operator commands and deadline
enforcement all call here; nothing else writes a game. By concern:

* :mod:`~games.services.lifecycle`: create, join, leave, start, resign;
* :mod:`~games.services.moves`: ``submit_move`` and ``submit_moves`` (a mail's lines);
* :mod:`~games.services.clock`: deadlines due, extensions, vacation pauses;
* :mod:`~games.services.seats`: substitutes, invitations (sent, declined);
* :mod:`~games.services.chat`: table talk.

Changes during play (moves, resignations, the clock, substitutes) are a
:class:`~games.services.turn.Turn`: checked against the game's snapshot and
written in one statement guarded by the projection's version, so a stale
writer changes nothing and retries. Joining and starting lock the projection
row instead (they change the seat list). Notifications are written to the
outbox in the same transaction and handed to the sender after commit.

Errors meant for people are :class:`GameError` subclasses whose message can be
shown as it is; rules refusals arrive as :class:`games.rules.IllegalMove`.
"""

from games.services.chat import chat_post
from games.services.clock import (
    deadline_enforce,
    deadline_enforce_due,
    deadline_extend,
    vacation_end,
    vacation_start,
)
from games.services.errors import CommandFailed, GameError, GameMovedOn, GameNotFound, NotAPlayer
from games.services.lifecycle import game_create, game_join, game_leave, game_resign, game_start
from games.services.moves import MoveResult, submit_move, submit_moves
from games.services.seats import game_invite, invitation_decline, seat_take_over

__all__ = [
    "CommandFailed",
    "GameError",
    "GameMovedOn",
    "GameNotFound",
    "MoveResult",
    "NotAPlayer",
    "chat_post",
    "deadline_enforce",
    "deadline_enforce_due",
    "deadline_extend",
    "game_create",
    "game_invite",
    "game_join",
    "game_leave",
    "game_resign",
    "game_start",
    "invitation_decline",
    "seat_take_over",
    "submit_move",
    "submit_moves",
    "vacation_end",
    "vacation_start",
]
