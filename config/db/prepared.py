"""Statements the server plans once per connection: psycopg's server-binding cursor, kept per connection.

Django's PostgreSQL cursors bind parameters on the client, so every query is parsed
and planned again on the server; for the short reads a page makes (a game by id, its
seats) planning cost more than running. A statement sent here with ``prepare=True`` is
prepared on its connection's first use and then only executed (the connection's
threshold, see ``config.db.postgresql``, makes psycopg prepare exactly those). A new
psycopg cursor per statement cost as much as binding its parameters (each builds its
own adapters map), so one is kept per connection until the connection goes.

``query_one`` and ``query_all`` are the same reads on any database: prepared on
PostgreSQL, run as they are by Django's cursor elsewhere (SQLite).
"""

from __future__ import annotations

import time
import weakref
from typing import Any, Sequence

import psycopg
from django.db.backends.base.base import BaseDatabaseWrapper

_CURSORS: "weakref.WeakKeyDictionary[Any, psycopg.Cursor[Any]]" = weakref.WeakKeyDictionary()


def server_cursor(db: BaseDatabaseWrapper) -> "psycopg.Cursor[Any]":
    """A server-binding cursor on ``db``'s open PostgreSQL connection, made once per connection."""
    db.ensure_connection()
    raw = db.connection
    cursor = _CURSORS.get(raw)
    if cursor is None or cursor.closed:
        cursor = _CURSORS[raw] = psycopg.Cursor(raw)
    return cursor


def execute(db: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> "psycopg.Cursor[Any]":
    """Run one prepared statement on PostgreSQL; the cursor holds its rows. Errors are Django's, as its own
    cursors raise them, and the statement is logged where Django logs queries (``DEBUG``, tests counting
    queries), so what a page or a move asks is seen whichever way it was sent."""
    with db.wrap_database_errors:
        cursor = server_cursor(db)
        if not db.queries_logged:
            cursor.execute(sql, params, prepare=True)
            return cursor
        started = time.monotonic()
        try:
            cursor.execute(sql, params, prepare=True)
        finally:
            db.queries_log.append({"sql": f"{sql} -- prepared, with {list(params)!r}"[:20_000],
                                   "time": f"{time.monotonic() - started:.3f}"})
        return cursor


def fetchall(db: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of one prepared read on PostgreSQL."""
    done = execute(db, sql, params)
    with db.wrap_database_errors:
        return done.fetchall()


def fetchone(db: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """The first row of one prepared statement on PostgreSQL (None when it returns none)."""
    done = execute(db, sql, params)
    with db.wrap_database_errors:
        return done.fetchone() if done.description is not None else None


def query_all(db: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of one read: prepared on PostgreSQL, through Django's cursor elsewhere."""
    if db.vendor == "postgresql":
        return fetchall(db, sql, params)
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def query_one(db: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """The first row of one statement (None when it returns none): prepared on PostgreSQL, through
    Django's cursor elsewhere."""
    if db.vendor == "postgresql":
        return fetchone(db, sql, params)
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone() if cursor.description is not None else None
