"""Django's PostgreSQL backend, except that a new connection waits out a database restart.

``CONN_HEALTH_CHECKS`` makes every request and task check its kept connection
and open a new one when the old is gone. While PostgreSQL restarts (a few
hundred milliseconds to seconds) opening that connection fails: the server
refuses it, or says it is starting up or shutting down, and the request would
be a 500. Instead the attempt is repeated for up to ``DB_CONNECT_WAIT_SECONDS``
(default 10): the request waits for the database instead of failing. Any other
failure to connect (a wrong password, a missing database) fails at once.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg
from django.conf import settings
from django.db.backends.postgresql import base

# What PostgreSQL (or the socket) says while the server is not there for a moment.
RESTARTING = ("connection refused", "the database system is starting up", "the database system is shutting down",
              "the database system is in recovery mode", "server closed the connection unexpectedly",
              "terminating connection due to administrator command")


def restarting(error: BaseException) -> bool:
    """True when a failed connection attempt says the server is (re)starting or stopping, not misconfigured."""
    text = str(error).lower()
    return any(phrase in text for phrase in RESTARTING)


# psycopg prepares a statement on the server only when its connection has a threshold; Django leaves it
# None, which makes ``execute(..., prepare=True)`` a no-op and the move path's statement was parsed and
# planned on every move. Never reached by a count, this threshold prepares exactly what asks to be (the
# write path's turn statement and the replay read); Django's own queries bind on the client and are never
# prepared either way. Behind a pooler that hands a session's statements to other server connections
# (PgBouncer in transaction mode) prepared statements break: DB_PREPARED_STATEMENTS=0 turns them off.
PREPARE_WHEN_ASKED = 2**31 - 1


class DatabaseWrapper(base.DatabaseWrapper):
    """Django's PostgreSQL connection, retrying a refused connect while the server restarts."""

    def get_connection_params(self) -> dict[str, Any]:
        params = super().get_connection_params()
        chosen = "prepare_threshold" in self.settings_dict.get("OPTIONS", {})
        if not chosen and getattr(settings, "DB_PREPARED_STATEMENTS", True):
            params["prepare_threshold"] = PREPARE_WHEN_ASKED
        return params

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        give_up = time.monotonic() + float(getattr(settings, "DB_CONNECT_WAIT_SECONDS", 10))
        while True:
            try:
                return super().get_new_connection(conn_params)
            except psycopg.OperationalError as error:
                if not restarting(error) or time.monotonic() >= give_up:
                    raise
                time.sleep(0.2)
