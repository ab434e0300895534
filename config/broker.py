"""The Redis broker transport, with one of kombu's failure modes turned into a connection error.

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


class Transport(kombu_redis.Transport):
    """kombu's Redis transport with :class:`Channel`."""

    Channel = Channel
