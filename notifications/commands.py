"""The commands of a reply mail: one per line, ``#`` starts a comment.

Words that name a command (``help``, ``status``, ``moves``, ``resign``,
``say <text>``, ``extend``, ``vacation until YYYY-MM-DD``, ``vacation end``) are
commands; every other line is a move in the game's notation. Moves are applied together through ``games.services.submit_moves``,
all or nothing; ``say`` and ``resign`` only happen when the moves did.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

MAX_LINES = 50
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
    for line in lines:
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
            commands.vacation_until = datetime.date.fromisoformat(words[1])
            return
        except ValueError:
            pass
    raise CommandError("write 'vacation until 2026-12-24' (the last day you are away, as year-month-day) "
                       "or 'vacation end'")
