"""Revolution!'s page pieces: the board partial, the bid board form and the Spy/Apothecary choices.

The bid form knows what the player may see and nothing more: the characters'
immunities (printed on the board), the seat's own tokens (its budget) and its
own bid so far. The server turns the form into the canonical move::

    {"action": "bid", "bid": {"general": {"blackmail": 1, "gold": 1}, "printer": {"force": 1}}}
    {"action": "spy", "area": "harbor", "color": "blue"}
    {"action": "swap", "cubes": [{"area": "cathedral", "color": "blue"}, {"area": "tavern", "color": "yellow"}]}
    {"action": "pass"}

and the rules decide whether it is legal (all tokens used, ...). Field names:
``bid-<character>-<kind>`` (``bid-general-gold``), ``action``, ``target``
(``harbor:blue``), ``first`` and ``second`` for the Apothecary.
"""

from __future__ import annotations

from typing import Any, Mapping

from games.rules.revolution.data import (
    AREA_INDEX,
    AREA_LIST,
    AREAS,
    CHARACTER_IDS,
    CHARACTER_LIST,
    CHARACTERS,
    COLORS,
    KIND_NAME,
    KINDS,
    MAX_CHARACTERS_PER_BID,
    SPY,
)
from games.rules import Decision
from games.ui.revolution.board import board_model
from games.ui.base import BadForm, GameUI

MAX_COUNT = 99  # far more than the box holds; anything above is a tampered form


def _area_label(area_id: str) -> str:
    return AREAS[area_id].name


class RevolutionUI(GameUI):
    slug = "revolution"

    board_template = "ui/revolution/board.html"
    play_template = "ui/revolution/play.html"

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return board_model(view, names)

    # -- forms on the page ------------------------------------------------------------
    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        if not view or seat is None:
            return {}
        phase = view["phase"]
        context: dict[str, Any] = {}
        hand = view["hands"][seat]
        if phase == "bidding" and sum(hand.values()) > 0:
            context["bid_form"] = self._bid_form(view, seat, posted)
            # A seat that already bid may revise until the last bid is in.
            context["can_move"] = True
        pending = view.get("pending")
        if phase == "choice" and pending and pending["seat"] == seat:
            special = CHARACTERS[pending["character"]].special
            context["choice"] = self._choice_form(view, seat, special)
            context["can_move"] = True
        return context

    def _bid_form(self, view: Mapping[str, Any], seat: int, posted: Mapping[str, Any] | None) -> dict[str, Any]:
        own = view["bids"].get(str(seat), {})
        hand = view["hands"][seat]
        rows = []
        for ch in CHARACTER_LIST:
            cells = []
            for kind in KINDS:
                name = f"bid-{ch.id}-{kind}"
                if posted is not None and name in posted:
                    value = str(posted.get(name, ""))[:6]
                else:
                    value = str(own.get(ch.id, {}).get(kind, 0))
                cells.append({"name": name, "kind": kind, "label": KIND_NAME[kind], "value": value,
                              "immune": kind in ch.immune, "max": hand[kind]})
            rows.append({"character": ch, "cells": cells, "reward": ch.reward_text(),
                         "immune": [KIND_NAME[k] for k in KINDS if k in ch.immune]})
        return {
            "rows": rows,
            "hand": [{"kind": k, "label": KIND_NAME[k], "count": hand[k]} for k in KINDS],
            "has_bid": bool(own) or str(seat) in view["bids"],
            "max_characters": MAX_CHARACTERS_PER_BID,
        }

    def _choice_form(self, view: Mapping[str, Any], seat: int, special: str | None) -> dict[str, Any]:
        colors = view["colors"]
        spots = [
            {"value": f"{area.id}:{colors[s]}", "label": f"{colors[s].capitalize()} cube in the {area.name}",
             "seat": s}
            for area in AREA_LIST
            for s, n in enumerate(view["board"][area.id])
            if n > 0
        ]
        if special == SPY:
            return {"kind": "spy", "character": "Spy",
                    "targets": [spot for spot in spots if spot["seat"] != seat]}
        return {"kind": "swap", "character": "Apothecary", "targets": spots}

    # -- forms to moves -----------------------------------------------------------------
    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any],
                   decision: Decision | None) -> Any:
        action = data.get("action")
        if action == "bid":
            return {"action": "bid", "bid": self._bid_from(data)}
        if action == "pass":
            return {"action": "pass"}
        if action == "spy":
            area, color = self._spot(data.get("target"), view, "the Spy's target")
            return {"action": "spy", "area": area, "color": color}
        if action == "swap":
            first = self._spot(data.get("first"), view, "the first cube")
            second = self._spot(data.get("second"), view, "the second cube")
            cubes = sorted([first, second], key=lambda s: (AREA_INDEX[s[0]], COLORS.index(s[1])))
            return {"action": "swap", "cubes": [{"area": a, "color": c} for a, c in cubes]}
        raise BadForm("the form did not say what it is for (a bid, a Spy or Apothecary choice, or pass)")

    def _bid_from(self, data: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        counts: dict[str, dict[str, int]] = {}
        for name in data:
            if not name.startswith("bid-"):
                continue
            _, _, rest = name.partition("-")
            cid, _, kind = rest.rpartition("-")
            if cid not in CHARACTERS:
                raise BadForm(f"there is no character '{cid}' on the bid board")
            if kind not in KINDS:
                raise BadForm(f"'{kind}' is not a token (tokens are Force, Blackmail and Gold)")
            raw = str(data.get(name, "")).strip()
            if raw == "":
                continue  # an empty box (or a disabled, immune one) means none
            if not raw.lstrip("-").isdigit():
                raise BadForm(f"'{raw}' {KIND_NAME[kind]} on the {CHARACTERS[cid].name} is not a whole number")
            count = int(raw)
            if count < 0:
                raise BadForm(f"{count} {KIND_NAME[kind]} on the {CHARACTERS[cid].name}: counts cannot be negative")
            if count > MAX_COUNT:
                raise BadForm(f"{count} {KIND_NAME[kind]} on the {CHARACTERS[cid].name} is more than the box holds")
            if count:
                counts.setdefault(cid, {})[kind] = count
        # Canonical order: resolution order, then Force, Blackmail, Gold.
        return {cid: {k: counts[cid][k] for k in KINDS if k in counts[cid]} for cid in CHARACTER_IDS
                if cid in counts}

    def _spot(self, raw: Any, view: Mapping[str, Any], what: str) -> tuple[str, str]:
        area, _, color = str(raw or "").partition(":")
        if area not in AREAS:
            raise BadForm(f"choose {what}: '{area}' is not an area of the board")
        if color not in view.get("colors", COLORS):
            raise BadForm(f"choose {what}: '{color}' is not a colour in this game")
        return area, color

