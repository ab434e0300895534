"""What each seat may see of a Revolution! state, and the plain-text turn description.

Public: the support track, the board, every seat's tokens (Espionage makes
holdings public), the tokens set aside, the bank, who has bid, and the log of
the last resolution. Hidden: another seat's bid until every bid is in, and the
seed of the state's generator (never shown to anyone).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from games.rules.base import State

from .data import AREA_LIST, AREAS, CHARACTERS, COLORS
from .engine import SEAT_KEYS, color_name, cubes_in_supply, tokens_text, to_act
from .notation import format_bid


def _copy(data: Any) -> Any:
    # The C JSON codec copies plain data several times faster than copy.deepcopy.
    return json.loads(json.dumps(data))


def view(state: State, seat: int | None) -> dict[str, Any]:
    n = state["players"]
    phase = state["phase"]
    if phase == "bidding":
        # Only your own bid; the others are behind their screens.
        key = SEAT_KEYS[seat] if seat is not None and 0 <= seat < n else None
        bids = {key: state["bids"][key]} if key is not None and key in state["bids"] else {}
    else:
        bids = state["bids"]  # revealed (choice phase) or empty
    resolution = state["resolution"]
    # Built from fresh containers so a caller editing the view cannot reach the state.
    return {
        "game": "revolution",
        "seat": seat,
        "color": COLORS[seat] if seat is not None and 0 <= seat < n else None,
        "players": n,
        "colors": list(COLORS[:n]),
        "options": dict(state["options"]),
        "round": state["round"],
        "phase": phase,
        "to_act": to_act(state),
        "submitted": sorted(int(k) for k in state["bids"]) if phase == "bidding" else [],
        "support": list(state["support"]),
        "hands": [dict(h) for h in state["hands"]],
        "aside": [dict(a) for a in state["aside"]],
        "bank": dict(state["bank"]),
        "supply": [cubes_in_supply(state, s) for s in range(n)],
        "board": {a: list(c) for a, c in state["board"].items()},
        "bids": _copy(bids),
        "pending": dict(resolution["pending"]) if resolution else None,
        "log": _copy(state["log"]),
        "result": _copy(state["result"]),
    }


# -- text ------------------------------------------------------------------------------


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else color_name(seat)


def reward_gains(event: Mapping[str, Any]) -> list[str]:
    """What the winner of a resolved character got, from its log event: ["10 Support", "a cube in the ..."]."""
    gains: list[str] = []
    if event.get("support"):
        gains.append(f"{event['support']} Support")
    if event.get("tokens"):
        gains.append(tokens_text(event["tokens"]))
    if event.get("short"):
        gains.append(f"the bank could not pay {tokens_text(event['short'])}")
    if "cube" in event:
        area = CHARACTERS[event["character"]].area
        if event["cube"]:
            gains.append(f"a cube in the {AREAS[event['cube']].name}")
        elif event.get("cube_note") == "full" and area is not None:
            gains.append(f"no cube (the {AREAS[area].name} is full)")
        else:
            gains.append("no cube (none left in supply)")
    return gains


def log_lines(state: Mapping[str, Any], viewer: int | None = None) -> list[str]:
    """The last resolution in sentences, for emails and the game page (a view will do: only its log is read)."""
    lines: list[str] = []
    for e in state["log"]["events"]:
        kind = e["kind"]
        if kind == "discard":
            ch = CHARACTERS[e["character"]].name
            why = "immune" if e["reason"] == "immune" else "beyond the sixth character"
            lines.append(f"{_who(e['seat'], viewer).capitalize()} lost {tokens_text(e['tokens'])} "
                         f"on the {ch} ({why}).")
        elif kind == "character":
            name = CHARACTERS[e["character"]].name
            bids = ", ".join(f"{color_name(int(k))} {tokens_text(t)}" for k, t in sorted(e["bids"].items()))
            if e["winner"] is None:
                outcome = "tie, nobody wins"
            else:
                gains = reward_gains(e)
                outcome = f"{_who(e['winner'], viewer)} won" + (": " + ", ".join(gains) if gains else "")
            refunded = e.get("refunded")
            tail = f" Refunded: {', '.join(color_name(int(k)) for k in sorted(refunded))}." if refunded else ""
            lines.append(f"{name} ({bids}): {outcome}.{tail}")
        elif kind == "spy":
            lines.append(f"{_who(e['seat'], viewer).capitalize()} used the Spy on a {e['color'].capitalize()} "
                         f"cube in the {AREAS[e['area']].name}.")
        elif kind == "swap":
            a, b = e["cubes"]
            lines.append(f"{_who(e['seat'], viewer).capitalize()} used the Apothecary: {b['color'].capitalize()} "
                         f"cube to the {AREAS[a['area']].name}, {a['color'].capitalize()} cube to the "
                         f"{AREAS[b['area']].name}.")
        elif kind == "pass":
            lines.append(f"{_who(e['seat'], viewer).capitalize()} declined the "
                         f"{CHARACTERS[e['character']].name}'s effect.")
        elif kind == "no_target":
            lines.append(f"The {CHARACTERS[e['character']].name} had nothing to act on.")
        elif kind == "patronage":
            short = f" (the bank was {e['short']} short)" if e.get("short") else ""
            lines.append(f"Patronage: {_who(e['seat'], viewer)} got {e['gold']} Gold{short}.")
        elif kind == "end":
            lines.append("Every space is full: the game is over.")
    return lines


def _board_lines(state: State) -> list[str]:
    lines = []
    for area in AREA_LIST:
        counts = state["board"][area.id]
        cubes = ", ".join(f"{COLORS[s]} {n}" for s, n in enumerate(counts) if n) or "empty"
        lines.append(f"  {area.name:<11} {sum(counts)}/{area.spaces} (worth {area.support}): {cubes}")
    return lines


def describe(state: State, seat: int | None, notation_help: str, examples: list[str]) -> str:
    n = state["players"]
    phase = state["phase"]
    out = [f"Revolution! round {state['round']}" + (" (game over)" if phase == "over" else "")]
    if seat is not None:
        out.append(f"You are {color_name(seat)} (seat {seat + 1}).")
    out.append("Support: " + ", ".join(f"{color_name(s)} {state['support'][s]}" for s in range(n)))
    out.append("")
    out.append("Board:")
    out.extend(_board_lines(state))
    out.append("")
    out.append("Tokens held: " + "; ".join(f"{color_name(s)} {tokens_text(state['hands'][s])}" for s in range(n)))
    if any(any(a.values()) for a in state["aside"]):
        out.append("Set aside for next round: " + "; ".join(
            f"{color_name(s)} {tokens_text(state['aside'][s])}" for s in range(n)))
    out.append("Bank: " + tokens_text(state["bank"]))
    if state["log"]["events"]:
        out.append("")
        out.append(f"Resolution of round {state['log']['round']}:")
        out.extend("  " + line for line in log_lines(state, seat))
    out.append("")
    if phase == "over":
        result = state["result"]
        out.append("Final scores: " + ", ".join(
            f"{color_name(s)} {score}" for s, score in enumerate(result["scores"])))
        out.append("Winner" + ("s" if len(result["winners"]) > 1 else "") + ": "
                   + ", ".join(color_name(s) for s in result["winners"]))
        return "\n".join(out)
    if phase == "bidding":
        done = [color_name(int(k)) for k in sorted(state["bids"])]
        waiting = [color_name(s) for s in to_act(state)]
        out.append(f"Bids in: {', '.join(done) or 'none yet'}. Waiting for: {', '.join(waiting)}.")
        if seat is not None:
            key = SEAT_KEYS[seat]
            if key in state["bids"]:
                out.append(f"Your bid: {format_bid(state['bids'][key])} "
                           "(send a new one to change it until the last bid is in).")
            else:
                out.append(f"Bid all your tokens ({tokens_text(state['hands'][seat])}) on at most six characters.")
    else:
        pending = state["resolution"]["pending"]
        ch = CHARACTERS[pending["character"]].name
        if seat == pending["seat"]:
            out.append(f"You won the {ch}: choose now.")
        else:
            out.append(f"Waiting for {color_name(pending['seat'])} to use the {ch}.")
    if seat is not None and (seat in to_act(state) or phase == "bidding"):
        out.append("")
        out.append(notation_help)
        if examples:
            out.append("For example: " + " | ".join(examples))
    return "\n".join(out)

