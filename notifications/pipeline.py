"""The inbound pipeline: every entry point (webhook, MTA pipe, SMTP listener, dev mailbox) ends here.

``receive`` is what an entry point calls: cheap checks only, then the raw
message is stored once (unique by Message-ID: a second delivery does nothing)
and ``notifications.process_inbound`` is queued after commit. ``process`` is the
worker's part, in one transaction per message so a crash leaves nothing half
done and a second run finds the row already claimed:

1. drop what a machine sent (auto-replies, bounces, out-of-office): no answer;
2. find our reply address among the recipients and check its signature and its
   stored token; no valid token: dropped without an answer (nobody to trust);
3. the sender must be the seat's current player, from a verified address, and
   the provider's SPF/DKIM/DMARC verdicts (when reported) must pass; otherwise
   the mail is held and the seat's real address is told, at most once a day;
   the claimed sender gets nothing (no backscatter);
4. strip quotes and signatures, parse the commands, apply the moves all or
   nothing through ``games.services``, and queue the answer in the outbox.

Player mistakes are answered; system errors are logged with tokens redacted.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, Iterable

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from accounts.services import user_has_verified_email
from games import services
from accounts.models import User
from games.models import Game, Source
from games.rules import IllegalMove
from notifications import commands, mailparse, outbox, render, tokens
from notifications.models import InboundMessage, InboundStatus, ReplyToken

log = logging.getLogger(__name__)

HELD_NOTICE_INTERVAL = datetime.timedelta(hours=24)
LAST_USED_GRANULARITY = datetime.timedelta(hours=1)
PASSING = {"pass"}
NOT_REPORTED = {"", "none", "neutral"}


def max_message_bytes() -> int:
    return int(getattr(settings, "INBOUND_EMAIL_MAX_BYTES", 10 * 1024 * 1024))


def max_body_chars() -> int:
    return int(getattr(settings, "INBOUND_EMAIL_MAX_BODY_CHARS", 1024 * 1024))


@dataclass
class Received:
    inbound_id: int | None
    created: bool
    status: str


def receive(raw: bytes, *, via: str, envelope_sender: str | None = None, recipients: Iterable[str] = (),
            auth_results: dict[str, str] | None = None) -> Received:
    """Store a raw message once and queue it for processing; returns quickly."""
    message_id = mailparse.header_message_id(raw) or f"<sha256.{hashlib.sha256(raw).hexdigest()}@ravenpost>"
    too_large = len(raw) > max_message_bytes()
    status = InboundStatus.DROPPED if too_large else InboundStatus.RECEIVED
    # One statement that skips a duplicate Message-ID without raising (no savepoint, one round trip).
    # An oversized mail is kept as its first bytes only: enough to audit, never processed.
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {InboundMessage._meta.db_table} (message_id, via, envelope_sender, envelope_recipients, "
            "auth_results, raw, size, status, reason, token_id, received_at, processed_at) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, NULL, %s, NULL) "
            "ON CONFLICT (message_id) DO NOTHING RETURNING id",
            [message_id, via[:20], envelope_sender, json.dumps([r.lower() for r in recipients]),
             json.dumps(dict(auth_results or {})), raw[:65536] if too_large else raw, len(raw), status,
             f"too large ({len(raw)} bytes)" if too_large else "", timezone.now()],
        )
        found = cursor.fetchone()
    if found is None:
        return Received(None, False, "duplicate")
    pk = found[0]
    if not too_large:
        transaction.on_commit(lambda: _queue(pk))
    return Received(pk, True, status)


def _queue(pk: int) -> None:
    from notifications.tasks import process_inbound

    process_inbound.delay(pk)


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
    token: "TokenRow | None" = None
    # Mail to queue when the message is marked processed (written in the same statement on PostgreSQL).
    outbox: list[dict[str, Any]] = field(default_factory=list)


def process(inbound_id: int) -> str:
    """Run one stored message through the pipeline; a second call for the same row does nothing.

    Claim, commands, answer and status commit together. A system error rolls all of it back and
    then marks the message failed in a transaction of its own (no savepoint on the happy path).
    """
    table = InboundMessage._meta.db_table
    lock = " FOR UPDATE SKIP LOCKED" if connection.features.has_select_for_update_skip_locked else ""
    claimed: Claimed | None = None
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT id, raw, envelope_sender, envelope_recipients, auth_results FROM {table} "
                               f"WHERE id = %s AND status = %s{lock}", [inbound_id, InboundStatus.RECEIVED])
                row = cursor.fetchone()
            if row is None:
                return "skipped"  # processed already, or another worker has it
            claimed = Claimed(row[0], bytes(row[1]), row[2], _json(row[3], []), _json(row[4], {}))
            status, reason = _process(claimed)
            _finish(claimed, status, reason)
        return status
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
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH o AS ({outbox.INSERT_SQL}) UPDATE {InboundMessage._meta.db_table} SET status = %s, reason = %s, "
            "processed_at = %s, token_id = %s WHERE id = %s RETURNING (SELECT id FROM o)",
            [*outbox.insert_params(**message), status, reason, timezone.now(), token_id, claimed.pk])
        found = cursor.fetchone()
    if found and found[0] is not None:
        ids = [found[0]]
        transaction.on_commit(lambda: outbox.hand_over(ids))


def _set_status(claimed: Claimed, status: str, reason: str, token_id: int | None) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {InboundMessage._meta.db_table} SET status = %s, reason = %s, processed_at = %s, "
                       "token_id = %s WHERE id = %s", [status, reason, timezone.now(), token_id, claimed.pk])


def _json(value: Any, default: Any) -> Any:
    # PostgreSQL's jsonb arrives decoded; SQLite's JSON text does not.
    if isinstance(value, str):
        return json.loads(value)
    return default if value is None else value


def _process(inbound: Claimed) -> tuple[str, str]:
    raw = inbound.raw
    try:
        mail = mailparse.parse(raw, inbound.envelope_sender)
    except ValueError as error:
        return InboundStatus.DROPPED, f"malformed: {error}"
    if mail.auto_reason:
        return InboundStatus.DROPPED, f"automatic mail: {mail.auto_reason}"
    parsed = tokens.find_token([*inbound.envelope_recipients, *mail.recipients])
    if parsed is None:
        return InboundStatus.DROPPED, "no valid reply address"
    token = _token_with_checks(parsed, mail.from_address)
    if token is None:
        return InboundStatus.DROPPED, "unknown or revoked reply token"
    inbound.token = token
    if token.seat_user != token.user_id:
        return InboundStatus.DROPPED, "the seat has another player now"
    problems = authentication_problems(mail, token, inbound.auth_results, verified=token.verified)
    if problems:
        _hold(inbound, token, mail, problems)
        return InboundStatus.HELD, "; ".join(problems)
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_GRANULARITY:
        # Audit trail to the hour, not to the message: one write less on the hot path.
        ReplyToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return _run(inbound, token, mail)


@dataclass
class TokenRow:
    """A stored reply token with what the checks need, read in one statement (the hot path)."""

    pk: int
    game_id: int
    seat: int
    user_id: int
    last_used_at: datetime.datetime | None
    held_notice_at: datetime.datetime | None
    seat_user: int | None
    verified: bool
    user: User
    game: Game


def _token_with_checks(parsed: tokens.ParsedToken, sender: str) -> TokenRow | None:
    """The token row, its game and user, the seat's current player and whether ``sender`` is one of
    the user's verified addresses, in one statement through the token, seat and address indexes."""
    sql = (
        "SELECT t.id, t.game_id, t.seat, t.user_id, t.last_used_at, t.held_notice_at, "
        "(SELECT s.user_id FROM games_seat s WHERE s.game_id = t.game_id AND s.\"index\" = t.seat), "
        "(SELECT 1 FROM account_emailaddress e WHERE e.user_id = t.user_id AND e.verified "
        " AND UPPER(e.email) = UPPER(%s) LIMIT 1), "
        "u.email, u.display_name, u.time_zone, g.rules_slug, g.rules_version, g.status "
        "FROM notifications_replytoken t JOIN accounts_user u ON u.id = t.user_id "
        "JOIN games_game g ON g.id = t.game_id "
        "WHERE t.nonce = %s AND t.game_id = %s AND t.seat = %s AND t.revoked_at IS NULL"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [sender or "-", parsed.nonce, parsed.game_id, parsed.seat])
        row = cursor.fetchone()
    if row is None:
        return None
    (pk, game_id, seat, user_id, last_used, held_at, seat_user, verified, email, display_name, time_zone,
     slug, version, status) = row
    convert = connection.ops.convert_datetimefield_value if connection.vendor == "sqlite" else None
    if convert is not None:  # SQLite returns text for timestamps in raw queries
        last_used = convert(last_used, None, connection) if last_used else None
        held_at = convert(held_at, None, connection) if held_at else None
    # Unsaved-looking instances built from the row: the write path only needs their keys and names.
    user = User(pk=user_id, email=email, display_name=display_name, time_zone=time_zone)
    user._state.adding, user._state.db = False, "default"
    game = Game(pk=game_id, rules_slug=slug, rules_version=version, status=status)
    game._state.adding, game._state.db = False, "default"
    return TokenRow(pk, game_id, seat, user_id, last_used, held_at, seat_user, bool(verified), user, game)


