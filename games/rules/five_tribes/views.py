"""What a seat may see (``view``) and the plain-text situation for emails (``describe``).

Hidden: other players' gold totals, the order and contents of the resource
pile, the Djinn pile and the meeple bag (only their sizes are shown), the
Djinns a Sibittis user is choosing from (to everyone else), and the RNG.
"""

from __future__ import annotations

from typing import Any

from .board import TILE_NAMES
from .data import COLOURS, COLUMN_LETTERS, COLUMNS, DJINN_HELP, DJINNS, ROWS, SPOT_COSTS, \
    TILE_COLOUR, TILE_SHORT
from .scoring import goods_value, score
from .state import State, seat_label


def _sorted_meeples(m: str) -> str:
    return "".join(sorted(m, key=COLOURS.index))


def view_state(s: State, seat: int | None) -> dict[str, Any]:
    turn = s["turn"]
    if turn is not None:
        turn = dict(turn)
        turn["used"] = list(turn["used"])
        if "drawn" in turn:
            if seat == turn["seat"]:
                turn["drawn"] = list(turn["drawn"])
            else:
                turn["drawn"] = len(turn["drawn"])
    to_act: list[int]
    if s["phase"] == "bid":
        to_act = [s["bid_order"][s["bid_index"]]]
    elif s["phase"] == "play":
        to_act = [s["turn"]["seat"]]
    else:
        to_act = []
    view: dict[str, Any] = {
        "game": "five_tribes",
        "you": seat,
        "num_players": s["num_players"],
        "phase": s["phase"],
        "round": s["round"],
        "to_act": to_act,
        "board": [
            {
                "tile": TILE_NAMES[i],
                "kind": kind,
                "value": value,
                "colour": TILE_COLOUR[kind],
                "meeples": _sorted_meeples(s["meeples"][i]),
                "camel": s["camels"][i],
                "palms": s["palms"][i],
                "palaces": s["palaces"][i],
            }
            for i, (kind, value) in enumerate(s["tiles"])
        ],
        "supply": dict(s["supply"]),
        "bag_size": sum(s["bag"]),
        "deck_size": len(s["deck"]),
        "row": list(s["row"]),
        "discard": sorted(s["discard"]),
        "djinn_deck_size": len(s["djinn_deck"]),
        "djinns": list(s["djinns"]),
        "djinn_discard": sorted(s["djinn_discard"]),
        "seats": [
            {
                "player": seat_label(i),
                "gold": p["gold"] if seat == i else None,
                "camels": p["camels"],
                "viziers": p["viziers"],
                "elders": p["elders"],
                "fakirs": p["fakirs"],
                "goods": list(p["goods"]),
                "djinns": list(p["djinns"]),
            }
            for i, p in enumerate(s["seats"])
        ],
        "bid_order": list(s["bid_order"]),
        "bid_index": s["bid_index"],
        "zeros": list(s["zeros"]),
        "spots": list(s["spots"]),
        "queue": list(s["queue"]),
        "played": list(s["played"]),
        "kumarbi_used": list(s["kumarbi_used"]),
        "turn": turn,
        "end": s["end"],
        "log": list(s["log"]),
    }
    if "round_used" in s:
        # Rules version 2: the Djinn powers with a cost each seat used this round (public).
        view["round_used"] = [list(names) for names in s["round_used"]]
    return view


CELL = 15


def _cell_lines(s: State, i: int) -> list[str]:
    kind, value = s["tiles"][i]
    camel = s["camels"][i]
    top = f"{TILE_SHORT[kind]} {value}{'b' if TILE_COLOUR[kind] == 'blue' else 'r'}"
    if camel is not None:
        top += f" {seat_label(camel)}"
    m = _sorted_meeples(s["meeples"][i])
    counts = [f"{m.count(c)}{c}" if m.count(c) > 1 else c for c in COLOURS if c in m]
    mid = " ".join(counts) if counts else "-"
    extras = []
    if s["palms"][i]:
        extras.append(f"{s['palms'][i]}palm")
    if s["palaces"][i]:
        extras.append(f"{s['palaces'][i]}pal")
    return [top, mid, " ".join(extras)]


def board_grid(s: State) -> str:
    """The 6x5 Sultanate as text, three lines per row of tiles."""
    head = "    " + "".join(f"{c:<{CELL}}" for c in COLUMN_LETTERS)
    sep = "   +" + ("-" * (CELL - 1) + "+") * COLUMNS
    lines = [head, sep]
    for r in range(ROWS):
        cells = [_cell_lines(s, r * COLUMNS + c) for c in range(COLUMNS)]
        for k in range(3):
            label = f"{r + 1:>2} " if k == 0 else "   "
            lines.append(label + "|" + "|".join(f"{cell[k][:CELL - 1]:<{CELL - 1}}" for cell in cells) + "|")
        lines.append(sep)
    return "\n".join(lines)


