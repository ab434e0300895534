"""The commands of a reply mail: one per line, ``#`` starts a comment.

Words that name a command (``help``, ``status``, ``moves``, ``resign``,
``say <text>``, ``extend``, ``vacation until YYYY-MM-DD``, ``vacation end``) are
commands; every other line is a move in the game's notation. Moves are applied together through ``games.services.submit_moves``,
all or nothing; ``say`` and ``resign`` only happen when the moves did.

Values are read by :mod:`games.rules.text` (ASCII digits, bounded lengths): a
date is ``YYYY-MM-DD`` and nothing else, and a line longer than any command or
move, or holding a control character, is refused before anything reads it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from games.rules.text import TextError, check_text, parse_date, shown

MAX_LINES = 50
# Longer than any move or command line (a chat line included); longer lines are refused, not read.
MAX_LINE_CHARS = 2000
KEYWORDS = ("help", "status", "moves", "resign", "say", "extend", "vacation")


class CommandError(ValueError):
    """A mail whose commands cannot be run as written; the message says why."""


@dataclass
class Commands:
    moves: list[str] = field(default_factory=list)
    says: list[str] = field(default_factory=list)
    help: bool = False
    status: bool = False
    list_moves: bool = False
    resign: bool = False
    extend: bool = False
    vacation_until: datetime.date | None = None
    vacation_end: bool = False

    @property
    def empty(self) -> bool:
        return not (self.moves or self.says or self.help or self.status or self.list_moves or self.resign
                    or self.extend or self.vacation_until or self.vacation_end)


def split_lines(text: str) -> list[str]:
    """The command lines of a reply: comments and blank lines removed."""
    lines = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def parse(text: str) -> Commands:
    lines = split_lines(text)
    if len(lines) > MAX_LINES:
        raise CommandError(f"a mail may hold at most {MAX_LINES} command lines (yours has {len(lines)})")
    commands = Commands()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise CommandError(f"line {number} is {len(line)} characters long; a command or a move fits in "
                               f"{MAX_LINE_CHARS} (write one command per line)")
        try:
            # No control characters: NUL could not even be stored (a chat line, the answer quoting it).
            check_text(line, limit=MAX_LINE_CHARS, what=f"line {number}")
        except TextError as error:
            raise CommandError(str(error)) from None
        word, _, rest = line.partition(" ")
        keyword = word.lower().rstrip(":")
        if keyword == "say":
            if not rest.strip():
                raise CommandError("'say' needs the text to post, e.g. 'say good luck everyone'")
            commands.says.append(rest.strip())
        elif keyword == "vacation":
            _vacation(commands, rest)
        elif keyword == "extend" and not rest.strip():
            commands.extend = True
        elif keyword in ("help", "status", "moves", "resign") and not rest.strip():
            setattr(commands, {"help": "help", "status": "status", "moves": "list_moves",
                               "resign": "resign"}[keyword], True)
        else:
            commands.moves.append(line)
    if commands.resign and commands.moves:
        raise CommandError("'resign' cannot be sent together with moves; send it on its own")
    return commands


def _vacation(commands: Commands, rest: str) -> None:
    words = rest.lower().split()
    if words in (["end"], ["over"], ["stop"]):
        commands.vacation_end = True
        return
    if len(words) == 2 and words[0] == "until":
        try:
            # Only YYYY-MM-DD in ASCII digits (date.fromisoformat would also take "20261224" and week dates).
            commands.vacation_until = datetime.date(*parse_date(words[1]))
            return
        except TextError as error:
            raise CommandError(f"'{shown(words[1])}' is not a day: write 'vacation until 2026-12-24' (the last "
                               f"day you are away, as year-month-day) or 'vacation end' ({error.accepted})") from None
    raise CommandError("write 'vacation until 2026-12-24' (the last day you are away, as year-month-day) "
                       "or 'vacation end'")
