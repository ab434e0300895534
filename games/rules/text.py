"""Bounded parsing of what people type: whole numbers, durations and calendar dates.

Every place where a person's text becomes a number goes through this module:
the games' notations, their web forms, the create-game form, the take-over
form and the mail commands. The rules are the same everywhere:

* **Only the ASCII digits 0-9 are digits.** ``"²".isdigit()`` and
  ``"٣".isdigit()`` are both True in Python, yet ``int("²")`` raises and
  ``int("٣")`` is 3; so ``str.isdigit`` never decides what a number is here.
* **Length before value.** The number of digits is checked before ``int`` is
  called, so a 5000-digit count is refused at once, without the conversion
  (which Python itself refuses past 4300 digits, with a ValueError of its own).
* **Ranges.** Each caller says which values make sense; anything else is a
  :class:`TextError` whose message says what was wrong and what is accepted.

Callers turn a :class:`TextError` into their own refusal (``IllegalMove`` in
the rules, ``BadForm`` in a game's form, a form ``ValidationError``, a mail
``CommandError``), usually keeping its message.

This module is pure (the standard library only, no clock), so the rules
engines may use it; dates are returned as ``(year, month, day)`` and the
caller builds a ``datetime.date`` where it may.
"""

from __future__ import annotations

import calendar
import re
from typing import Literal

__all__ = [
    "MAX_DIGITS",
    "MAX_MOVE_CHARS",
    "TextError",
    "check_text",
    "int_or_none",
    "is_digits",
    "parse_date",
    "parse_duration",
    "parse_int",
    "shown",
]

# No count, seat, tile, bid or version in any game comes near a billion: nine digits bound the work.
MAX_DIGITS = 9
# A move in any game's notation fits in far fewer characters (a mail's bid over several lines included).
MAX_MOVE_CHARS = 5000

Kind = Literal["empty", "not_a_number", "too_small", "too_large", "too_long"]

_SIGNED = re.compile(r"([+-]?)([0-9]+)")
_DURATION = re.compile(r"([0-9]+)\s*([smhdw])")
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
# The C0 and C1 control characters but tab, line feed and carriage return.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
DURATION_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


class TextError(ValueError):
    """Text that is not an accepted value: ``message`` says what was wrong, ``accepted`` what would do.

    ``kind`` lets a caller word its own message: ``empty``, ``not_a_number``,
    ``too_small``, ``too_large`` or ``too_long``.
    """

    def __init__(self, message: str, *, accepted: str, kind: Kind = "not_a_number") -> None:
        super().__init__(message)
        self.message = message
        self.accepted = accepted
        self.kind: Kind = kind

    def __str__(self) -> str:
        return f"{self.message} ({self.accepted})"


def shown(text: str, limit: int = 24) -> str:
    """``text`` as it may be quoted back in a message: control characters escaped, long text cut.

    A refusal never echoes a 5000-digit number or a megabyte of text; it says
    how long it was instead.
    """
    cleaned = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[: limit + 1])
    if len(text) <= limit:
        return cleaned
    return f"{cleaned[:limit]}… ({len(text)} characters)"


def is_digits(word: str) -> bool:
    """True for a non-empty run of the ASCII digits 0-9 only (``"²"``, ``"٣"``, ``"１"`` are not)."""
    return bool(word) and word.isascii() and word.isdigit()


def _digit_cap(low: int, high: int) -> int:
    """How many significant digits are worth converting: :data:`MAX_DIGITS`, or the range's own length."""
    return max(MAX_DIGITS, len(str(abs(low))), len(str(abs(high))))


def _range_text(low: int, high: int) -> str:
    return f"a whole number from {low} to {high}, written with the digits 0-9"