# -- authentication ---------------------------------------------------------------------


def trusted_auth_results(headers: dict[str, str]) -> dict[str, str]:
    """SPF/DKIM/DMARC from an ``Authentication-Results`` header our own MTA added.

    Only trusted when its authserv-id is ``settings.INBOUND_EMAIL_AUTHSERV_ID``:
    anyone can write such a header into a mail they send.
    """
    authserv = getattr(settings, "INBOUND_EMAIL_AUTHSERV_ID", "")
    value = headers.get("Authentication-Results", "")
    if not authserv or not value:
        return {}
    server, _, rest = value.partition(";")
    if server.strip().split()[0:1] != [authserv]:
        return {}
    results = {}
    for clause in rest.split(";"):
        method, _, outcome = clause.strip().partition("=")
        if method.strip().lower() in ("spf", "dkim", "dmarc") and outcome:
            results.setdefault(method.strip().lower(), outcome.split()[0].lower())
    return results


def authentication_problems(mail: mailparse.ParsedMail, token: Any, reported: dict[str, str], *,
                            verified: bool | None = None) -> list[str]:
    problems = []
    if verified is None:
        verified = bool(mail.from_address) and user_has_verified_email(token.user, mail.from_address)
    if not mail.from_address or not verified:
        problems.append("the sender is not this seat's player (verified address)")
    verdicts = dict(reported or {}) or trusted_auth_results(mail.headers)
    for method, outcome in sorted(verdicts.items()):
        outcome = (outcome or "").lower()
        if outcome not in PASSING and outcome not in NOT_REPORTED:
            problems.append(f"{method.upper()} {outcome}")
    return problems


