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


def vacation_days_per_year() -> int:
    from django.conf import settings

    return int(getattr(settings, "VACATION_DAYS_PER_YEAR", 14))


def vacation_days_used(user: User, year: int) -> int:
    """Whole days of vacation (started or planned) falling in ``year``; a started day counts whole."""
    import datetime

    from accounts.models import Vacation

    start_of_year = datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc)
    end_of_year = datetime.datetime(year + 1, 1, 1, tzinfo=datetime.timezone.utc)
    used = 0
    for vacation in Vacation.objects.filter(user=user, starts_at__lt=end_of_year):
        start = max(vacation.starts_at, start_of_year)
        end = min(vacation.effective_end, end_of_year)
        if end > start:
            used += -(-int((end - start).total_seconds()) // 86400)
    return used


def current_vacation(user: User):  # -> Vacation | None
    from django.utils import timezone

    from accounts.models import Vacation

    now = timezone.now()
    return (Vacation.objects.filter(user=user, starts_at__lte=now, ended_at__isnull=True, ends_at__gt=now)
            .order_by("-starts_at").first())
