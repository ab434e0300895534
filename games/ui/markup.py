"""Escaping for page and mail parts a game's UI builds in Python, as a template's ``{{ }}`` and Django's
``format_html`` do.

Boards and forms print hundreds of values per page; Django's ``conditional_escape`` wraps
``escape`` in a lazy-text decorator that costs more than the escaping itself, and most texts
(pieces, places, players' names) come back page after page, so they are escaped once each.
Each game's builders are held byte for byte to the templates they replaced (tests/web).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.safestring import SafeString

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


def format_html(template: str, *args: Any, **kwargs: Any) -> SafeString:
    """Django's ``format_html``, escaping with :func:`esc`: the same text, without a lazy-text decorator on
    each value (a turn mail's map is some 300 cells)."""
    return SafeString(template.format(*map(esc, args), **{key: esc(value) for key, value in kwargs.items()}))


def format_html_join(sep: str, template: str, items: Iterable[Any]) -> SafeString:
    """Django's ``format_html_join``, escaping with :func:`esc` (a mapping gives keyword arguments)."""
    return SafeString(esc(sep).join(
        template.format(**{key: esc(value) for key, value in args.items()}) if isinstance(args, Mapping)
        else template.format(*map(esc, args))
        for args in items))
