"""The inbound pipeline's own SQL statements, run once or twice per mail.

On PostgreSQL they are sent through psycopg's cursor with server-side binding as
prepared statements (as the write path sends its turn, see ``config.settings``):
each has a fixed text, so the server plans it once per connection instead of
once per mail (the token's statement joins five tables: planning it cost more
than running it). Elsewhere (SQLite) Django's cursor runs them as they are.
Errors are Django's either way (``OperationalError`` and ``InterfaceError``
included, which the pipeline retries).
"""

from __future__ import annotations

from typing import Any, Sequence

from django.db import connection

from config.db import prepared


def fetchone(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """Run one statement and return its first row (None when it returns none)."""
    return prepared.query_one(connection, sql, params)
