"""Reply addresses: ``<local>+<game>-<seat>-<nonce>-<signature>@<inbound domain>``.

Example: ``play+42-1-5f3a9c0e-8d1f0b7a66e2c4d19a0b@ravenpost.example``.

- ``game`` and ``seat`` say what the address speaks for; ``nonce`` names the
  stored :class:`~notifications.models.ReplyToken` row (revocable, auditable).
- ``signature`` is an HMAC of the three with the project's ``SECRET_KEY`` and a
  salt (Django's ``salted_hmac``, the primitive under ``django.core.signing``).
  It is lowercase hex rather than signing's base64 because some mail systems
  fold the case of local parts; 80 bits are plenty against guessing when every
  failure is dropped without an answer.

A token is useless for another game or seat: the signature covers both, and the
row must match both and the seat's current player.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Iterable

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

from notifications.models import ReplyToken

SALT = "ravenpost.notifications.reply-token"
SIGNATURE_LENGTH = 20
_TOKEN = re.compile(r"^(\d{1,12})-(\d{1,3})-([0-9a-f]{8,16})-([0-9a-f]{%d})$" % SIGNATURE_LENGTH, re.ASCII)


def local_part() -> str:
    return getattr(settings, "INBOUND_EMAIL_LOCAL_PART", "play")


def inbound_domain() -> str:
    return getattr(settings, "INBOUND_EMAIL_DOMAIN", "ravenpost.localhost").lower()


def _sign(game_id: int, seat: int, nonce: str) -> str:
    return salted_hmac(SALT, f"{game_id}:{seat}:{nonce}", algorithm="sha256").hexdigest()[:SIGNATURE_LENGTH]


def token_for(*, game_id: int, seat: int, user_id: int) -> ReplyToken:
    """The live token of this player's seat, issued on first use (one per thread of mail)."""
    token = (ReplyToken.objects.filter(game_id=game_id, seat=seat, user_id=user_id, revoked_at__isnull=True)
             .order_by("-created_at").first())
    if token is None:
        token = ReplyToken.objects.create(game_id=game_id, seat=seat, user_id=user_id, nonce=secrets.token_hex(4))
    return token


def token_text(token: ReplyToken) -> str:
    return f"{token.game_id}-{token.seat}-{token.nonce}-{_sign(token.game_id, token.seat, token.nonce)}"


def reply_address(token: ReplyToken) -> str:
    return f"{local_part()}+{token_text(token)}@{inbound_domain()}"


@dataclass(frozen=True)
class ParsedToken:
    game_id: int
    seat: int
    nonce: str


def parse_address(address: str) -> ParsedToken | None:
    """The token in a reply address if it is ours and its signature is right; else None."""
    address = (address or "").strip().strip("<>").lower()
    local, _, domain = address.rpartition("@")
    if domain != inbound_domain():
        return None
    base, plus, token = local.partition("+")
    if not plus or base != local_part().lower():
        return None
    match = _TOKEN.match(token)
    if match is None:
        return None
    game_id, seat, nonce, signature = int(match[1]), int(match[2]), match[3], match[4]
    if not constant_time_compare(signature, _sign(game_id, seat, nonce)):
        return None
    return ParsedToken(game_id, seat, nonce)


def find_token(addresses: Iterable[str]) -> ParsedToken | None:
    for address in addresses:
        parsed = parse_address(address)
        if parsed is not None:
            return parsed
    return None


def lookup(parsed: ParsedToken) -> ReplyToken | None:
    """The stored, unrevoked token row that matches game and seat exactly."""
    return (ReplyToken.objects.filter(nonce=parsed.nonce, game_id=parsed.game_id, seat=parsed.seat,
                                      revoked_at__isnull=True)
            .select_related("user").first())


def redact(text: str) -> str:
    """Logs never carry a usable token."""
    return re.sub(r"\+[0-9a-z-]+@", "+…@", text or "")
