"""The mail a reply answers: its text, so that a copy of it in the reply is not read as commands.

Every mail the service sends has a deterministic ``Message-ID``
(:func:`notifications.render.row_message_id`): ``<ravenpost.<row>.<kind>@…>``
for an outbox row, ``<game-<g>.seat-<s>.user-<u>@…>`` for the thread's first
mail. A reply names the mail it answers in ``In-Reply-To`` (and its thread in
``References``), so the row is found and rendered again with
:func:`notifications.render.build_message`; the texts of its text part and of
its HTML part (as :func:`notifications.mailparse.html_to_text` reads it) are
what the player's client quoted. When the reply names none of our mails (a
client that drops the headers, a mail written anew), the latest mails sent to
the reply token's seat stand in.

Only rows of the token's own game and player are ever read: a reply cannot
make the service render another player's mail.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django.db import DatabaseError

from notifications import mailparse, render
from notifications.models import OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

MAX_ROWS = 3  # mails rendered for one reply
MAX_IDS = 8  # Message-IDs looked at (In-Reply-To first, then References from the newest)

_ROW_ID = re.compile(r"^<ravenpost\.(\d{1,18})\.([a-z-]{1,40})@", re.I)
_ROOT_ID = re.compile(r"^<game-(\d{1,18})\.seat-(\d{1,4}|x)\.user-(\d{1,18})@", re.I)
_ANY_ID = re.compile(r"<[^<>\s]{1,250}>")


def answered_ids(in_reply_to: str, references: list[str]) -> list[str]:
    """The Message-IDs a reply names, the one it answers first."""
    found = _ANY_ID.findall(in_reply_to or "")
    for reference in reversed(references or []):
        found += _ANY_ID.findall(reference)
    return list(dict.fromkeys(found))[:MAX_IDS]


def rows_for(in_reply_to: str, references: list[str], *, game_id: int, seat: int | None,
             user_id: int) -> list[OutboxMessage]:
    """The outbox rows of the mails a reply answers (those of this game and player only), else the latest
    mails sent to the seat."""
    rows: list[OutboxMessage] = []
    for message_id in answered_ids(in_reply_to, references):
        row = _row_named(message_id, game_id=game_id, user_id=user_id)
        if row is not None and row.pk not in {r.pk for r in rows}:
            rows.append(row)
        if len(rows) >= MAX_ROWS:
            return rows
    if rows:
        return rows
    return list(OutboxMessage.objects.select_related("game", "user")
                .filter(game_id=game_id, user_id=user_id, seat=seat, status=OutboxStatus.SENT)
                .order_by("-pk")[:MAX_ROWS])


def _row_named(message_id: str, *, game_id: int, user_id: int) -> OutboxMessage | None:
    rows = OutboxMessage.objects.select_related("game", "user").filter(game_id=game_id, user_id=user_id)
    found = _ROW_ID.match(message_id)
    if found:
        row = rows.filter(pk=int(found.group(1))).first()
        if row is not None and row.kind.replace("_", "-") == found.group(2).lower():
            return row
        return None
    found = _ROOT_ID.match(message_id)
    if found and int(found.group(1)) == game_id and int(found.group(3)) == user_id:
        seat = None if found.group(2).lower() == "x" else int(found.group(2))
        started = rows.filter(kind="game_started", seat=seat).order_by("pk").first()
        if started is not None and started.status == OutboxStatus.FOLDED:
            # Folded into the first turn mail, which went out under the root's Message-ID.
            return (rows.filter(created_at=started.created_at, status=OutboxStatus.SENT, seat=seat)
                    .order_by("pk").first()) or started
        return started
    return None


def texts_of(row: OutboxMessage) -> list[str]:
    """The texts of the mail ``row`` is: its text part, and its HTML part as text."""
    try:
        message = render.build_message(row)
    except DatabaseError:
        raise  # the transaction is broken: let the pipeline's own handling see it
    except Exception:  # noqa: BLE001 - the texts only help; without them the reply is read all the same
        log.warning("outbox row %s could not be rendered again to read a reply", row.pk, exc_info=True)
        return []
    if message is None:
        return []
    texts = [str(message.body)]
    for content, mimetype in getattr(message, "alternatives", []) or []:
        if mimetype == "text/html" and isinstance(content, str):
            texts.append(mailparse.html_to_text(content))
    return texts


def texts_for(mail: mailparse.ParsedMail, token: Any) -> list[str]:
    """The texts of the mail(s) ``mail`` answers, for ``mailparse.parse(..., originals=...)``.

    ``token`` is the reply token the mail came through (anything with ``game_id``, ``seat`` and
    ``user_id``, as :class:`notifications.inbound.trust.TokenRow`).
    """
    texts: list[str] = []
    for row in rows_for(mail.in_reply_to, mail.references, game_id=token.game_id, seat=token.seat,
                        user_id=token.user_id):
        texts += texts_of(row)
    return texts[:mailparse.MAX_ORIGINALS]


def texts_for_inbound(inbound: Any) -> list[str]:
    """The same for a stored :class:`notifications.models.InboundMessage` whose token is known."""
    if inbound.token_id is None:
        return []
    mail = mailparse.parse(bytes(inbound.raw), inbound.envelope_sender)
    return texts_for(mail, inbound.token)
