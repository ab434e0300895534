"""One log line per move (``narrate``) and the few words of ``phase_label``.

A narration is computed from the state before the move, the move and the state
after it, with table lookups and small sums only (no legal-move generation, no
copies, no replay): it runs once per viewer for every move.

What a viewer may read. Five Tribes bids are open and every action happens on
the table, so a move narrates the same to every viewer, with two exceptions:

* Sibittis: the Djinns drawn are named only to their drawer ("drew 3 Djinns"
  for everyone else) until the ``keep`` move, whose narration names the Djinn
  kept and the ones discarded (they go face up to the discard pile).
* Gold: a seat's gold *total* is never narrated. Amounts paid or earned by a
  visible action (a bid's price, a market's price, a sale, the Builders' pay,
  a Djinn's payout) are narrated to everyone: at the table the coins go to and
  from the bank in view, and they follow from public facts. The one exception
  is the stand-in bid of a seat that can afford no free spot and pays all its
  gold: the amount would be its total, so only that seat reads it.
"""

from __future__ import annotations

from collections import Counter

from games.rules.base import seat_ref

from .bidding import PAID_INDEX, play_order, price
from .board import DISTANCE, TILE_INDEX, TILE_NAMES
from .data import COLOUR_NAMES, COLOURS, TILE_LABELS, TRIBE_NAMES
from .decisions import pay_phrase, plural
from .djinns import blue_around
from .notation import format_move
from .scoring import goods_value
from .state import MoveDict, State, owner_of
from .tiles import MARKETS
from .tribes import builder_multiplier

STEP_WORDS = {
    "move": "move",
    "builders": "Builders' Fakirs",
    "kill": "Assassins' target",
    "market": "market purchase",
    "sacred": "Sacred Place",
    "palm": "palm tree",
    "palace": "palace",
    "sibittis": "Sibittis choice",
    "end": "end of turn",
}


def phase_label(s: State, seat: int | None, awaited: bool) -> str:
    """"your bid, round 3", "bidding, round 3", "your Assassins' target, round 4", "game over"."""
    if s["phase"] == "over":
        return "game over"
    when = f"round {s['round']}" + (" (last round)" if s["end"] else "")
    if s["phase"] == "bid":
        return f"your bid, {when}" if awaited else f"bidding, {when}"
    if not awaited:
        return f"playing, {when}"
    t = s["turn"]
    words = STEP_WORDS[t["step"]] if t["step"] != "move" or t["can_move"] else "turn (no meeple can move)"
    return f"your {words}, {when}"


# -- words -------------------------------------------------------------------------


