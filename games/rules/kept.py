"""Answers the rules keep for positions seen before: bounded caches registered in one place.

Some answers depend on part of a game's position and are asked again and again while
it stands (the walks of a piece from its square with the dice rolled, the ways a hand
can pay, a city's layout, a position's example moves); a game keeps them in bounded
``functools.lru_cache``s made by :func:`position_cache`. Unlike caches of a game's fixed
data (the map's steps), these are warm only for positions seen before: whoever measures
the first view of a position drops them first (:func:`forget_positions`).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

T = TypeVar("T")

_CACHES: list["functools._lru_cache_wrapper[Any]"] = []


def position_cache(maxsize: int) -> Callable[[Callable[..., T]], "functools._lru_cache_wrapper[T]"]:
    """``functools.lru_cache(maxsize)`` for an answer that depends on a position, registered."""
    def keep(function: Callable[..., T]) -> "functools._lru_cache_wrapper[T]":
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _CACHES.append(cached)
        return cached
    return keep


def forget_positions() -> None:
    """Drop every kept answer about a position (the caches of fixed data stay)."""
    for cached in _CACHES:
        cached.cache_clear()
