"""Django's database sessions, read by one plain query.

Every signed-in request loads its session. Django's store reads it through the
ORM, and building that query cost more than PostgreSQL spent answering it; this
store asks the same question (the key, not expired) in SQL written once, a prepared
statement on PostgreSQL. Writing,
expiring and deleting sessions are Django's own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

from config.db import prepared


class SessionStore(db.SessionStore):
    def load(self) -> dict[str, Any]:
        key = self.session_key
        if not key:
            self._session_key = None
            return {}
        model = self.model
        connection = connections[router.db_for_read(model)]
        table = connection.ops.quote_name(model._meta.db_table)
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        # Prepared on PostgreSQL: planning this one-row read cost more than running it.
        row = prepared.query_one(connection, f"SELECT session_data FROM {table} WHERE session_key = %s "
                                 "AND expire_date > %s", [key, now])
        if row is None:
            self._session_key = None  # unknown or expired: a new session will be made
            return {}
        return self.decode(row[0])
