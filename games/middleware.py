"""The site's own "not found" page for a game that does not exist, even on a local run with DEBUG on.

Django shows its technical 404 page whenever DEBUG is on; for a player who
follows an old or mistyped game link on ``make run`` that page (the URL
patterns, the settings hint) is noise. A missing game is a player's situation,
not a developer's, so it gets the site's page and its "back to the lobby" link.
"""

from __future__ import annotations

from typing import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render


class GameMissing(Http404):
    """No game at this address (raised by the game views; any other 404 is left to Django)."""


class GameMissingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, GameMissing):
            return render(request, "404.html", {"exception": str(exception)}, status=404)
        return None
