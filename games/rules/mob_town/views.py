"""What each seat may see (R41), and the plain-text situation for turn mails.

Public: the city and its token stacks, the open lot, the lineup, the discard
pile, professionals face up and kept, city cards, hand sizes, briefcases,
token supplies, scores, round and turn, which players have chosen their
agendas, every scored round with its revealed agendas; in the co-op the
tracks, roles, pawns and what each shut-down card was. Private: each hand and
each player's agendas (her own only); the order and content of every face-down
pile (draw deck, where the Law lies, property piles, professionals and mob
activity decks), and the generator's seed.
"""

from __future__ import annotations

import json
from typing import Any

from games.rules.base import State

from .city import cell_of, layout, origin, size
from .common import cards_text, controller, seat_perk
from .engine import to_act
from .data import (
    AGENDA_IDS,
    AGENDAS,
    ARROW_MARK,
    CITY_CARDS,
    COLORS,
    COOP_LOSS,
    COOP_WIN,
    MOB_CARDS,
    PROFESSIONALS,
    PROPERTIES,
    ROLES,
    ROUNDS,
    TYPE_NAMES,
)
from .scoring import track_position


def _copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def card_info(card_id: str) -> dict[str, Any]:
    """A property or landmark card as the view shows it (printed data)."""
    p = PROPERTIES[card_id]
    return {"id": p.id, "name": p.name, "type": p.type, "value": p.value, "arrow": p.arrow,
            "suits": list(p.suits) if p.suits is not None else None, "landmark": p.landmark,
            "points": p.score, "text": p.text}


def city_view(s: State) -> list[dict[str, Any]]:
    out = []
    names = layout(s["city"])
    for e in s["city"]:
        entry: dict[str, Any] = {"x": e["x"], "y": e["y"], "label": names.label(cell_of(e)),
                                 "card": card_info(e["card"])}
        if s["mode"] == "coop":
            entry["mob"] = e["mob"]
            entry["down"] = e["down"]
        else:
            entry["tokens"] = list(e["tokens"])
            entry["controller"] = controller(e)
        out.append(entry)
    return out


def grid_view(s: State) -> dict[str, Any]:
    """The named area: origin (A1) and size, so a page can draw empty cells with their names."""
    ox, oy = origin(s["city"])
    cols, rows = size(s["city"])
    return {"x0": ox, "y0": oy, "columns": cols, "rows": rows}


def view(s: State, seat: int | None) -> dict[str, Any]:
    n = s["players"]
    me = seat if isinstance(seat, int) and 0 <= seat < n else None
    base: dict[str, Any] = {
        "game": "mob_town",
        "mode": s["mode"],
        "seat": me,
        "color": COLORS[me] if me is not None else None,
        "players": n,
        "colors": list(COLORS[:n]),
        "options": dict(s["options"]),
        "phase": s["phase"],
        "turn": s["turn"],
        "to_act": to_act(s),
        "city": city_view(s),
        "grid": grid_view(s),
        "lineup": list(s["lineup"]),
        "deck": len(s["deck"]),
        "discard": list(s["discard"]),
        "hand_counts": [len(h) for h in s["hands"]],
        "hand": list(s["hands"][me]) if me is not None else None,
        "events": _copy(s["events"]),
        "result": _copy(s["result"]),
    }
    if s["mode"] == "coop":
        base.update({
            "actions": list(s["actions"]),
            "roles": list(s["roles"]),
            "pawns": _copy(s["pawns"]),
            "track": s["track"],
            "mob": {"track": s["mob"]["track"], "deck": len(s["mob"]["deck"]),
                    "discard": list(s["mob"]["discard"]), "supply": s["mob"]["supply"]},
            "property_deck": len(s["property_deck"]),
            "win_at": COOP_WIN, "lose_at": COOP_LOSS,
        })
        return base
    pros = s.get("pros")
    base.update({
        "round": s["round"],
        "rounds_total": ROUNDS,
        "first": s["first"],
        "lot": [card_info(c) for c in s["lot"]],
        "unused": len(s["unused"]),
        "briefcases": list(s["briefcases"]),
        "scores": list(s["scores"]),
        "supply": list(s["supply"]),
        "agendas_chosen": [bool(a) for a in s["agendas"]],
        "agendas": list(s["agendas"][me]) if me is not None else None,
        "agenda_stack": [a for a in AGENDA_IDS if a not in s["agendas"][me]] if me is not None else None,
        "pros": None if not pros else {"row": list(pros["row"]), "deck": len(pros["deck"]),
                                       "discard": list(pros["discard"]), "kept": _copy(pros["kept"])},
        "city_card": s["city_card"],
        "city_discard": list(s["city_discard"]),
        "rounds": _copy(s["rounds"]),
    })
    return base


# -- text --------------------------------------------------------------------------------------


def color_name(seat: int) -> str:
    return COLORS[seat].capitalize()


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else color_name(seat)


