"""Invitations waiting for a person: open games someone invited one of their verified addresses to.

An invitation is the outbox row that mailed it (``kind="invitation"``); the
person answers it by joining the game or declining (see
:func:`games.services.invitation_decline`). Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from accounts.services import verified_addresses
from games.models import Game, GameStatus, Seat
from notifications import outbox


@dataclass
class Invitation:
    """One open game the person is invited to, by whom, and who sits there already."""

    game: Game
    inviters: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)


def invitation_rows(user: Any, game_id: int | None = None) -> list[Any]:
    """The outbox rows of the invitations meant for ``user`` and not declined (all games or one)."""
    if user is None or not user.is_authenticated:
        return []
    return outbox.invitations_to(user_id=user.pk, account_address=user.email or "",
                                 addresses=verified_addresses(user), game_id=game_id)


def pending_invitations(user: Any) -> list[Invitation]:
    """Open games the person was invited to and has no seat in, oldest invitation first."""
    rows = invitation_rows(user)
    if not rows:
        return []
    games = {g.pk: g for g in Game.objects.filter(pk__in={r.game_id for r in rows}, status=GameStatus.OPEN)
             .prefetch_related("seats__user")}
    seated = set(Seat.objects.filter(game_id__in=games, user=user).values_list("game_id", flat=True))
    found: dict[int, Invitation] = {}
    for row in rows:
        game = games.get(row.game_id)
        if game is None or game.pk in seated:
            continue
        invitation = found.setdefault(game.pk, Invitation(game, players=[s.user.name for s in game.seats.all()]))
        inviter = str(row.payload.get("inviter") or "A player")
        if inviter not in invitation.inviters:
            invitation.inviters.append(inviter)
    return list(found.values())
