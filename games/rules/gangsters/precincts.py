"""Precinct headquarters (variant 5a, 7.3-7.33, 8.1-8.2; G11, G20, G30, G38, G51).

In step a of the Cop Turn, if the Commissioner began it inside an unowned
building that is not a crime scene, the Police player may buy it as an HQ:
$100 for a gray building, the price of a coloured joint. An HQ carries a
level-one Police marker and is never improved; a coloured HQ keeps its colour,
so no gang completes that colour while the Police hold it. In an unowned gray
building he may also buy Wheels and Heaters ($1,000 each).

Cops enter the board at an HQ whose entry digit (the first digit of its price;
1 for gray) is the blue die, and cops entering or passing an HQ change shift
(:mod:`.police`). A gang attacks an HQ as a joint: it answers with two dice
hitting on 4-6; if it falls (the attackers' hits reach its guard), a coloured
HQ becomes the attacker's joint at level 1 and a gray one an unowned gray
building, the cops inside return to the cup, and the level lost pays the Police
$100 as a shootout.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import payoffs
from .data import BUILDING, GRAY_CODES, HQ_DICE, HQ_GRAY_PRICE, HQ_HIT_ON, POLICE_ITEM_PRICE, level_payoff
from .state import State, crime_scene, gang, hqs, log, police_seat, roll
from .violence import fire, lose


def unowned(state: State, code: str | None) -> bool:
    """An unowned building: a gray building that is no HQ, or a joint nobody owns."""
    if code is None or code in hqs(state):
        return False
    if code in GRAY_CODES:
        return True
    return code in state["joints"] and state["joints"][code]["owner"] is None


def price(code: str) -> int:
    return HQ_GRAY_PRICE if code in GRAY_CODES else BUILDING[code].value


def purchase_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """What the Police may buy in step a: where the Commissioner began the Cop Turn."""
    began = state["turn"]["began"]
    cash = gang(state, seat)["cash"]
    out: list[dict[str, Any]] = []
    bought = state["turn"]["bought"]
    if "hq" not in bought and unowned(state, began) and not crime_scene(state, began) \
            and cash >= price(began):
        out.append({"a": "hq"})
    if began in GRAY_CODES and (unowned(state, began) or "hq" in bought):
        g = gang(state, seat)
        for item in ("wheels", "heaters"):
            if state["options"].get(item) and not g[item] and cash >= POLICE_ITEM_PRICE:
                out.append({"a": item})
    return out


def apply_purchase(state: State, seat: int, move: dict[str, Any]) -> None:
    legal = purchase_moves(state, seat)
    if move not in legal:
        offered = ", ".join(m["a"] for m in legal) or "nothing"
        raise IllegalMove(f"you cannot buy {move['a']} now: the Commissioner buys only in the unowned "
                          "building (not a crime scene) where he began the Cop Turn, Wheels and Heaters in a "
                          "gray one",
                          accepted=f"{offered}, or roll")
    g = gang(state, seat)
    code = state["turn"]["began"]
    if move["a"] == "hq":
        cost = price(code)
        g["cash"] -= cost
        hqs(state).append(code)
        if code in state["joints"]:
            state["joints"][code].update(owner=seat, level=1, crim=False)
        state["turn"]["bought"].append("hq")
        log(state, "hq", seat=seat, joint=code, cost=cost)
    else:
        g["cash"] -= POLICE_ITEM_PRICE
        g[move["a"]] = True
        state["turn"]["bought"].append(move["a"])
        log(state, move["a"], seat=seat, cost=POLICE_ITEM_PRICE)


def hit_hq(state: State, seat: int, kind: str, code: str) -> None:
    """A gang's hit on an HQ (G20): two defence dice hitting on 4-6; it falls when hits reach its guard."""
    p = police_seat(state)
    assert p is not None
    a_dice, a_hits = fire(state, seat, kind)
    h_dice = roll(state, HQ_DICE)
    took = lose(state, seat, kind, sum(1 for d in h_dice if d >= HQ_HIT_ON))
    falls = a_hits >= BUILDING[code].guard
    standing = False
    if falls:
        hqs(state).remove(code)
        standing = state["gangs"][seat]["pieces"][kind]["s"] > 0
        if code in state["joints"]:
            state["joints"][code].update(owner=seat if standing else None, level=1, crim=False)
        inside = sorted(int(c) for c, at in state["cops"].items() if at["at"] == code)
        for c in inside:
            del state["cops"][str(c)]
    log(state, "hit_hq", seat=seat, piece=kind, joint=code, dice=a_dice, back=h_dice, took=took, fell=falls,
        taken=falls and standing and code in state["joints"])
    if falls:
        payoffs.pay_police(state, level_payoff(1, 1), None, "shootout", code)


def sell_moves(state: State) -> list[dict[str, Any]]:
    return [{"a": "sell", "joint": code} for code in hqs(state)]


def sell(state: State, seat: int, code: str) -> int:
    """A forced sale to the bank (G29): half the price, rounded up to $100."""
    from .data import sale_price

    amount = sale_price(price(code))
    hqs(state).remove(code)
    if code in state["joints"]:
        state["joints"][code].update(owner=None, level=1, crim=False)
    gang(state, seat)["cash"] += amount
    log(state, "sold", seat=seat, joint=code, price=amount)
    return amount

