"""The long lists of Mob Town's move forms, written in one pass: the HTML the play template's loops printed.

An awaited seat's forms listed every property it may take over, every cell a lot
card may go to and its hand two or three times over, each option a dozen template
nodes: 2 to 2.5 ms of an 18 ms first view, about 0.6 ms with the lists built here
(their context included). The template keeps the forms themselves (the address, the
CSRF token, the expected version and a fresh idempotency key per form, which depend
on the request) and prints the lists. Every value goes through :func:`esc` as the
template's ``{{ }}`` did. tests/web/test_mob_town_html.py holds the result to the
template it replaced, for every kind of decision over whole games.
"""

from __future__ import annotations

import functools
import json
from typing import Any, Mapping, Sequence

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.safestring import SafeString, mark_safe

from games.rules.mob_town import AGENDAS, card_name, card_suit
from games.ui.markup import esc, plural

_NO_CARDS = '<span class="muted">You hold no cards.</span>'
_UNAFFORDABLE = " — you cannot pay for it now"


def _safe(text: str) -> SafeString:
    return mark_safe(text)  # noqa: S308 - the builders below escape every value they print


@functools.cache
def agendas_html() -> SafeString:
    """One check box per agenda: the same eight every time."""
    return _safe("".join(f'<label class="mt-check"><input type="checkbox" name="agenda" value="{esc(a)}"> '
                         f"{esc(AGENDAS[a].name)}</label>" for a in AGENDAS))


def targets_html(targets: Sequence[Mapping[str, Any]]) -> SafeString:
    """The take-over form's properties, one option each."""
    parts = []
    for t in targets:
        cell = t["cell"]
        connection = f", connection {esc(t['connection'])}" if t["connection"] else ""
        parts.append(f'<option value="{esc(cell[0])},{esc(cell[1])}">{esc(t["label"])} {esc(t["name"])} '
                     f'({esc(t["code"])}): cost {esc(t["cost"])}{connection}'
                     f'{"" if t["affordable"] else _UNAFFORDABLE}</option>')
    return _safe("".join(parts))


@functools.lru_cache(maxsize=512, typed=True)  # some forty cards, at the few places a hand reaches
def _takeover_box(code: str, index: int) -> str:
    return (f'<label class="mt-check mt-hcard s-{esc(card_suit(code))}"><input type="checkbox" name="pay" '
            f'value="{esc(code)}" data-card="{esc(code)}" data-index="{esc(index)}"> '
            f"{esc(card_name(code))}</label>")


@functools.lru_cache(maxsize=128)
def _pay_box(code: str) -> str:
    return (f'<label class="mt-check mt-hcard s-{esc(card_suit(code))}"><input type="checkbox" name="pay" '
            f'value="{esc(code)}"> {esc(card_name(code))}</label>')


def takeover_hand_html(hand: Sequence[str]) -> SafeString:
    """The take-over form's cards, each with the code and place in hand the script reads."""
    return _safe("".join(_takeover_box(code, i) for i, code in enumerate(hand)) or _NO_CARDS)


def pay_html(hand: Sequence[str], empty: bool) -> SafeString:
    """A pay form's cards (``empty``: say so when there are none)."""
    return _safe("".join(map(_pay_box, hand)) or (_NO_CARDS if empty else ""))


def lot_cards_html(cards: Sequence[Mapping[str, Any]]) -> SafeString:
    """The open lot form's cards (``suits`` already in words)."""
    return _safe("".join(f'<option value="{esc(lot["number"])}">{esc(lot["number"])}. {esc(lot["name"])} '
                         f'({esc(lot["card"])}), cost {esc(lot["cost"])}, {esc(lot["suits"])}</option>'
                         for lot in cards))


def lot_cells_html(cells: Sequence[Mapping[str, Any]]) -> SafeString:
    """The cells a lot card may be placed on."""
    return _safe("".join(f'<option value="{esc(c["cell"][0])},{esc(c["cell"][1])}">{esc(c["label"])} '
                         f'({esc(c["place"])})</option>' for c in cells))


def pawn_html(pawn: Mapping[str, Any]) -> SafeString:
    """The co-op pawn's card: what is there and what clears it out or shuts it down."""
    value = esc(pawn["value"])
    state = "shut down" if pawn["down"] else f"{esc(pawn['mob'])} mob token{plural(pawn['mob'])}"
    return _safe(f"<h3>At your pawn: {esc(pawn['name'])} ({esc(pawn['label'])})</h3>\n"
                 f'    <p class="small">Value {value}; {state}. Clear Out with {esc(pawn["clear_with"])}; '
                 f"Shut Down (no tokens left) with {esc(pawn['shutdown_with'])}, exactly {value}.</p>")


def builder_html(builder: Mapping[str, Any]) -> SafeString:
    """The take-over script's data as ``json_script`` wrote it: the same JSON with ``<``, ``>`` and ``&``
    as unicode escapes. Three replacements instead of its ``str.translate``, which took longer than the
    encoding on a long list of targets."""
    text = json.dumps(builder, cls=DjangoJSONEncoder)
    text = text.replace(">", "\\u003E").replace("<", "\\u003C").replace("&", "\\u0026")
    return _safe(f'<script id="mt-builder-data" type="application/json">{text}</script>')


def choices_html(group: Mapping[str, Any], title: Any) -> SafeString:
    """A choice group's options: a drop-down and its button (``group["select"]``) or one button each;
    ``title`` names a drop-down whose group has no title of its own."""
    options = group["options"]
    if group["select"]:
        listed = "".join(f'<option value="{esc(o["value"])}">{esc(o["label"])}</option>' for o in options)
        named = group["title"]
        return _safe(f'\n        <select name="choice" aria-label="{esc(named or title)}">{listed}</select>\n'
                     f'        <button class="primary" type="submit">{esc(named or "Choose")}</button>'
                     "\n      ")
    buttons = "".join(f'<button class="primary" type="submit" name="choice" value="{esc(o["value"])}" '
                      f'title="{esc(o["value"])}">{esc(o["label"])}</button>' for o in options)
    return _safe(f"\n        {buttons}\n      ")
