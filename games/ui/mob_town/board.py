"""Turn a Mob Town ``view`` (what one seat may see) into what the board partial prints.

Only the view and the printed card data are used, so the same partial serves
the live page, spectators and every step of the replay. The city is drawn as
the cards lie: a grid over the named area (the city and one empty cell around
it), each card with its code, name, type, value, suits, arrow and token stack
(colour and initial, bottom to top) or, in the co-op, its mob tokens, whether it
is shut down, and the pawns on it.
"""

from __future__ import annotations

from typing import Any, Mapping

from games.rules.mob_town import (
    AGENDAS,
    ARROW_MARK,
    CITY_CARDS,
    COLORS,
    MOB_CARDS,
    PROFESSIONALS,
    PROPERTIES,
    ROLES,
    TYPE_NAMES,
    card_name,
    card_suit,
)
from games.ui.mob_town import render

ACTION_TITLES = {"draw": "Draw", "trade": "Trade", "cashin": "Cash in", "move": "Move", "clear": "Clear Out",
                 "shutdown": "Shut Down"}
ARROW_WORD = {"up": "up", "right": "right", "down": "down", "left": "left"}


def seat_info(seat: int, names: list[str]) -> dict[str, Any]:
    color = COLORS[seat]
    return {"seat": seat, "color": color, "letter": color[0].upper(), "colour_name": color.capitalize(),
            "name": names[seat] if seat < len(names) and names[seat] else color.capitalize()}


def card_model(code: str) -> dict[str, Any]:
    """A hand or lineup card: its notation, suit (for the colour) and value."""
    return {"code": code, "name": card_name(code), "suit": card_suit(code)}


def property_model(code: str) -> dict[str, Any]:
    p = PROPERTIES[code]
    suits = " or ".join(p.suits) if p.suits else "any suit"
    kind = TYPE_NAMES[p.type] if p.type else "Landmark"
    return {"code": p.id, "name": p.name, "kind": kind, "type": p.type or "landmark", "value": p.value,
            "points": p.score, "suits": suits, "arrow": ARROW_MARK[p.arrow],
            "arrow_word": ARROW_WORD[p.arrow],
            "text": p.text, "landmark": p.landmark}


def _city_cells(view: Mapping[str, Any], names: list[str]) -> list[dict[str, Any]]:
    grid = view["grid"]
    here = {(e["x"], e["y"]): e for e in view["city"]}
    pawns: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for seat, pawn in enumerate(view.get("pawns") or []):
        if pawn:
            role = (view.get("roles") or [None] * 4)[seat]
            pawns.setdefault((pawn[0], pawn[1]), []).append(
                {**seat_info(seat, names), "role": ROLES[role].name if role else ""})
    rows = []
    for r in range(grid["rows"]):
        cells = []
        for c in range(grid["columns"]):
            x, y = grid["x0"] + c, grid["y0"] + r
            label = f"{chr(ord('A') + c)}{r + 1}"
            entry = here.get((x, y))
            if entry is None:
                cells.append({"empty": True, "label": label, "x": x, "y": y})
                continue
            card = property_model(entry["card"]["id"])
            cell: dict[str, Any] = {"empty": False, "label": label, "x": x, "y": y, "card": card,
                                    "pawns": pawns.get((x, y), [])}
            words = [f"{label}: {card['name']} ({card['code']}), {card['kind']} {card['value']}, "
                     f"paid with {card['suits']}, arrow {card['arrow_word']}"]
            if view["mode"] == "coop":
                cell["mob"] = entry["mob"]
                cell["down"] = entry["down"]
                plural = "s" if entry["mob"] != 1 else ""
                words.append("shut down" if entry["down"] else f"{entry['mob']} mob token{plural}")
            else:
                stack = [seat_info(t, names) for t in entry["tokens"]]
                cell["tokens"] = stack
                cell["controller"] = stack[-1] if stack else None
                if stack:
                    words.append("tokens bottom to top " + ", ".join(t["colour_name"] for t in stack)
                                 + f"; {stack[-1]['colour_name']} controls")
                else:
                    words.append("no tokens")
            if cell["pawns"]:
                words.append("pawns: " + ", ".join(p["role"] or p["colour_name"] for p in cell["pawns"]))
            cell["aria"] = "; ".join(words)
            cells.append(cell)
        rows.append({"number": r + 1, "cells": cells})
    return rows


