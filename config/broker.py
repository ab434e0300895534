"""The Redis broker transport: one of kombu's failure modes turned into a connection error, and one client
kept per channel for publishing.

When Redis goes away under a running worker, Celery closes the broken
connection and reconnects. A task that finishes in between acknowledges its
message through the old, closed channel; kombu's Redis channel then builds a
new connection pool from a connection that is gone and fails with
``AttributeError`` (``'NoneType' object has no attribute 'hostname'``), which
the worker cannot tell from a bug and treats as fatal: the worker exits and
mail and deadlines stop. Raised as Redis's own ``ConnectionError`` instead, it
is one of the transport's connection errors: Celery logs that the message
could not be acknowledged and goes on, and the message, still recorded as
unacknowledged in Redis, is delivered again (every task here is idempotent).

kombu builds a new Redis client for every message it publishes. A client only
borrows connections from its pool, per command, and redis-py 8 fills some two
hundred response callbacks into each new one: building it was a fifth of handing
a move's mail to Celery. The channel keeps one per pool instead (clients are
safe to share between threads), and builds a new one when its pool is replaced.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    """A Redis channel that refuses to reconnect through a closed connection."""

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        transport = self.connection
        if transport is None or transport.client is None:
            raise RedisConnectionError("the broker connection of this channel was closed (Redis went away)")
        return super()._connparams(asynchronous=asynchronous)

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        pool = self.pool
        kept = self.__dict__.get("_publishing_client")
        if kept is None or kept.connection_pool is not pool:
            kept = self.__dict__["_publishing_client"] = super()._create_client()
        return kept


class Transport(kombu_redis.Transport):
    """kombu's Redis transport with :class:`Channel`."""

    Channel = Channel
