"""Manipulation markers: drawing the row of four and resolving them left to right.

The winner of a marker is the seat with the most rabble bid on it (the bidding
rule guarantees a single leader). Markers nobody bid on are discarded unused.
Vote bonuses are recorded in ``state["effects"]`` and counted by each election
of the round; choices (move a tile, take a control marker, place the special
election) become a ``pending`` choice for the winner.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import GameRng

from . import city, data
from .journal import marker_ref, write
from .shared import take_control

State = dict[str, Any]


def letter(index: int) -> str:
    """Markers are lettered A, B, C, D from left to right."""
    return "ABCDEFGH"[index]


def draw_markers(state: State, rng: GameRng) -> None:
    """Shuffle every undotted marker together and lay out a new row.

    The rulebook returns all markers to the pool each round, so the pool is the
    whole undotted set every time and no draw pile needs to be kept (nothing
    hidden is stored in the state).
    """
    pool = [m["id"] for m in data.MARKERS if not m["dots"]]
    rng.shuffle(pool)
    row = pool[: data.MARKERS_PER_ROUND]
    state["markers"] = row
    state["bids"] = [[0] * state["players"] for _ in row]


def leader(bids: list[int]) -> int | None:
    """The seat with strictly the most rabble on a marker, or None when nobody bid."""
    best = max(bids)
    if best <= 0:
        return None
    leaders = [s for s, b in enumerate(bids) if b == best]
    return leaders[0] if len(leaders) == 1 else None


def resolve_marker(state: State, index: int) -> None:
    """Apply marker ``index`` of the row for its winner (may leave a pending choice)."""
    marker = data.MARKERS_BY_ID[state["markers"][index]]
    seat = leader(state["bids"][index])
    name = f"marker {letter(index)} ({marker['label']})"
    ref = marker_ref(letter(index), marker["label"])
    if seat is None:
        write(state, "discarded", marker=ref)
        return
    kind = marker["kind"]
    if kind == "votes":
        state["effects"].append({"seat": seat, "kind": "votes", "amount": marker["amount"], "source": name})
        write(state, "marker_votes", marker=ref, seat=seat, amount=marker["amount"])
    elif kind == "colour_votes":
        state["effects"].append(
            {"seat": seat, "kind": "colour_votes", "amount": marker["amount"],
             "colours": list(marker["colours"]), "source": name}
        )
        write(state, "marker_colour_votes", marker=ref, seat=seat, amount=marker["amount"],
              colours=marker["colours"])
    elif kind == "boss_votes":
        state["effects"].append({"seat": seat, "kind": "boss_votes", "source": name})
        write(state, "marker_boss_votes", marker=ref, seat=seat)
    elif kind == "move_tile":
        state["pending"] = {"kind": "move_tile", "seat": seat, "source": name}
    elif kind == "take_control":
        state["pending"] = {"kind": "take", "seat": seat, "source": name}
    elif kind == "special_election":
        state["pending"] = {"kind": "special", "seat": seat, "source": name}
    elif kind == "colour_majority":
        _colour_majority(state, seat, marker, ref)
    elif kind == "vp_per_control":
        count = sum(1 for _ in city.iter_controlled(state["tiles"], seat))
        state["vp"][seat] += marker["vp"] * count
        write(state, "vp_per_control", marker=ref, seat=seat, count=count, vp=marker["vp"] * count)
    else:  # pragma: no cover - data error
        raise ValueError(f"unknown marker kind {kind!r}")


def _colour_majority(state: State, seat: int, marker: dict[str, Any], ref: dict[str, Any]) -> None:
    """4 VP if ``seat`` controls strictly more neighbourhoods of the colour than anyone else."""
    colour = marker["colour"]
    counts = [0] * state["players"]
    for t in state["tiles"]:
        if t["colour"] == colour:
            owner = city.controller(t["rabble"])
            if owner is not None:
                counts[owner] += 1
    mine = counts[seat]
    if mine > 0 and all(c < mine for s, c in enumerate(counts) if s != seat):
        state["vp"][seat] += marker["vp"]
        write(state, "majority", marker=ref, seat=seat, colour=colour, count=mine, vp=marker["vp"])
    else:
        write(state, "no_majority", marker=ref, seat=seat, colour=colour)


def apply_take(state: State, seat: int, colour: str, source: str) -> None:
    """The take-a-control-marker choice (marker or Newspaper)."""
    take_control(state, seat, colour)
    write(state, "take", source=source, seat=seat, colour=colour)
