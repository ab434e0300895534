"""Rounds and turns: the order of play, the automatic steps of a turn, victory, and the forced recruit.

A round gives every gang still in the game one turn, in an order drawn afresh
each round (16.5; without it, seat order from the gang that bought the first
joint, G4). A turn is a chain of steps (see :mod:`.turn`); :func:`advance` runs
the automatic ones (start, roll, cop check, the start of movement, resolving,
shootouts, fights, the end) until a gang has to decide something. After the
round's last turn the crime level falls by one (G49).

Victory (G41): checked for the active gang at the end of its own turn. It needs
a Racketeer, a Vamp and a Thug on the board and $10,000, a monopoly or ten
joints. A gang whose Racketeer is gone has one action next turn (G48): recruit
a new one (selling joints to pay for it); one that cannot is out, and the last
gang standing wins. A game no one has won ends at closing time (house rule).
"""

from __future__ import annotations

from typing import Any, Callable

from games.rules.base import IllegalMove

from . import actions, bribes, copstep, copturn, police, resolution
from .data import (
    BUILDING,
    CASH_GOAL,
    CLOSING_ROUND,
    COLOUR_JOINTS,
    COLOURS,
    DIRECTIONS,
    JOINTS_GOAL,
    LEVEL_PRICE,
    MAX_STRENGTH,
    PIECES,
    SUBWAYS,
    sale_price,
)
from .purchases import purchase_moves
from .state import State, gang, gang_seats, log, owned, piece, police_seat, rng_of, roll_five, worth

def start_round(state: State) -> None:
    state["round"] += 1
    seats = gang_seats(state)
    if state["options"].get("random_order", True):
        rng = rng_of(state)
        order = rng.shuffled(seats)
        rng.store(state)
    else:
        first = state["first"] or 0
        n = state["players"]
        order = [s for s in [(first + i) % n for i in range(n)] if s in seats]
    state["order"] = order
    state["index"] = 0
    log(state, "round", round=state["round"], order=list(order))
    state["turn"] = new_turn(order[0])


def new_turn(seat: int) -> dict[str, Any]:
    return {"seat": seat, "step": "start", "bought": False, "allow": 0, "lone": False, "acted": [],
            "recruits": {}, "hits": [], "pmoved": [], "pin": False, "pending": None, "fights": [],
            "fight": None}


def start_turn(state: State) -> None:
    seat = state["turn"]["seat"]
    state["tn"] += 1
    for code in owned(state, seat):
        state["joints"][code]["crim"] = False  # the criminal side shown since its last turn flips back
    state["dice"] = None
    log(state, "turn", seat=seat, round=state["round"])
    if piece(state, seat, "R")["s"] == 0:
        roll_dice(state)
        state["turn"]["step"] = "forced"
        log(state, "forced", seat=seat)
        _forced_check(state)
    elif purchase_moves(state, seat):
        state["turn"]["step"] = "buy"
    else:
        state["turn"]["step"] = "roll"


def roll_dice(state: State) -> None:
    dice = roll_five(state)
    state["dice"] = dice
    seat = state["turn"]["seat"]
    log(state, "roll", seat=seat, dice=dict(dice))
    if state["options"].get("squirt_gun") and sum(1 for v in dice.values() if v == 6) >= 3:
        log(state, "squirt", seat=seat)


def roll_step(state: State) -> None:
    roll_dice(state)
    state["turn"]["step"] = "cop_check"


def end_turn(state: State) -> None:
    police.end_of_turn_cops(state)
    seat = state["turn"]["seat"]
    if check_victory(state, seat):
        return
    state["turn"] = None
    next_turn(state)


def next_turn(state: State) -> None:
    state["turn"] = None
    state["index"] += 1
    while state["index"] < len(state["order"]) and gang(state, state["order"][state["index"]])["out"]:
        state["index"] += 1
    if state["index"] >= len(state["order"]):
        p = police_seat(state)
        if p is not None:
            state["turn"] = copturn.new_cop_turn(p)  # 5: the Cop Turn once every gang has moved
        else:
            end_round(state)
    else:
        state["turn"] = new_turn(state["order"][state["index"]])


def end_round(state: State) -> None:
    state["crime"] = max(0, state["crime"] - 1)
    log(state, "round_end", round=state["round"], crime=state["crime"])
    if state["round"] >= CLOSING_ROUND:
        closing_time(state)
        return
    start_round(state)


# -- 6. victory ----------------------------------------------------------------------------------------


def win_type(state: State, seat: int) -> str | None:
    """How the gang wins now, if it does: it needs a Racketeer, a Vamp and a Thug on the board, and then
    $10,000, a monopoly, or ten joints."""
    g = gang(state, seat)
    if any(g["pieces"][k]["s"] == 0 for k in PIECES):
        return None
    if g["cash"] >= CASH_GOAL:
        return "cash"
    for colour in COLOURS:
        if all(state["joints"][code]["owner"] == seat for code in COLOUR_JOINTS[colour]):
            return "monopoly"
    if len(owned(state, seat)) >= JOINTS_GOAL:
        return "joints"
    return None


def check_victory(state: State, seat: int) -> bool:
    how = win_type(state, seat)
    if how is None:
        return False
    finish(state, [seat], how)
    return True


