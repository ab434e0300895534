"""A person's mail settings as the sender reads them: the mode, web-move confirmations, quiet hours.

Quiet hours are whole hours in the person's own time zone, ``quiet_from`` up to
(not including) ``quiet_until``; a window may span midnight (22 to 7). Mail due
inside the window is held until it ends (the outbox row's ``not_before``); game
clocks are not paused by it: a deadline that falls in the night still falls.
"""

from __future__ import annotations

import datetime
import zoneinfo

from notifications.models import MailMode, MailPreference


def preference_of(user_id: int) -> MailPreference:
    """The stored preference, or the defaults (every turn, no confirmations, no quiet hours) unsaved."""
    found = MailPreference.objects.filter(user_id=user_id).first()
    return found if found is not None else MailPreference(user_id=user_id, mode=MailMode.EVERY)


def zone_of(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def in_window(hour: int, start: int, end: int) -> bool:
    """Whether ``hour`` lies in [start, end), a window that may wrap past midnight."""
    if start == end:
        return False
    if start < end:
        return start <= hour < end
    return hour >= start or hour < end


def quiet_end(pref: MailPreference, zone_name: str | None, now: datetime.datetime) -> datetime.datetime | None:
    """When the quiet hours around ``now`` end (an aware UTC moment), or None if ``now`` is not quiet."""
    start, end = pref.quiet_from, pref.quiet_until
    if start is None or end is None:
        return None
    zone = zone_of(zone_name)
    local = now.astimezone(zone)
    if not in_window(local.hour, start, end):
        return None
    day = local.date() if local.hour < end else local.date() + datetime.timedelta(days=1)
    # Built from the wall clock, so a change to or from summer time lands on the chosen hour.
    wall = datetime.datetime.combine(day, datetime.time(end), zone)
    return wall.astimezone(datetime.timezone.utc)