def and_list(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


def _meeples(codes: str) -> str:
    """"an Elder", "a Builder and a Merchant", "2 Merchants" (killed meeples)."""
    counts = Counter(codes)
    parts = [_a(TRIBE_NAMES[c]) if counts[c] == 1 else plural(counts[c], TRIBE_NAMES[c])
             for c in COLOURS if counts[c]]
    return and_list(parts)


def _awaits(after: State, seat: int, step: str) -> bool:
    """Whether the move left *seat* at *step* of the same turn (a choice still to make)."""
    t = after["turn"]
    return after["phase"] == "play" and t is not None and t["seat"] == seat and t["step"] == step


def _took_control(before: State, after: State, seat: int, tile: int) -> bool:
    return before["camels"][tile] is None and after["camels"][tile] == seat


# -- one function per kind of move -----------------------------------------------------


def _bid(before: State, seat: int, move: MoveDict, viewer: int | None) -> str:
    who = seat_ref(seat)
    cost, fakirs = move["cost"], move.get("fakirs", 0)
    kumarbi = f" with Kumarbi ({plural(fakirs, 'Fakir')})" if fakirs else ""
    if cost == 0:
        text = f"{who} bid 0 for turn order"
    else:
        to_pay, gold = price(cost, fakirs), before["seats"][seat]["gold"]
        if to_pay <= gold:
            text = f"{who} bid {cost} for turn order{kumarbi} and paid {to_pay} gold"
        elif viewer == seat:
            text = f"{who} bid {cost} for turn order and paid all the {gold} gold they had"
        else:
            text = f"{who} bid {cost} for turn order"  # the stand-in pays a secret total
    if before["bid_index"] + 1 == len(before["bid_order"]):
        track = {"spots": list(before["spots"]), "zeros": list(before["zeros"])}
        if cost == 0:
            track["zeros"].append(seat)
        else:
            track["spots"][PAID_INDEX[cost]] = seat
        text += "; turn order: " + ", ".join(seat_ref(m) for m in play_order(track))
    return text


def _movement(before: State, seat: int, move: MoveDict, after: State) -> str:
    start = TILE_INDEX[move["from"]]
    path = [TILE_INDEX[name] for name in move["path"]]
    drops: str = move["drops"]
    final, colour = path[-1], drops[-1]
    already = "" if final == start else before["meeples"][final]
    n = already.count(colour) + sum(1 for idx, c in zip(path, drops) if idx == final and c == colour)
    text = f"{seat_ref(seat)} moved {move['from']} → {' '.join(move['path'])}, took {plural(n, TRIBE_NAMES[colour])}"
    if colour == "G":
        cards = before["row"][:n]
        text += f", who took {and_list(cards)} from the resource row" if cards else " (the resource row was empty)"
    elif colour == "B" and not _awaits(after, seat, "builders"):
        t = before["turn"]
        gold = n * blue_around(before, final) * (2 if t.get("echidna") else 1)
        text += f" and scored {gold} gold"
    elif colour == "R" and not _awaits(after, seat, "kill"):
        text += ", who found nothing to kill"
    if _took_control(before, after, seat, final):
        text += f", took control of {TILE_NAMES[final]}"
    if after["palms"][final] > before["palms"][final]:
        text += f", placed a palm tree on {TILE_NAMES[final]}"
    if after["palaces"][final] > before["palaces"][final]:
        text += f", placed a palace on {TILE_NAMES[final]}"
    return text


def _builders(before: State, seat: int, move: MoveDict) -> str:
    t = before["turn"]
    fakirs = move["fakirs"]
    gold = (t["n"] + fakirs) * blue_around(before, t["tile"]) * builder_multiplier(before)
    text = f"{seat_ref(seat)}'s {plural(t['n'], 'Builder')} on {TILE_NAMES[t['tile']]} scored {gold} gold"
    if fakirs:
        text += f" with {plural(fakirs, 'Fakir')} added"
    if t.get("echidna"):
        text += " (doubled by Echidna)"
    return text


def _kill(before: State, seat: int, move: MoveDict, after: State) -> str:
    t = before["turn"]
    meeples: str = move["meeples"]
    who = seat_ref(seat)
    need = 0
    tile: int | None = None
    if "tile" in move:
        tile = TILE_INDEX[move["tile"]]
        need = max(0, DISTANCE[t["tile"]][tile] - t["n"])
        text = f"{who}'s Assassins killed {_meeples(meeples)} on {move['tile']}"
        if need:
            text += f" (discarding {plural(need, 'Fakir')} for range)"
        if _took_control(before, after, seat, tile):
            text += f", took control of {move['tile']}"
    else:
        victim = move["seat"]
        text = f"{who}'s Assassins killed {seat_ref(victim)}'s {and_list([TRIBE_NAMES[c] for c in meeples])}"
    if owner_of(before, "Kandicha") == seat:
        text += _kandicha(before, seat, meeples, after, tile, need)
    return text


def _kandicha(before: State, seat: int, meeples: str, after: State, tile: int | None, need: int) -> str:
    kept = [TRIBE_NAMES[c] for c in meeples if c in "YW"]
    gains = []
    if kept:
        gains.append("kept the killed " + and_list(kept))
    b, a = before["seats"][seat], after["seats"][seat]
    cards = sorted((Counter(a["goods"]) - Counter(b["goods"])).elements())
    cards += ["Fakir"] * (a["fakirs"] - (b["fakirs"] - need))
    if cards:
        gains.append("drew " + and_list(cards))
    if tile is not None and "B" in meeples:
        gold = meeples.count("B") * blue_around(before, tile) * builder_multiplier(before)
        gains.append(f"earned {gold} gold")
    return "; with Kandicha they " + and_list(gains) if gains else ""


def _take(before: State, seat: int, move: MoveDict) -> str:
    who = seat_ref(seat)
    if "cards" in move:
        kind = before["tiles"][before["turn"]["tile"]][0]
        cards = [before["row"][c - 1] for c in move["cards"]]
        return f"{who} bought {and_list(cards)} at the {TILE_LABELS[kind]} for {MARKETS[kind][0]} gold"
    return f"{who} took the Djinn {move['djinn']} at the Sacred Place, paying {pay_phrase(move['pay'])}"


def _pass(before: State, seat: int) -> str:
    who = seat_ref(seat)
    step = before["turn"]["step"]
    if step == "kill":
        return f"{who}'s Assassins killed nobody (no target within reach without Fakirs)"
    if step == "market":
        return f"{who} bought nothing at the market"
    if step == "sacred":
        return f"{who} took no Djinn at the Sacred Place"
    return f"{who} could not move any meeple and passed"


def _placement(before: State, seat: int, move: MoveDict) -> str:
    piece = "palm tree" if move["t"] == "palm" else "palace"
    at = TILE_NAMES[before["turn"]["at"]]
    if "tile" not in move:
        return f"{seat_ref(seat)} placed the {piece} on {at}"
    helper = "Lamia" if move["t"] == "palm" else "Hagis"
    return (f"{seat_ref(seat)} used {helper}, paying {pay_phrase(move['pay'])}, to place the {piece} on "
            f"{move['tile']} instead of {at}")


def _keep(before: State, seat: int, move: MoveDict) -> str:
    drawn: list[str] = before["turn"]["drawn"]
    others = [d for d in drawn if d != move["djinn"]]
    text = f"{seat_ref(seat)} kept {move['djinn']} of the Djinns drawn with Sibittis"
    return text + (f" and discarded {and_list(others)}" if others else "")


def _djinn(before: State, seat: int, move: MoveDict, after: State, viewer: int | None) -> str:
    name = move["djinn"]
    text = f"{seat_ref(seat)} used {name}, paying {pay_phrase(move['pay'])},"
    tile_name = move.get("tile", "")
    tile = TILE_INDEX[tile_name] if tile_name else -1
    if name == "Anun-Nak":
        placed = "".join(sorted(after["meeples"][tile], key=COLOURS.index))
        colours = and_list([COLOUR_NAMES[c] for c in placed])
        return f"{text} to put {plural(len(placed), 'meeple')} from the bag on {tile_name} ({colours})"
    if name in ("Bouraq", "Enki"):
        piece, key, helper = ("palace", "palaces", "Hagis") if name == "Bouraq" else ("palm tree", "palms", "Lamia")
        if after[key][tile] > before[key][tile]:
            return f"{text} to put {_a(piece)} on {tile_name}"
        return f"{text} for {_a(piece)} on {tile_name} ({helper} may move it)"
    if name == "Echidna":
        return f"{text} so their Builders earn double this turn"
    if name == "Iblis":
        return f"{text} so their Assassins kill two meeples this turn"
    if name in ("Leta", "Utug"):
        return f"{text} to put a camel on {tile_name}"
    if name == "Sibittis":
        drawn: list[str] = after["turn"]["drawn"] if _awaits(after, seat, "sibittis") else []
        if not drawn:
            return f"{text} but no Djinn was left to draw"
        if viewer == seat:
            return f"{text} and drew {and_list(drawn)} to keep one"
        return f"{text} and drew {plural(len(drawn), 'Djinn')} to keep one"
    if name == "Sloar":
        b, a = before["seats"][seat], after["seats"][seat]
        cards = sorted((Counter(a["goods"]) - Counter(b["goods"])).elements()) or ["Fakir"]
        return f"{text} to take {_a(cards[0])} from the resource pile"
    return text.rstrip(",")


def _sell(seat: int, move: MoveDict) -> str:
    cards: list[str] = move["cards"]
    return f"{seat_ref(seat)} sold {and_list(cards)} for {goods_value(cards)} gold"


# -- what else the move caused ---------------------------------------------------------


def _payouts(before: State, seat: int, move: MoveDict, after: State) -> list[str]:
    """Gold the passive Djinns (Marid, Monkir, Ba'al, Nekir) paid because of this move."""
    out = []

    def pay(djinn: str, events: int) -> None:
        owner = owner_of(after, djinn)
        if owner is not None and events:
            out.append(f"{djinn} paid {seat_ref(owner)} {events * (1 if owner == seat else 2)} gold")

    if move["t"] == "move":
        marid = owner_of(before, "Marid")
        drops = sum(1 for name in move["path"] if marid is not None and before["camels"][TILE_INDEX[name]] == marid)
        pay("Marid", drops)
    pay("Monkir", sum(after["palaces"]) - sum(before["palaces"]))
    gained = sum(1 for a, b in zip(after["seats"], before["seats"]) for d in a["djinns"]
                 if d not in b["djinns"] and d != "Ba'al")
    pay("Ba'al", gained)
    if move["t"] == "kill":
        pay("Nekir", 1)
    return out


def _aftermath(before: State, seat: int, after: State) -> list[str]:
    out = []
    if before["end"] is None and after["end"] == "camels":
        out.append(f"{seat_ref(seat)} placed their last camel: this is the last round")
    elif before["end"] is None and after["end"] == "no_move":
        out.append("no meeple can move any more: this is the last round")
    if after["phase"] == "over" and before["phase"] != "over":
        out.append("the game is over")
    elif after["round"] > before["round"]:
        out.append(f"round {after['round']} begins")
    return out


def narrate(before: State, seat: int, move: MoveDict, after: State, viewer: int | None) -> str:
    """What *move* by *seat* did, as one line *viewer* may read (see the module docstring)."""
    kind = move["t"]
    if kind == "bid":
        text = _bid(before, seat, move, viewer)
    elif kind == "move":
        text = _movement(before, seat, move, after)
    elif kind == "builders":
        text = _builders(before, seat, move)
    elif kind == "kill":
        text = _kill(before, seat, move, after)
    elif kind == "take":
        text = _take(before, seat, move)
    elif kind == "pass":
        text = _pass(before, seat)
    elif kind in ("palm", "palace"):
        text = _placement(before, seat, move)
    elif kind == "keep":
        text = _keep(before, seat, move)
    elif kind == "djinn":
        text = _djinn(before, seat, move, after, viewer)
    elif kind == "sell":
        text = _sell(seat, move)
    elif kind == "done":
        text = f"{seat_ref(seat)} ended their turn"
    else:
        text = f"{seat_ref(seat)} played {format_move(move)}"
    return "; ".join([text] + _payouts(before, seat, move, after) + _aftermath(before, seat, after))


__all__ = ["narrate", "phase_label", "and_list", "STEP_WORDS"]
