"""A request that lost its database connection (PostgreSQL restarted under it) is answered again, not with a 500.

``CONN_HEALTH_CHECKS`` and :mod:`config.db.postgresql` cover a request that
*starts* while the database restarts: it reconnects, waiting if need be. A
request that was *running* when the server stopped fails in its query. When
running it again is harmless, the WSGI application is simply called once more
with a fresh connection, and the player gets the answer a little later:

- a GET or HEAD changes nothing;
- a form post carrying an ``idempotency_key`` (a move) is recorded once
  whatever happens: if the cut came after its commit, the second run finds the
  key and answers as the first would have.

Any other post is not repeated: whether its transaction committed is unknown
when the connection drops during the commit.
"""

from __future__ import annotations

import io
import sys
import threading
from typing import Any, Callable, Iterable
from urllib.parse import parse_qs

from django.core.signals import got_request_exception
from django.db import connections
from django.db.utils import InterfaceError, OperationalError

from config.db.postgresql.base import restarting

SAFE_METHODS = ("GET", "HEAD")
# Form posts up to this size are read ahead to look for an idempotency key (moves are a few hundred bytes).
MAX_REPEATABLE_BODY = 64 * 1024
_lost = threading.local()


def _note_lost_connection(sender: Any, **kwargs: Any) -> None:
    error = sys.exc_info()[1]
    if isinstance(error, (OperationalError, InterfaceError)) and (
            restarting(error) or "connection is closed" in str(error) or "connection is lost" in str(error)):
        _lost.seen = True


got_request_exception.connect(_note_lost_connection, dispatch_uid="config.dbretry")


class RetryAfterLostDatabase:
    """WSGI middleware: a GET, a HEAD or a keyed form post that failed because its database connection died
    is run once more."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        body_bytes = None
        if environ.get("REQUEST_METHOD") not in SAFE_METHODS:
            body_bytes = keyed_form_body(environ)
            if body_bytes is None:
                return self.app(environ, start_response)
            environ["wsgi.input"] = io.BytesIO(body_bytes)
        _lost.seen = False
        started: list[tuple[Any, ...]] = []
        body = self.app(environ, lambda *args: started.append(args))
        if started and str(started[0][0]).startswith("500") and getattr(_lost, "seen", False):
            _lost.seen = False
            if hasattr(body, "close"):
                body.close()
            connections.close_all()  # the dead connections; the next query opens (or awaits) a new one
            if body_bytes is not None:
                environ["wsgi.input"] = io.BytesIO(body_bytes)
            return self.app(environ, start_response)
        start_response(*started[0])
        return body


def keyed_form_body(environ: dict[str, Any]) -> bytes | None:
    """The body of a small form post that carries an ``idempotency_key`` (read ahead), else None (left unread)."""
    if not str(environ.get("CONTENT_TYPE", "")).startswith("application/x-www-form-urlencoded"):
        return None
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if not 0 < length <= MAX_REPEATABLE_BODY:
        return None
    body = environ["wsgi.input"].read(length)
    if not parse_qs(body.decode("latin-1")).get("idempotency_key", [""])[0]:
        environ["wsgi.input"] = io.BytesIO(body)  # read already: Django reads this copy
        return None
    return bytes(body)
