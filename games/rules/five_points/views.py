"""What a seat may see (``view``) and the plain-text situation for turn emails (``describe``).

Five Points keeps almost nothing hidden once play begins: the two buildings are
revealed before the first turn, and the manipulation-marker pool is reshuffled
in full every round, so the state stores no draw order. The only secret is the
random generator (seed and counter), which no view contains.
"""

from __future__ import annotations

import copy
from typing import Any

from . import city, data
from .choices import WHAT
from .markers import leader, letter
from .scoring import breakdown
from .shared import bosses_on_board, player

State = dict[str, Any]


def to_act(state: State) -> list[int]:
    if state["phase"] == "placement":
        return [state["current"]]
    if state["phase"] == "resolution" and state["pending"] is not None:
        return [state["pending"]["seat"]]
    return []


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The public state, decorated for pages; never the seed or the generator."""
    n = state["players"]
    tiles = []
    for i, t in enumerate(state["tiles"]):
        building = data.BUILDINGS_BY_ID[t["building"]] if t["building"] else None
        tiles.append({
            "number": i + 1,
            "cell": city.cell_name(*t["pos"]),
            "pos": list(t["pos"]),
            "colour": t["colour"],
            "rabble": list(t["rabble"]),
            "bosses": list(t["bosses"]),
            "building": {"id": building["id"], "name": building["name"]} if building else None,
            "controller": city.controller(t["rabble"]),
        })
    columns, rows = city.extent(state["tiles"])
    markers = []
    for i, mid in enumerate(state["markers"]):
        m = data.MARKERS_BY_ID[mid]
        markers.append({
            "letter": letter(i), "id": mid, "kind": m["kind"], "label": m["label"],
            "bids": list(state["bids"][i]), "leader": leader(state["bids"][i]),
        })
    table = data.PASS_RETRIEVAL[n]
    return {
        "seat": seat,
        "players": n,
        "round": state["round"],
        "phase": state["phase"],
        "to_act": to_act(state),
        "grid": {"columns": columns, "rows": rows},
        "tiles": tiles,
        "markers": markers,
        "hq": list(state["hq"]),
        "boroughs": list(state["boroughs"]),
        "bosses_on_board": [bosses_on_board(state, s) for s in range(n)],
        "control_supply": dict(state["control_supply"]),
        "control": [dict(c) for c in state["control"]],
        "vp": list(state["vp"]),
        "start": state["start"],
        "current": state["current"],
        "passed": list(state["passed"]),
        "pass_retrieval": list(table),
        "last_turn": state["last_turn"],
        # deep copies: a caller editing its view must never reach into the state
        "effects": copy.deepcopy(state["effects"]),
        "special": [t + 1 for t in state["special"]],
        "pending": copy.deepcopy(state["pending"]),
        "end_triggered": state["end_triggered"],
        "log": list(state["log"]),
        "result": copy.deepcopy(state["result"]),
    }


def grid_text(state: State) -> str:
    """The city as a text grid: each cell shows tile number, colour letter, * for a building."""
    columns, rows = city.extent(state["tiles"])
    cells = {(t["pos"][0], t["pos"][1]): (i, t) for i, t in enumerate(state["tiles"])}
    width = 5
    lines = [("    " + "".join(chr(65 + c).center(width) for c in range(columns))).rstrip()]
    for r in range(rows):
        row = []
        for c in range(columns):
            if (c, r) in cells:
                i, t = cells[(c, r)]
                label = f"{i + 1}{data.COLOUR_CODES[t['colour']]}{'*' if t['building'] else ''}"
            else:
                label = "."
            row.append(label.center(width))
        lines.append(f"{r + 1:>3} " + "".join(row).rstrip())
    return "\n".join(lines)


def _per_player(counts: list[int]) -> str:
    return ", ".join(f"{player(s)} {n}" for s, n in enumerate(counts) if n) or "none"


def describe(state: State, seat: int | None) -> str:
    """Plain text for the turn email: the whole situation and what to do now."""
    n = state["players"]
    out = [f"Five Points, round {state['round']}, {_phase_name(state)}."]
    if seat is not None:
        out.append(f"You are {player(seat)}.")
    out.append("")
    out.append("The city (tile number + colour: b blue, g green, r red, o orange; * building):")
    out.append(grid_text(state))
    out.append("")
    out.append("Neighbourhoods:")
    for i, t in enumerate(state["tiles"]):
        parts = [f"  {i + 1:>2} {city.cell_name(*t['pos']):<4}{t['colour']:<7}rabble: {_per_player(t['rabble'])}"]
        if any(t["bosses"]):
            parts.append(f"bosses: {_per_player(t['bosses'])}")
        if t["building"]:
            parts.append(f"building: {data.BUILDINGS_BY_ID[t['building']]['name']}")
        out.append("; ".join(parts))
    out.append("")
    out.append("Manipulation markers (resolved left to right):")
    for i, mid in enumerate(state["markers"]):
        bids = state["bids"][i]
        top = leader(bids)
        lead = f" (leader {player(top)})" if top is not None else ""
        out.append(f"  {letter(i)}: {data.MARKERS_BY_ID[mid]['label']}; bids: {_per_player(bids)}{lead}")
    supply = ", ".join(f"{c} {state['control_supply'][c]}" for c in data.COLOURS)
    out.append(f"Control-marker piles: {supply}")
    out.append("")
    out.append("Players:")
    table = data.PASS_RETRIEVAL[n]
    scores = breakdown(state)
    for s in range(n):
        held = " ".join(f"{c[0]}{state['control'][s][c]}" for c in data.COLOURS)
        line = (f"  {player(s)}: HQ {state['hq'][s]}, boroughs {state['boroughs'][s]}, "
                f"bosses on board {bosses_on_board(state, s)}/{data.BOSSES_PER_PLAYER}, "
                f"control {held}, {state['vp'][s]} VP (points now {scores[s]['total']})")
        if s in state["passed"]:
            k = state["passed"].index(s)
            line += f"; passed {k + 1}{_suffix(k + 1)}, retrieves {table[k]}"
        out.append(line)
    order = " ".join(str(x) for x in table)
    out.append(f"Pass table ({n} players, 1st to last): {order}. Starting player this round: {player(state['start'])}.")
    if state["end_triggered"] and state["phase"] != "over":
        out.append("The game end has been triggered: this is the last round.")
    if state["log"]:
        out.append("")
        out.append("So far this election phase:" if state["phase"] == "resolution" else "Last resolution:")
        out.extend(f"  {line}" for line in state["log"])
    out.append("")
    out.append(_now(state, seat))
    return "\n".join(out)


def _suffix(k: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(k, "th")


def _phase_name(state: State) -> str:
    return {"placement": "placement phase", "resolution": "election phase", "over": "game over"}[state["phase"]]


def _now(state: State, seat: int | None) -> str:
    """The closing line: what the reader (or the awaited player) must do."""
    if state["phase"] == "over":
        result = state["result"]
        names = " and ".join(player(s) for s in result["winners"])
        scores = ", ".join(f"{player(s)} {v}" for s, v in enumerate(result["scores"]))
        how = "with all five bosses on the board" if result["detail"]["reason"] == "five bosses" else "on points"
        return f"The game is over: {names} won {how}. Points: {scores}."
    awaited = to_act(state)[0]
    if state["phase"] == "placement":
        extra = " This is your single last turn: after it you pass." if state["last_turn"] else ""
        if seat != awaited:
            return f"Waiting for {player(awaited)} to place or pass."
        if state["hq"][seat] < 1:
            return "Your HQ is empty: reply `pass`."
        return ("Your turn: place a rabble (`place 3`), optionally bidding from your HQ on a marker "
                f"(`place 3 bid 2 on marker B`), or `pass`.{extra}")
    pending = state["pending"]
    what = WHAT[pending["kind"]]
    if pending["kind"] == "elect":
        tied = ", ".join(str(t) for t in pending["tiles"])
        what += f"; tied tiles: {tied}"
    if seat != awaited:
        return f"Waiting for {player(awaited)} to {what} ({pending['source']})."
    return f"Your choice for {pending['source']}: {what}."
