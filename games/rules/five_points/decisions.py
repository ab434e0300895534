"""The seat's next decision for interfaces (``choices``) and the pass a timed-out seat makes (``skip_move``).

Every decision is computed on the real state for the awaited seat; nothing in
it is hidden from that seat (Five Points hides nothing but the generator).

``kind`` and what the options and ``detail`` hold:

``place`` (the placement phase)
    A move is one tile *times* either no bid or one marker with a bid in its
    range, or ``pass``: hundreds of combinations, so ``complete`` is False
    whenever a bid is possible. The options are the plain placements (one per
    tile) and ``pass``; ``detail`` holds the product::

        {"tiles": [1, ..., 11], "hq": 6, "last_turn": false, "pass": true,
         "bids": [{"marker": "B", "label": "+3 votes in red", "min": 1, "max": 5}, ...]}

    Every ``place <tile>`` with every ``bid <n> on marker <m>`` for ``min <= n
    <= max`` is legal (``max`` is the HQ less the placed rabble; ``min`` what
    it takes to lead that marker). Markers nobody can lead are left out.
``move_tile`` (a marker or the Zoning Commission)
    Complete: ``skip`` and every ``move tile <t> to <cell>``; ``detail``:
    ``{"source": ..., "skip": true, "targets": {"7": ["C4", ...], ...}}``
    (the empty cells each tile may go to).
``take`` (a marker or the Newspaper)
    Complete: one ``take <colour>`` per pile with markers left; ``detail``:
    ``{"source": ..., "colours": [...]}``.
``special``
    Complete: ``special <tile>`` for every neighbourhood; ``detail``:
    ``{"source": ..., "tiles": [...]}``.
``elect`` (neighbourhoods tied for the most rabble)
    Complete: every ordered choice ``elect <t1> <t2>``; ``detail``:
    ``{"source": ..., "tiles": [tied tiles], "count": how many vote}``.
``smuggle`` (the Smuggler's Tunnel)
    One rabble of any player from any tile to any other tile: a product, so
    ``complete`` is False; the only option listed is ``skip``; ``detail``::

        {"source": "Smuggler's Tunnel", "skip": true, "tiles": [1, ..., 11],
         "sources": [{"player": 2, "tile": 5, "rabble": 3}, ...]}

    and ``smuggle player <p> from <f> to <t>`` is legal for every entry of
    ``sources`` (player ``p`` has rabble on tile ``f``) and every other tile ``t``.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Choice, Decision

from . import choices, city, data, notation
from .markers import letter
from .placement import min_bid
from .views import to_act

State = dict[str, Any]
Move = dict[str, Any]

PROMPTS = {
    "move_tile": "Move a neighbourhood to an empty cell next to another one, or skip",
    "take": "Take a control marker of a colour whose pile is not empty",
    "special": "Choose the neighbourhood of the special election",
    "elect": "Choose which tied neighbourhoods hold elections, in voting order",
    "smuggle": "Move one rabble of any player to another neighbourhood, or skip",
}


def decision(state: State, seat: int) -> Decision | None:
    """The decision awaited from ``seat`` now, or None."""
    if seat not in to_act(state):
        return None
    if state["phase"] == "placement":
        return _placement(state, seat)
    pending = state["pending"]
    kind = pending["kind"]
    detail: dict[str, Any] = {"source": pending["source"]}
    prompt = f"{PROMPTS[kind]} ({pending['source']})"
    if kind == "smuggle":
        return _smuggle(state, seat, prompt, detail)
    options = [_option(state, move) for move in choices.options(state)]
    if kind == "move_tile":
        targets: dict[str, list[str]] = {}
        for option in options:
            if option.move["action"] == "move":
                targets.setdefault(str(option.move["tile"]), []).append(option.move["to"])
        detail.update(skip=True, targets=targets)
    elif kind == "take":
        detail["colours"] = [o.move["colour"] for o in options]
    elif kind == "special":
        detail["tiles"] = [o.move["tile"] for o in options]
    elif kind == "elect":
        detail.update(tiles=list(pending["tiles"]), count=pending["count"])
    groups = _groups(options)
    return Decision(seat=seat, kind=kind, prompt=prompt, options=tuple(options), complete=True,
                    groups=groups, detail=detail)


def skip_move(state: State, seat: int) -> Move | None:
    """``pass`` in the placement phase, ``skip`` for an optional effect; None where a choice must be made."""
    if seat not in to_act(state):
        return None
    if state["phase"] == "placement":
        return {"action": "pass"}
    if state["pending"]["kind"] in ("move_tile", "smuggle"):
        return {"action": "skip"}
    return None


# -- the kinds ---------------------------------------------------------------------------------
_GROUP_TITLES = {
    "place": "Place a rabble",
    "pass": "Pass",
    "move": "Move a neighbourhood",
    "skip": "Do not use it",
    "take": "Take a control marker",
    "special": "Special election",
    "elect": "Tied elections",
}


def _groups(options: list[Choice]) -> tuple[tuple[str, str], ...]:
    keys: list[str] = []
    for option in options:
        if option.group not in keys:
            keys.append(option.group)
    return tuple((key, _GROUP_TITLES[key]) for key in keys)


def _tile_label(state: State, number: int) -> str:
    tile = state["tiles"][number - 1]
    return f"tile {number} ({city.cell_name(*tile['pos'])}, {tile['colour']})"


def _option(state: State, move: Move) -> Choice:
    """A legal move as an option: its notation, a short label and its group."""
    action = move["action"]
    text = notation.format_move(move)
    if action == "place":
        label = _tile_label(state, move["tile"])
    elif action == "pass":
        label = "Pass"
    elif action == "skip":
        label = "Skip (do not use it)"
    elif action == "move":
        label = f"tile {move['tile']} to {move['to']}"
    elif action == "take":
        label = f"Take {move['colour']}"
    elif action in ("special",):
        label = _tile_label(state, move["tile"])
    elif action == "elect":
        label = " then ".join(f"tile {t}" for t in move["tiles"])
    else:
        label = text
    group = "place" if action == "place" else action
    return Choice(move, text, label=label, group=group)


def _placement(state: State, seat: int) -> Decision:
    hq = state["hq"][seat]
    tiles = list(range(1, len(state["tiles"]) + 1)) if hq >= 1 else []
    bids = []
    for index, mid in enumerate(state["markers"]):
        low = min_bid(state, seat, index)
        if tiles and low <= hq - 1:
            bids.append({"marker": letter(index), "label": data.MARKERS_BY_ID[mid]["label"], "min": low,
                         "max": hq - 1})
    options = [_option(state, {"action": "place", "tile": t}) for t in tiles]
    options.append(_option(state, {"action": "pass"}))
    last = " (your last turn: after it you pass)" if state["last_turn"] else ""
    prompt = ("Place a rabble on a neighbourhood, optionally bidding rabble from your HQ on a marker, "
              f"or pass{last}")
    detail = {"tiles": tiles, "hq": hq, "last_turn": state["last_turn"], "pass": True, "bids": bids}
    return Decision(seat=seat, kind="place", prompt=prompt, options=tuple(options), complete=not bids,
                    groups=_groups(options), detail=detail)


def _smuggle(state: State, seat: int, prompt: str, detail: dict[str, Any]) -> Decision:
    sources = [{"player": owner + 1, "tile": index + 1, "rabble": count}
               for index, tile in enumerate(state["tiles"])
               for owner, count in enumerate(tile["rabble"]) if count > 0]
    detail.update(skip=True, tiles=list(range(1, len(state["tiles"]) + 1)), sources=sources)
    options = [_option(state, {"action": "skip"})]
    return Decision(seat=seat, kind="smuggle", prompt=prompt, options=tuple(options), complete=not sources,
                    groups=_groups(options), detail=detail)
