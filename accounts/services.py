"""Writes on accounts that other apps need: operator-created, pre-verified users, and the vacation bank."""

from __future__ import annotations

import datetime
import zoneinfo

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User, Vacation

# Further ahead than this, a date is a typing mistake (and a year's bank could not cover it anyway).
MAX_VACATION_AHEAD_DAYS = 366


@transaction.atomic
def user_get_or_create_verified(*, email: str, display_name: str = "") -> User:
    """The user owning ``email``, created if missing, with that address marked verified.

    Used by operators (``manage.py new_game``) who vouch for the address themselves.
    An account that claimed the address at sign-up but never proved it is not
    trusted with it: its password is cleared, so only the address's real owner
    gets in (by "forgot password", which mails the address).
    """
    email = email.strip().lower()
    user = User.objects.filter(email__iexact=email).first()
    if user is None:
        user = User.objects.create_user(email=email, display_name=display_name)
    elif not EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists():
        user.set_unusable_password()
        user.save(update_fields=["password"])
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
    return user


def user_has_verified_email(user: User, email: str) -> bool:
    return EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists()


def verified_addresses(user: User) -> list[str]:
    """The addresses the person has proved are theirs, lower-cased."""
    return sorted({email.lower() for email in EmailAddress.objects.filter(user=user, verified=True)
                   .values_list("email", flat=True)})


class VacationError(ValueError):
    """A vacation that cannot be taken as asked; the message says why and what would do."""


def vacation_days_per_year() -> int:
    return int(getattr(settings, "VACATION_DAYS_PER_YEAR", 14))


def vacation_days_used(user: User, year: int) -> int:
    """Whole days of vacation (started or planned) falling in ``year``; a started day counts whole."""
    start_of_year = datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc)
    end_of_year = datetime.datetime(year + 1, 1, 1, tzinfo=datetime.timezone.utc)
    used = 0
    for vacation in Vacation.objects.filter(user=user, starts_at__lt=end_of_year):
        start = max(vacation.starts_at, start_of_year)
        end = min(vacation.effective_end, end_of_year)
        if end > start:
            used += -(-int((end - start).total_seconds()) // 86400)
    return used


def current_vacation(user: User) -> Vacation | None:
    now = timezone.now()
    return (Vacation.objects.filter(user=user, starts_at__lte=now, ended_at__isnull=True, ends_at__gt=now)
            .order_by("-starts_at").first())


def vacation_book(*, user: User, until: datetime.date) -> Vacation:
    """Take days from the yearly bank: away from now until the end of ``until`` in the user's time zone.

    Raises :class:`VacationError` when ``until`` has passed, lies beyond a year,
    overlaps a running vacation or needs more days than are left.
    """
    now = timezone.now()
    today = now.date()
    if until > today + datetime.timedelta(days=MAX_VACATION_AHEAD_DAYS):
        raise VacationError(f"a vacation can be planned at most {MAX_VACATION_AHEAD_DAYS} days ahead; "
                            f"{until.isoformat()} is further")
    try:
        zone = zoneinfo.ZoneInfo(user.time_zone or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    ends_at = datetime.datetime.combine(until + datetime.timedelta(days=1), datetime.time(0), zone)
    if ends_at <= now:
        raise VacationError(f"a vacation must end in the future; {until.isoformat()} has passed")
    if current_vacation(user) is not None:
        raise VacationError("you are already on vacation; end it before starting another")
    days = -(-int((ends_at - now).total_seconds()) // 86400)
    left = vacation_days_per_year() - vacation_days_used(user, now.year)
    if days > left:
        raise VacationError(f"you have {left} vacation days left this year, and until {until.isoformat()} is "
                            f"{days} days")
    return Vacation.objects.create(user=user, starts_at=now, ends_at=ends_at)


def vacation_finish(*, user: User) -> Vacation:
    """Come back early: the running vacation ends now (its unused days return to the bank)."""
    vacation = current_vacation(user)
    if vacation is None:
        raise VacationError("you are not on vacation")
    vacation.ended_at = timezone.now()
    vacation.save(update_fields=["ended_at"])
    return vacation
