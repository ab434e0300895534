"""Trusting a mail: whose reply address it was sent to, and whether its sender is that seat's player.

A mail is acted on only when it reaches a valid, unrevoked reply token, its
sender is one of the seat's current player's verified addresses, and the
provider's SPF/DKIM/DMARC verdicts (when reported) pass. Otherwise it is held,
and the seat's real address is told at most once a day; the claimed sender
gets nothing (no backscatter).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone

from accounts.models import User
from accounts.services import user_has_verified_email
from games.models import Game
from notifications import mailparse, render, tokens
from notifications.inbound import statements
from notifications.models import OutboxStatus, ReplyToken

HELD_NOTICE_INTERVAL = datetime.timedelta(hours=24)
PASSING = {"pass"}
NOT_REPORTED = {"", "none", "neutral"}


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
    # Whether any mail was sent to this seat's player (None: not asked); see ``token_with_checks``.
    mail_sent: bool | None = None


# Whether the seat's player was ever sent a mail of this game (read with the token when the reply names
# none of our mails: then there is no answered mail to look for unless one was sent).
_MAIL_SENT = ("EXISTS (SELECT 1 FROM notifications_outboxmessage o WHERE o.game_id = t.game_id "
              "AND o.user_id = t.user_id AND o.seat = t.seat AND o.status = %s)")


def token_with_checks(parsed: tokens.ParsedToken, sender: str, *, mail_sent: bool = False) -> TokenRow | None:
    """The token row, its game and user, the seat's current player and whether ``sender`` is one of
    the user's verified addresses, in one statement through the token, seat and address indexes.

    With ``mail_sent``, the same statement also says whether a mail of the game was ever sent to the
    seat's player (``TokenRow.mail_sent``)."""
    sql = (
        "SELECT t.id, t.game_id, t.seat, t.user_id, t.last_used_at, t.held_notice_at, "
        "(SELECT s.user_id FROM games_seat s WHERE s.game_id = t.game_id AND s.\"index\" = t.seat), "
        "(SELECT 1 FROM account_emailaddress e WHERE e.user_id = t.user_id AND e.verified "
        " AND UPPER(e.email) = UPPER(%s) LIMIT 1), "
        "u.email, u.display_name, u.time_zone, g.rules_slug, g.rules_version, g.status, "
        f"{_MAIL_SENT if mail_sent else 'NULL'} "
        "FROM notifications_replytoken t JOIN accounts_user u ON u.id = t.user_id "
        "JOIN games_game g ON g.id = t.game_id "
        "WHERE t.nonce = %s AND t.game_id = %s AND t.seat = %s AND t.revoked_at IS NULL"
    )
    row = statements.fetchone(sql, [sender or "-", *([OutboxStatus.SENT] if mail_sent else []), parsed.nonce,
                                    parsed.game_id, parsed.seat])
    if row is None:
        return None
    (pk, game_id, seat, user_id, last_used, held_at, seat_user, verified, email, display_name, time_zone,
     slug, version, status, sent) = row
    convert = getattr(connection.ops, "convert_datetimefield_value", None) if connection.vendor == "sqlite" else None
    if convert is not None:  # SQLite returns text for timestamps in raw queries
        last_used = convert(last_used, None, connection) if last_used else None
        held_at = convert(held_at, None, connection) if held_at else None
    # Unsaved-looking instances built from the row: the write path only needs their keys and names.
    user = User(pk=user_id, email=email, display_name=display_name, time_zone=time_zone)
    user._state.adding, user._state.db = False, "default"
    game = Game(pk=game_id, rules_slug=slug, rules_version=version, status=status)
    game._state.adding, game._state.db = False, "default"
    return TokenRow(pk, game_id, seat, user_id, last_used, held_at, seat_user, bool(verified), user, game,
                    None if sent is None else bool(sent))


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
    results: dict[str, str] = {}
    for clause in rest.split(";"):
        method, _, outcome = clause.strip().partition("=")
        if method.strip().lower() in ("spf", "dkim", "dmarc") and outcome:
            results.setdefault(method.strip().lower(), outcome.split()[0].lower())
    return results


def authentication_problems(mail: mailparse.ParsedMail, token: Any, reported: dict[str, str], *,
                            verified: bool | None = None) -> list[str]:
    """Why the mail cannot be trusted as the seat's player's (empty when it can)."""
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


def held_notice(token: TokenRow, inbound_id: int, problems: list[str]) -> dict[str, Any] | None:
    """The notice to the seat's real address about a held mail, or None if one went out within a day."""
    now = timezone.now()
    if token.held_notice_at and now - token.held_notice_at < HELD_NOTICE_INTERVAL:
        return None
    ReplyToken.objects.filter(pk=token.pk).update(held_notice_at=now)
    label = render.game_label(token.game)
    return dict(
        kind="held_notice", user_id=token.user_id, game_id=token.game_id, seat=token.seat,
        dedupe_key=f"inbound:{inbound_id}:held",
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
    )
