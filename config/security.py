"""HTTP-level protections: the Content-Security-Policy header, and error reports without frame variables.

Django 5.2 has no Content-Security-Policy support of its own (Django 6.0 adds
``ContentSecurityPolicyMiddleware``); the policy here is one fixed header, so a
few lines serve instead of another dependency.
"""

from __future__ import annotations

from types import FrameType
from collections.abc import ItemsView
from typing import Any, Callable

from django.http import HttpRequest, HttpResponse
from django.views.debug import SafeExceptionReporterFilter

POLICY = "; ".join([
    "default-src 'self'",
    # Scripts come from our own static files only: no inline script or event handler ever runs.
    "script-src 'self'",
    # Style attributes lay out boards (grid columns) and the error pages; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


class ContentSecurityPolicyMiddleware:
    """Sends :data:`POLICY` with every response that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


class NoFrameVariablesFilter(SafeExceptionReporterFilter):
    """Error reports without any frame's local variables.

    Django's debug page (a local run with ``DEBUG`` on), the report mailed to
    admins and logged tracebacks list each frame's variables; in a game view
    those hold the whole state (the seed, deck orders, other seats' secret
    bids). No variable is worth that risk: the code, the line and the exception
    stay in the report.
    """

    def get_traceback_frame_variables(self, request: HttpRequest | None,
                                      tb_frame: FrameType) -> ItemsView[str, Any]:
        return {}.items()
