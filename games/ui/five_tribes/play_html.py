"""Five Tribes' decision forms: each group's buttons or drop-down options, written in one pass.

A group printed a dozen template nodes per option (its value, a label named twice,
a confirmation), most of the forms' time on a page with many choices (bids, Djinns,
the market). The template names the players in a label with the page's names, which
the adapter does not have: a group whose labels name no seat ("P2") reads the same for
everyone and is built here; one that does (an Assassin's targets) stays a template loop.
The template keeps the forms' tokens and the movement's JSON. tests/web/test_five_tribes_html.py
holds the forms to the template they replaced over whole games.
"""

from __future__ import annotations

from typing import Any, Mapping

from django.utils.safestring import SafeString, mark_safe

from games.ui.base import SEAT_LABEL, GameUI
from games.ui.markup import esc

_SAY = GameUI()  # the ``named`` filter's text (a plain str even from a safe label, so escaped as it was)


def _label(option: Mapping[str, Any]) -> str:
    return esc(_SAY.name_seats(str(option["label"]), None))


def _button(css: str, option: Mapping[str, Any]) -> str:
    value, label = esc(option["value"]), _label(option)
    return (f'<button class="{css}" type="submit" name="choice" value="{value}" title="{value}" '
            f'data-confirm-move="Confirm: {label}">{label}</button>')


def options_html(group: Mapping[str, Any]) -> SafeString | None:
    """The group's drop-down options (``select``) or buttons; None when a label names a seat, which the
    template names with the page's players."""
    options = group["options"]
    if any(SEAT_LABEL.search(str(o["label"])) for o in options):
        return None
    if group["select"]:
        html = "".join(f'<option value="{esc(o["value"])}">{_label(o)}</option>' for o in options)
    else:
        css = "secondary" if group["key"] == "finish" else "primary"
        html = "".join(_button(css, o) for o in options)
    return mark_safe(html)  # noqa: S308 - every value is escaped


def sale_html(sale: Any) -> SafeString:
    """One counter per merchandise kind held, each at most the count held."""
    return mark_safe("".join(  # noqa: S308 - every value is escaped
        f'<label class="ft-sell">{esc(s["card"])} <input type="number" name="{esc(s["field"])}" min="0" '
        f'max="{esc(s["count"])}" value="0" inputmode="numeric"> <span class="muted small">of {esc(s["count"])}'
        '</span></label>' for s in sale))
