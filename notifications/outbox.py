"""Writing notifications into the outbox, inside the transaction that caused them.

Rows are handed to the sender only after the transaction commits, so a rolled
back move sends nothing, and a crash between commit and hand-over loses
nothing: the periodic retry picks up whatever is still pending.
"""

from __future__ import annotations

from typing import Any, Iterable

from django.db import transaction

from notifications.models import OutboxMessage


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

    if ids:
        send_outbox.delay(ids)


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