def _hold(inbound: Claimed, token: TokenRow, mail: mailparse.ParsedMail, problems: list[str]) -> None:
    """Keep the mail, and tell the seat's real address once a day at most (never the claimed sender)."""
    now = timezone.now()
    if token.held_notice_at and now - token.held_notice_at < HELD_NOTICE_INTERVAL:
        return
    ReplyToken.objects.filter(pk=token.pk).update(held_notice_at=now)
    game = token.game
    label = render.game_label(game)
    inbound.outbox.append(dict(
        kind="held_notice", user_id=token.user_id, game_id=token.game_id, seat=token.seat,
        dedupe_key=f"inbound:{inbound.pk}:held",
        payload={
            "to": token.user.email,
            "subject": f"{render.SUBJECT_PREFIX} {label} — a mail for your seat was held",
            "intro": [
                f"A mail to your reply address for {label} could not be confirmed as yours, "
                "so it was held and nothing in the game changed.",
                f"Why: {'; '.join(problems)}.",
                "If you sent it, send it again from the address your account has verified. "
                "If you did not, you need do nothing; further held mail will not be reported for a day.",
            ],
            "can_reply": True,
        },
    ))


# -- commands ----------------------------------------------------------------------------


def _run(inbound: Claimed, token: TokenRow, mail: mailparse.ParsedMail) -> tuple[str, str]:
    user = token.user
    game = token.game
    answer = Answer(inbound, token, mail, game)
    text = mail.reply_text
    if len(text) > max_body_chars():
        answer.refuse("Your mail is too long to read as commands.", None, "")
        return answer.send(InboundStatus.REFUSED)
    try:
        wanted = commands.parse(text)
    except commands.CommandError as error:
        answer.refuse(str(error), None, "")
        return answer.send(InboundStatus.REFUSED)
    if wanted.empty:
        answer.intro.append("No commands were found in your mail, so nothing was applied.")
        answer.help()
        return answer.send(InboundStatus.APPLIED)
    try:
        # Moves, chat and resignation stand or fall together. Moves alone need no savepoint:
        # submit_moves is all or nothing by itself.
        side_effects = wanted.says or wanted.resign or wanted.extend or wanted.vacation_until or wanted.vacation_end
        with (transaction.atomic() if side_effects else nullcontext()):
            results = _submit(game.pk, user, wanted.moves) if wanted.moves else []
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
        _forget(game.pk)
        answer.refuse(str(failure.reason), failure.line, "")
        return answer.send(InboundStatus.REFUSED)
    except (services.GameError, IllegalMove) as refusal:
        _forget(game.pk)
        answer.refuse(str(refusal), None, "")
        return answer.send(InboundStatus.REFUSED)
    answer.confirm(results, wanted)
    if wanted.help:
        answer.help()
    if wanted.list_moves:
        answer.flags["examples"] = True
    if wanted.status or wanted.list_moves or results:
        answer.flags["view"] = True
    return answer.send(InboundStatus.APPLIED)


