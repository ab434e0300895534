"""Sending outbox rows as email, each once, as each recipient prefers.

A row is claimed before its mail goes out: under a row lock its status moves
from ``pending`` to ``sending`` (with ``claimed_at``), and that is committed
*before* the mail backend is called. So two workers or a retried task never
send the same row twice, and a send that is interrupted after the mail service
took the mail (the worker killed, the database gone before the "sent" mark) is
visible as ``sending``: it is not sent again until it has been so for
``OUTBOX_SENDING_TIMEOUT``, and then it is sent again *marked*
(``maybe_duplicate``, a warning naming its Message-ID, which is the same for
both copies, so the mail service's log and the recipient's client can tell).
That is the remaining at-least-once window (docs/operators/email.md).

Failed sends go back to ``pending`` and are retried by the periodic sweep
(:func:`send_pending`) with a growing pause, never by a delayed task: the
broker then holds no message for long (its visibility timeout stays short).

Game mail honours :class:`~notifications.models.MailPreference`: ``web`` skips
it, ``digest`` keeps it for :func:`send_digests`, quiet hours hold it until they
end (``not_before``). Answers to a player's own mail (``email_reply``,
``held_notice``) go out whatever the mode: the player asked for them.

One mail per moment per person: the rows one change wrote for one person in
one game (same game, user and ``created_at``: the write path stamps them
together) go out as one mail, the most telling of them (:data:`FOLD_ORDER`)
carrying the others' opening lines; the rest become ``folded``. A move the
person made on the web is not mailed back to them unless they asked for
confirmations: they are looking at the page.

Nothing goes to an address that stopped receiving mail (:mod:`notifications.delivery`):
such rows become ``suppressed``, except the mail that checks the address.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
import zoneinfo

from django.conf import settings
from django.db import connection, transaction
from django.db.utils import InterfaceError, OperationalError
from django.db.models import Q
from django.utils import timezone

from notifications import delivery, originals, render
from notifications.models import MailMode, MailPreference, OutboxMessage, OutboxStatus
from notifications.preferences import preference_of, quiet_end

log = logging.getLogger(__name__)

# Kinds a preference may hold back; everything else is an answer the person asked for.
GAME_KINDS = frozenset({"game_started", "your_turn", "game_over", "invitation", "reminder", "timed_out",
                        "timeout_notice", "briefing", "move_confirmed", "undeliverable_notice"})
# Kinds that go out even to an address that stopped receiving: the mail that proves it works again.
CHECK_KINDS = frozenset({"address_check"})
# Rows of one moment for one person fold into the first of these kinds among them.
# ``game_started`` comes last: a player awaited at the start gets one mail, the first turn saying the game has
# started; that mail then carries the thread's root Message-ID (``starts_thread``) in its place.
FOLD_ORDER = ("game_over", "timed_out", "briefing", "your_turn", "reminder", "timeout_notice", "move_confirmed",
              "game_started")
# After this many failed attempts a row is given up (status ``failed``, its last error kept).
MAX_ATTEMPTS = 10
# The pause before retrying a failed row doubles with each attempt, up to this.
MAX_RETRY_PAUSE = datetime.timedelta(hours=1)
# Errors in which the mail service answered "no": it did not take the mail, so a retry is no duplicate.
REFUSALS: tuple[type[BaseException], ...] = (
    smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused, ConnectionRefusedError,
)


class TransientSendError(Exception):
    """The mail service failed in a way worth retrying (the row is pending again)."""


def send_rows(ids: list[int]) -> int:
    """Send these rows (those still pending); the number sent. Raises TransientSendError after trying all."""
    sent = 0
    failures: list[str] = []
    for pk in ids:
        try:
            sent += _send_one(pk)
        except TransientSendError as error:
            failures.append(str(error))
    if failures:
        raise TransientSendError("; ".join(failures))
    return sent


def retry_pause(attempts: int) -> datetime.timedelta:
    """How long a row that failed ``attempts`` times waits before the next try."""
    if attempts <= 0:
        return datetime.timedelta(0)
    return min(datetime.timedelta(minutes=1) * 2 ** min(attempts - 1, 10), MAX_RETRY_PAUSE)


def release_interrupted(now: datetime.datetime | None = None) -> int:
    """Put rows whose send was interrupted back to pending, marked as possible duplicates; how many."""
    now = now or timezone.now()
    stale = now - datetime.timedelta(seconds=settings.OUTBOX_SENDING_TIMEOUT)
    with transaction.atomic():
        rows = list(OutboxMessage.objects.select_for_update(skip_locked=True)
                    .filter(status=OutboxStatus.SENDING, claimed_at__lt=stale))
        for row in rows:
            log.warning("outbox row %s (%s to user %s, Message-ID %s) was handed to the mail service at %s and "
                        "never marked sent; sending it again, marked as a possible duplicate",
                        row.pk, row.kind, row.user_id, render.row_message_id(row), row.claimed_at)
        # No pause before the next try: the attempt did not fail, it was cut short.
        OutboxMessage.objects.filter(pk__in=[row.pk for row in rows]).update(
            status=OutboxStatus.PENDING, maybe_duplicate=True, claimed_at=None)
    return len(rows)


def send_pending(limit: int = 500) -> int:
    """The periodic retry: release interrupted sends, then send pending rows whose pause is over."""
    now = timezone.now()
    release_interrupted(now)
    candidates = (OutboxMessage.objects.filter(status=OutboxStatus.PENDING)
                  .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lte=now - retry_pause(1)))
                  .filter(Q(not_before__isnull=True) | Q(not_before__lte=now))
                  .order_by("created_at").values_list("pk", "attempts", "claimed_at")[:limit])
    ids = [pk for pk, attempts, claimed_at in candidates
           if claimed_at is None or claimed_at + retry_pause(attempts) <= now]
    try:
        return send_rows(ids)
    except TransientSendError as error:
        log.warning("outbox retry: some mail could not be sent and stays pending: %s", error)
        return 0


def mode_of(user_id: int) -> str:
    pref = MailPreference.objects.filter(user_id=user_id).values_list("mode", flat=True).first()
    return pref or MailMode.EVERY


def _hold_back(row: OutboxMessage, now: datetime.datetime) -> bool:
    """Apply the recipient's address state and preferences to a claimed row; True when it is not sent now."""
    if row.not_before is not None and row.not_before > now:
        return True  # quiet hours: the sweep sends it when they are over
    if row.kind not in CHECK_KINDS and not delivery.receiving(delivery.address_of(row)):
        row.status = OutboxStatus.SUPPRESSED
        row.save(update_fields=["status"])
        return True
    if row.kind not in GAME_KINDS:
        return False
    pref = preference_of(row.user_id)
    if pref.mode != MailMode.EVERY:
        row.status = OutboxStatus.SKIPPED if pref.mode == MailMode.WEB else OutboxStatus.DIGEST
        row.save(update_fields=["status"])
        return True
    held = quiet_end(pref, row.user.time_zone, now)
    if held is not None:
        row.not_before = held
        row.save(update_fields=["not_before"])
        return True
    return False