def board_model(view: Mapping[str, Any] | None, names: list[str] | None = None) -> dict[str, Any]:
    if not view:
        return {}
    names = list(names or [])
    n = view["players"]
    me = view.get("seat")
    coop = view["mode"] == "coop"
    players = []
    for seat in range(n):
        info = seat_info(seat, names)
        info.update({"is_me": seat == me, "to_act": seat in (view.get("to_act") or []),
                     "hand": view["hand_counts"][seat]})
        if coop:
            role = view["roles"][seat]
            info["role"] = ROLES[role].name if role else ""
            info["role_text"] = ROLES[role].text if role else ""
        else:
            info.update({"score": view["scores"][seat], "briefcases": view["briefcases"][seat],
                         "supply": view["supply"][seat], "chosen": view["agendas_chosen"][seat]})
        players.append(info)
    model: dict[str, Any] = {
        "mode": view["mode"],
        "coop": coop,
        "phase": view["phase"],
        "rows": _city_cells(view, names),
        "columns": [chr(ord("A") + c) for c in range(view["grid"]["columns"])],
        "players": players,
        "lineup": [card_model(c) for c in view["lineup"]],
        "deck": view["deck"],
        "discard": len(view["discard"]),
        "hand": [card_model(c) for c in view["hand"]] if view.get("hand") is not None else None,
        "turn": seat_info(view["turn"], names) if view["phase"] != "over" else None,
    }
    # Written in Python (see render.py): as template loops the city was most of the page's rendering time.
    model["city_html"] = render.city_table(model)
    if coop:
        model.update({
            "track": view["track"], "win_at": view["win_at"], "mob_track": view["mob"]["track"],
            "lose_at": view["lose_at"], "mob_supply": view["mob"]["supply"], "mob_deck": view["mob"]["deck"],
            "mob_played": [MOB_CARDS[c].name for c in view["mob"]["discard"][-6:]],
            "actions": [ACTION_TITLES.get(a, a) for a in view["actions"]],
            "property_deck": view["property_deck"],
            "end": (view.get("result") or {}).get("detail", {}).get("end"),
        })
        return model
    pros = view.get("pros")
    model.update({
        "round": view["round"], "rounds_total": view["rounds_total"],
        "lot": [property_model(c["id"]) for c in view["lot"]],
        "unused": view["unused"],
        "agendas": [{"id": a, "name": AGENDAS[a].name} for a in view.get("agendas") or []],
        "city_card": CITY_CARDS[view["city_card"]] if view.get("city_card") else None,
        "pros": None if not pros else {
            "row": [PROFESSIONALS[p] for p in pros["row"]], "deck": pros["deck"],
            "kept": [{"who": seat_info(s, names), "pros": [PROFESSIONALS[p] for p in kept]}
                     for s, kept in enumerate(pros["kept"]) if kept]},
        "last_round": _round_model(view["rounds"][-1], names) if view.get("rounds") else None,
        "result_rows": _result_rows(view, names),
    })
    return model


def _round_model(record: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    rows = []
    for entry in record["seats"]:
        rows.append({**seat_info(entry["seat"], names), "properties": entry["property_points"],
                     "agenda_points": entry["agenda_points"], "round_points": entry["round_points"],
                     "total": entry["total"],
                     "agendas": [{"name": AGENDAS[a["id"]].name, "done": a["done"]}
                                 for a in entry["agendas"]]})
    return {"round": record["round"], "law": seat_info(record["law"], names), "rows": rows}


def _result_rows(view: Mapping[str, Any], names: list[str]) -> list[dict[str, Any]]:
    result = view.get("result")
    if not result:
        return []
    detail = result["detail"]
    rows = []
    for seat, score in enumerate(result["scores"]):
        per_round = [next(e["round_points"] for e in record["seats"] if e["seat"] == seat)
                     for record in detail["rounds"]]
        rows.append({**seat_info(seat, names), "rounds": per_round,
                     "briefcases": detail["briefcase_points"][seat], "total": score,
                     "winner": seat in result["winners"]})
    rows.sort(key=lambda r: -r["total"])
    return rows
