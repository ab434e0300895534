"""Processing a stored mail (the worker's part), in one transaction per message.

1. drop what a machine sent (auto-replies, bounces, out-of-office): no answer;
   a delivery report or spam report about our own mail is handed to
   :mod:`notifications.delivery` first (stops or retries that address's mail);
2. find our reply address among the recipients and check it and the sender
   (:mod:`notifications.inbound.trust`); an untrusted mail is held;
3. strip quotes and signatures, parse the commands, apply them through
   ``games.services`` (the moves all or nothing), and queue the answer
   (:mod:`notifications.inbound.answer`).

The claim, the commands, the answer and the message's status commit together,
so a crash leaves nothing half done and a second run finds the row claimed.
Player mistakes are answered; system errors are logged with tokens redacted.
Reading the commands is the player's input too: should the command parser (or
the rules reading a move, see ``games.services.moves``) fail in a way nobody
foresaw, the mail is refused with an answer saying so (status ``refused``), not
left ``failed`` and unanswered.
"""

from __future__ import annotations

import datetime
import json
import logging
import traceback
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.utils import InterfaceError, OperationalError
from django.utils import timezone

from accounts.models import User
from games import services
from games.models import Source
from games.rules import IllegalMove
from games.rules.text import shown
from notifications import commands, delivery, mailparse, originals, outbox, tokens
from notifications.inbound import statements
from notifications.inbound.answer import Answer
from notifications.inbound.trust import TokenRow, authentication_problems, held_notice, token_with_checks
from notifications.models import InboundMessage, InboundStatus, ReplyToken

log = logging.getLogger(__name__)

LAST_USED_GRANULARITY = datetime.timedelta(hours=1)
QUOTED_LINE_CHARS = 200
UNREADABLE = ("Your mail could not be read as commands. Write one command or move per line, as the help "
              "below shows, and reply again.")
TABLE = InboundMessage._meta.db_table


def max_body_chars() -> int:
    return int(getattr(settings, "INBOUND_EMAIL_MAX_BODY_CHARS", 1024 * 1024))


def process_stale(older_than: datetime.timedelta = datetime.timedelta(minutes=5)) -> int:
    """Process stored messages whose task never ran (the periodic safety net)."""
    ids = list(InboundMessage.objects.filter(status=InboundStatus.RECEIVED,
                                             received_at__lt=timezone.now() - older_than)
               .values_list("pk", flat=True)[:500])
    for pk in ids:
        process(pk)
    return len(ids)


@dataclass
class Claimed:
    """The stored message a worker took (the fields processing needs, read in one statement)."""

    pk: int
    raw: bytes
    envelope_sender: str | None
    envelope_recipients: list[str]
    auth_results: dict[str, str]
    token: TokenRow | None = None
    # Mail to queue when the message is marked processed (written in the same statement on PostgreSQL).
    outbox: list[dict[str, Any]] = field(default_factory=list)


# A database that goes away under a message (a restart, a dropped connection, a deadlock) is no fault of
# the mail: everything rolled back, so it is processed again from the start, this many times in all.
DATABASE_ATTEMPTS = 3


def process(inbound_id: int) -> str:
    """Run one stored message through the pipeline; a second call for the same row does nothing.

    A system error rolls everything back and then marks the message failed in a
    transaction of its own (no savepoint on the happy path). A database error is
    not the message's failure: the whole run is repeated (on a new connection, which
    waits out a restart, see ``config.db.postgresql``); should the database stay
    away, the message stays ``received`` for the stale sweep.
    """
    for attempt in range(1, DATABASE_ATTEMPTS + 1):
        try:
            return _process_once(inbound_id)
        except (OperationalError, InterfaceError) as error:
            if attempt == DATABASE_ATTEMPTS:
                raise
            log.warning("inbound mail %s: the database failed under it (%s); processing it again",
                        inbound_id, type(error).__name__)
            if not connection.in_atomic_block:
                connection.close()  # a new one next time (the broken one may look usable)
    raise AssertionError("unreachable")