def _fold(row: OutboxMessage) -> OutboxMessage | None:
    """Fold the pending rows of the same moment for the same person into one; the row to send, if any.

    Marks the others ``folded`` and records their ids in the sent row's payload, so
    the mail can be rendered again exactly (a reply's quotation is recognised by it).
    """
    if row.kind not in FOLD_ORDER or row.game_id is None:
        return row
    group = [row, *OutboxMessage.objects.select_for_update(skip_locked=True, of=("self",))
             .select_related("user", "game")
             .filter(game_id=row.game_id, user_id=row.user_id, created_at=row.created_at,
                     status=OutboxStatus.PENDING, kind__in=FOLD_ORDER).exclude(pk=row.pk)]
    confirmations = [r for r in group if r.kind == "move_confirmed"]
    if confirmations and not preference_of(row.user_id).confirm_web_moves:
        # They moved on the web and see the page: no mail for their own action, nor for being awaited again.
        own = {"move_confirmed", "your_turn"}
        quiet = [r for r in group if r.kind in own and r.seat in {c.seat for c in confirmations}]
        group = [r for r in group if r not in quiet]
        OutboxMessage.objects.filter(pk__in=[r.pk for r in quiet]).update(status=OutboxStatus.FOLDED)
    if not group:
        return None
    group.sort(key=lambda r: (FOLD_ORDER.index(r.kind), -(r.event_seq or 0), r.pk))
    primary, others = group[0], group[1:]
    if others:
        others.sort(key=lambda r: (r.event_seq or 0, r.pk))
        OutboxMessage.objects.filter(pk__in=[r.pk for r in others]).update(status=OutboxStatus.FOLDED)
        primary.payload = {**primary.payload, "folded": [r.pk for r in others]}
        if any(r.kind == "game_started" for r in others):
            primary.payload["starts_thread"] = True
        # The mail shows the game as it stands after the last of them.
        primary.event_seq = max([primary.event_seq or 0, *[r.event_seq or 0 for r in others]]) or None
        primary.save(update_fields=["payload", "event_seq"])
    return primary


