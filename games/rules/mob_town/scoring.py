"""Round scoring (l.63-70): controlled properties, agendas with the tie-break, and the final briefcases.

Each player scores the face value of every property whose top token is hers
(a landmark's own points where it says so), then 3 points (5 under High
Stakes) for each of her two agendas she accomplishes. An agenda "control the
most ..." is accomplished by a player whose count beats everyone else's and is
not zero; among players sharing the top count, the one with the strictly
highest face-value sum of the relevant properties wins it (R22, R23).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import State

from .city import Cell, cell_of, grid, neighbours
from .common import controller, seat_perk
from .data import AGENDAS, BRIEFCASE_POINTS, PROPERTIES, Agenda


def holdings(s: State, seat: int) -> list[tuple[Cell, str]]:
    """(cell, card) of every property the seat controls."""
    return [(cell_of(e), e["card"]) for e in s["city"] if controller(e) == seat]


def largest_block(cells: set[Cell]) -> int:
    """The size of the largest group of orthogonally connected cells."""
    best = 0
    seen: set[Cell] = set()
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            cell = stack.pop()
            size += 1
            for n in neighbours(cell):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        best = max(best, size)
    return best


def agenda_count(agenda: Agenda, held: list[tuple[Cell, str]]) -> int:
    cards = [PROPERTIES[c] for _, c in held]
    if agenda.count == "type":
        return sum(1 for p in cards if p.type == agenda.type)
    if agenda.count == "types":
        return len({p.type for p in cards if p.type is not None})
    if agenda.count == "min_value":
        return sum(1 for p in cards if p.value >= agenda.min_value)
    return largest_block({cell for cell, _ in held})


def relevant_sum(agenda: Agenda, held: list[tuple[Cell, str]]) -> int:
    """Face values of the properties an agenda tie compares (R23)."""
    cards = [PROPERTIES[c] for _, c in held]
    if agenda.relevant == "type":
        return sum(p.value for p in cards if p.type == agenda.type)
    return sum(p.value for p in cards if p.type is not None)


def agenda_winner(s: State, agenda_id: str) -> int | None:
    """The one seat accomplishing the agenda on this city (whoever holds it), or None."""
    agenda = AGENDAS[agenda_id]
    held = [holdings(s, seat) for seat in range(s["players"])]
    counts = [agenda_count(agenda, h) for h in held]
    top = max(counts)
    if top == 0:
        return None
    leaders = [seat for seat, c in enumerate(counts) if c == top]
    if len(leaders) == 1:
        return leaders[0]
    sums = {seat: relevant_sum(agenda, held[seat]) for seat in leaders}
    best = max(sums.values())
    tied = [seat for seat, v in sums.items() if v == best]
    return tied[0] if len(tied) == 1 else None


def property_points(s: State, seat: int) -> list[dict[str, Any]]:
    """Each controlled property and what it scores (a City Hall counts its controller's neighbours)."""
    here = grid(s["city"])
    out = []
    for cell, card_id in holdings(s, seat):
        card = PROPERTIES[card_id]
        points = card.score
        if card.adjacent_bonus:
            points += card.adjacent_bonus * sum(1 for n in neighbours(cell) if n in here and
                                                 controller(here[n]) == seat)
        out.append({"card": card_id, "cell": list(cell), "points": points})
    return out


def score_round(s: State, drawer: int) -> dict[str, Any]:
    """Score every player from the Law's drawer in seat order; add to the totals; the round's record."""
    n = s["players"]
    winners = {a: agenda_winner(s, a) for seat in range(n) for a in s["agendas"][seat]}
    order = [(drawer + i) % n for i in range(n)]
    seats = []
    for seat in order:
        props = property_points(s, seat)
        per_agenda = seat_perk(s, seat).agenda_points
        agendas = [{"id": a, "done": winners[a] == seat} for a in s["agendas"][seat]]
        prop_total = sum(p["points"] for p in props)
        agenda_total = per_agenda * sum(1 for a in agendas if a["done"])
        s["scores"][seat] += prop_total + agenda_total
        seats.append({"seat": seat, "properties": props, "property_points": prop_total, "agendas": agendas,
                      "agenda_points": agenda_total, "round_points": prop_total + agenda_total,
                      "total": s["scores"][seat]})
    return {"round": s["round"], "law": drawer, "order": order, "seats": seats}


def final_scores(s: State) -> dict[str, Any]:
    """After round three: 2 points for each unused briefcase; the highest total wins, ties share (l.76-78)."""
    n = s["players"]
    bonus = [BRIEFCASE_POINTS * s["briefcases"][seat] for seat in range(n)]
    for seat in range(n):
        s["scores"][seat] += bonus[seat]
    scores = list(s["scores"])
    best = max(scores)
    return {"scores": scores, "winners": [seat for seat in range(n) if scores[seat] == best],
            "detail": {"mode": "competitive", "briefcase_points": bonus, "rounds": s["rounds"]}}


def track_position(score: int) -> tuple[int, int]:
    """('50' markers, space) for a running total (R21): 50 -> (0, 50), 51 -> (1, 1), 101 -> (2, 1)."""
    if score <= 50:
        return 0, score
    markers = (score - 1) // 50
    return markers, score - 50 * markers
