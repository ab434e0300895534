"""The state layout and the small helpers every phase shares.

A state is plain JSON::

    {
      "num_players": 3, "rng": {"seed": ..., "counter": ...},
      "tiles": [["oasis", 8], ...],        # 30 tiles, index = (row-1)*6 + column
      "meeples": ["YWB", "", ...],          # meeples on each tile, one letter each
      "camels": [null, 2, ...],             # owner seat of each tile, or null
      "palms": [0, ...], "palaces": [0, ...],
      "supply": {"palms": 12, "palaces": 10},
      "bag": [0, 0, 0, 0, 0],               # meeples in the bag by colour Y W G B R
      "deck": [...], "row": [...], "discard": [...],            # resource cards
      "djinn_deck": [...], "djinns": [...], "djinn_discard": [...],
      "seats": [{"gold": 50, "camels": 8, "viziers": 0, "elders": 0,
                 "fakirs": 0, "goods": ["Fish", ...], "djinns": [...]}, ...],
      "phase": "bid" | "play" | "over", "round": 1,
      "bid_order": [2, 0, 1], "bid_index": 0,   # markers (seats) in bid order
      "zeros": [...], "spots": [null * 9],      # Turn Order track
      "queue": [...], "played": [...],          # markers still to play / already played
      "kumarbi_used": [false, ...],
      "round_used": [[...], ...],               # rules version 2 only: Djinn powers with a cost
                                                # each seat used this round (see djinns.py)
      "turn": null | {...},                     # the turn in progress (see turn.py)
      "end": null | "camels" | "no_move",       # why this round is the last
      "log": ["P1 bids 3", ...]                 # recent public events
    }

``apply`` works on :func:`clone`, a structural copy that duplicates only the
containers (strings and numbers are immutable), which is many times cheaper
than ``copy.deepcopy`` on the hot path.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import GameRng

from .board import tile_name
from .data import COLOURS

State = dict[str, Any]
# A move: {"t": kind, ...} (see notation.py for every kind and its fields).
MoveDict = dict[str, Any]
LOG_LIMIT = 40


def clone(state: State) -> State:
    """A copy of *state* that can be mutated without touching the original."""
    s = dict(state)
    for key in ("meeples", "camels", "palms", "palaces", "bag", "deck", "row", "discard",
                "djinn_deck", "djinns", "djinn_discard", "bid_order", "zeros", "spots",
                "queue", "played", "kumarbi_used", "log"):
        s[key] = list(state[key])
    s["supply"] = dict(state["supply"])
    s["rng"] = dict(state["rng"])
    s["seats"] = [
        dict(p, goods=list(p["goods"]), djinns=list(p["djinns"])) for p in state["seats"]
    ]
    if "round_used" in state:
        s["round_used"] = [list(names) for names in state["round_used"]]
    turn = state["turn"]
    if turn is not None:
        t = dict(turn)
        t["used"] = list(turn["used"])
        if "drawn" in t:
            t["drawn"] = list(t["drawn"])
        s["turn"] = t
    return s


def seat_label(seat: int) -> str:
    """How players are named in notation and text: P1..P4."""
    return f"P{seat + 1}"


def log(s: State, text: str) -> None:
    s["log"].append(text)
    if len(s["log"]) > LOG_LIMIT:
        del s["log"][: len(s["log"]) - LOG_LIMIT]


def gain_gold(s: State, seat: int, amount: int, why: str) -> None:
    if amount <= 0:
        return
    s["seats"][seat]["gold"] += amount
    log(s, f"{seat_label(seat)} gains {amount} gold ({why})")


def pay_gold(s: State, seat: int, amount: int, why: str) -> None:
    p = s["seats"][seat]
    p["gold"] = max(0, p["gold"] - amount)
    if amount:
        log(s, f"{seat_label(seat)} pays {amount} gold ({why})")


def owner_of(s: State, djinn: str) -> int | None:
    """The seat holding a Djinn, or None."""
    for seat, p in enumerate(s["seats"]):
        if djinn in p["djinns"]:
            return seat
    return None


def draw_meeple(s: State) -> str | None:
    """Draw one meeple at random from the bag (None if empty)."""
    bag = s["bag"]
    total = sum(bag)
    if total == 0:
        return None
    rng = GameRng.from_state(s)
    r = rng.randbelow(total)
    rng.store(s)
    for i, count in enumerate(bag):
        if r < count:
            bag[i] -= 1
            return COLOURS[i]
        r -= count
    raise AssertionError("bag counts inconsistent")


def to_bag(s: State, colour: str, count: int = 1) -> None:
    s["bag"][COLOURS.index(colour)] += count


def draw_resource(s: State) -> str | None:
    """Top card of the resource pile, reshuffling the discards when it is empty."""
    if not s["deck"] and s["discard"]:
        rng = GameRng.from_state(s)
        s["deck"] = rng.shuffled(s["discard"])
        rng.store(s)
        s["discard"] = []
    if not s["deck"]:
        return None
    card: str = s["deck"].pop()
    return card


def draw_djinn(s: State) -> str | None:
    """Top card of the Djinn pile, reshuffling the Djinn discards when it is empty."""
    if not s["djinn_deck"] and s["djinn_discard"]:
        rng = GameRng.from_state(s)
        s["djinn_deck"] = rng.shuffled(s["djinn_discard"])
        rng.store(s)
        s["djinn_discard"] = []
    if not s["djinn_deck"]:
        return None
    name: str = s["djinn_deck"].pop()
    return name


def gain_card(s: State, seat: int, card: str) -> None:
    p = s["seats"][seat]
    if card == "Fakir":
        p["fakirs"] += 1
    else:
        p["goods"].append(card)
        p["goods"].sort()


def take_control(s: State, seat: int, tile: int) -> bool:
    """Put a camel of *seat* on an unowned tile if a camel is left; True if placed."""
    p = s["seats"][seat]
    if s["camels"][tile] is not None or p["camels"] <= 0:
        return False
    s["camels"][tile] = seat
    p["camels"] -= 1
    log(s, f"{seat_label(seat)} takes control of {tile_name(tile)}")
    if p["camels"] == 0 and s["end"] is None:
        # Placing the last camel: this round is the last one.
        s["end"] = "camels"
        log(s, f"{seat_label(seat)} has placed their last camel: this is the last round")
    return True


def pay_cost(s: State, seat: int, pay: str, why: str) -> None:
    """Pay Elders (back to the bag) and Fakirs (to the discards) as coded in *pay*."""
    p = s["seats"][seat]
    for code in pay:
        if code == "E":
            p["elders"] -= 1
            to_bag(s, "W")
        else:
            p["fakirs"] -= 1
            s["discard"].append("Fakir")
    parts = []
    if pay.count("E"):
        parts.append(f"{pay.count('E')} Elder" + ("s" if pay.count("E") > 1 else ""))
    if pay.count("F"):
        parts.append(f"{pay.count('F')} Fakir" + ("s" if pay.count("F") > 1 else ""))
    log(s, f"{seat_label(seat)} pays {' and '.join(parts)} for {why}")


def can_pay(p: dict[str, Any], pay: str) -> bool:
    return bool(pay.count("E") <= p["elders"] and pay.count("F") <= p["fakirs"])
