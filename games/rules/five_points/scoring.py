"""Final scoring and the result of a finished game.

At the end: 5 points per boss on the board, 2 per control marker, 5 more per set
of four control markers (one of each colour), the victory points collected, and
Tammany Hall's 5 for the player with the majority there. Decision: equal top
scores share the win (the rulebook gives no tie-break).

A player with all five bosses on the board wins at once, without scoring; the
result then lists the points each player would have had, for information, and
``detail["reason"] == "five bosses"``.
"""

from __future__ import annotations

from typing import Any

from . import city, data

State = dict[str, Any]


def breakdown(state: State) -> list[dict[str, int]]:
    """Each seat's points by category, as they would score right now."""
    n = state["players"]
    tammany_owner = None
    for tile in state["tiles"]:
        if tile["building"] and data.BUILDINGS_BY_ID[tile["building"]]["kind"] == "end_points":
            tammany_owner = city.controller(tile["rabble"])
    rows = []
    for seat in range(n):
        bosses = sum(t["bosses"][seat] for t in state["tiles"])
        markers = state["control"][seat]
        sets = min(markers[c] for c in data.COLOURS)
        row = {
            "bosses": bosses * data.POINTS_PER_BOSS,
            "control_markers": sum(markers.values()) * data.POINTS_PER_CONTROL_MARKER,
            "sets": sets * data.POINTS_PER_COLOUR_SET,
            "victory_points": state["vp"][seat],
            "tammany_hall": data.TAMMANY_HALL_POINTS if tammany_owner == seat else 0,
        }
        row["total"] = sum(row.values())
        rows.append(row)
    return rows


def final_result(state: State) -> dict[str, Any]:
    """The result after the last round: highest total wins (ties share)."""
    rows = breakdown(state)
    scores = [r["total"] for r in rows]
    best = max(scores)
    return {
        "scores": scores,
        "winners": [s for s, v in enumerate(scores) if v == best],
        "detail": {"reason": "final scoring", "rounds": state["round"], "breakdown": rows},
    }


def five_boss_result(state: State, seats: list[int]) -> dict[str, Any]:
    """The result when ``seats`` have every boss on the board (an immediate win)."""
    rows = breakdown(state)
    return {
        "scores": [r["total"] for r in rows],
        "winners": sorted(seats),
        "detail": {"reason": "five bosses", "rounds": state["round"], "breakdown": rows},
    }
