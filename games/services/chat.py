"""Table talk: a game's chat, visible to everyone who can see the game."""

from __future__ import annotations

from django.db import transaction

from accounts.models import User
from games.models import ChatMessage, Game, Seat, Source
from games.services.errors import GameError, GameNotFound, NotAPlayer

MAX_CHAT_CHARS = 2000


@transaction.atomic
def chat_post(*, game_id: int, user: User, text: str, source: str = Source.WEB) -> ChatMessage:
    """Post a message to a game's chat (only the game's players can)."""
    text = (text or "").strip()
    if not text:
        raise GameError("an empty message was not posted")
    if len(text) > MAX_CHAT_CHARS:
        raise GameError(f"messages are limited to {MAX_CHAT_CHARS} characters (yours has {len(text)})")
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game #{game_id}")
    if not Seat.objects.filter(game=game, user=user).exists():
        raise NotAPlayer("only the game's players can post in its chat")
    return ChatMessage.objects.create(game=game, user=user, text=text, source=source)
