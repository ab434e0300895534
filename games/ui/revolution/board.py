"""Turn a Revolution! ``view`` (what one seat may see) into rows the board partial can print.

Only the view and the printed game data (areas, characters) are used, so the
same partial serves the live page and every step of the replay.
"""

from __future__ import annotations

from typing import Any, Mapping

from games.rules.revolution import AREA_LIST, CHARACTER_LIST, KIND_NAME, KINDS, TOKEN_POINTS, log_lines


def _tokens(tokens: Mapping[str, int]) -> list[dict[str, Any]]:
    return [{"kind": k, "letter": KIND_NAME[k][0], "label": KIND_NAME[k], "count": tokens.get(k, 0)} for k in KINDS]


def board_model(view: Mapping[str, Any] | None, names: list[str] | None = None) -> dict[str, Any]:
    if not view:
        return {}
    names = names or []
    colors = view["colors"]
    n = view["players"]
    seat = view.get("seat")
    bids = view.get("bids") or {}
    submitted = set(view.get("submitted") or [])
    players = []
    for s in range(n):
        players.append({
            "seat": s,
            "color": colors[s],
            "name": names[s] if s < len(names) else colors[s].capitalize(),
            "is_me": s == seat,
            "support": view["support"][s],
            "hand": _tokens(view["hands"][s]),
            "aside": _tokens(view["aside"][s]),
            "supply": view["supply"][s],
            "has_bid": s in submitted,
            "awaited": s in (view.get("to_act") or []),
        })
    areas = []
    for area in AREA_LIST:
        counts = view["board"][area.id]
        spaces: list[str] = []
        for s, count in enumerate(counts):
            spaces.extend([colors[s]] * count)
        spaces.extend([""] * max(0, area.spaces - len(spaces)))
        top = max(counts) if counts else 0
        leader = counts.index(top) if top > 0 and counts.count(top) == 1 else None
        areas.append({
            "id": area.id, "name": area.name, "spaces": spaces, "filled": sum(counts), "size": area.spaces,
            "support": area.support, "leader": colors[leader] if leader is not None else None,
            # People are named by name, with their colour beside it (the chip).
            "leader_name": (names[leader] if leader < len(names) else colors[leader].capitalize())
            if leader is not None else None,
            "counts": [{"color": colors[s], "count": c} for s, c in enumerate(counts) if c],
        })
    characters = []
    for ch in CHARACTER_LIST:
        on_it = []
        for key in sorted(bids, key=int):
            tokens = bids[key].get(ch.id)
            if tokens:
                on_it.append({"color": colors[int(key)], "is_me": int(key) == seat,
                              "name": names[int(key)] if int(key) < len(names) else colors[int(key)].capitalize(),
                              "tokens": [t for t in _tokens(tokens) if t["count"]]})
        characters.append({"c": ch, "immune": [KIND_NAME[k] for k in KINDS if k in ch.immune],
                           "reward": ch.reward_text(), "bids": on_it})
    pending = view.get("pending")
    result_rows = []
    if view.get("result"):
        detail = view["result"].get("detail", {}).get("seats", [])
        winners = view["result"].get("winners", [])
        for entry in detail:
            s = entry["seat"]
            result_rows.append({
                "color": colors[s], "name": names[s] if s < len(names) else colors[s].capitalize(),
                "track": entry["track"], "tokens": entry["tokens"], "areas": entry.get("area_total", 0),
                "bonus": entry.get("bonus_total", 0), "total": entry["total"], "winner": s in winners,
            })
        result_rows.sort(key=lambda r: -r["total"])
    return {
        "players": players,
        "areas": areas,
        "characters": characters,
        "rows": [characters[i:i + 4] for i in range(0, len(characters), 4)],
        "bank": _tokens(view["bank"]),
        "log": log_lines(view, seat),  # reads only view["log"], which the view already holds
        "log_round": view["log"].get("round"),
        "pending": pending and {"color": colors[pending["seat"]],
                                "name": names[pending["seat"]] if pending["seat"] < len(names) else "",
                                "character": pending["character"].capitalize()},
        "result_rows": result_rows,
        "token_points": ", ".join(f"{KIND_NAME[k]} {TOKEN_POINTS[k]}" for k in KINDS),
    }
