"""Web views of the games app: thin adapters that parse input, call one service or selector, render."""

from games.views.deadlines import deadline_extend, seat_take_over
from games.views.lobby import game_create, game_invite, game_join, game_leave, game_new, invitation_decline, lobby
from games.views.play import chat, game_detail, move_form, move_text, resign
from games.views.replay import replay
from games.views.vacation import vacation, vacation_end

__all__ = ["chat", "deadline_extend", "game_create", "game_detail", "game_invite", "game_join", "game_leave",
           "game_new", "invitation_decline", "lobby", "move_form", "move_text", "replay", "resign", "seat_take_over", "vacation",
           "vacation_end"]