def _process_once(inbound_id: int) -> str:
    lock = " FOR UPDATE SKIP LOCKED" if connection.features.has_select_for_update_skip_locked else ""
    claimed: Claimed | None = None
    try:
        with transaction.atomic():
            row = statements.fetchone(f"SELECT id, raw, envelope_sender, envelope_recipients, auth_results "
                                      f"FROM {TABLE} WHERE id = %s AND status = %s{lock}",
                                      [inbound_id, InboundStatus.RECEIVED])
            if row is None:
                return "skipped"  # processed already, or another worker has it
            claimed = Claimed(row[0], bytes(row[1]), row[2], _json(row[3], []), _json(row[4], {}))
            status, reason = _process(claimed)
            _finish(claimed, status, reason)
        return status
    except (OperationalError, InterfaceError):
        raise  # the database's failure, not the message's (see process)
    except Exception as error:  # noqa: BLE001 - a system error must not lose the mail or reach the sender
        if claimed is None:
            raise
        log.exception("inbound mail %s failed", inbound_id)
        with transaction.atomic():
            _set_status(claimed, InboundStatus.FAILED, tokens.redact(f"{type(error).__name__}: {error}")[:2000], None)
        return InboundStatus.FAILED


def _finish(claimed: Claimed, status: str, reason: str) -> None:
    """Queue the answer and mark the message processed: one statement on PostgreSQL."""
    token_id = claimed.token.pk if claimed.token else None
    if connection.vendor != "postgresql" or len(claimed.outbox) != 1:
        for message in claimed.outbox:
            outbox.write_message(**message)
        _set_status(claimed, status, reason, token_id)
        return
    message = claimed.outbox[0]
    found = statements.fetchone(
        f"WITH o AS ({outbox.INSERT_SQL}) UPDATE {TABLE} SET status = %s, reason = %s, "
        "processed_at = %s, token_id = %s WHERE id = %s RETURNING (SELECT id FROM o)",
        [*outbox.insert_params(**message), status, reason, timezone.now(), token_id, claimed.pk])
    if found and found[0] is not None:
        outbox.hand_over_after_commit([found[0]])


def _set_status(claimed: Claimed, status: str, reason: str, token_id: int | None) -> None:
    statements.fetchone(f"UPDATE {TABLE} SET status = %s, reason = %s, processed_at = %s, "
                        "token_id = %s WHERE id = %s", [status, reason, timezone.now(), token_id, claimed.pk])


def _json(value: Any, default: Any) -> Any:
    # PostgreSQL's jsonb arrives decoded; SQLite's JSON text does not.
    if isinstance(value, str):
        return json.loads(value)
    return default if value is None else value


def _process(inbound: Claimed) -> tuple[str, str]:
    try:
        mail = mailparse.parse(inbound.raw, inbound.envelope_sender)
    except ValueError as error:
        return InboundStatus.DROPPED, f"malformed: {error}"
    if mail.auto_reason:
        # Bounces and spam reports about our own mail are acted on here; no automatic mail is ever answered.
        reported = delivery.receive_report(inbound.raw, key=f"inbound:{inbound.pk}")
        return InboundStatus.DROPPED, f"automatic mail: {mail.auto_reason}" + (f"; {reported}" if reported else "")
    parsed = tokens.find_token([*inbound.envelope_recipients, *mail.recipients])
    if parsed is None:
        return InboundStatus.DROPPED, "no valid reply address"
    # A reply naming none of our mails is read against the latest mails sent to the seat: whether there
    # are any is asked in the token's own statement, so a seat never mailed costs no further query.
    names_mails = bool(originals.answered_ids(mail.in_reply_to, mail.references))
    token = token_with_checks(parsed, mail.from_address, mail_sent=not names_mails)
    if token is None:
        return InboundStatus.DROPPED, "unknown or revoked reply token"
    inbound.token = token
    if token.seat_user != token.user_id:
        return InboundStatus.DROPPED, "the seat has another player now"
    problems = authentication_problems(mail, token, inbound.auth_results, verified=token.verified)
    if problems:
        notice = held_notice(token, inbound.pk, problems)
        if notice is not None:
            inbound.outbox.append(notice)
        return InboundStatus.HELD, "; ".join(problems)
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_GRANULARITY:
        # Audit trail to the hour, not to the message: one write less on the hot path.
        ReplyToken.objects.filter(pk=token.pk).update(last_used_at=now)
    # Read again knowing the mail it answers: a copy of that text, however the client quoted it, is dropped.
    # Without any such text the second reading would be the first one again, so it is kept.
    answered = originals.texts_for(mail, token) if names_mails or token.mail_sent else []
    if answered:
        mail = mailparse.parse(inbound.raw, inbound.envelope_sender, originals=answered)
    return _run(inbound, token, mail)


