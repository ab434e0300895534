"""Pieces every game's mail drawing uses (``GameUI.mail_situation``): text left over from the description.

A game's mail tables show part of the rules' text description; what they do not
show follows as text, so the HTML part never tells less than the plain part.
"""

from __future__ import annotations

from typing import Callable, Sequence

from django.utils.safestring import SafeString

# ``GameUI.mail_chip``: a seat's text on its colour, styled inline.
Chip = Callable[[int, str], SafeString]


def rest_of(description: str, covered: Sequence[str]) -> str:
    """The description without the lines that start with ``covered`` (and the indented lines under them)."""
    kept: list[str] = []
    skipping = False
    for line in description.splitlines():
        if line.startswith(tuple(covered)):
            skipping = True
            continue
        if skipping and line.startswith(" "):
            continue
        skipping = False
        if line.strip() or (kept and kept[-1].strip()):
            kept.append(line)
    return "\n".join(kept).strip("\n")


def trimmed(lines: list[str]) -> list[str]:
    """``lines`` without the blank lines at either end."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]
