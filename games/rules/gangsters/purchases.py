"""Step 1 of a turn: purchases before the dice (G36, G39).

Where its Racketeer began the turn (whichever side it shows), a gang may buy
that unowned joint at face value, or raise that joint of its own one level for
its improvement cost, at most one level per turn; a joint's level may not
exceed the number of joints of its colour the gang owns. With the options, a
Racketeer in a gray building lets the gang buy Wheels and Heaters ($1,000
each). ``roll`` ends the step; it ends by itself when nothing more can be bought.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from .data import BUILDING, GRAY_CODES, HEATERS_PRICE, WHEELS_PRICE, improve_cost
from .state import State, gang, is_hq, log, owned_of_colour

def purchase_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """What the gang may buy where its Racketeer began the turn (before the dice)."""
    g = gang(state, seat)
    at = g["pieces"]["R"]["at"]
    cash = g["cash"]
    out: list[dict[str, Any]] = []
    turn = state["turn"]
    if at in state["joints"] and not turn["bought"]:
        joint = state["joints"][at]
        value = BUILDING[at].value
        if joint["owner"] is None and cash >= value:
            out.append({"a": "buy", "joint": at})
        elif joint["owner"] == seat and joint["level"] < level_cap(state, seat, at) \
                and cash >= improve_cost(value, joint["level"] + 1):
            out.append({"a": "improve", "joint": at})
    if at in GRAY_CODES and not is_hq(state, at):
        if state["options"].get("wheels") and not g["wheels"] and cash >= WHEELS_PRICE:
            out.append({"a": "wheels"})
        if state["options"].get("heaters") and not g["heaters"] and cash >= HEATERS_PRICE:
            out.append({"a": "heaters"})
    return out


def level_cap(state: State, seat: int, code: str) -> int:
    """A joint's level may not exceed the number of joints of its colour the gang owns."""
    return owned_of_colour(state, seat, BUILDING[code].colour)


def apply_purchase(state: State, seat: int, move: dict[str, Any]) -> None:
    action = move["a"]
    if action == "roll":
        state["turn"]["step"] = "roll"
        return
    legal = purchase_moves(state, seat)
    if move not in legal:
        offered = ", ".join(_purchase_text(m) for m in legal) or "nothing"
        raise IllegalMove(f"you cannot {_purchase_text(move)} now: purchases are made where your Racketeer "
                          "began the turn", accepted=f"{offered}, or roll")
    g = gang(state, seat)
    if action == "buy":
        code = move["joint"]
        g["cash"] -= BUILDING[code].value
        state["joints"][code].update(owner=seat, level=1, crim=False)
        state["turn"]["bought"] = True
        log(state, "buy", seat=seat, joint=code, cost=BUILDING[code].value)
    elif action == "improve":
        code = move["joint"]
        joint = state["joints"][code]
        cost = improve_cost(BUILDING[code].value, joint["level"] + 1)
        g["cash"] -= cost
        joint["level"] += 1
        state["turn"]["bought"] = True
        log(state, "improve", seat=seat, joint=code, cost=cost, level=joint["level"])
    else:
        price = WHEELS_PRICE if action == "wheels" else HEATERS_PRICE
        g["cash"] -= price
        g[action] = True
        log(state, action, seat=seat, cost=price)
    if not purchase_moves(state, seat):
        state["turn"]["step"] = "roll"


def _purchase_text(move: dict[str, Any]) -> str:
    if move.get("a") in ("buy", "improve"):
        return f"{move['a']} {move.get('joint')}"
    return str(move.get("a"))
