"""Tile actions: markets and Sacred Places (Oasis and Village are placements, see turn.py).

Small Market: pay 3 gold, take 1 card among the first 3 of the row. Large
Market: pay 6 gold, take 2 cards among the first 6 (1 if only one is left).
Sacred Place: pay 2 Elders or 1 Elder + 1 Fakir, take a face-up Djinn.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import IllegalMove

from .djinns import gain_djinn
from .state import MoveDict, State, can_pay, gain_card, log, pay_cost, pay_gold, seat_label

MARKETS = {"small_market": (3, 3, 1), "large_market": (6, 6, 2)}  # price, window, cards


def market_terms(s: State, kind: str) -> tuple[int, int, int]:
    """(price, how many front cards may be chosen from, how many cards are taken)."""
    price, window, count = MARKETS[kind]
    return price, min(window, len(s["row"])), min(count, len(s["row"]))


def market_options(s: State, seat: int, kind: str) -> list[MoveDict]:
    price, window, count = market_terms(s, kind)
    if s["seats"][seat]["gold"] < price or count == 0:
        return []
    return [{"t": "take", "cards": [i + 1 for i in combo]} for combo in combinations(range(window), count)]


def buy(s: State, seat: int, kind: str, move: MoveDict) -> None:
    price, window, count = market_terms(s, kind)
    cards = move.get("cards")
    name = "Small Market" if kind == "small_market" else "Large Market"
    if not isinstance(cards, list) or any(not isinstance(c, int) for c in cards):
        raise IllegalMove("name the cards by their place in the row", accepted="for example take 1 3")
    if len(cards) != count or len(set(cards)) != count:
        raise IllegalMove(f"at the {name} you take {count} different card{'s' if count > 1 else ''}",
                          accepted=f"positions 1 to {window} of the row")
    bad = [c for c in cards if not 1 <= c <= window]
    if bad:
        raise IllegalMove(f"card {bad[0]} is not among the first {window} of the row",
                          accepted=f"positions 1 to {window}")
    if s["seats"][seat]["gold"] < price:
        raise IllegalMove(f"the {name} costs {price} gold and you have only {s['seats'][seat]['gold']}",
                          accepted="pass")
    pay_gold(s, seat, price, name)
    taken = [s["row"][c - 1] for c in sorted(cards)]
    for c in sorted(cards, reverse=True):
        del s["row"][c - 1]
    for card in taken:
        gain_card(s, seat, card)
    log(s, f"{seat_label(seat)} buys {', '.join(taken)}")


def sacred_payments(p: dict[str, Any]) -> list[str]:
    return [pay for pay in ("EE", "EF") if can_pay(p, pay)]


def sacred_options(s: State, seat: int) -> list[MoveDict]:
    pays = sacred_payments(s["seats"][seat])
    return [{"t": "take", "djinn": d, "pay": pay} for d in s["djinns"] for pay in pays]


def summon(s: State, seat: int, move: MoveDict) -> None:
    name = move.get("djinn")
    if name not in s["djinns"]:
        raise IllegalMove(f"{name} is not among the face-up Djinns", accepted=", ".join(s["djinns"]))
    pay = move.get("pay")
    if pay not in ("EE", "EF"):
        raise IllegalMove("a Djinn at a Sacred Place costs 2 Elders or 1 Elder and 1 Fakir",
                          accepted="pay elder elder, or pay elder fakir")
    if not can_pay(s["seats"][seat], pay):
        raise IllegalMove("you cannot pay " + ("2 Elders" if pay == "EE" else "1 Elder and 1 Fakir"),
                          accepted=" or ".join({"EE": "pay elder elder", "EF": "pay elder fakir"}[x]
                                               for x in sacred_payments(s["seats"][seat])) or "pass")
    pay_cost(s, seat, str(pay), str(name))
    s["djinns"].remove(name)
    gain_djinn(s, seat, str(name))