def _run(inbound: Claimed, token: TokenRow, mail: mailparse.ParsedMail) -> tuple[str, str]:
    """Apply the mail's commands and queue the answer; returns the message's status and the answer's result."""
    user: User = token.user
    game = token.game
    answer = Answer(inbound.pk, token, mail, game)
    status = _apply(answer, user, mail)
    inbound.outbox.append(answer.message())
    return status, answer.result


def _apply(answer: Answer, user: User, mail: mailparse.ParsedMail) -> str:
    game = answer.game
    text = mail.reply_text
    if len(text) > max_body_chars():
        answer.refuse("Your mail is too long to read as commands.")
        return InboundStatus.REFUSED
    try:
        wanted = commands.parse(text)
    except commands.CommandError as error:
        answer.refuse(str(error))
        return InboundStatus.REFUSED
    except Exception as error:  # noqa: BLE001 - the player's text, not a system fault: answer, do not fail
        # The mail's text stays out of the log (it may hold a sealed bid); where it broke is enough.
        log.error("unexpected %s while reading the commands of inbound mail %s; refused as unreadable\n%s",
                  type(error).__name__, answer.inbound_id, "".join(traceback.format_tb(error.__traceback__)))
        answer.refuse(UNREADABLE)
        answer.help()
        return InboundStatus.REFUSED
    if wanted.empty:
        answer.intro.append("No commands were found in your mail, so nothing was applied.")
        answer.help()
        return InboundStatus.APPLIED
    try:
        # Moves, chat and resignation stand or fall together. Moves alone need no savepoint:
        # submit_moves is all or nothing by itself. No idempotency key is needed: the moves
        # commit in the transaction that marks the mail processed, and only an unprocessed mail
        # is ever taken.
        side_effects = wanted.says or wanted.resign or wanted.extend or wanted.vacation_until or wanted.vacation_end
        with (transaction.atomic() if side_effects else nullcontext()):
            results = services.submit_moves(game_id=game.pk, user=user, texts=wanted.moves, source=Source.EMAIL,
                                             as_reply=True) if wanted.moves else []
            for said in wanted.says:
                services.chat_post(game_id=game.pk, user=user, text=said, source=Source.EMAIL)
            if wanted.extend:
                answer.extended = services.deadline_extend(game_id=game.pk, user=user, source=Source.EMAIL)
            if wanted.vacation_until:
                answer.vacation = services.vacation_start(user=user, until=wanted.vacation_until,
                                                          source=Source.EMAIL)
            if wanted.vacation_end:
                services.vacation_end(user=user, source=Source.EMAIL)
            if wanted.resign:
                services.game_resign(game_id=game.pk, user=user, source=Source.EMAIL)
    except services.CommandFailed as failure:
        # The refused line is quoted back, cut to a readable length (a line may hold 2000 characters).
        answer.refuse(str(failure.reason), shown(failure.line, QUOTED_LINE_CHARS))
        return InboundStatus.REFUSED
    except (services.GameError, IllegalMove) as refusal:
        answer.refuse(str(refusal))
        return InboundStatus.REFUSED
    answer.confirm(results, wanted)
    if wanted.help:
        answer.help()
    if wanted.list_moves:
        answer.flags["examples"] = True
    if wanted.status or wanted.list_moves or results:
        answer.flags["view"] = True
    return InboundStatus.APPLIED
