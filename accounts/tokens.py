"""Personal access tokens for the JSON API: made, checked and revoked here.

A token reads ``rp_`` followed by 43 URL-safe characters (256 random bits).
Only its SHA-256 digest is stored: a token this long needs no salt or slow
hash, since nobody can guess one to test against the digests. The ``rp_``
mark lets secret scanners and people recognise a leaked token.
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from accounts.models import AccessToken, TokenScope, User

TOKEN_MARK = "rp_"
MAX_ACTIVE_TOKENS = 20
MAX_NAME_CHARS = 60


class TokenError(ValueError):
    """A refusal about tokens that can be shown as it is."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@transaction.atomic
def token_create(*, user: User, name: str, scope: str) -> tuple[AccessToken, str]:
    """Make a token; return its row and the token itself (shown to the owner once, never stored)."""
    name = " ".join((name or "").split())
    if not name:
        raise TokenError("give the token a name, so you can tell it apart later (for example \"my bot\")")
    if len(name) > MAX_NAME_CHARS:
        raise TokenError(f"token names are limited to {MAX_NAME_CHARS} characters (yours has {len(name)})")
    if scope not in TokenScope.values:
        raise TokenError(f"a token's scope is one of {', '.join(TokenScope.values)}, not {scope!r}")
    User.objects.select_for_update().filter(pk=user.pk).first()  # one count per user at a time
    active = AccessToken.objects.filter(user=user, revoked_at__isnull=True).count()
    if active >= MAX_ACTIVE_TOKENS:
        raise TokenError(f"you have {active} tokens; revoke one you no longer use before making another")
    token = TOKEN_MARK + secrets.token_urlsafe(32)
    row = AccessToken.objects.create(user=user, name=name, scope=scope, prefix=token[:10],
                                     digest=token_digest(token))
    return row, token


def token_revoke(*, user: User, token_id: int) -> AccessToken:
    """Revoke one of the user's tokens; it stops working at once."""
    row = AccessToken.objects.filter(user=user, pk=token_id).first()
    if row is None:
        raise TokenError("you have no such token")
    if row.revoked_at is None:
        row.revoked_at = timezone.now()
        row.save(update_fields=["revoked_at"])
    return row


def token_authenticate(token: str) -> AccessToken | None:
    """The active token row for ``token`` with its user, or None (unknown, revoked, or inactive user)."""
    if not token.startswith(TOKEN_MARK) or len(token) > 100:
        return None
    row = (AccessToken.objects.select_related("user")
           .filter(digest=token_digest(token), revoked_at__isnull=True, user__is_active=True).first())
    if row is None:
        return None
    now = timezone.now()
    # Written at most once a minute: a bot's every request should not cost a write.
    if row.last_used_at is None or (now - row.last_used_at).total_seconds() > 60:
        AccessToken.objects.filter(pk=row.pk).update(last_used_at=now)
        row.last_used_at = now
    return row


def tokens_of(user: User) -> list[AccessToken]:
    return list(AccessToken.objects.filter(user=user))
