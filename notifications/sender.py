"""Sending outbox rows as email, each exactly once, as each recipient prefers.

A row is claimed (status moves from pending under a row lock) before its mail
goes out, so two workers or a retried task never send the same row twice.
Game mail honours :class:`~notifications.models.MailPreference`: ``web`` skips
it, ``digest`` keeps it for :func:`send_digests`. Answers to a player's own mail
(``email_reply``, ``held_notice``) always go out: the player asked for them.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
import zoneinfo

from django.db import transaction
from django.utils import timezone

from notifications import render
from notifications.models import MailMode, MailPreference, OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

# Kinds a preference may hold back; everything else is an answer the person asked for.
GAME_KINDS = frozenset({"game_started", "your_turn", "game_over", "invitation"})


class TransientSendError(Exception):
    """The mail service failed in a way worth retrying."""


def send_rows(ids: list[int]) -> int:
    sent = 0
    for pk in ids:
        sent += _send_one(pk)
    return sent


def send_pending(limit: int = 500) -> int:
    ids = list(
        OutboxMessage.objects.filter(status=OutboxStatus.PENDING).order_by("created_at").values_list("pk", flat=True)[:limit]
    )
    return send_rows(ids)


def mode_of(user_id: int) -> str:
    pref = MailPreference.objects.filter(user_id=user_id).values_list("mode", flat=True).first()
    return pref or MailMode.EVERY


def _send_one(pk: int) -> int:
    failure: Exception | None = None
    with transaction.atomic():
        row = (
            OutboxMessage.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user", "game")
            .filter(pk=pk, status=OutboxStatus.PENDING)
            .first()
        )
        if row is None:
            return 0  # already sent, or another worker has it
        if row.kind in GAME_KINDS:
            mode = mode_of(row.user_id)
            if mode != MailMode.EVERY:
                row.status = OutboxStatus.SKIPPED if mode == MailMode.WEB else OutboxStatus.DIGEST
                row.save(update_fields=["status"])
                return 0
        message = render.build_message(row)
        row.attempts += 1
        if message is None:
            row.status = OutboxStatus.SKIPPED
            row.save(update_fields=["status", "attempts"])
            return 0
        try:
            message.send()
        except (smtplib.SMTPException, OSError) as error:
            row.last_error = str(error)[:2000]
            row.save(update_fields=["attempts", "last_error"])
            failure = error
        else:
            row.status = OutboxStatus.SENT
            row.sent_at = timezone.now()
            row.save(update_fields=["status", "attempts", "sent_at"])
            return 1
    # Raised outside the transaction so the attempt count survives for the retry.
    raise TransientSendError(str(failure)) from failure


def digest_due(pref: MailPreference, now: datetime.datetime, zone_name: str) -> bool:
    """Due once a day, at the first sweep at or after the chosen hour in the person's time zone."""
    try:
        zone = zoneinfo.ZoneInfo(zone_name or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = now.astimezone(zone)
    if local.hour < pref.digest_hour:
        return False
    today_slot = local.replace(hour=pref.digest_hour, minute=0, second=0, microsecond=0)
    return pref.last_digest_at is None or pref.last_digest_at < today_slot


def send_digests(now: datetime.datetime | None = None) -> int:
    """Send each digest reader the rows kept for them, if their hour has come (run hourly or more)."""
    now = now or timezone.now()
    sent = 0
    for pref in MailPreference.objects.filter(mode=MailMode.DIGEST).select_related("user"):
        if not digest_due(pref, now, pref.user.time_zone):
            continue
        with transaction.atomic():
            locked = MailPreference.objects.select_for_update().get(pk=pref.pk)
            if not digest_due(locked, now, pref.user.time_zone):
                continue  # another sweep got here first
            rows = list(OutboxMessage.objects.select_for_update(of=("self",)).select_related("game", "user")
                        .filter(user_id=pref.user_id, status=OutboxStatus.DIGEST).order_by("created_at"))
            locked.last_digest_at = now
            locked.save(update_fields=["last_digest_at"])
            if not rows:
                continue
            message = render.build_digest(pref.user, rows)
            if message is not None:
                message.send()  # a failure rolls back: the rows stay kept and the next sweep retries
                sent += 1
            OutboxMessage.objects.filter(pk__in=[r.pk for r in rows]).update(status=OutboxStatus.SENT, sent_at=now)
    return sent
