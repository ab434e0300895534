"""Template tags about a person's mail: the settings panel of the profile, and "mail is not arriving" notes.

Tags, so that pages outside this app (the profile, the game page) can show them
without importing it: ``{% load mail %}``, then ``{% mail_settings_panel %}``,
``{% mail_trouble_banner %}`` (the signed-in person's own address) and
``{% mail_trouble_players seat_users names %}`` (a game's players whose mail stopped).
"""

from __future__ import annotations

from typing import Any

from django import template

from notifications import delivery
from notifications.forms import MailSettingsForm
from notifications.models import AddressHealth, MailPreference

register = template.Library()


def _own_trouble(user: Any) -> AddressHealth | None:
    if user is None or not getattr(user, "is_authenticated", False) or not user.email:
        return None
    return delivery.stopped(user.email)


@register.inclusion_tag("notifications/settings/panel.html", takes_context=True)
def mail_settings_panel(context: Any) -> dict[str, Any]:
    user = context.get("user")
    form = context.get("mail_form")
    if form is None:
        pref = MailPreference.objects.filter(user=user).first() or MailPreference(user=user)
        form = MailSettingsForm(instance=pref)
    return {"mail_form": form, "trouble": _own_trouble(user), "user": user, "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("notifications/settings/banner.html", takes_context=True)
def mail_trouble_banner(context: Any) -> dict[str, Any]:
    """The signed-in person's own address, when mail to it stopped. A page that asked already whose mail
    stopped among its people (``mail_stopped``: a set of user ids, see :func:`stopped_among`) is not asked
    again for someone it covers."""
    user = context.get("user")
    covered = context.get("mail_stopped_covers") or ()
    if getattr(user, "pk", None) in covered and user.email:
        return {"trouble": delivery.stopped_record(user.email) if user.pk in context["mail_stopped"] else None}
    return {"trouble": _own_trouble(user)}


@register.inclusion_tag("notifications/settings/players.html")
def mail_trouble_players(seat_users: list[int] | None, names: list[str] | None,
                         stopped: set[int] | None = None) -> dict[str, Any]:
    """The names of a game's players whose mail does not arrive (by seat; the page supplies the names, and may
    supply ``stopped``, what :func:`stopped_among` said for them this request)."""
    seat_users, names = list(seat_users or []), list(names or [])
    if stopped is None:
        stopped = delivery.stopped_users([uid for uid in seat_users if isinstance(uid, int)])
    return {"names": [names[i] if i < len(names) else f"seat {i + 1}"
                      for i, uid in enumerate(seat_users) if uid in stopped]}


def stopped_among(*user_ids: Any) -> dict[str, Any]:
    """For a page's context: which of these users' mail stopped (one query for the page's banner and its
    list of players), as ``mail_stopped``, and whom that covers, as ``mail_stopped_covers``."""
    ids = {uid for uid in user_ids if isinstance(uid, int)}
    return {"mail_stopped": delivery.stopped_users(sorted(ids)), "mail_stopped_covers": frozenset(ids)}
