"""The outbox: notifications written in the transaction that caused them, handed to the sender after commit.

Besides the game's own notices (``game_started``, ``your_turn``, ``game_over``
and the clock's mails, written by the write path), the inbound pipeline writes
its answers here too (``email_reply``, ``held_notice``), and
:mod:`notifications.delivery` its notices (``undeliverable_notice``,
``address_check``), so they get the same once-only sending.

This module owns the outbox table's SQL: the write path embeds
:func:`insert_statement` in its one-statement commit rather than spelling the
columns itself. Rows are handed to the sender only after the transaction
commits, so a rolled back move sends nothing, and a crash between commit and
hand-over loses nothing: the periodic retry picks up whatever is still pending.
It imports neither the sending task nor the inbound side (the task is looked
up by name), so nothing here leads back to the write path.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Iterable

import orjson
from celery import current_app
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from notifications.models import OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

TABLE = OutboxMessage._meta.db_table
SEND_TASK = "notifications.send_outbox"
# A row as the write path builds it: these keys, in this order.
ROW_FIELDS = ("kind", "game_id", "event_seq", "user_id", "seat", "payload", "dedupe_key")


def notice(kind: str, *, game_id: int, seq: int, user_id: int, seat: int | None,
           payload: dict[str, Any] | None = None) -> dict[str, Any]:
    """One game notice as a plain row (the write path inserts it in the same statement as the move)."""
    return {"kind": kind, "game_id": game_id, "event_seq": seq, "user_id": user_id, "seat": seat,
            "payload": payload or {}, "dedupe_key": f"{game_id}:{seq}:{kind}:{user_id}"}


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
    """Turn notices for seats newly awaited (or awaited again after acting); results at the end."""
    if finished:
        return [notice("game_over", game_id=game_id, seq=seq, user_id=user_id, seat=seat)
                for seat, user_id in enumerate(seat_users)]
    newly = [s for s in to_act if s not in to_act_before or s in acted]
    return [notice("your_turn", game_id=game_id, seq=seq, user_id=seat_users[s], seat=s) for s in newly]


def rows_at_start(game_id: int, *, seq: int, seat_users: list[int], to_act: list[int]) -> list[dict[str, Any]]:
    rows = [notice("game_started", game_id=game_id, seq=seq, user_id=user_id, seat=seat)
            for seat, user_id in enumerate(seat_users)]
    return rows + [notice("your_turn", game_id=game_id, seq=seq, user_id=seat_users[s], seat=s) for s in to_act]


# -- writing -------------------------------------------------------------------------


# The rows as one JSON array unpacked by the statement: a fixed number of parameters for any number of rows.
_ROWS = ("jsonb_to_recordset(%s::jsonb) AS v(kind varchar, game_id bigint, event_seq integer, user_id bigint, "
         "seat smallint, payload jsonb, dedupe_key varchar)")


def insert_statement(*, when: str) -> str:
    """PostgreSQL: an INSERT of rows (see :func:`insert_params_for`) that happens only if the SQL ``when`` holds.

    Meant for a CTE of the caller's statement; duplicates (same ``dedupe_key``)
    are skipped; it returns the new rows' ids.
    """
    fields = ", ".join(ROW_FIELDS)
    return (f"INSERT INTO {TABLE} ({fields}, status, attempts, last_error, created_at) "
            f"SELECT {fields}, '{OutboxStatus.PENDING}', 0, '', %s FROM {_ROWS} "
            f"WHERE {when} ON CONFLICT (dedupe_key) DO NOTHING RETURNING id")


def insert_params_for(rows: list[dict[str, Any]], now: Any) -> list[Any]:
    """The parameters of :func:`insert_statement` for ``rows`` (dicts with the keys of ROW_FIELDS)."""
    return [now, orjson.dumps([{name: row[name] for name in ROW_FIELDS} for row in rows],
                              option=orjson.OPT_NON_STR_KEYS).decode("utf-8")]


def write_rows(rows: Iterable[dict[str, Any]]) -> list[int]:
    """Insert rows through the ORM (any database), skipping duplicates; the new rows' ids."""
    rows = list(rows)
    if not rows:
        return []
    # One moment for all: the sender folds the rows of one change for one person into one mail by it.
    now = timezone.now()
    OutboxMessage.objects.bulk_create([OutboxMessage(**row, created_at=now) for row in rows], ignore_conflicts=True)
    # With ignore_conflicts SQLite reports no primary keys: read back the rows just written.
    keys = [row["dedupe_key"] for row in rows]
    return list(OutboxMessage.objects.filter(dedupe_key__in=keys, status=OutboxStatus.PENDING)
                .values_list("pk", flat=True))


INSERT_SQL = (
    f"INSERT INTO {TABLE} (kind, user_id, payload, game_id, seat, event_seq, dedupe_key, status, "
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
    hand_over_after_commit([found[0]])
    return int(found[0])


def write_invitation(*, game_id: int, user_id: int, inviter: str, inviter_id: int,
                     to: str | None = None) -> int | None:
    """An invitation to join an open game (the lobby's invite form calls this through the services)."""
    return write_message(kind="invitation", user_id=user_id, game_id=game_id,
                         dedupe_key=f"{game_id}:invite:{(to or str(user_id)).lower()}",
                         payload={"inviter": inviter, "inviter_id": inviter_id, **({"to": to} if to else {})})


def invitations_to(*, user_id: int, account_address: str, addresses: Iterable[str],
                   game_id: int | None = None) -> list[OutboxMessage]:
    """The invitations meant for one person and not declined: those written for their account (while
    ``account_address`` is among ``addresses``), and those mailed to one of ``addresses`` (before they
    signed up, say). ``addresses`` are the person's verified ones: an address they have not proved is
    not theirs to read invitations for."""
    wanted = {address.lower() for address in addresses}
    if not wanted:
        return []
    rows = OutboxMessage.objects.filter(kind="invitation").exclude(payload__has_key="declined")
    if game_id is not None:
        rows = rows.filter(game_id=game_id)
    mine = Q(payload__to__in=sorted(wanted))
    if account_address.lower() in wanted:
        mine |= Q(user_id=user_id, payload__to__isnull=True)
    return list(rows.filter(mine).order_by("created_at", "pk"))


def decline_invitations(rows: Iterable[OutboxMessage]) -> int:
    """Mark invitations declined (they stay, so the per-game and hourly limits still count them)."""
    count = 0
    for row in rows:
        OutboxMessage.objects.filter(pk=row.pk).update(payload={**row.payload, "declined": True})
        count += 1
    return count


def invitations_since(*, inviter_id: int | None = None, game_id: int | None = None,
                      since: Any = None) -> int:
    """How many invitations were written by ``inviter_id`` and/or for ``game_id`` (since a moment)."""
    rows = OutboxMessage.objects.filter(kind="invitation")
    if inviter_id is not None:
        rows = rows.filter(payload__inviter_id=inviter_id)
    if game_id is not None:
        rows = rows.filter(game_id=game_id)
    if since is not None:
        rows = rows.filter(created_at__gte=since)
    return rows.count()


# -- handing over ---------------------------------------------------------------------


def hand_over(ids: list[int]) -> None:
    """Queue the rows for sending; with tasks in-process (the embedded default) they are sent right here."""
    if not ids:
        return
    try:
        current_app.tasks[SEND_TASK].delay(ids)
    except Exception:  # the broker is down: the rows stay pending and the periodic retry sends them
        log.warning("could not queue outbox rows %s; they will be retried", ids, exc_info=True)


def hand_over_after_commit(ids: list[int]) -> None:
    if ids:
        transaction.on_commit(lambda: hand_over(ids))
