"""Time settings of a game and the arithmetic of deadlines (no database here).

A game's time control is chosen at creation and stored with it::

    {"move": 259200, "reminder": 43200, "grace": 0, "weekdays": [0, 1, 2, 3, 4, 5, 6],
     "policy": "default", "max_timeouts": 3, "then": "bot"}

``move`` is the time per move in seconds (``None``: no deadlines), ``reminder``
how long before the deadline the reminder goes out, ``grace`` extra time after
the deadline before the timeout applies, ``weekdays`` the days (Monday = 0, in
UTC) on which a deadline may fall, ``policy`` what a timeout does (``default``:
the rules' default move; ``skip``: a pass where the rules have one, else the
default move), and after ``max_timeouts`` consecutive timeouts of one seat,
``then``: ``bot`` (the seat is played by random legal moves), ``substitute``
(the seat is offered to a substitute and played by default moves meanwhile) or
``abort`` (the game ends without a result).
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass, field
from typing import Any

from games.rules import text as text_parsers

POLICIES = ("default", "skip")
AFTERMATHS = ("bot", "substitute", "abort")
ALL_DAYS = [0, 1, 2, 3, 4, 5, 6]
# Longer than this, a time setting is a typing mistake; it also keeps every deadline inside the calendar.
MAX_SECONDS = 30 * 86400
MAX_EXTENSIONS = 20
MAX_TIMEOUTS = 100


class TimeControlError(ValueError):
    """A time setting that cannot be used; the message says what would be accepted."""


def parse_duration(text: str) -> int:
    """``30s``, ``90m``, ``12h``, ``3d``, ``2w`` -> seconds (at most :data:`MAX_SECONDS`)."""
    try:
        return text_parsers.parse_duration(text, longest=MAX_SECONDS)
    except text_parsers.TextError as refusal:
        raise TimeControlError(str(refusal)) from None


def format_duration(seconds: int) -> str:
    for unit, size in (("w", 604800), ("d", 86400), ("h", 3600), ("m", 60)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


@dataclass
class TimeControl:
    move: int | None = None
    reminder: int = 0
    grace: int = 0
    weekdays: list[int] = field(default_factory=lambda: list(ALL_DAYS))
    policy: str = "default"
    max_timeouts: int = 3
    then: str = "bot"
    extensions: int = 2  # how often a player may extend their own deadline in one game

    def __post_init__(self) -> None:
        if self.move is not None and self.move <= 0:
            raise TimeControlError("the time per move must be longer than zero")
        for name, seconds in (("time per move", self.move), ("reminder", self.reminder), ("grace", self.grace)):
            if seconds is not None and seconds > MAX_SECONDS:
                raise TimeControlError(f"the {name} may be at most {format_duration(MAX_SECONDS)}")
        if self.extensions > MAX_EXTENSIONS or self.max_timeouts > MAX_TIMEOUTS:
            raise TimeControlError(f"at most {MAX_EXTENSIONS} extensions and {MAX_TIMEOUTS} timeouts in a row")
        if self.policy not in POLICIES:
            raise TimeControlError(f"timeout policy {self.policy!r} is not one of: {', '.join(POLICIES)}")
        if self.then not in AFTERMATHS:
            raise TimeControlError(f"after repeated timeouts, {self.then!r} is not one of: {', '.join(AFTERMATHS)}")
        days = sorted(set(self.weekdays))
        if not days or any(d not in ALL_DAYS for d in days):
            raise TimeControlError("deadline days are numbers 0 (Monday) to 6 (Sunday), at least one")
        self.weekdays = days
        if self.max_timeouts < 1:
            raise TimeControlError("the number of timeouts before replacement must be at least 1")
        if self.reminder < 0 or self.grace < 0 or self.extensions < 0:
            raise TimeControlError("reminder, grace and extensions cannot be negative")
        if self.move is not None and self.reminder >= self.move:
            raise TimeControlError("the reminder must come before the deadline: make it shorter than the time per move")

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> "TimeControl":
        return cls(**(data or {}))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def enabled(self) -> bool:
        return self.move is not None

    def deadline_after(self, start: datetime.datetime) -> datetime.datetime:
        """When a move awaited from ``start`` is due: move time plus grace, on an allowed day."""
        assert self.move is not None
        due = start + datetime.timedelta(seconds=self.move + self.grace)
        return self.on_allowed_day(due)

    def on_allowed_day(self, due: datetime.datetime) -> datetime.datetime:
        # A deadline that would fall on a day off moves on, a whole day at a time, keeping its hour.
        for _ in range(7):
            if due.astimezone(datetime.timezone.utc).weekday() in self.weekdays:
                return due
            due += datetime.timedelta(days=1)
        return due

    def reminder_before(self, deadline: datetime.datetime, now: datetime.datetime) -> datetime.datetime | None:
        """When to remind, or None if there is no reminder or it would be due already."""
        if not self.reminder:
            return None
        at = deadline - datetime.timedelta(seconds=self.reminder)
        return at if at > now else None

    def describe(self) -> str:
        if self.move is None:
            return "no deadlines"
        parts = [f"{format_duration(self.move)} per move"]
        if self.grace:
            parts.append(f"{format_duration(self.grace)} grace")
        if self.reminder:
            parts.append(f"reminder {format_duration(self.reminder)} before")
        if self.weekdays != ALL_DAYS:
            names = "Mon Tue Wed Thu Fri Sat Sun".split()
            parts.append("deadlines on " + ", ".join(names[d] for d in self.weekdays))
        parts.append(f"on timeout: {'the default move' if self.policy == 'default' else 'skip where allowed'}")
        parts.append(f"after {self.max_timeouts} in a row: {self.then}")
        return "; ".join(parts)
