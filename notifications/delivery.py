"""What the mail system tells us after sending: bounces, complaints, unsubscribes, deliveries.

Every report (an RFC 3464 delivery-status notification read by
:mod:`notifications.dsn`, an ESP's tracking event through anymail's
``tracking`` signal) comes here as :func:`record`, once per report key:

* ``hard`` (a permanent bounce), ``rejected`` (the ESP will not send to it) and
  ``complaint`` (marked as spam) stop the address: :class:`AddressHealth`
  ``receiving`` turns False, the sender stops mailing it (rows become
  ``suppressed``), the person's pages and profile say so, and the other players
  of each running game they sit in are told once per stop;
* ``soft`` (a temporary failure) puts the mail back in the outbox to be retried
  with the sender's growing pause, and is counted: :data:`SOFT_BOUNCE_LIMIT` in a
  row without a delivery stop the address too;
* ``unsubscribed`` switches the address's owner to web-only mail;
* ``delivered`` resets the soft-bounce count.

Nothing here ever answers a report (no backscatter), and nothing touches a game
clock: a player whose mail stopped still has their deadlines.

Mail we send carries ``X-Ravenpost-Ref: <row>.<signature>`` (:func:`row_ref`): a
bounce quotes it back, which ties the report to one mail we really sent to that
address, so a forged bounce cannot stop somebody's mail.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from config.db import prepared

from notifications.models import (AddressHealth, DeliveryReport, MailMode, MailPreference, OutboxMessage,
                                  OutboxStatus, StopReason)

log = logging.getLogger(__name__)

REF_HEADER = "X-Ravenpost-Ref"
REF_SALT = "ravenpost.notifications.row-ref"
# Temporary failures in a row (no delivery between them) after which an address is given up.
SOFT_BOUNCE_LIMIT = 5
KINDS = ("hard", "soft", "rejected", "complaint", "unsubscribed", "delivered", "delayed")
_STOPPING = {"hard": StopReason.HARD_BOUNCE, "rejected": StopReason.REJECTED, "complaint": StopReason.COMPLAINT}
_REF = re.compile(r"^\s*(\d{1,18})\.([0-9a-f]{20})\s*$")


def normal(address: str) -> str:
    return (address or "").strip().strip("<>").strip().lower()


# -- the reference a bounce quotes -------------------------------------------------------


def row_ref(pk: int) -> str:
    return f"{pk}.{salted_hmac(REF_SALT, str(pk), algorithm='sha256').hexdigest()[:20]}"


def row_from_ref(value: str | None) -> OutboxMessage | None:
    """The outbox row a ``X-Ravenpost-Ref`` value names, if its signature holds."""
    found = _REF.match(value or "")
    if not found or not constant_time_compare(row_ref(int(found.group(1))), f"{found.group(1)}.{found.group(2)}"):
        return None
    return OutboxMessage.objects.select_related("user").filter(pk=int(found.group(1))).first()


def address_of(row: OutboxMessage) -> str:
    return normal(row.payload.get("to") or row.user.email)


# -- reading the state ------------------------------------------------------------------------


def receiving(address: str) -> bool:
    return not AddressHealth.objects.filter(address=normal(address), receiving=False).exists()


def stopped(address: str) -> AddressHealth | None:
    """The address's record if mail to it is stopped, else None."""
    address = normal(address)
    # Asked on every page a signed-in player opens, and almost always "no": a plain query answers that
    # without building the ORM's (the record itself is only read when there is one).
    if prepared.query_one(connection, f"SELECT 1 FROM {AddressHealth._meta.db_table} WHERE address = %s "
                          "AND receiving = %s", [address, False]) is None:
        return None
    return stopped_record(address)


def stopped_record(address: str) -> AddressHealth | None:
    """The address's record if mail to it is stopped (for an address already known to be)."""
    return AddressHealth.objects.filter(address=normal(address), receiving=False).first()


def stopped_users(user_ids: list[int]) -> set[int]:
    """Which of these users' addresses do not receive mail now (one query)."""
    from accounts.models import User

    ids = sorted({uid for uid in user_ids if isinstance(uid, int)})
    if not ids:
        return set()
    # Addresses are stored as ``normal`` writes them; an account's address is a valid one (no angle
    # brackets), so trimming and lowering it in the query is the same as ``normal`` here. Plain SQL: every
    # game page asks, and building the ORM's query cost more than running it.
    # On PostgreSQL the ids go as one array: one statement text for any number of players, prepared.
    postgresql = connection.vendor == "postgresql"
    among = "= ANY(%s)" if postgresql else f"IN ({', '.join(['%s'] * len(ids))})"
    sql = (f"SELECT u.id FROM {User._meta.db_table} u WHERE u.id {among} "
           f"AND EXISTS (SELECT 1 FROM {AddressHealth._meta.db_table} h "
           f"WHERE h.address = lower(trim(u.email)) AND h.receiving = %s)")
    params = [ids, False] if postgresql else [*ids, False]
    return {row[0] for row in prepared.query_all(connection, sql, params)}


# -- recording a report ----------------------------------------------------------------------------


