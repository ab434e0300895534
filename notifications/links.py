"""Signed links in mail: one-click unsubscribe (RFC 8058) and the check that an address receives mail again.

Both are ``django.core.signing`` tokens with their own salt, so one cannot be
used as the other. An unsubscribe link never expires: it sits in mails people
keep, and all it can do is switch its owner to web-only mail, which they can
undo on their profile. An address check carries the address it was sent to and
expires after :data:`CHECK_MAX_AGE`: following it proves that mail to that
address arrives, and only while the account still has that address.

Example: ``/mail/unsubscribe/MTI:abc.../`` (user 12).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.urls import reverse

UNSUBSCRIBE_SALT = "ravenpost.notifications.unsubscribe"
CHECK_SALT = "ravenpost.notifications.address-check"
CHECK_MAX_AGE = datetime.timedelta(days=7)


def unsubscribe_token(user_id: int) -> str:
    # No timestamp: the same mail renders the same link every time (a reply is read knowing its text).
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object(user_id)


def unsubscribe_user_id(token: str) -> int | None:
    """The user a token was made for, or None when it is not ours (tampered, truncated, another salt)."""
    try:
        value = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token[:200])
    except (signing.BadSignature, ValueError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def unsubscribe_url(user_id: int) -> str:
    return settings.SITE_URL + reverse("notifications:unsubscribe", args=[unsubscribe_token(user_id)])


@dataclass(frozen=True)
class AddressCheck:
    user_id: int
    address: str


def check_token(user_id: int, address: str) -> str:
    return signing.dumps({"u": user_id, "a": address.lower()}, salt=CHECK_SALT)


def check_from_token(token: str) -> AddressCheck | None:
    """The check a token stands for; None when it is forged, mangled or older than CHECK_MAX_AGE."""
    try:
        value = signing.loads(token[:600], salt=CHECK_SALT, max_age=CHECK_MAX_AGE)
    except signing.BadSignature:  # SignatureExpired is a BadSignature
        return None
    if not isinstance(value, dict) or not isinstance(value.get("u"), int) or not isinstance(value.get("a"), str):
        return None
    return AddressCheck(value["u"], value["a"])


def check_url(user_id: int, address: str) -> str:
    return settings.SITE_URL + reverse("notifications:confirm_address", args=[check_token(user_id, address)])


def settings_url() -> str:
    return settings.SITE_URL + reverse("accounts:profile") + "#mail"
