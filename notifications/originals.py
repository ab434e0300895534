"""The mail a reply answers: its text, so that a copy of it in the reply is not read as commands.

Every mail the service sends has a deterministic ``Message-ID``
(:func:`notifications.render.row_message_id`): ``<ravenpost.<row>.<kind>@…>``
for an outbox row, ``<game-<g>.seat-<s>.user-<u>@…>`` for the thread's first
mail, ``<ravenpost.digest.<user>.<last row>@…>`` for a daily digest
(:func:`notifications.render.digest_message_id`). A reply names the mail it
answers in ``In-Reply-To`` (and its thread in ``References``), so the row is
found; the texts of its text part and of its HTML part (as
:func:`notifications.mailparse.html_to_text` reads it) are what the player's
client quoted. Those texts are kept on the row when its mail goes out
(``OutboxMessage.sent_texts``, see :func:`kept_texts`), so the row is read, not
rendered again: what was sent is what the player quoted, even if a template or
a name changed since. Only a row sent before the texts were kept is rendered
again with :func:`notifications.render.build_message`. When the reply names
none of our mails (a client that drops the headers, a mail written anew), the
latest mails sent to the reply token's seat stand in.

A digest is one mail about several games, answered through one game's reply
address: the row read is the latest of that game and seat among those the
digest carried (marked sent together, at the same instant), which keeps the
whole digest's texts (:func:`notifications.sender.send_digests`); the digest's
other rows keep an empty list.

Only rows of the token's own game and player are ever read (and, for a digest,
of the token's seat): a reply cannot make the service read (or render) another
player's mail, nor a digest sent to someone else.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django.db import DatabaseError
from django.db.models import Subquery

from notifications import mailparse, render
from notifications.models import OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

MAX_ROWS = 3  # mails read for one reply
MAX_IDS = 8  # Message-IDs looked at (In-Reply-To first, then References from the newest)

# What reading a row needs (its texts, and what finds the mail a folded start row went out in); a row sent
# before its texts were kept is loaded whole to be rendered again.
_READ = ("id", "kind", "status", "seat", "created_at", "game_id", "user_id", "sent_texts")

_ROW_ID = re.compile(r"^<ravenpost\.(\d{1,18})\.([a-z-]{1,40})@", re.I)
_DIGEST_ID = re.compile(r"^<ravenpost\.digest\.(\d{1,18})\.(\d{1,18})@", re.I)
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
        row = _row_named(message_id, game_id=game_id, seat=seat, user_id=user_id)
        if row is not None and row.pk not in {r.pk for r in rows}:
            rows.append(row)
        if len(rows) >= MAX_ROWS:
            return rows
    if rows:
        return rows
    return list(OutboxMessage.objects.only(*_READ)
                .filter(game_id=game_id, user_id=user_id, seat=seat, status=OutboxStatus.SENT)
                .order_by("-pk")[:MAX_ROWS])


def _row_named(message_id: str, *, game_id: int, seat: int | None, user_id: int) -> OutboxMessage | None:
    rows = OutboxMessage.objects.only(*_READ).filter(game_id=game_id, user_id=user_id)
    found = _DIGEST_ID.match(message_id)
    if found:
        if int(found.group(1)) != user_id:
            return None  # a digest sent to someone else
        # The rows a digest carried were marked sent in one statement: the named row's instant is theirs.
        sent_with = (OutboxMessage.objects
                     .filter(pk=int(found.group(2)), user_id=user_id, status=OutboxStatus.SENT)
                     .values("sent_at")[:1])
        return (rows.filter(seat=seat, status=OutboxStatus.SENT, sent_at=Subquery(sent_with))
                .order_by("-pk").first())
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


def message_texts(message: Any) -> list[str]:
    """The texts of a mail: its text part, and its HTML part as text."""
    texts = [str(message.body)]
    for content, mimetype in getattr(message, "alternatives", []) or []:
        if mimetype == "text/html" and isinstance(content, str):
            texts.append(mailparse.html_to_text(content))
    return texts


def kept_texts(message: Any) -> list[str]:
    """What to keep of a mail that goes out (``OutboxMessage.sent_texts``): its texts, no more of them than a
    reply's reader reads.

    Each text is cut where the reader stops reading an original; a NUL (which a JSON column of PostgreSQL
    cannot hold) and an unpaired surrogate become one other character that is no part of a word either,
    so the reader finds the same words in it.
    """
    return [text[:mailparse.MAX_ORIGINAL_CHARS].replace("\x00", " ").encode("utf-8", "replace").decode("utf-8")
            for text in message_texts(message)[:mailparse.MAX_ORIGINALS]]


def texts_of(row: OutboxMessage) -> list[str]:
    """The texts of the mail ``row`` is: its text part, and its HTML part as text.

    Those kept when it went out (none for a row of a digest whose texts another of its rows keeps); a row
    sent before they were kept is rendered again.
    """
    if isinstance(row.sent_texts, list):
        return [text for text in row.sent_texts if isinstance(text, str)]
    try:
        message = render.build_message(OutboxMessage.objects.select_related("game", "user").get(pk=row.pk))
    except DatabaseError:
        raise  # the transaction is broken: let the pipeline's own handling see it
    except Exception:  # noqa: BLE001 - the texts only help; without them the reply is read all the same
        log.warning("outbox row %s could not be rendered again to read a reply", row.pk, exc_info=True)
        return []
    if message is None:
        return []
    return message_texts(message)


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
