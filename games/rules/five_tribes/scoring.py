"""Merchandise suits, the sale, and the final score.

Suits are valued by layering: the first suit takes one card of every kind held,
the second one of every kind still held, and so on. The suit values'
increments never shrink, so layering is the best split of any hand; it is used
both for the sale price and for end scoring (where Al-Amin makes each pair of
Fakirs a wild card).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.base import IllegalMove

from .data import DJINNS, MERCHANDISE, SUIT_VALUES, TILE_COLOUR
from .state import MoveDict, State, gain_gold, seat_label

KINDS = tuple(MERCHANDISE)


def suits_value(counts: list[int], wild: int = 0) -> int:
    """Best total of suits for per-kind counts, with *wild* cards of any kind added."""
    counts = sorted(counts, reverse=True)
    # Wild cards (Al-Amin): try every way to add them to the kinds. There are at
    # most 9 wilds (18 Fakirs), so the search stays small, and it is exact.
    best = _layer_total(counts)
    if wild:
        best = max(_layer_total(_place(counts, placement)) for placement in _placements(len(KINDS), wild))
    return best


def _place(counts: list[int], placement: tuple[int, ...]) -> list[int]:
    out = list(counts) + [0] * (len(KINDS) - len(counts))
    for i in placement:
        out[i] += 1
    return out


def _placements(kinds: int, wild: int, start: int = 0) -> list[tuple[int, ...]]:
    if wild == 0:
        return [()]
    out = []
    for i in range(start, kinds):
        for rest in _placements(kinds, wild - 1, i):
            out.append((i,) + rest)
    return out


def _layer_total(counts: list[int]) -> int:
    total = 0
    layer = 1
    while True:
        size = sum(1 for c in counts if c >= layer)
        if size == 0:
            return total
        total += SUIT_VALUES[size]
        layer += 1


def goods_value(goods: list[str], wild: int = 0) -> int:
    counter = Counter(goods)
    return suits_value([counter[k] for k in KINDS], wild)


def sell(s: State, seat: int, move: MoveDict) -> None:
    cards = move.get("cards")
    p = s["seats"][seat]
    if not isinstance(cards, list) or not cards:
        raise IllegalMove("name the merchandise cards to sell", accepted="for example sell ivory fish")
    have = Counter(p["goods"])
    want = Counter(cards)
    for card, n in want.items():
        if card not in MERCHANDISE:
            raise IllegalMove(f"{card} cannot be sold", accepted="merchandise: " + ", ".join(KINDS))
        if have[card] < n:
            raise IllegalMove(f"you hold {have[card]} {card}, not {n}",
                              accepted="your merchandise: " + (", ".join(p["goods"]) or "none"))
    value = goods_value(cards)
    for card in cards:
        p["goods"].remove(card)
        s["discard"].append(card)
    gain_gold(s, seat, value, f"sells {', '.join(sorted(cards))}")


def score(s: State) -> dict[str, Any]:
    """The final scores, winners and a per-seat breakdown."""
    seats = s["seats"]
    n = len(seats)
    details = []
    for seat, p in enumerate(seats):
        djinns = p["djinns"]
        fewer = sum(1 for o in range(n) if o != seat and seats[o]["viziers"] < p["viziers"])
        mine = [i for i in range(30) if s["camels"][i] == seat]
        palm_vp = 5 if "Haurvatat" in djinns else 3
        wild = p["fakirs"] // 2 if "Al-Amin" in djinns else 0
        d = {
            "gold": p["gold"],
            "viziers": p["viziers"] * (3 if "Jafaar" in djinns else 1),
            "vizier_bonus": 10 * fewer,
            "elders": p["elders"] * (4 if "Shamhat" in djinns else 2),
            "djinns": sum(DJINNS[name][0] for name in djinns),
            "palm_trees": sum(s["palms"][i] for i in mine) * palm_vp,
            "palaces": sum(s["palaces"][i] for i in mine) * 5,
            "tiles": sum(s["tiles"][i][1] for i in mine),
            "merchandise": goods_value(p["goods"], wild),
        }
        d["total"] = sum(d.values())
        d["player"] = seat_label(seat)
        details.append(d)
    scores = [d["total"] for d in details]
    top = max(scores)
    return {
        "scores": scores,
        # The rulebook has no tie-break: tied players share the win.
        "winners": [i for i, sc in enumerate(scores) if sc == top],
        "detail": {"seats": details, "end": s["end"]},
    }


def blue_tiles(s: State) -> list[int]:
    return [i for i, (kind, _) in enumerate(s["tiles"]) if TILE_COLOUR[kind] == "blue"]
