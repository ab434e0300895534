"""Writes on accounts that other apps need: operator-created, pre-verified users."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db import transaction

from accounts.models import User


@transaction.atomic
def user_get_or_create_verified(*, email: str, display_name: str = "") -> User:
    """The user owning ``email``, created if missing, with that address marked verified.

    Used by operators (``manage.py new_game``) who vouch for the address themselves.
    """
    email = email.strip().lower()
    user = User.objects.filter(email__iexact=email).first()
    if user is None:
        user = User.objects.create_user(email=email, display_name=display_name)
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
    return user


def user_has_verified_email(user: User, email: str) -> bool:
    return EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists()
