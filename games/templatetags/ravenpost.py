"""Template helpers shared by the site's pages (no game logic here: views pass prepared data)."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def dev_mailbox_enabled() -> bool:
    """Whether the nav shows the dev mailbox (settings are read per request, never at import)."""
    from notifications.devmail import mailbox_open

    return mailbox_open()


@register.simple_tag
def site_name() -> str:
    """The service's name as the operator set it (``SITE_NAME``), for pages and mails."""
    return str(getattr(settings, "SITE_NAME", "") or "Ravenpost")


@register.simple_tag
def site_url() -> str:
    """Where the service is reached (``SITE_URL``), for mails that link back."""
    return str(getattr(settings, "SITE_URL", "") or "")


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` for dicts and lists in templates; None when missing."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        if isinstance(mapping, dict):
            return mapping.get(str(key))
        return None


@register.filter
def seat_color(seat: Any, ui: Any = None) -> str:
    """The CSS colour class of a seat: the game's own (``{{ seat|seat_color:ui }}``), else the site's palette."""
    from games.ui.base import SEAT_COLORS

    try:
        index = int(seat)
    except (TypeError, ValueError):
        return "none"
    if ui is not None and hasattr(ui, "seat_color"):
        return str(ui.seat_color(index))
    return SEAT_COLORS[index % len(SEAT_COLORS)]


@register.filter
def named(text: Any, names: Any) -> str:
    """A rules text with each "P2" seat label (the protocol's default) replaced by that player's name."""
    from games.ui.base import GameUI

    return GameUI().name_seats(str(text), names if isinstance(names, (list, tuple)) else None)


@register.simple_tag(takes_context=True)
def name_seats(context: template.Context, text: Any) -> str:
    """``{% name_seats text %}``: a rules text with the players' names where the game labels seats
    its own way (the page's game UI knows how: "P2", or a colour); ``as`` a variable to filter it on."""
    ui = context.get("ui")
    names = context.get("names")
    if ui is None or not hasattr(ui, "name_seats"):
        return named(text, names)
    return str(ui.name_seats(str(text), names))


@register.simple_tag(takes_context=True)
def idempotency_key(context: template.Context) -> str:
    """A fresh key for each rendered move form, so one form sent twice records one move (in a page part
    rendered to be kept, a marker that each output of it replaces with a fresh key)."""
    from games.forms import new_idempotency_key
    from games.templatetags.kept import keeping
    from games.views.kept import FRESH_KEY_MARK

    return FRESH_KEY_MARK if keeping(context) else new_idempotency_key()


@register.filter
def option_labels(game: Any) -> list[str]:
    """The labels of the game's options that are switched on (as the rules name them)."""
    try:
        declared = game.rules.options
    except Exception:  # noqa: BLE001 - a game whose rules are gone still lists without its options
        return []
    labels = []
    for option in declared:
        value = (game.options or {}).get(option.key)
        if value is True:
            labels.append(option.label or option.key.replace("_", " ").capitalize())
        elif value not in (None, False, option.default):
            labels.append(f"{option.label or option.key}: {value}")
    return labels


@register.filter
def time_summary(game: Any) -> str:
    """The game's time settings in a few words ("3d per move; ..." or "no deadlines")."""
    from games.timecontrol import TimeControl, TimeControlError

    try:
        return TimeControl.from_json(getattr(game, "time_control", None)).describe()
    except (TimeControlError, TypeError):
        return "time settings unreadable"


@register.simple_tag(takes_context=True)
def game_board(context: template.Context) -> str:
    """The board of any game: the game UI's board template with ``b`` = ``ui.board(view, names, play)``.

    The same tag serves the live page, spectators and every replay step; only
    the live page of an awaited seat has a ``play`` context (clickable boards).
    """
    ui = context["ui"]
    board = ui.board(context.get("view"), context.get("names"), context.get("play"))
    if context.template is None:
        raise template.TemplateSyntaxError("game_board renders inside a template only")
    board_template = context.template.engine.get_template(ui.board_template)
    # A board's numbers are counts, money and coordinates, printed as they are: without the locale's
    # number formatting, which cost a fifth of a large board's rendering time.
    use_l10n, context.use_l10n = context.use_l10n, False
    try:
        with context.push(b=board):
            return board_template.render(context)
    finally:
        context.use_l10n = use_l10n


@register.simple_tag(takes_context=True)
def game_log_rounds(context: template.Context) -> str:
    """The game log's rounds (``log_rounds``: :func:`games.selectors.by_round`), each a folded list of its
    events with the players named; the same HTML a template loop printed, built here in one pass (a long
    game's log has hundreds of lines, and the page prints it whole)."""
    from django.utils.safestring import mark_safe

    from games.ui.markup import esc  # Django's escape and capfirst each wrap a call in a lazy-text decorator

    rounds = context.get("log_rounds") or []
    if not rounds:
        return mark_safe('<p class="muted small">Nothing has happened yet.</p>\n      ')
    ui = context.get("ui")
    names = context.get("names")
    say = ui.name_seats if ui is not None and hasattr(ui, "name_seats") else None
    parts = []
    for number, group in zip(range(len(rounds), 0, -1), rounds):
        entries = group["entries"]
        count = len(entries)
        lines = []
        for entry in entries:
            said = str(say(str(entry["summary"]), names)) if say is not None else named(entry["summary"], names)
            source = entry.get("source")
            note = f' <span class="muted small">({esc(source)})</span>' if source != "web" and source != "system" else ""
            lines.append(f"<li>{esc(said[:1].upper() + said[1:])}{note}</li>")
        parts.append(
            f'\n      <details class="log-round" id="log-round-{number}"{" open" if group.get("open") else ""}>\n'
            f'        <summary><span class="round-title">{esc(group["title"])}</span> '
            f'<span class="muted small">· {count} event{"" if count == 1 else "s"}</span></summary>\n'
            f'        <ol class="log">\n        {"".join(lines)}\n        </ol>\n      </details>\n      '
        )
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped
