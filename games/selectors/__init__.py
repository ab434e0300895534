"""Reads: what a viewer may see of a game, its log, its replay, its clock and the lobby's lists.

Everything shown to a person goes through ``rules.view(state, seat)`` (and the
rules' ``choices``, ``describe`` and ``narrate``) for that person's seat (``None``
for spectators), so pages, mails and API answers cannot show more than the
rules allow. By concern: :mod:`~games.selectors.seats` (viewers and what their
seat sees), :mod:`~games.selectors.games` (lists, seats, results),
:mod:`~games.selectors.lobby` (the lobby's bounded pages), :mod:`~games.selectors.log`
(the narrated log), :mod:`~games.selectors.replay` and :mod:`~games.selectors.clock`.
"""

from games.selectors.clock import (
    AutoSeat,
    DeadlineInfo,
    VacationInfo,
    auto_seats,
    deadline_info,
    due_game_ids,
    substitute_wanted,
    vacation_info,
)
from games.selectors.games import (
    SeatInfo,
    abort_reason,
    awaited_names,
    chat_of,
    game_get,
    games_of,
    is_awaited,
    open_games,
    recent_games,
    result_summary,
    seats_of,
    winners,
)
from games.selectors.lobby import GamesOf, OpenGames, PageAt, games_of_page, open_games_page
from games.selectors.log import (
    DEADLINE_KINDS,
    by_round,
    describe_event,
    game_log,
    local_time,
    recent_moves,
    parse_moment,
    seat_history,
)
from games.selectors.invitations import Invitation, invitation_rows, pending_invitations
from games.selectors.replay import replay_at
from games.selectors.seats import (
    Viewer,
    current_projection,
    may_revise,
    move_help,
    move_preview,
    phase_label,
    projection_of,
    seat_decision,
    seat_description,
    seat_names,
    seat_view,
    state_at,
    viewer_for,
)

__all__ = [
    "DEADLINE_KINDS", "AutoSeat", "DeadlineInfo", "GamesOf", "Invitation", "OpenGames", "PageAt", "SeatInfo",
    "VacationInfo", "Viewer", "abort_reason",
    "auto_seats", "awaited_names", "by_round", "chat_of", "current_projection", "deadline_info", "describe_event", "due_game_ids",
    "game_get", "game_log", "games_of", "games_of_page", "invitation_rows", "is_awaited", "local_time", "may_revise", "move_help",
    "move_preview", "recent_moves", "open_games", "open_games_page", "parse_moment", "pending_invitations", "phase_label",
    "projection_of", "recent_games", "replay_at", "result_summary",
    "seat_decision", "seat_description", "seat_history", "seat_names", "seat_view", "seats_of", "state_at",
    "substitute_wanted", "vacation_info", "viewer_for", "winners",
]