def _forget(game_id: int) -> None:
    # A rolled-back savepoint may have left this process's snapshot cache ahead of the database.
    from games import store

    store.forget(game_id)


def _submit(game_id: int, user: Any, lines: list[str]) -> list[services.MoveResult]:
    """Each line a move; if the first line alone is refused, the lines may be one move written over several.

    (Revolution! lets a bid run over several lines: "general b g" / "printer f".) No idempotency
    key is needed: the moves commit in the same transaction that marks the mail processed, and
    ``process`` only takes a mail that is not.
    """
    try:
        return services.submit_moves(game_id=game_id, user=user, texts=lines, source=Source.EMAIL)
    except services.CommandFailed as failure:
        if len(lines) < 2 or failure.index != 0:
            raise
        try:
            return services.submit_moves(game_id=game_id, user=user, texts=["\n".join(lines)],
                                         source=Source.EMAIL)
        except (services.GameError, IllegalMove):
            raise failure from None


class Answer:
    """The reply to one player's mail, queued in the outbox."""

    def __init__(self, inbound: Claimed, token: TokenRow, mail: mailparse.ParsedMail, game: Game) -> None:
        self.inbound, self.token, self.mail, self.game = inbound, token, mail, game
        self.intro: list[str] = []
        self.sections: list[dict[str, Any]] = []
        self.flags: dict[str, Any] = {"commands": True}
        self.result = "applied"
        self.extended: Any = None
        self.vacation: Any = None

    def help(self) -> None:
        self.sections.append({"title": "How to play by email", "pre": True, "text": HELP_TEXT})
        self.flags["examples"] = True

    def refuse(self, reason: str, line: str | None, _: str) -> None:
        self.result = "refused"
        self.intro.append("Nothing was applied: the game is exactly as it was before your mail.")
        if line is not None:
            self.sections.append({"title": "The line that was refused", "text": f"> {line}\n\n{reason}"})
        else:
            self.sections.append({"title": "Why", "text": reason})
        self.flags.update(view=True, examples=True)

    def confirm(self, results: list[services.MoveResult], wanted: commands.Commands) -> None:
        done = []
        rules = self.game.rules
        for result in results:
            shown = result.text
            try:
                shown = rules.format_move({}, result.seat, result.move) if result.move is not None else result.text
            except Exception:  # noqa: BLE001 - the canonical spelling is a courtesy; the text is still right
                shown = result.text
            done.append(f"  {shown}" + ("  (already applied earlier)" if result.duplicate else ""))
            done += [f"    note: {w}" for w in result.warnings]
        done += [f"  said: {said}" for said in wanted.says]
        if wanted.extend and self.extended is not None:
            done.append(f"  your deadline is extended to {render.local_deadline(self.extended, self.token.user)}")
        if wanted.vacation_until and self.vacation is not None:
            done.append(f"  you are on vacation until the end of {wanted.vacation_until.isoformat()}; "
                        "your clocks are paused in every game")
        if wanted.vacation_end:
            done.append("  welcome back: your vacation has ended")
        if wanted.resign:
            done.append("  you resigned; your seat is played automatically from now on")
        if done:
            self.intro.append(f"Accepted. Applied in {render.game_label(self.game)}:")
            self.sections.append({"title": "Applied", "text": "\n".join(done)})
        if results and results[-1].finished:
            self.intro.append("That ended the game; the final scores follow in a separate mail.")

    def send(self, status: str) -> tuple[str, str]:
        label = render.game_label(self.game)
        subject = mailparse.clean_subject(self.mail.subject) or f"{render.SUBJECT_PREFIX} {label}"
        payload = {
            "to": self.mail.from_address,
            "subject": f"Re: {subject}",
            "in_reply_to": self.mail.message_id,
            "references": self.mail.references[-8:],
            "intro": self.intro,
            "sections": self.sections,
            "result": self.result,
            **self.flags,
        }
        self.inbound.outbox.append(dict(kind="email_reply", user_id=self.token.user_id, game_id=self.game.pk,
                                        seat=self.token.seat, dedupe_key=f"inbound:{self.inbound.pk}:reply",
                                        payload=payload))
        return status, self.result


HELP_TEXT = """\
Reply to any mail of this game with one command per line:
  <a move>      a move in the game's notation (see below); several lines = several moves,
                applied together or not at all
  help          this help
  status        the game as you see it now
  moves         what you can do now, with examples
  say <text>    post <text> to the game's chat
  extend        give your current deadline one more move's time (a few times per game)
  vacation until 2026-12-24
                go away until the end of that day: your clocks pause in every game
  vacation end  come back early
  resign        leave the game (your seat is then played automatically)
Lines starting with # are ignored, and so is the quoted mail below your reply."""