def _send_one(pk: int) -> int:
    now = timezone.now()
    with transaction.atomic():
        row = (
            OutboxMessage.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user", "game")
            .filter(pk=pk, status=OutboxStatus.PENDING)
            .first()
        )
        if row is None:
            return 0  # already sent, being sent, or another worker has it
        if _hold_back(row, now):
            return 0
        folded = _fold(row)
        if folded is None:
            return 0
        if folded.pk != row.pk:
            if _hold_back(folded, now):
                return 0
            row = folded
        pk = row.pk
        message = render.build_message(row)
        row.attempts += 1
        if message is None:
            row.status = OutboxStatus.SKIPPED
            row.save(update_fields=["status", "attempts"])
            return 0
        if row.maybe_duplicate:
            # The same Message-ID as the copy that may have gone out; this header tells the two apart.
            message.extra_headers["X-Ravenpost-Resend"] = str(row.attempts)
        row.status = OutboxStatus.SENDING
        row.claimed_at = timezone.now()
        row.save(update_fields=["status", "attempts", "claimed_at"])
    # Committed: from here on the row says it is in the mail service's hands.
    texts = _kept_texts(pk, message)
    try:
        message.send()
    except Exception as error:  # any backend (SMTP, anymail's ESPs) and any failure: the row is retried
        uncertain = not isinstance(error, REFUSALS)
        update: dict[str, object] = {"status": OutboxStatus.PENDING,
                                     "last_error": f"{type(error).__name__}: {error}"[:2000]}
        if row.attempts >= MAX_ATTEMPTS:
            update["status"] = OutboxStatus.FAILED
        if uncertain:  # e.g. a timeout or a dropped connection after the data went out
            update["maybe_duplicate"] = True
        OutboxMessage.objects.filter(pk=pk, status=OutboxStatus.SENDING).update(**update)
        log.warning("outbox row %s not sent (attempt %s): %s", pk, row.attempts, error)
        raise TransientSendError(str(error)) from error
    esp_id = str(getattr(getattr(message, "anymail_status", None), "message_id", None) or "")[:255]
    _mark_sent(pk, esp_id, texts=texts)
    return 1


def _kept_texts(pk: int, message: object) -> list[str] | None:
    """The texts a reply to this mail is read against (``OutboxMessage.sent_texts``); None if they fail."""
    try:
        return originals.kept_texts(message)
    except Exception:  # noqa: BLE001 - they only help: without them a reply renders the mail again
        log.warning("outbox row %s: the texts of its mail could not be kept", pk, exc_info=True)
        return None


def _mark_sent(pk: int, esp_id: str, tries: int = 3, *, texts: list[str] | None = None) -> None:
    """Record that the mail service took the row's mail, through a database restart if need be.

    ``texts``: those of the mail as it went out, kept for reading a reply to it (:mod:`notifications.originals`).

    Unconditional: a row released meanwhile as interrupted must not go out a second time.
    The mail is out: losing this mark to a dropped connection would make the row look
    interrupted and send it a second time, so a fresh connection tries again (it waits
    out a restart, see config.db.postgresql). Only a longer outage leaves it ``sending``.
    """
    for attempt in range(tries):
        try:
            OutboxMessage.objects.filter(pk=pk).update(status=OutboxStatus.SENT, sent_at=timezone.now(),
                                                       esp_message_id=esp_id, sent_texts=texts)
            return
        except (OperationalError, InterfaceError):
            if attempt == tries - 1 or connection.in_atomic_block:
                raise
            log.warning("outbox row %s: the database went away before the mail was marked sent; "
                        "marking it again", pk)
            connection.close()


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
            if not delivery.receiving(pref.user.email):
                OutboxMessage.objects.filter(pk__in=[r.pk for r in rows]).update(status=OutboxStatus.SUPPRESSED)
                continue
            message = render.build_digest(pref.user, rows)
            texts = None
            if message is not None:
                texts = _kept_texts(rows[-1].pk, message)  # the row its Message-ID names
                message.send()  # a failure rolls back: the rows stay kept and the next sweep retries
                sent += 1
            _mark_digest_sent(rows, now, texts)
    return sent


def _mark_digest_sent(rows: list[OutboxMessage], now: datetime.datetime, texts: list[str] | None) -> None:
    """Mark the rows a digest carried sent, its texts kept on the latest row of each game and seat.

    A reply to a digest goes to one game's reply address and is read against the latest row of that
    game the digest carried (:func:`notifications.originals.rows_for`): that row keeps the texts of
    the whole digest, which is what the player quotes; the digest's other rows keep an empty list
    (nothing to read, nothing to render again). Every row is the digest reader's own, so no row keeps
    what another person was sent. Without texts (no mail, or they could not be had) every row keeps
    None, as a digest sent before texts were kept: a reply to it renders its rows again.
    """
    OutboxMessage.objects.filter(pk__in=[r.pk for r in rows]).update(
        status=OutboxStatus.SENT, sent_at=now, sent_texts=None if texts is None else [])
    if texts is None:
        return
    latest: dict[tuple[int, int], int] = {}
    for row in rows:
        if row.game_id is not None and row.seat is not None:  # only a seat has a reply address
            latest[(row.game_id, row.seat)] = max(row.pk, latest.get((row.game_id, row.seat), 0))
    OutboxMessage.objects.filter(pk__in=list(latest.values())).update(sent_texts=texts)
