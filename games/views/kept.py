"""Pages rendered once per state: the state-dependent HTML of a game page, kept per process.

A game's state never changes for a given last event hash, so what a page prints
from it (board, forms, log, players) is the same every time the same person
looks again. That HTML is kept here, keyed by the game, its last event hash, the
viewer's seat (``None``: a spectator) and everything else the fragment reads
(the players' names, whether the viewer is signed in, language, time zone...).
The seat is always in the key: no seat is ever given a fragment rendered for
another seat or for spectators.

What differs per request is not kept: the CSRF token and each form's idempotency
key are written as markers when the fragment is rendered and replaced with fresh
values on every output; parts that change with time or outside the events (the
deadline's "in 3 hours", table talk) are ``{% fresh %}`` holes, rendered anew on
every output (see :mod:`games.templatetags.kept`).
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable

from django.utils.safestring import SafeString, mark_safe

from games.forms import new_idempotency_key

# Markers are random per process, so no text a person types (a name, a chat line) can be one.
_NONCE = secrets.token_hex(8)
CSRF_MARK = f"kept{_NONCE}csrf"  # the request's CSRF token
FRESH_KEY_MARK = f"kept{_NONCE}fresh"  # a new idempotency key at each occurrence (one per form)
PAGE_KEY_MARK = f"kept{_NONCE}page"  # the page's own idempotency key (one per output, shared by its forms)
_HOLE_PREFIX = f"kept{_NONCE}hole"
HOLE_MARK = re.compile(rf"{_HOLE_PREFIX}(\d+)x")
_FRESH_KEYS = re.compile(re.escape(FRESH_KEY_MARK))


def hole_mark(number: int) -> str:
    return f"{_HOLE_PREFIX}{number}x"


class KeptFragments:
    """A bounded least-recently-used store of rendered fragments (text with markers), by key (size in characters)."""

    def __init__(self, max_bytes: int = 48 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()  # value, its size
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
            return item[0]

    def put(self, key: Hashable, value: Any, size: int | None = None) -> None:
        """Keep ``value`` (a fragment's text, or data read for it: never changed by a reader) under ``key``."""
        size = len(value) if size is None else size
        if size > self.max_bytes // 8:
            return  # one page never pushes out most of the others
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._items[key] = (value, size)
            self._bytes += size
            while self._bytes > self.max_bytes and self._items:
                _, (_, dropped) = self._items.popitem(last=False)
                self._bytes -= dropped

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)


FRAGMENTS = KeptFragments()


def finish(text: str, csrf_token: Any, page_key: str | None, hole: Callable[[int], str]) -> SafeString:
    """A kept fragment made this request's: its CSRF token, fresh idempotency keys, its holes rendered."""
    if CSRF_MARK in text:
        text = text.replace(CSRF_MARK, str(csrf_token or ""))
    if FRESH_KEY_MARK in text:
        text = _FRESH_KEYS.sub(lambda _: new_idempotency_key(), text)
    if PAGE_KEY_MARK in text:
        text = text.replace(PAGE_KEY_MARK, page_key or new_idempotency_key())
    if _HOLE_PREFIX in text:
        text = HOLE_MARK.sub(lambda match: hole(int(match.group(1))), text)
    return mark_safe(text)  # noqa: S308 - rendered by the template engine (escaped there), markers replaced


__all__ = ["CSRF_MARK", "FRAGMENTS", "FRESH_KEY_MARK", "KeptFragments", "PAGE_KEY_MARK", "finish", "hole_mark"]
