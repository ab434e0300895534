"""Pieces every game's mail drawing uses (``GameUI.mail_situation``): the tables' style, the left-over text.

A game's mail tables show part of the rules' text description; what they do not
show follows as text, so the HTML part never tells less than the plain part.
"""

from __future__ import annotations

from typing import Callable, Sequence

from django.utils.safestring import SafeString

# The house style of mail tables, inline (mail clients drop stylesheets).
TABLE = "border-collapse: collapse; font-size: 13px; margin: .2em 0 .8em; font-family: Arial, sans-serif;"
TH = "border: 1px solid #c9c2b0; background: #f1ede2; padding: 2px 4px; text-align: left; font-weight: bold;"
TD = "border: 1px solid #c9c2b0; padding: 2px 4px; vertical-align: top;"
NUM = TD + " text-align: right;"
ROWH = TD + " text-align: left; font-weight: normal;"
CAPTION = "caption-side: top; text-align: left; font-weight: bold; padding: 0 0 2px; font-size: 13px;"
# A table whose width depends on the players' names scrolls inside its own box rather than widen the mail;
# a scroll box is a named region that takes focus, so it can be scrolled from the keyboard.
SCROLL = '<div tabindex="0" role="region" aria-label="{}" style="overflow-x: auto;">{}</div>'
NOTE = "font-size: 12px; color: #555; margin: 0 0 .8em; font-family: Arial, sans-serif;"
# The description's left-over lines: fixed-width like the text part, but wrapping (never wider than a phone).
REST = ("margin: .4em 0; font-family: Menlo, Consolas, 'Courier New', monospace; font-size: 12px; "
        "white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f3ea; padding: .5em .6em;")

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
