"""Game-specific pieces of the game page: board partial, play forms, and turning those forms into moves.

The generic page works for every hosted game (the text move box in the game's
notation); a game may register an adapter that adds richer forms (Revolution!'s
bid board). Adapters only read the seat's ``rules.view(...)``; the moves they
build go through ``games.services.submit_move`` like any other.
"""

from __future__ import annotations

from typing import Any, Mapping


class BadForm(ValueError):
    """A game form whose content cannot be a move (tampered or malformed); the message is shown."""


class GameUI:
    """The default: a generic board (the view as text) and only the text move box."""

    slug = ""

    def board_template(self) -> str:
        return "games/generic/board.html"

    def play_template(self) -> str | None:
        """The partial with the game's own move forms, or None for the text box only."""
        return None

    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, awaited: bool,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        return {}

    def build_move(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> Any:
        raise BadForm("this game has no form of its own; type your move in the text box")

    def confirm_fields(self, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The posted fields to carry into an "are you sure?" form (all but the meta fields)."""
        skip = {"csrfmiddlewaretoken", "confirm", "expected_version", "idempotency_key"}
        fields: list[tuple[str, str]] = []
        for key in data:
            if key in skip:
                continue
            values = data.getlist(key) if hasattr(data, "getlist") else [data[key]]
            fields.extend((key, str(value)) for value in values)
        return fields


_ADAPTERS: dict[str, GameUI] = {}


def register(adapter: GameUI) -> GameUI:
    _ADAPTERS[adapter.slug] = adapter
    return adapter


def ui_for(slug: str) -> GameUI:
    # Imported here so each game's adapter registers itself on first use.
    from games.views import revolution  # noqa: F401
    from games.views import five_tribes  # noqa: F401
    from games.views import five_points  # noqa: F401

    return _ADAPTERS.get(slug, GameUI())
