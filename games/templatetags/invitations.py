"""The signed-in person's pending invitations, with Accept and Decline, for any page that shows them.

A tag, so that pages outside this app (the profile) list them without importing it:
``{% load invitations %}``, then ``{% invitations_panel %}``. The lobby uses the same tag,
so both pages read :func:`games.selectors.pending_invitations` and print one partial.
"""

from __future__ import annotations

from typing import Any

from django import template

from games import selectors

register = template.Library()


@register.inclusion_tag("games/_invitations.html", takes_context=True)
def invitations_panel(context: Any) -> dict[str, Any]:
    """Nothing for a visitor or someone with no invitation waiting; Decline brings them back to this page."""
    request = context.get("request")
    return {"invitations": selectors.pending_invitations(context.get("user")),
            "back": request.path if request is not None else "",
            "csrf_token": context.get("csrf_token")}