def record(*, key: str, source: str, kind: str, address: str, detail: str = "",
           row: OutboxMessage | None = None) -> bool:
    """Act on one report, once per ``key``; False when it was seen before (or names no address)."""
    if kind not in KINDS:
        raise ValueError(f"unknown delivery report kind {kind!r}; one of {', '.join(KINDS)}")
    address = normal(address)
    if not address or "@" not in address:
        return False
    detail = " ".join((detail or "").split())[:500]
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint: a duplicate key must not break the caller's transaction
                DeliveryReport.objects.create(key=key[:255], source=source[:20], kind=kind, address=address[:320],
                                              detail=detail, row=row)
        except IntegrityError:
            return False
        if kind in _STOPPING:
            stop(address, _STOPPING[kind], detail)
        elif kind == "soft":
            _soft(address, detail, row)
        elif kind == "unsubscribed":
            _unsubscribe(address)
        elif kind == "delivered":
            AddressHealth.objects.filter(address=address, receiving=True).update(soft_bounces=0,
                                                                                 updated_at=timezone.now())
    log.info("delivery report %s for %s from %s: %s", kind, address, source, detail)
    return True


def _health(address: str) -> AddressHealth:
    AddressHealth.objects.get_or_create(address=address)
    return AddressHealth.objects.select_for_update().get(address=address)


def stop(address: str, reason: str, detail: str = "") -> AddressHealth:
    """Stop mailing ``address``; a new stop tells the tables its owner plays at."""
    health = _health(normal(address))
    now = timezone.now()
    if not health.receiving:
        health.detail, health.updated_at = detail or health.detail, now
        health.save(update_fields=["detail", "updated_at"])
        return health
    health.receiving, health.reason, health.detail = False, reason, detail
    health.stopped_at = health.updated_at = now
    health.episode += 1
    health.save()
    tell_tables(health)
    return health


def _soft(address: str, detail: str, row: OutboxMessage | None) -> None:
    health = _health(address)
    health.soft_bounces += 1
    health.soft_bounces_total += 1
    health.updated_at = timezone.now()
    health.save(update_fields=["soft_bounces", "soft_bounces_total", "updated_at"])
    if health.receiving and health.soft_bounces >= SOFT_BOUNCE_LIMIT:
        stop(address, StopReason.SOFT_BOUNCES, detail)
        return
    if row is not None:
        # Back to the outbox: the periodic sweep sends it again after the pause its attempts earned
        # (the address stops after SOFT_BOUNCE_LIMIT of these, so this cannot go on for ever).
        OutboxMessage.objects.filter(pk=row.pk, status=OutboxStatus.SENT).update(
            status=OutboxStatus.PENDING, claimed_at=timezone.now(), last_error=f"soft bounce: {detail}"[:2000])


def _unsubscribe(address: str) -> None:
    from accounts.models import User

    for user in User.objects.filter(email__iexact=address):
        pref, _ = MailPreference.objects.get_or_create(user=user)
        if pref.mode != MailMode.WEB:
            pref.mode = MailMode.WEB
            pref.save(update_fields=["mode"])


def confirm(address: str) -> bool:
    """The owner proved the address receives mail: mail to it starts again. False if it was not stopped."""
    updated = AddressHealth.objects.filter(address=normal(address), receiving=False).update(
        receiving=True, reason="", detail="", soft_bounces=0, updated_at=timezone.now())
    return bool(updated)


# -- telling the table ---------------------------------------------------------------------------------


def tell_tables(health: AddressHealth) -> int:
    """Queue one notice to each other player of each running game the address's owner sits in."""
    from accounts.models import User
    from games.models import GameStatus, Projection
    from notifications import outbox

    written = 0
    for user in User.objects.filter(email__iexact=health.address):
        projections = Projection.objects.filter(game__status=GameStatus.ACTIVE, game__seats__user=user).distinct()
        for projection in projections:
            seats = [i for i, uid in enumerate(projection.seat_users) if uid == user.pk]
            if not seats:
                continue  # their seat passed to somebody else
            for other_seat, other in enumerate(projection.seat_users):
                if other == user.pk or other_seat in (projection.bot_seats or []):
                    continue
                found = outbox.write_message(
                    kind="undeliverable_notice", user_id=other, game_id=projection.pk, seat=other_seat,
                    dedupe_key=f"{projection.pk}:undeliverable:{user.pk}:{health.episode}:{other}",
                    payload=_notice_payload(user, seats[0]))
                written += found is not None
    return written


def _notice_payload(user: Any, seat: int) -> dict[str, Any]:
    return {"player": user.name, "player_seat": seat}


# -- delivery-status notifications and spam reports arriving as mail ---------------------------


def receive_report(raw: bytes, *, key: str) -> str:
    """Act on a DSN or ARF report received as mail (never answered); a line for the inbound log.

    Only a report that quotes our signed ``X-Ravenpost-Ref`` is believed, and only
    about the address that mail went to: anybody can send us a mail that looks
    like a bounce, nobody can make one about a mail we did not send them.
    """
    from notifications import dsn

    report = dsn.parse_report(raw)
    if report is None:
        return ""
    row = row_from_ref(report.ref)
    if row is None:
        return f"{report.type} report without a valid reference to our mail: ignored"
    address = address_of(row)
    done = []
    for index, recipient in enumerate(report.recipients):
        if recipient.address and recipient.address != address and len(report.recipients) > 1:
            continue  # a report about several recipients: only ours counts
        if recipient.kind == "delayed":
            done.append("delayed (the remote system keeps trying)")
            continue
        detail = " ".join(part for part in (recipient.status, recipient.diagnostic) if part)
        source = "arf" if report.type == "feedback-report" else "dsn"
        if record(key=f"{key}:{index}", source=source, kind=recipient.kind, address=address, detail=detail,
                  row=row if recipient.kind == "soft" else None):
            done.append(f"{recipient.kind} for {address}")
    return f"{report.type} report about mail {row.pk}: " + ("; ".join(done) or "nothing to do")
