"""A Redis cache that keeps working, per process, while Redis is down.

The cache holds allauth's rate limits. allauth takes a lock with ``cache.add``
and waits a second for it, then refuses the request: a cache that raises turns
every sign-in into a 500, and one that merely swallows errors (``add`` says no)
turns it into a 429 for everyone. Instead, while Redis cannot be reached, each
process falls back to its own memory cache: limits are then counted per process
(weaker by the number of processes, for the length of the outage) and nobody is
locked out. After a failure Redis is left alone for a few seconds so a dead
server does not cost every request a connection attempt.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
# How long Redis is skipped after it failed once.
RETRY_AFTER_SECONDS = 5.0


class FallbackRedisCache(RedisCache):
    """Django's Redis cache; while Redis is unreachable, a process-local memory cache answers."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._fallback = LocMemCache(f"fallback-{server}", {"TIMEOUT": params.get("TIMEOUT", 300)})
        self._down_until = 0.0
        self._lock = threading.Lock()

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if time.monotonic() >= self._down_until:
            try:
                return getattr(super(), name)(*args, **kwargs)
            except UNREACHABLE as error:
                with self._lock:
                    if time.monotonic() >= self._down_until:
                        log.warning("cache: Redis unreachable (%s); using this process's memory for %.0f s",
                                    error, RETRY_AFTER_SECONDS)
                    self._down_until = time.monotonic() + RETRY_AFTER_SECONDS
        return getattr(self._fallback, name)(*args, **kwargs)

    def add(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        return bool(self._call("add", key, value, timeout, version=version))

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._call("get", key, default, version=version)

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        self._call("set", key, value, timeout, version=version)

    def touch(self, key: Any, timeout: Any = None, version: int | None = None) -> bool:
        return bool(self._call("touch", key, timeout, version=version))

    def delete(self, key: Any, version: int | None = None) -> bool:
        return bool(self._call("delete", key, version=version))

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        return dict(self._call("get_many", keys, version=version))

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return bool(self._call("has_key", key, version=version))

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        return int(self._call("incr", key, delta, version=version))

    def set_many(self, data: dict[Any, Any], timeout: Any = None, version: int | None = None) -> list[Any]:
        return list(self._call("set_many", data, timeout, version=version))

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        self._call("delete_many", keys, version=version)

    def clear(self) -> None:
        self._call("clear")