def parse_int(text: str, *, low: int = 0, high: int, what: str = "the number") -> int:
    """``text`` (spaces around it ignored) as a whole number from ``low`` to ``high``, else TextError.

    A leading ``-`` or ``+`` is read, so a negative number is refused as too
    small (with the range) rather than as "not a number". At most
    :data:`MAX_DIGITS` digits (leading zeros aside; more only when the range
    itself is wider) are converted.
    """
    if low > high:
        raise ValueError("parse_int needs low <= high")
    if not isinstance(text, str):
        raise TextError(f"{what} is missing", accepted=_range_text(low, high), kind="empty")
    raw = text.strip()
    if not raw:
        raise TextError(f"{what} is missing", accepted=_range_text(low, high), kind="empty")
    match = _SIGNED.fullmatch(raw)
    if match is None:
        raise TextError(f"{what}: '{shown(raw)}' is not a whole number", accepted=_range_text(low, high))
    sign, digits = match.groups()
    significant = digits.lstrip("0") or "0"
    if len(significant) > _digit_cap(low, high):
        if sign == "-":
            raise TextError(f"{what}: {shown(raw)} is less than {low}", accepted=_range_text(low, high),
                            kind="too_small")
        raise TextError(f"{what}: {shown(raw)} is more than {high}", accepted=_range_text(low, high),
                        kind="too_large")
    value = -int(significant) if sign == "-" else int(significant)
    if value < low:
        message = f"{what} cannot be negative ({value})" if low == 0 else f"{what}: {value} is less than {low}"
        raise TextError(message, accepted=_range_text(low, high), kind="too_small")
    if value > high:
        raise TextError(f"{what}: {value} is more than {high}", accepted=_range_text(low, high), kind="too_large")
    return value


def int_or_none(text: str, *, low: int = 0, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high`` (ASCII digits, no sign), or None.

    For parsers that try several readings of a word and word their own refusal.
    """
    if not is_digits(text):
        return None
    significant = text.lstrip("0") or "0"  # int() counts leading zeros against its 4300-digit limit too
    if len(significant) > _digit_cap(low, high):
        return None
    value = int(significant)
    return value if low <= value <= high else None


def check_text(text: str, *, limit: int = MAX_MOVE_CHARS, what: str = "the move") -> str:
    """``text`` itself when it is a string of at most ``limit`` characters without control characters.

    Tabs and line breaks are allowed; any other control character (NUL above
    all: PostgreSQL cannot store it in text or JSON, so a move, a chat line or
    an answer quoting it would fail to be written) is a TextError.
    """
    if not isinstance(text, str):
        raise TextError(f"{what} is not text", accepted="a line of text", kind="not_a_number")
    if len(text) > limit:
        raise TextError(f"{what} is {len(text)} characters long", accepted=f"at most {limit} characters",
                        kind="too_long")
    control = _CONTROL.search(text)
    if control is not None:
        raise TextError(f"{what} contains a control character ({shown(control.group())})",
                        accepted="letters, digits, spaces and punctuation", kind="not_a_number")
    return text


def parse_duration(text: str, *, longest: int, what: str = "the duration") -> int:
    """``30s``, ``90m``, ``12h``, ``3d``, ``2w`` as seconds, from 1 to ``longest``, else TextError."""
    accepted = f"a number and a unit, e.g. 30s, 90m, 12h, 3d or 2w, at most {describe_seconds(longest)}"
    raw = " ".join(str(text).lower().split()) if isinstance(text, str) else ""
    if len(raw) > 40:
        raise TextError(f"{what}: '{shown(raw)}' is not a duration", accepted=accepted, kind="too_long")
    match = _DURATION.fullmatch(raw)
    if match is None:
        raise TextError(f"{what}: '{shown(raw)}' is not a duration", accepted=accepted)
    digits, unit = match.group(1), DURATION_UNITS[match.group(2)]
    significant = digits.lstrip("0") or "0"
    if len(significant) > MAX_DIGITS or int(significant) * unit > longest:
        raise TextError(f"{what}: {shown(raw)} is longer than {describe_seconds(longest)}", accepted=accepted,
                        kind="too_large")
    seconds = int(significant) * unit
    if seconds <= 0:
        raise TextError("a duration must be longer than zero", accepted=accepted, kind="too_small")
    return seconds


def describe_seconds(seconds: int) -> str:
    """``2592000`` -> ``"30 days"``: a cap as people read it."""
    for size, unit in ((604800, "week"), (86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def parse_date(text: str, *, what: str = "the date") -> tuple[int, int, int]:
    """``YYYY-MM-DD`` in ASCII digits as ``(year, month, day)``, a real calendar day from year 1 to 9999."""
    accepted = "year-month-day with the digits 0-9, e.g. 2026-12-24"
    raw = text.strip() if isinstance(text, str) else ""
    match = _DATE.fullmatch(raw)
    if match is None:
        raise TextError(f"{what}: '{shown(raw)}' is not a date", accepted=accepted)
    year, month, day = (int(part) for part in match.groups())
    if year < 1 or not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(year, month)[1]:
        raise TextError(f"{what}: {raw} is not a day of the calendar", accepted=accepted)
    return year, month, day
