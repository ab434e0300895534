"""Pieces of a production topology that a test owns: its own PostgreSQL cluster, an SMTP sink, an HTTP client.

Nothing here touches the shared PostgreSQL (5432) or Redis (6379): the cluster
is initialised in a temporary directory and listens on a free loopback port.
The servers and the client live in :mod:`faults.services` (the fault run uses
them too); this module adds the tests' change watcher.
"""

from __future__ import annotations

import time
from typing import Any, Callable

import psycopg

from faults.services import HIDDEN, Browser, PostgresCluster, SmtpSink, move_form, postgres_bin, reply

__all__ = ["HIDDEN", "Browser", "PostgresCluster", "SmtpSink", "Watcher", "move_form", "postgres_bin", "reply"]


class Watcher:
    """Wakes a waiting test whenever a watched table of the cluster's database changes (NOTIFY triggers)."""

    def __init__(self, cluster: PostgresCluster, dbname: str, tables: tuple[str, ...]) -> None:
        self.cluster, self.dbname, self.tables = cluster, dbname, tables
        self.listener: psycopg.Connection[Any] | None = None
        self.install()

    def install(self) -> None:
        """Triggers and a listening connection (again after a restart of the server)."""
        with self.cluster.connect(self.dbname) as conn:
            conn.execute("CREATE OR REPLACE FUNCTION test_notify() RETURNS trigger AS $$ "
                         "BEGIN PERFORM pg_notify('test_changes', TG_TABLE_NAME); RETURN NULL; END $$ "
                         "LANGUAGE plpgsql")
            for table in self.tables:
                conn.execute(f"CREATE OR REPLACE TRIGGER test_notify AFTER INSERT OR UPDATE ON {table} "
                             "FOR EACH STATEMENT EXECUTE FUNCTION test_notify()")
        self.reconnect()

    def reconnect(self) -> None:
        if self.listener is not None and not self.listener.closed:
            self.listener.close()
        self.listener = self.cluster.connect(self.dbname)
        self.listener.execute("LISTEN test_changes")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.cluster.connect(self.dbname) as conn:
            return conn.execute(sql, params).fetchall()

    def wait_until(self, condition: Callable[[], bool], timeout: float = 60.0, what: str = "condition") -> None:
        """Return when ``condition()`` holds, re-checking whenever a watched table changes."""
        give_up = time.monotonic() + timeout
        while not condition():
            left = give_up - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}")
            assert self.listener is not None
            try:
                for _ in self.listener.notifies(timeout=min(left, 1.0), stop_after=1):
                    pass
            except psycopg.OperationalError:
                self.reconnect()

    def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