def property_text(card_id: str) -> str:
    p = PROPERTIES[card_id]
    kind = TYPE_NAMES[p.type] if p.type else "Landmark"
    suits = "/".join(p.suits) if p.suits else "any suit"
    extra = f"; {p.text}" if p.text else ""
    return f"{p.name} ({kind} {p.value}, {suits}, arrow {ARROW_MARK[p.arrow]}{extra})"


def grid_text(s: State) -> list[str]:
    """The city as a map: each card's code and its controller ('cas3:R') or its mob tokens ('res2**')."""
    if not s["city"]:
        return ["  (the city is not laid out yet)"]
    here = {cell_of(e): e for e in s["city"]}
    ox, oy = origin(s["city"])
    cols, rows = size(s["city"])
    lines = ["     " + "".join(f"{chr(ord('A') + c):<10}" for c in range(cols)).rstrip()]
    for r in range(rows):
        cells = []
        for c in range(cols):
            e = here.get((ox + c, oy + r))
            if e is None:
                cells.append(".")
                continue
            text = e["card"]
            if s["mode"] == "coop":
                text = f"[{text}]" if e["down"] else text + ("*" * e["mob"])
            else:
                owner = controller(e)
                if owner is not None:
                    text += ":" + COLORS[owner][0].upper()
            cells.append(text)
        lines.append(f"  {r + 1:>2} " + "".join(f"{c:<10}" for c in cells).rstrip())
    return lines


def city_lines(s: State) -> list[str]:
    lines = []
    names = layout(s["city"])
    for e in sorted(s["city"], key=lambda e: (e["y"], e["x"])):
        where = names.label(cell_of(e))
        text = f"  {where:<4}{e['card']:<8}{property_text(e['card'])}"
        if s["mode"] == "coop":
            if e["down"]:
                text += " - shut down"
            elif e["mob"]:
                text += f" - {e['mob']} mob token{'s' if e['mob'] > 1 else ''}"
            pawns = [ROLES[s["roles"][i]].name for i, p in enumerate(s["pawns"])
                     if p and tuple(p) == cell_of(e)]
            if pawns:
                text += " - pawns: " + ", ".join(pawns)
        elif e["tokens"]:
            stack = ", ".join(COLORS[t] for t in e["tokens"])
            text += f" - tokens (bottom to top): {stack}; {COLORS[e['tokens'][-1]]} controls"
        lines.append(text)
    return lines


def score_text(score: int) -> str:
    markers, space = track_position(score)
    if markers:
        return f"{score} ({markers} x 50 marker{'s' if markers > 1 else ''}, space {space})"
    return str(score)


def describe(s: State, seat: int | None, help_text: str, examples: list[str]) -> str:
    if s["mode"] == "coop":
        return _describe_coop(s, seat, help_text, examples)
    n = s["players"]
    out = [f"Mob Town, round {s['round']} of {ROUNDS}" + (" (game over)" if s["phase"] == "over" else "")]
    if seat is not None:
        out.append(f"You are {color_name(seat)} (seat {seat + 1}).")
    out.append("Scores: " + ", ".join(f"{color_name(i)} {score_text(s['scores'][i])}" for i in range(n)))
    out.append("Briefcases: " + ", ".join(f"{color_name(i)} {s['briefcases'][i]}" for i in range(n))
               + "; cards in hand: " + ", ".join(f"{color_name(i)} {len(s['hands'][i])}" for i in range(n))
               + "; tokens left: " + ", ".join(f"{color_name(i)} {s['supply'][i]}" for i in range(n)))
    if s["city_card"]:
        card = CITY_CARDS[s["city_card"]]
        out.append(f"City card this round: {card.name}: {card.text}")
    out.append("")
    out.append("The city (card codes; :R, :B, :G, :Y is the controlling colour):")
    out.extend(grid_text(s))
    out.append("")
    out.extend(city_lines(s))
    out.append("")
    out.append("Open lot: " + ("; ".join(f"{i}. {c} {property_text(c)}" for i, c in enumerate(s["lot"], 1))
                               or "empty"))
    out.append("Lineup: " + cards_text(s["lineup"]) + f"; draw deck: {len(s['deck'])} cards")
    pros = s.get("pros")
    if pros:
        out.append("Professionals for hire: " + "; ".join(f"{PROFESSIONALS[p].name} ({p}): "
                                                         f"{PROFESSIONALS[p].text}" for p in pros["row"]))
        kept = [f"{color_name(i)}: {', '.join(PROFESSIONALS[p].name for p in k)}"
                for i, k in enumerate(pros["kept"]) if k]
        if kept:
            out.append("Kept this round: " + "; ".join(kept))
    if seat is not None:
        out.append("")
        out.append("Your hand: " + cards_text(s["hands"][seat]))
        mine = s["agendas"][seat]
        if mine:
            out.append("Your agendas: " + "; ".join(f"{AGENDAS[a].name} ({a})" for a in mine))
        perk = seat_perk(s, seat)
        if perk.cash_value != 1 or perk.free_connection or perk.any_suit or perk.draw_count != 2:
            out.append("In force for you: " + _perk_text(perk))
    if s["rounds"]:
        out.append("")
        out.extend(round_lines(s["rounds"][-1], seat))
    out.append("")
    if s["phase"] == "over":
        result = s["result"]
        out.append("Final scores (with 2 a briefcase): " + ", ".join(
            f"{color_name(i)} {result['scores'][i]}" for i in range(n)))
        out.append("Winner" + ("s" if len(result["winners"]) > 1 else "") + ": "
                   + ", ".join(color_name(w) for w in result["winners"]))
        return "\n".join(out)
    if s["phase"] == "agendas":
        waiting = [color_name(w) for w in to_act(s)]
        out.append(f"Round {s['round']} set-up: choosing agendas (waiting for {', '.join(waiting)}).")
        if seat is not None and not s["agendas"][seat]:
            out.append("Choose two of your eight agendas, secretly:")
            out.extend(f"  {a}: {AGENDAS[a].name}" for a in AGENDA_IDS)
    elif seat == s["turn"]:
        out.append("Your turn: one action.")
    else:
        out.append(f"{color_name(s['turn'])} is to play.")
    if seat is not None and seat in to_act(s):
        out.append("")
        out.append(help_text)
        if examples:
            out.append("For example: " + " | ".join(examples))
    return "\n".join(out)


