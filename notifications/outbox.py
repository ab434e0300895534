"""Writing notifications into the outbox, inside the transaction that caused them.

Besides the game's own notices (``game_started``, ``your_turn``, ``game_over``,
written by the write path), the inbound pipeline writes its answers here too
(``email_reply``, ``held_notice``), so they get the same once-only sending.

Rows are handed to the sender only after the transaction commits, so a rolled
back move sends nothing, and a crash between commit and hand-over loses
nothing: the periodic retry picks up whatever is still pending.
"""

from __future__ import annotations

import logging

from typing import Any, Iterable

import json

from django.db import connection, transaction
from django.utils import timezone

from notifications.models import OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)


def _row(kind: str, game: Any, seq: int, user_id: int, seat: int | None, payload: dict[str, Any] | None = None) -> OutboxMessage:
    return OutboxMessage(
        kind=kind,
        game_id=game.pk,
        event_seq=seq,
        user_id=user_id,
        seat=seat,
        payload=payload or {},
        dedupe_key=f"{game.pk}:{seq}:{kind}:{user_id}",
    )


def write(rows: Iterable[OutboxMessage]) -> None:
    rows = list(rows)
    if not rows:
        return
    created = OutboxMessage.objects.bulk_create(rows)
    ids = [row.pk for row in created if row.pk is not None]
    transaction.on_commit(lambda: hand_over(ids))


def hand_over(ids: list[int]) -> None:
    """Queue the rows for sending; without a broker the task runs right here."""
    from notifications.tasks import send_outbox

    if not ids:
        return
    try:
        send_outbox.delay(ids)
    except Exception:  # the broker is down: the rows stay pending and the periodic retry sends them
        log.warning("could not queue outbox rows %s; they will be retried", ids, exc_info=True)


def write_game_started(game: Any, *, seq: int, seat_users: list[int], to_act: list[int]) -> None:
    rows = [_row("game_started", game, seq, user_id, seat) for seat, user_id in enumerate(seat_users)]
    rows += [_row("your_turn", game, seq, seat_users[seat], seat) for seat in to_act]
    write(rows)


def rows_after_moves(
    game_id: int,
    *,
    seq: int,
    seat_users: list[int],
    acted: list[int],
    to_act_before: list[int],
    to_act: list[int],
    finished: bool,
) -> list[dict[str, Any]]:
    """Turn notices for seats newly awaited (or awaited again after acting); results at the end.

    Plain dicts, because the write path inserts them in the same statement as the move.
    """
    if finished:
        targets = list(enumerate(seat_users))
        kind = "game_over"
    else:
        newly = [s for s in to_act if s not in to_act_before or s in acted]
        targets = [(s, seat_users[s]) for s in newly]
        kind = "your_turn"
    return [
        {"kind": kind, "game_id": game_id, "event_seq": seq, "user_id": user_id, "seat": seat, "payload": {},
         "dedupe_key": f"{game_id}:{seq}:{kind}:{user_id}"}
        for seat, user_id in targets
    ]


def hand_over_after_commit(ids: list[int]) -> None:
    if ids:
        transaction.on_commit(lambda: hand_over(ids))


INSERT_SQL = (
    "INSERT INTO notifications_outboxmessage (kind, user_id, payload, game_id, seat, event_seq, dedupe_key, status, "
    "attempts, last_error, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 0, '', %s) "
    "ON CONFLICT (dedupe_key) DO NOTHING RETURNING id"
)


def insert_params(*, kind: str, user_id: int, dedupe_key: str, payload: dict[str, Any], game_id: int | None = None,
                  seat: int | None = None, event_seq: int | None = None) -> list[Any]:
    """Parameters of INSERT_SQL (the inbound pipeline embeds it in its own statement)."""
    return [kind, user_id, json.dumps(payload), game_id, seat, event_seq, dedupe_key, OutboxStatus.PENDING,
            timezone.now()]


def write_message(*, kind: str, user_id: int, dedupe_key: str, payload: dict[str, Any],
                  game_id: int | None = None, seat: int | None = None, event_seq: int | None = None) -> int | None:
    """Queue one mail that is not a game notice (an answer to a player); sent after commit.

    Returns the row id, or None if a row with this ``dedupe_key`` exists (the answer was queued already).
    """
    # One statement that skips a duplicate without raising: no savepoint, one round trip.
    with connection.cursor() as cursor:
        cursor.execute(INSERT_SQL, insert_params(kind=kind, user_id=user_id, dedupe_key=dedupe_key, payload=payload,
                                                 game_id=game_id, seat=seat, event_seq=event_seq))
        found = cursor.fetchone()
    if found is None:
        return None
    ids = [found[0]]
    transaction.on_commit(lambda: hand_over(ids))
    return found[0]


def write_invitation(*, game_id: int, user_id: int, inviter: str, to: str | None = None) -> int | None:
    """An invitation to join an open game (the lobby's invite form can call this)."""
    return write_message(kind="invitation", user_id=user_id, game_id=game_id,
                         dedupe_key=f"{game_id}:invite:{(to or str(user_id)).lower()}",
                         payload={"inviter": inviter, **({"to": to} if to else {})})
