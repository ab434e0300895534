"""Rate limits per token (per address for the few endpoints open without one), kept in the cache.

With Redis as the cache (production) the counts are shared by every web
process; the embedded default counts per process. The rate is read from the
settings on each request (``API_RATE_LIMIT``, for example ``"300/min"``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from ninja.throttling import SimpleRateThrottle

from accounts.models import AccessToken, User


def client_address(request: HttpRequest) -> str:
    """The caller's address: behind the documented proxy, from the header it sets (as sign-in's limits do)."""
    header = getattr(settings, "ALLAUTH_TRUSTED_CLIENT_IP_HEADER", None)
    forwarded = request.headers.get(header, "") if header else ""
    return forwarded.strip()[:64] or str(request.META.get("REMOTE_ADDR", ""))


class TokenRateThrottle(SimpleRateThrottle):
    scope = "token"

    def __init__(self) -> None:
        super().__init__(rate="1/s")  # replaced from the settings on every request

    def allow_request(self, request: HttpRequest) -> bool:
        self.rate = str(getattr(settings, "API_RATE_LIMIT", "300/min"))
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request)

    def get_cache_key(self, request: HttpRequest) -> str | None:
        token = getattr(request, "auth", None)
        # The prefix too: a token's row id can come back after a deleted one, its random prefix does not.
        if isinstance(token, AccessToken):
            ident = f"t{token.pk}-{token.prefix}"
        elif isinstance(token, User):
            ident = f"u{token.pk}"  # a signed-in page asking for news
        else:
            ident = f"a{client_address(request)}"
        return f"api-rate:{ident}"
