"""JSON text for the database's jsonb parameters on the write path.

The move path serialises the whole game state, the events' payloads and the
outbox rows on every move; the standard library's encoder was a tenth of a
move's CPU. orjson writes the same JSON values (dict keys that are not strings
become strings, as ``json.dumps`` makes them) in a fraction of the time. Only
what PostgreSQL parses again goes through here: hashes keep
:func:`games.rules.canonical_json`, whose exact bytes records depend on.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """``value`` as JSON text (for a ``%s::jsonb`` parameter)."""
    return orjson.dumps(value, option=_OPTIONS).decode("utf-8")


def loads(text: str | bytes) -> Any:
    """The value of JSON text read back from the database."""
    return orjson.loads(text)
