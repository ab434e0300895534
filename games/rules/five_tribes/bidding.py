"""Bidding for turn order on the Turn Order track.

Markers bid in Bid Order. A bid names a spot by its cost: 0 (three places in
the "aisle of zeros"), 1, 3, 5, 8, 12 or 18. A paid spot holds one marker; the
cost is paid at once (Kumarbi's owner may discard Fakirs, each making the spot
cost what the spot one lower costs). Play order: highest spot first, then the
zeros, the latest zero bidder first.

Stand-in: a marker that can afford no free spot (zeros full, too little gold)
takes the cheapest free paid spot and pays all its gold.
"""

from __future__ import annotations

from games.rules.base import IllegalMove

from .data import SPOT_COSTS, ZERO_SPOTS
from .state import MoveDict, State, log, seat_label

PAID_INDEX = {cost: i for i, cost in enumerate(SPOT_COSTS) if cost}


def bidder(s: State) -> int:
    return int(s["bid_order"][s["bid_index"]])


def kumarbi_max(s: State, seat: int, cost: int) -> int:
    """How many Fakirs Kumarbi can usefully take off a spot of *cost* (0 if not available)."""
    p = s["seats"][seat]
    if cost == 0 or "Kumarbi" not in p["djinns"] or s["kumarbi_used"][seat]:
        return 0
    # Each Fakir moves the price one spot down; below the first paid spot it is 0.
    return int(min(p["fakirs"], PAID_INDEX[cost] - (ZERO_SPOTS - 1)))


def price(cost: int, fakirs: int) -> int:
    if cost == 0:
        return 0
    return SPOT_COSTS[PAID_INDEX[cost] - fakirs]


def legal_bids(s: State, seat: int) -> list[MoveDict]:
    gold = s["seats"][seat]["gold"]
    out: list[MoveDict] = []
    if len(s["zeros"]) < ZERO_SPOTS:
        out.append({"t": "bid", "cost": 0})
    for cost, idx in PAID_INDEX.items():
        if s["spots"][idx] is not None:
            continue
        if price(cost, 0) <= gold:
            out.append({"t": "bid", "cost": cost})
        for n in range(1, kumarbi_max(s, seat, cost) + 1):
            if price(cost, n) <= gold:
                out.append({"t": "bid", "cost": cost, "fakirs": n})
    if not out:
        free = [cost for cost, idx in PAID_INDEX.items() if s["spots"][idx] is None]
        out.append({"t": "bid", "cost": min(free)})
    return out


def _fallback(s: State, seat: int) -> bool:
    """True when the seat can afford nothing and must take the cheapest spot with all its gold."""
    gold = s["seats"][seat]["gold"]
    if len(s["zeros"]) < ZERO_SPOTS:
        return False
    free = [cost for cost, idx in PAID_INDEX.items() if s["spots"][idx] is None]
    return bool(min(free) > gold)


def place_bid(s: State, seat: int, move: MoveDict) -> None:
    """Check and record a bid on a cloned state (payment included)."""
    cost = move.get("cost")
    fakirs = move.get("fakirs", 0)
    if type(cost) is not int or cost not in SPOT_COSTS:
        raise IllegalMove(f"there is no spot costing {cost}", accepted="bid 0, 1, 3, 5, 8, 12 or 18")
    p = s["seats"][seat]
    if type(fakirs) is not int or fakirs < 0:
        raise IllegalMove("Kumarbi takes a number of Fakirs", accepted="for example bid 8 kumarbi 2")
    if cost == 0:
        if fakirs:
            raise IllegalMove("a bid of 0 costs nothing; Kumarbi cannot lower it")
        if len(s["zeros"]) >= ZERO_SPOTS:
            taken = [c for c, i in PAID_INDEX.items() if s["spots"][i] is None]
            raise IllegalMove("all three 0 spots are taken, so you must bid at least 1",
                              accepted="free spots: " + ", ".join(map(str, taken)))
        s["zeros"].append(seat)
        log(s, f"{seat_label(seat)} bids 0")
        return
    idx = PAID_INDEX[cost]
    if s["spots"][idx] is not None:
        free = ["0"] if len(s["zeros"]) < ZERO_SPOTS else []
        free += [str(c) for c, i in PAID_INDEX.items() if s["spots"][i] is None]
        raise IllegalMove(f"the {cost} spot is already taken by {seat_label(s['spots'][idx])}",
                          accepted="free spots: " + ", ".join(free))
    if fakirs:
        if "Kumarbi" not in p["djinns"]:
            raise IllegalMove("only the owner of Kumarbi may pay Fakirs to lower a bid")
        if s["kumarbi_used"][seat]:
            raise IllegalMove("Kumarbi has already been used this round")
        if fakirs > p["fakirs"]:
            raise IllegalMove(f"you hold only {p['fakirs']} Fakirs")
        if fakirs > kumarbi_max(s, seat, cost):
            raise IllegalMove(f"{kumarbi_max(s, seat, cost)} Fakirs already bring the {cost} spot down to 0",
                              accepted=f"kumarbi 1 to {kumarbi_max(s, seat, cost)}")
    to_pay = price(cost, fakirs)
    if to_pay > p["gold"]:
        if not _fallback(s, seat) or cost != min(c for c, i in PAID_INDEX.items() if s["spots"][i] is None):
            raise IllegalMove(f"the {cost} spot costs {to_pay} gold and you cannot afford it",
                              accepted="a cheaper free spot")
    if fakirs:
        p["fakirs"] -= fakirs
        s["discard"].extend(["Fakir"] * fakirs)
        s["kumarbi_used"][seat] = True
    paid = min(to_pay, p["gold"])
    p["gold"] -= paid
    s["spots"][idx] = seat
    note = f" with Kumarbi ({fakirs} Fakir{'s' if fakirs > 1 else ''})" if fakirs else ""
    # In the all-gold stand-in the amount is left out: it would reveal a secret purse.
    log(s, f"{seat_label(seat)} bids {cost}" + (f" and pays {paid}" if paid == to_pay else "") + note)


def play_order(s: State) -> list[int]:
    """Markers in playing order once every bid is in."""
    paid = [s["spots"][i] for i in range(len(SPOT_COSTS) - 1, ZERO_SPOTS - 1, -1) if s["spots"][i] is not None]
    return paid + list(reversed(s["zeros"]))
