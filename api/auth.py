"""Who calls: a personal access token in ``Authorization: Bearer rp_…``, and what its scope allows."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja.security import HttpBearer, SessionAuth

from accounts.models import AccessToken, User
from accounts.tokens import token_authenticate
from api.errors import ApiRefusal


class TokenAuth(HttpBearer):
    """Accepts an active token; ``request.auth`` is then its :class:`AccessToken` row."""

    openapi_description = "A personal access token (made on your profile page), sent as `Bearer rp_…`."

    def authenticate(self, request: HttpRequest, token: str) -> AccessToken | None:
        return token_authenticate(token)


class PageSession(SessionAuth):
    """The signed-in person's session: how the game page itself asks for news (reads only, never acts)."""

    openapi_description = "The web page's session (the game page uses it to refresh itself)."


def token_of(request: HttpRequest) -> AccessToken:
    token: Any = getattr(request, "auth", None)
    if not isinstance(token, AccessToken):
        raise ApiRefusal(401, "not_authenticated", NO_TOKEN)
    return token


def caller(request: HttpRequest) -> User:
    """Whoever calls: a token's owner, or the signed-in person (only where a page reads, see ``events``)."""
    auth: Any = getattr(request, "auth", None)
    if isinstance(auth, User):
        return auth
    return token_of(request).user


def player(request: HttpRequest) -> User:
    """The caller, when the token may act (scope ``play``); a read token gets a clear 403."""
    token = token_of(request)
    if not token.can_play:
        raise ApiRefusal(403, "read_only_token",
                         f"the token \u201c{token.name}\u201d may only read; make a token with the play scope "
                         "on your profile page to act in games")
    return token.user


NO_TOKEN = ("send a personal access token as 'Authorization: Bearer rp_…' (make one on your profile page); "
            "an unknown or revoked token is refused")
