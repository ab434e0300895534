"""A presentation for the test game that draws its board in mail, as a hosted game's UI folder does."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.ui.base import GameUI


class MailBoardUI(GameUI):
    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        board = (view or {}).get("board") or [""] * 9
        rows = format_html_join("", "<tr>{}</tr>", (
            (format_html_join("", '<td style="border: 1px solid #888; width: 2em; text-align: center;">{}</td>',
                              ((board[r * 3 + c] or "\u00b7",) for c in range(3))),) for r in range(3)))
        return format_html('<table role="presentation" data-test-board="1">{}</table>', rows)


UI = MailBoardUI()
