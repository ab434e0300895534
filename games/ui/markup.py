"""Escaping for page parts a game's UI builds in Python instead of a template, as the template's ``{{ }}`` did.

Boards and forms print hundreds of values per page; Django's ``conditional_escape`` wraps
``escape`` in a lazy-text decorator that costs more than the escaping itself, and most texts
(pieces, places, players' names) come back page after page, so they are escaped once each.
Each game's builders are held byte for byte to the templates they replaced (tests/web).
"""

from __future__ import annotations

import functools
import html
from typing import Any

from django.utils.functional import Promise

# Bounded: the game's own texts are a few hundred; players' names and prompts come and go.
_escape_text = functools.lru_cache(maxsize=2048)(html.escape)


def esc(value: Any) -> str:
    """``conditional_escape`` of a value as a template printed it without the locale's number formatting
    (the board and the forms are rendered with ``use_l10n`` off): ints as they are, safe text unchanged."""
    kind = type(value)
    if kind is str:  # only a plain str: a SafeString equal to it must not get its escaped text from the cache
        return _escape_text(value)
    if kind is int:  # a bool is not one: it prints "True"
        return str(value)
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


def plural(count: Any) -> str:
    """Django's ``pluralize`` for a count: "s" unless it is one."""
    return "" if count == 1 else "s"