LEGEND = ("Tiles: LMkt Large Market, SMkt Small Market, Oasis, Vill Village, Sacr Sacred Place; "
          "value b = blue, r = red; P1.. = camel owner.\n"
          "Meeples: Y yellow Vizier, W white Elder, G green Merchant, B blue Builder, R red Assassin "
          "(2W = two Elders). palm = palm trees, pal = palaces.")


def _track(s: State) -> str:
    parts = []
    for idx in range(len(SPOT_COSTS) - 1, 2, -1):
        if s["spots"][idx] is not None:
            parts.append(f"{SPOT_COSTS[idx]}:{seat_label(s['spots'][idx])}")
    zeros = list(reversed(s["zeros"]))
    if zeros:
        parts.append("0:" + ",".join(seat_label(z) for z in zeros))
    return " ".join(parts) or "empty"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def describe_state(s: State, seat: int | None) -> str:
    out = [f"Five Tribes, round {s['round']}."]
    out.append(board_grid(s))
    out.append(LEGEND)
    out.append("Resource row (take from the front): "
               + (" ".join(f"{i}.{c}" for i, c in enumerate(s["row"], 1)) or "empty")
               + f"   pile: {len(s['deck'])}")
    out.append("Djinns face up: " + ", ".join(f"{d} ({DJINNS[d][0]} VP: {DJINN_HELP[d]})" for d in s["djinns"]))
    out.append(f"Supply: {s['supply']['palms']} palm trees, {s['supply']['palaces']} palaces; "
               f"bag: {sum(s['bag'])} meeples")
    out.append("Players:")
    for i, p in enumerate(s["seats"]):
        gold = f"{p['gold']} gold, " if seat == i else ""
        goods = ", ".join(p["goods"]) or "no merchandise"
        djinns = ", ".join(p["djinns"]) or "no Djinns"
        you = " (you)" if seat == i else ""
        out.append(f"  {seat_label(i)}{you}: {gold}{_n(p['camels'], 'camel')} left, {_n(p['viziers'], 'Vizier')}, "
                   f"{_n(p['elders'], 'Elder')}, {_n(p['fakirs'], 'Fakir')}; {goods} "
                   f"(suits worth {goods_value(p['goods'])}); {djinns}")
    if s["phase"] == "bid":
        out.append("Bid order: " + ", ".join(seat_label(m) for m in s["bid_order"])
                   + f"; bids so far: {_track(s)}")
    elif s["phase"] == "play":
        out.append(f"Turn order track: {_track(s)}; still to play: "
                   + (", ".join(seat_label(m) for m in s["queue"]) or "nobody"))
    if s["log"]:
        out.append("Recent events:")
        out.extend(f"  {e}" for e in s["log"][-12:])
    out.append(_now(s, seat))
    return "\n".join(out)


def _now(s: State, seat: int | None) -> str:
    if s["phase"] == "over":
        res = score(s)
        lines = ["The game is over. Scores: " + ", ".join(
            f"{seat_label(i)} {sc}" for i, sc in enumerate(res["scores"]))]
        lines.append("Winner" + ("s" if len(res["winners"]) > 1 else "") + ": "
                     + ", ".join(seat_label(w) for w in res["winners"]))
        return "\n".join(lines)
    if s["phase"] == "bid":
        who = s["bid_order"][s["bid_index"]]
        if seat == who:
            return "Now: you bid for turn order (bid 0, 1, 3, 5, 8, 12 or 18 on a free spot)."
        return f"Now: {seat_label(who)} bids for turn order."
    t = s["turn"]
    who = t["seat"]
    if seat != who:
        return f"Now: {seat_label(who)} is playing ({t['step']})."
    step = t["step"]
    tile = TILE_NAMES[t["tile"]] if t.get("tile") is not None else ""
    if step == "move":
        if t["can_move"]:
            return "Now: move meeples (move START TILE TILE ... drop COLOURS)."
        return "Now: no meeple can move; use a Djinn or pass."
    if step == "builders":
        return f"Now: your {t['n']} Builders pay out; add Fakirs? (fakirs 0, fakirs 1, ...)"
    if step == "kill":
        return (f"Now: your {t['n']} Assassins on {tile} kill (kill TILE COLOUR or kill P# vizier/elder)"
                + (" — two meeples with Iblis." if t.get("iblis") else "."))
    if step == "market":
        return f"Now: buy at the market on {tile} (take N ...) or pass."
    if step == "sacred":
        return f"Now: take a Djinn at the Sacred Place on {tile} (take NAME pay elder elder) or pass."
    if step in ("palm", "palace"):
        helper = "Lamia" if step == "palm" else "Hagis"
        return (f"Now: the {'palm tree' if step == 'palm' else 'palace'} goes on {TILE_NAMES[t['at']]} "
                f"({step}) or, with {helper}, next to it ({step} TILE pay elder|fakir).")
    if step == "sibittis":
        return "Now: keep one of " + ", ".join(t["drawn"]) + " (keep NAME)."
    return "Now: sell merchandise (sell CARDS), use a Djinn, or done."


__all__ = ["view_state", "describe_state", "board_grid"]