def finish(state: State, winners: list[int], how: str) -> None:
    n = state["players"]
    gangs = []
    for s in range(n):
        g = gang(state, s)
        gangs.append({"seat": s, "cash": g["cash"], "joints": owned(state, s), "worth": worth(state, s),
                      "strength": {k: g["pieces"][k]["s"] for k in PIECES}, "out": g["out"]})
    monopoly = None
    if how == "monopoly":
        monopoly = next(c for c in COLOURS if all(state["joints"][j]["owner"] == winners[0]
                                                  for j in COLOUR_JOINTS[c]))
    state["phase"] = "over"
    state["turn"] = None
    state["result"] = {
        "scores": [g["worth"] for g in gangs],
        "winners": sorted(winners),
        "detail": {"win": how, "round": state["round"], "gangs": gangs, "colour": monopoly},
    }
    log(state, "win", seats=sorted(winners), how=how, colour=monopoly)


def closing_time(state: State) -> None:
    """House rule: no gang has won after the last round, so the gang worth most wins (ties share)."""
    seats = gang_seats(state)
    p = police_seat(state)
    if p is not None:
        seats.append(p)  # the Police player is worth his cash and his HQs' prices
    best = max(worth(state, s) for s in seats)
    finish(state, [s for s in seats if worth(state, s) == best], "closing")


# -- the forced recruit (G48) --------------------------------------------------------------------------


def forced_cost(state: State) -> int:
    green: int = state["dice"]["green"]
    return LEVEL_PRICE * green


def forced_moves(state: State, seat: int) -> list[dict[str, Any]]:
    g = gang(state, seat)
    cash = g["cash"]
    out: list[dict[str, Any]] = []
    if cash >= forced_cost(state):
        n = 1
        while n <= MAX_STRENGTH["R"] and actions.recruit_cost(state, seat, "R", n) <= cash:
            for d in DIRECTIONS:
                out.append({"a": "recruit", "piece": "R", "n": n, "facing": d})
            n += 1
        return out
    return [{"a": "sell", "joint": code} for code in owned(state, seat)]


def _forced_check(state: State) -> None:
    seat = state["turn"]["seat"]
    if not forced_moves(state, seat):
        eliminate(state, seat)


def apply_forced(state: State, seat: int, move: dict[str, Any]) -> None:
    legal = forced_moves(state, seat)
    if move not in legal:
        if legal and legal[0]["a"] == "sell":
            raise IllegalMove(f"your Racketeer is gone and strength 1 costs ${forced_cost(state)}, more than "
                              "your "
                              "cash: sell a joint to the bank first",
                              accepted="sell one of: " + " ".join(m["joint"] for m in legal))
        top = max(m["n"] for m in legal)
        raise IllegalMove("your Racketeer is gone: this turn you may only recruit a new one (G48)",
                          accepted=f"recruit R 1 to {top} facing n, e, s or w")
    g = gang(state, seat)
    if move["a"] == "sell":
        code = move["joint"]
        price = sale_price(BUILDING[code].value)
        g["cash"] += price
        state["joints"][code].update(owner=None, level=1, crim=False)
        log(state, "sold", seat=seat, joint=code, price=price)
        _forced_check(state)
        return
    n = move["n"]
    cost = actions.recruit_cost(state, seat, "R", n)
    g["cash"] -= cost
    where = SUBWAYS[state["dice"]["green"]]
    p = g["pieces"]["R"]
    p.update(s=n, at=where, f=move["facing"], c=False)
    log(state, "recruited", seat=seat, piece="R", n=n, cost=cost, at=where)
    resolution.collect_organized_crime(state, seat)
    state["turn"]["step"] = "shoot"


def eliminate(state: State, seat: int) -> None:
    """A gang that cannot pay for a Racketeer even after selling every joint is out (G48)."""
    g = gang(state, seat)
    for kind in PIECES:
        g["pieces"][kind].update(s=0, at=None, f=None, c=False)
    state["bribe_cup"] = sorted(state["bribe_cup"] + g["bribes"])
    g["bribes"] = []
    g["shown"] = []
    g["out"] = True
    log(state, "eliminated", seat=seat)
    left = gang_seats(state)
    if len(left) == 1:
        finish(state, left, "last")
        return
    police.end_of_turn_cops(state)
    next_turn(state)


AUTOMATIC: dict[str, Callable[[State], None]] = {
    "start": start_turn,
    "roll": roll_step,
    "cop_check": copstep.cop_check,
    "move_start": actions.start_movement,
    "resolve": resolution.finish_movement,
    "shoot": resolution.shootout,
    "fights": resolution.continue_fights,
    "end": end_turn,
    "c_start": copturn.start,
    "c_roll": copturn.roll_step,
    "c_recruit": copturn.pay_recruit,
    "c_pay": copturn.payoffs_step,
    "c_end": copturn.end,
}


def advance(state: State) -> None:
    """Run the automatic steps until a gang must decide (or the game is over); a bribe question opened on the
    way (rules version 2) is put first."""
    while state["phase"] == "play" and state["turn"] is not None:
        if bribes.hold(state) or state["turn"]["step"] not in AUTOMATIC:
            return
        AUTOMATIC[state["turn"]["step"]](state)
