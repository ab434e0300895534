"""Copying states cheaply, so ``apply`` never mutates its input.

The state's shape is fixed (see :mod:`.setup`), so a structural copy written out
by hand is many times faster than ``copy.deepcopy``. Entries of ``effects``,
``queue``, ``special``, ``log`` and ``pending`` are treated as immutable values
(the engine replaces them, never edits them in place), so copying the lists that
hold them is enough. ``result`` is written once at the end and never edited.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def copy_tile(tile: dict[str, Any]) -> dict[str, Any]:
    """A tile whose lists may be edited without touching the original."""
    return {
        "colour": tile["colour"],
        "pos": list(tile["pos"]),
        "rabble": list(tile["rabble"]),
        "bosses": list(tile["bosses"]),
        "building": tile["building"],
    }


def clone(state: State) -> State:
    """A copy of the whole state that shares nothing mutable with the original."""
    new = dict(state)
    new["tiles"] = [copy_tile(t) for t in state["tiles"]]
    new["hq"] = list(state["hq"])
    new["boroughs"] = list(state["boroughs"])
    new["control_supply"] = dict(state["control_supply"])
    new["control"] = [dict(c) for c in state["control"]]
    new["vp"] = list(state["vp"])
    new["markers"] = list(state["markers"])
    new["bids"] = [list(b) for b in state["bids"]]
    new["passed"] = list(state["passed"])
    new["effects"] = list(state["effects"])
    new["special"] = list(state["special"])
    new["queue"] = list(state["queue"])
    new["log"] = list(state["log"])
    new["rng"] = dict(state["rng"])
    return new