def _perk_text(perk: Any) -> str:
    parts = []
    if perk.cash_value != 1:
        parts.append(f"cash counts {perk.cash_value}")
    if perk.free_connection:
        parts.append("no connection cost")
    if perk.any_suit:
        parts.append("any suit pays")
    if perk.draw_count != 2:
        parts.append(f"Draw takes {perk.draw_count}")
    return ", ".join(parts)


def round_lines(record: dict[str, Any], viewer: int | None) -> list[str]:
    lines = [f"Round {record['round']} scoring (the Law drawn by {_who(record['law'], viewer)}):"]
    for entry in record["seats"]:
        agendas = ", ".join(f"{AGENDAS[a['id']].name} {'done' if a['done'] else 'missed'}"
                            for a in entry["agendas"])
        lines.append(f"  {color_name(entry['seat'])}: {entry['property_points']} for properties, "
                     f"{entry['agenda_points']} for agendas ({agendas}); total {entry['total']}")
    return lines


def _describe_coop(s: State, seat: int | None, help_text: str, examples: list[str]) -> str:
    n = s["players"]
    out = ["Mob Town: Upholding the Law (co-op)" + (" (game over)" if s["phase"] == "over" else "")]
    if seat is not None:
        role = s["roles"][seat]
        out.append(f"You are {color_name(seat)} (seat {seat + 1})" + (f", the {ROLES[role].name}: "
                                                                      f"{ROLES[role].text}" if role else "."))
    out.append(f"Player track: {s['track']} of {COOP_WIN}; "
               f"mob boss track: {s['mob']['track']} of {COOP_LOSS}; "
               f"draw deck: {len(s['deck'])} cards; mob tokens left: {s['mob']['supply']}")
    out.append("Roles: " + ", ".join(f"{color_name(i)} {ROLES[r].name if r else '(choosing)'}"
                                      for i, r in enumerate(s["roles"])))
    out.append("Cards in hand: " + ", ".join(f"{color_name(i)} {len(s['hands'][i])}" for i in range(n)))
    out.append("")
    out.append("The city (card codes; * = a mob token, [ ] = shut down):")
    out.extend(grid_text(s))
    out.append("")
    out.extend(city_lines(s))
    out.append("")
    out.append("Lineup: " + cards_text(s["lineup"]))
    if s["mob"]["discard"]:
        out.append("Mob activity played: " + ", ".join(MOB_CARDS[c].name for c in s["mob"]["discard"][-6:]))
    if seat is not None:
        out.append("Your hand: " + cards_text(s["hands"][seat]))
    out.append("")
    if s["phase"] == "over":
        out.append("The players won: the mob is run out of town!" if s["end"] == "win" else
                   "The players lost: " + ("the mob boss track reached 8." if s["end"] == "mob"
                                           else "the draw deck ran out."))
        return "\n".join(out)
    if s["phase"] == "roles":
        out.append(f"Choosing roles: {color_name(s['turn'])} chooses.")
        if seat == s["turn"]:
            out.extend(f"  {r}: {ROLES[r].name}: {ROLES[r].text}" for r in ROLES if r not in s["roles"])
    elif s["phase"] == "pawns":
        out.append(f"Placing pawns: {color_name(s['turn'])} places.")
    else:
        done = len(s["actions"])
        out.append(f"{color_name(s['turn'])}'s turn: action {done + 1} of 3"
                   + (f" (taken: {', '.join(s['actions'])})" if done else ""))
    if seat is not None and seat == s["turn"]:
        out.append("")
        out.append(help_text)
        if examples:
            out.append("For example: " + " | ".join(examples))
    return "\n".join(out)
