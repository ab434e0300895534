"""What a game's presentation provides to the generic pages, and the generic presentation itself.

The game page, the replay and the spectator page are one set of generic views;
they ask the game's :class:`GameUI` for three things and nothing else:

* ``board(view, names, play)``: the model its board template prints, built from
  ``rules.view(state, seat)`` only (so it serves live pages and every replay step);
* ``play_context(view=, seat=, decision=, posted=)``: its move forms, built from the
  view and ``rules.choices(state, seat)`` (the :class:`games.rules.Decision`);
* ``build_move(data, view=, decision=)``: the canonical move a posted form means.

Mail asks for one more: ``mail_situation(view, names, description)``, the seat's
situation for a mail's HTML part (boards as tables with inline styles, which mail
clients keep; they drop stylesheets and scripts). The default is the text
description in fixed-width type, as the plain-text part has it.

Moves built here go through ``games.services.submit_move`` like any other, and
the rules check them again; a form that cannot be a move raises :class:`BadForm`.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules import Decision, Move
from games.ui.markup import format_html

# The players' colours, by seat, as the site's stylesheet names them (``c-<colour>`` classes).
SEAT_COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "orange")

# The same colours as hex values, for mail (clients drop stylesheets: colours go inline) and the
# text colour that reads on each.
COLOR_HEX: dict[str, tuple[str, str]] = {
    "red": ("#c53030", "#fff"), "blue": ("#3a6fd8", "#fff"), "green": ("#237a42", "#fff"),
    "yellow": ("#e9b824", "#3a2e00"), "purple": ("#8a4fd1", "#fff"), "orange": ("#e57f2e", "#2b1a00"),
    "black": ("#1f2430", "#fff"), "teal": ("#0f766e", "#fff"), "pink": ("#b5267a", "#fff"),
    "brown": ("#7c4a1e", "#fff"),
}

# The protocol's default seat label ("P2", see ``Rules.seat_label``), as rules texts write seats.
SEAT_LABEL = re.compile(r"\bP(\d{1,2})\b")

# A decision with more options than this is offered as a drop-down, not as buttons.
MAX_BUTTONS = 12
# The generic page lists a decision's options only up to this many (the text box takes the rest).
MAX_LISTED = 80


class BadForm(ValueError):
    """A game form whose content cannot be a move (tampered or malformed); the message is shown."""


class GameUI:
    """The generic presentation: the situation in words, the decision's options as buttons, the text box."""

    board_template: str = "games/generic/board.html"
    play_template: str | None = "games/generic/play.html"
    # A game whose pieces use some of these colours for other things gives its players others.
    seat_colors: tuple[str, ...] = SEAT_COLORS

    def seat_color(self, seat: int) -> str:
        """The colour (a ``c-<colour>`` class of the site's stylesheet) of ``seat``'s player on every page."""
        return self.seat_colors[seat % len(self.seat_colors)]

    def name_seats(self, text: str, names: Sequence[str] | None) -> str:
        """A rules text (a view's recent events, a resolution, a phase label) with each seat as the game
        labels it replaced by the player's name: pages name people. The default replaces "P2" labels."""
        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1)) - 1
            return str(names[seat]) if names and 0 <= seat < len(names) and names[seat] else match.group(0)

        return SEAT_LABEL.sub(name, str(text))

    def mail_chip(self, seat: int, text: str) -> SafeString:
        """``text`` (a player's name, a token's letter) on the seat's colour, styled inline for a mail's HTML part."""
        background, color = COLOR_HEX.get(self.seat_color(seat), ("#555", "#fff"))
        return format_html('<span style="background: {}; color: {}; border-radius: 3px; padding: 0 .35em; '
                           'white-space: nowrap;">{}</span>', background, color, text)

    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        """The seat's situation in a mail's HTML part, built from ``rules.view(state, seat)`` only.

        A game with a board returns it as HTML tables with inline styles (and may keep parts of the
        text ``description``); a table survives mail clients and phone widths where fixed-width
        text must scroll sideways. Empty: the generic mail shows ``description`` as text.
        """
        return mark_safe("")

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The model the board template prints (``b`` in the template); the generic board needs none."""
        return {}

    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        """Context for ``play_template``; ``can_move`` True shows the text box although not awaited."""
        if decision is None or not decision.options or len(decision.options) > MAX_LISTED:
            return {}
        titles = dict(decision.groups)
        groups: dict[str, dict[str, Any]] = {}
        for option in decision.options:
            group = groups.setdefault(option.group, {"key": option.group, "title": titles.get(option.group, ""),
                                                     "options": []})
            group["options"].append({"value": option.text, "label": option.label or option.text})
        for group in groups.values():
            group["select"] = len(group["options"]) > MAX_BUTTONS
        return {"decision": {"prompt": decision.prompt, "groups": list(groups.values()),
                             "complete": decision.complete}}

    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any], decision: Decision | None) -> Move:
        """The generic form posts ``action=choice`` and one option's notation as ``choice``."""
        if data.get("action") == "choice":
            return self.chosen(data, decision)
        raise BadForm("this game has no form of its own; type your move in the text box")

    def chosen(self, data: Mapping[str, Any], decision: Decision | None) -> Move:
        """The move of the option posted as ``choice``, looked up among the decision's legal options."""
        text = " ".join(str(data.get("choice", ""))[:500].split())
        if decision is None:
            raise BadForm("nothing is awaited from you now; reload the page")
        option = decision.find(text)
        if option is None:
            raise BadForm(f"'{text[:60]}' is not one of your choices now; reload the page")
        return option.move

    def confirm_fields(self, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The posted fields to carry into an "are you sure?" form (all but the meta fields)."""
        skip = {"csrfmiddlewaretoken", "confirm", "expected_version", "idempotency_key"}
        fields: list[tuple[str, str]] = []
        for key in data:
            if key in skip:
                continue
            getlist = getattr(data, "getlist", None)
            values = getlist(key) if getlist is not None else [data[key]]
            fields.extend((key, str(value)) for value in values)
        return fields
