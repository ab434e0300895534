"""Seats changing hands during a game: a substitute taking over, invitations to an open game (sent, declined)."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import store
from games.models import Game, GameStatus, Seat, Source
from games.services.errors import GameError, GameNotFound, NotAPlayer
from games.services.turn import Turn, actor_of, snapshot_of
from notifications import outbox

# Invitations reach people who did not ask for them: few per player and per game.
INVITATIONS_PER_HOUR = 10
INVITATIONS_PER_SEAT = 3


@transaction.atomic
def seat_take_over(*, game_id: int, seat: int, user: User, source: str = Source.WEB) -> None:
    """A substitute takes a seat the service has been playing (after a resignation or timeouts).

    The seat's history stays the seat's; the newcomer is briefed with the seat's
    own view, as that seat saw it.
    """
    # Lock first, then read: two people taking over the same seat at once get one answer each.
    if store.lock_projection(game_id) is None:
        raise GameNotFound(f"there is no game #{game_id}")
    snapshot = snapshot_of(game_id, fresh=True)
    if snapshot.status != GameStatus.ACTIVE:
        raise GameError(f"game #{game_id} is {GameStatus(snapshot.status).label}; no seat can be taken over")
    if not 0 <= seat < len(snapshot.seat_users):
        raise GameError(f"there is no seat {seat + 1} in game #{game_id}")
    if seat not in snapshot.bot_seats:
        raise GameError(f"seat {seat + 1} has its player; only a seat played automatically can be taken over")
    if user.pk in snapshot.seat_users:
        raise GameError("you already have a seat in this game")
    turn = Turn(snapshot)
    turn.bot_seats = [s for s in turn.bot_seats if s != seat]
    turn.clock["random_bots"] = [s for s in turn.clock["random_bots"] if s != seat]
    turn.clock["timeouts"].pop(str(seat), None)
    turn.record("player_replaced", {"seat": seat, "by": "substitute", "user": user.pk, "name": user.name},
                source=source, actor=actor_of(user), seat=seat)
    turn.seat_users[seat] = user.pk
    turn.notice("briefing", seat, {})
    turn.commit()
    Seat.objects.filter(game_id=game_id, index=seat).update(user=user, resigned=False)


def game_invite(*, game_id: int, inviter: User, email: str) -> None:
    """Mail an invitation to join an open game to ``email`` (a player of the game invites)."""
    address = (email or "").strip().lower()
    try:
        validate_email(address)
    except ValidationError:
        raise GameError(f"{email!r} is not an email address (write it like friend@example.org)") from None
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game #{game_id}")
    if game.status != GameStatus.OPEN:
        raise GameError(f"game #{game_id} has started; there is no seat left to invite anyone to")
    if not Seat.objects.filter(game=game, user=inviter).exists():
        raise NotAPlayer("only a player of the game can invite others to it")
    invitee = User.objects.filter(email__iexact=address).first()
    if invitee is not None and Seat.objects.filter(game=game, user=invitee).exists():
        raise GameError(f"{address} already has a seat in this game")
    # Invitations go to strangers' inboxes: a player may send a few, not a flood.
    hour_ago = timezone.now() - datetime.timedelta(hours=1)
    if outbox.invitations_since(inviter_id=inviter.pk, since=hour_ago) >= INVITATIONS_PER_HOUR:
        raise GameError(f"you have sent {INVITATIONS_PER_HOUR} invitations in the last hour; "
                        "please wait before sending more")
    per_game = game.num_players * INVITATIONS_PER_SEAT
    if outbox.invitations_since(game_id=game.pk) >= per_game:
        raise GameError(f"game #{game.pk} has had its {per_game} invitations; share its page's address instead")
    # The row belongs to the invitee when they have an account, else to the inviter, addressed to `to`.
    outbox.write_invitation(game_id=game.pk, user_id=(invitee or inviter).pk, inviter=inviter.name,
                            inviter_id=inviter.pk, to=None if invitee else address)


def invitation_decline(*, game_id: int, user: User) -> int:
    """Decline the invitations to an open game meant for ``user`` (their account or a verified address).

    Accepting is joining (:func:`games.services.game_join`). The invitations are
    kept, marked declined, so the limits on sending them still count them; the
    number declined is returned.
    """
    from games.selectors.invitations import invitation_rows  # reads the same rows the lobby lists

    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game #{game_id}")
    rows = invitation_rows(user, game_id=game.pk)
    if not rows:
        raise GameError(f"you have no invitation to game #{game.pk} waiting for an answer")
    return outbox.decline_invitations(rows)
