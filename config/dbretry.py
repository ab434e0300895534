"""A read that lost its database connection (PostgreSQL restarted under it) is answered again, not with a 500.

``CONN_HEALTH_CHECKS`` and :mod:`config.db.postgresql` cover a request that
*starts* while the database restarts: it reconnects, waiting if need be. A
request that was *running* when the server stopped fails in its query. For a
GET or HEAD, which change nothing, the WSGI application is simply called once
more with a fresh connection; the player sees the page, a little later. Other
methods are not repeated here: whether their transaction committed is unknown
when the connection drops during the commit, and the player's resubmission is
what the idempotency keys are for.
"""

from __future__ import annotations

import sys
import threading
from typing import Any, Callable, Iterable

from django.core.signals import got_request_exception
from django.db import connections
from django.db.utils import InterfaceError, OperationalError

from config.db.postgresql.base import restarting

SAFE_METHODS = ("GET", "HEAD")
_lost = threading.local()


def _note_lost_connection(sender: Any, **kwargs: Any) -> None:
    error = sys.exc_info()[1]
    if isinstance(error, (OperationalError, InterfaceError)) and (
            restarting(error) or "connection is closed" in str(error) or "connection is lost" in str(error)):
        _lost.seen = True


got_request_exception.connect(_note_lost_connection, dispatch_uid="config.dbretry")


class RetryAfterLostDatabase:
    """WSGI middleware: a GET or HEAD that failed because its database connection died is run once more."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") not in SAFE_METHODS:
            return self.app(environ, start_response)
        _lost.seen = False
        started: list[tuple[Any, ...]] = []
        body = self.app(environ, lambda *args: started.append(args))
        if started and str(started[0][0]).startswith("500") and getattr(_lost, "seen", False):
            _lost.seen = False
            if hasattr(body, "close"):
                body.close()
            connections.close_all()  # the dead connections; the next query opens (or awaits) a new one
            return self.app(environ, start_response)
        start_response(*started[0])
        return body
