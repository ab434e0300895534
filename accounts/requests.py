"""The request type of views behind ``login_required``: its user is a signed-in account."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.models import User


class AuthenticatedHttpRequest(HttpRequest):
    """For the type checker only: ``login_required`` guarantees ``user`` is a :class:`User`."""

    user: User
