"""Buildings: resolved after the markers by the player with the rabble majority there.

Who controls a building is fixed when the building step begins (decision: later
moves in the same step, such as the Smuggler's Tunnel, do not take a building
away that has already been scheduled). Order: players who passed first go
first; a player's own buildings in tile order; the Smuggler's Tunnel always last.
"""

from __future__ import annotations

from typing import Any

from . import city, data
from .journal import write
from .shared import bosses_on_board, retrieve

State = dict[str, Any]


def schedule(state: State) -> list[dict[str, Any]]:
    """The building steps of this round, in resolution order."""
    pass_position = {seat: k for k, seat in enumerate(state["passed"])}
    steps = []
    for index, tile in enumerate(state["tiles"]):
        building = tile["building"]
        if building is None:
            continue
        seat = city.controller(tile["rabble"])
        if seat is None:
            write(state, "building_unused", building=data.BUILDINGS_BY_ID[building]["name"])
            continue
        last = bool(data.BUILDINGS_BY_ID[building].get("last"))
        steps.append((last, pass_position.get(seat, len(pass_position)), index, seat))
    steps.sort()
    return [{"step": "building", "tile": index, "seat": seat} for _, _, index, seat in steps]


def resolve_building(state: State, index: int, seat: int) -> None:
    """Apply the building on tile ``index`` for ``seat`` (may leave a pending choice)."""
    building = data.BUILDINGS_BY_ID[state["tiles"][index]["building"]]
    kind = building["kind"]
    name = building["name"]
    if kind == "vp":
        state["vp"][seat] += building["vp"]
        write(state, "building_vp", building=name, seat=seat, vp=building["vp"])
    elif kind == "retrieve":
        moved = retrieve(state, seat, building["amount"])
        write(state, "building_rabble", building=name, seat=seat, moved=moved)
    elif kind == "retrieve_per_boss":
        moved = retrieve(state, seat, building["amount"] * bosses_on_board(state, seat))
        write(state, "building_rabble", building=name, seat=seat, moved=moved)
    elif kind == "votes":
        state["effects"].append({"seat": seat, "kind": "votes", "amount": building["amount"], "source": name})
        write(state, "building_votes", building=name, seat=seat, amount=building["amount"])
    elif kind == "take_control":
        state["pending"] = {"kind": "take", "seat": seat, "source": name}
    elif kind == "move_tile":
        state["pending"] = {"kind": "move_tile", "seat": seat, "source": name}
    elif kind == "smuggle":
        state["pending"] = {"kind": "smuggle", "seat": seat, "source": name}
    elif kind == "end_points":
        write(state, "building_end", building=name, seat=seat, points=building["points"])
    else:  # pragma: no cover - data error
        raise ValueError(f"unknown building kind {kind!r}")
