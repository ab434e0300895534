"""Set-up (rulebook 4): the random order of joint purchases, three joints each, then the sealed gang orders.

1. The order of the initial joint purchases is drawn at random. In that order,
   round after round, each gang buys one unowned joint until each holds exactly
   three, paying face value from its $1,100 joint purse (what is left is kept).
   A pick must leave enough to buy the gang's remaining picks at the cheapest
   price on the map.
2. Every gang then writes its sealed order at once: Racketeer (at least 1),
   Thug and Vamp (at most 1) strengths bought at the set-up rate (the n-th level
   costs $100 x n, as if the die showed 1) from a $2,100 gang purse (what is left
   is kept), and for each piece bought one of its own joints to start in. The
   orders are revealed together when the last one is in (G43).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from .data import (
    BUILDING,
    COPS,
    GANG_PURSE,
    JOINT_CODES,
    JOINT_PURSE,
    LEVEL_PRICE,
    MAX_SETUP_VAMP,
    MAX_STRENGTH,
    PIECE_NAME,
    PIECES,
    SETUP_JOINTS,
    UNTOUCHABLES,
)
from .state import State, gang, log, owned, rng_of



def new_game(players: int, options: dict[str, Any], seed: str) -> State:
    state: State = {
        "game": "gangsters",
        "players": players,
        # A base game keeps the options it always had, so games recorded before the variant replay exactly.
        "options": {k: v for k, v in options.items() if k != "police" or v},
        "rng": {"seed": seed, "counter": 0},
        "phase": "picks",
        "round": 0,
        "order": [],
        "index": 0,
        "first": None,
        "picks": 0,
        "orders": {},
        "seats": ["gang"] * players,
        "gangs": [_new_gang() for _ in range(players)],
        "joints": {code: {"owner": None, "level": 1, "crim": False} for code in JOINT_CODES},
        "cops": {},
        "public": {},
        "bribe_cup": [],
        "crime": 0,
        "dice": None,
        "turn": None,
        "tn": 0,
        "events": [],
        "evn": 0,
        "result": None,
    }
    state["bribe_cup"] = [*COPS, UNTOUCHABLES]
    if options.get("police"):
        from .police_setup import new_police

        new_police(state)
    rng = rng_of(state)
    state["order"] = rng.shuffled([s for s in range(players) if state["seats"][s] == "gang"])
    rng.store(state)
    log(state, "pick_order", order=list(state["order"]))
    return state


def _new_gang() -> dict[str, Any]:
    return {
        "cash": JOINT_PURSE,
        "out": False,
        "pieces": {k: {"s": 0, "at": None, "f": None, "c": False} for k in PIECES},
        "bribes": [],
        "shown": [],
        "wheels": False,
        "heaters": False,
    }


# -- joint picks ---------------------------------------------------------------------------------


def picker(state: State) -> int:
    seat: int = state["order"][state["index"]]
    return seat


def picks_left(state: State, seat: int) -> int:
    return SETUP_JOINTS - len(owned(state, seat))


def pick_options(state: State, seat: int) -> list[str]:
    """Unowned joints this gang may buy now, keeping enough for its remaining picks.

    The reserve is the price of the cheapest joints still unowned. Should rivals
    have taken those meanwhile, so that nothing is within reach, the cheapest
    unowned joints are offered for all the cash left (house rule).
    """
    cash = gang(state, seat)["cash"]
    unowned = [code for code in JOINT_CODES if state["joints"][code]["owner"] is None]
    free = sorted((BUILDING[code].value, code) for code in unowned)
    later = picks_left(state, seat) - 1
    options = []
    for value, code in free:
        others = [v for v, c in free if c != code][:later]
        if value + sum(others) <= cash:
            options.append(code)
    if options:
        return [code for code in JOINT_CODES if code in options]
    cheapest = free[0][0]
    return [code for value, code in free if value == cheapest]


def pick_price(state: State, seat: int, code: str) -> int:
    """What a pick costs: face value, or all the cash left when nothing is within reach."""
    cash: int = gang(state, seat)["cash"]
    return min(BUILDING[code].value, cash)


def apply_pick(state: State, seat: int, move: dict[str, Any]) -> None:
    code = move.get("joint")
    options = pick_options(state, seat)
    if code not in options:
        if isinstance(code, str) and code in state["joints"] and state["joints"][code]["owner"] is not None:
            why = f"{code} is already owned"
        elif isinstance(code, str) and code in BUILDING and code in state["joints"]:
            why = f"{code} costs ${BUILDING[code].value}, more than you can spend on this pick"
        else:
            why = f"{code!r} is not a joint"
        raise IllegalMove(f"you cannot buy that: {why}", accepted="buy one of: " + " ".join(options[:20]))
    g = gang(state, seat)
    price = pick_price(state, seat, code)
    g["cash"] -= price
    state["joints"][code]["owner"] = seat
    if state["first"] is None:
        state["first"] = seat
    state["picks"] += 1
    log(state, "pick", seat=seat, joint=code, cost=price)
    state["index"] = (state["index"] + 1) % len(state["order"])
    if state["picks"] == SETUP_JOINTS * len(state["order"]):
        state["phase"] = "gangs"
        state["index"] = 0
        log(state, "gang_orders")


# -- sealed gang orders ------------------------------------------------------------------------


def setup_cost(strengths: dict[str, int]) -> int:
    """The set-up rate: the n-th level of each piece costs $100 x n."""
    return sum(LEVEL_PRICE * n * (n + 1) // 2 for n in strengths.values())


def check_order(state: State, seat: int, move: dict[str, Any]) -> dict[str, Any]:
    """The cleaned order of a ``gang`` move, or IllegalMove saying what is wrong."""
    strengths: dict[str, int] = {}
    for kind in PIECES:
        value = move.get(kind)
        if type(value) is not int or not 0 <= value <= MAX_STRENGTH[kind]:
            raise IllegalMove(f"the {PIECE_NAME[kind]} strength must be 0 to {MAX_STRENGTH[kind]}",
                              accepted="for example: gang R5 BRI T2 BUS V1 BUS")
        strengths[kind] = value
    if strengths["R"] < 1:
        raise IllegalMove("a gang needs a Racketeer of strength 1 or more",
                          accepted="for example: gang R5 BRI")
    if strengths["V"] > MAX_SETUP_VAMP:
        raise IllegalMove("at most one Vamp point may be bought at set-up", accepted="V0 or V1")
    cost = setup_cost(strengths)
    if cost > GANG_PURSE:
        raise IllegalMove(f"that gang costs ${cost}, more than the ${GANG_PURSE} gang purse",
                          accepted="the n-th level of a piece costs $100 x n")
    at = move.get("at")
    mine = owned(state, seat)
    if not isinstance(at, dict) or set(at) != {k for k in PIECES if strengths[k] > 0}:
        raise IllegalMove("name one of your joints for each piece you buy (and only for those)",
                          accepted="your joints: " + " ".join(mine))
    for kind, code in at.items():
        if code not in mine:
            raise IllegalMove(f"the {PIECE_NAME[kind]} must start in one of your joints, not {code!r}",
                              accepted="your joints: " + " ".join(mine))
    return {"a": "gang", **strengths, "at": {k: at[k] for k in PIECES if k in at}}


def apply_order(state: State, seat: int, move: dict[str, Any]) -> bool:
    """Store a sealed order; True when it was the last one (the caller then reveals)."""
    order = check_order(state, seat, move)
    state["orders"][str(seat)] = order
    log(state, "order", seat=seat)
    return len(state["orders"]) == int(state["players"])


def reveal(state: State) -> None:
    """Every order at once: pay, and place each piece inside its joint."""
    shown = {}
    for key, order in sorted(state["orders"].items()):
        seat = int(key)
        if order["a"] == "commish":
            shown[key] = order
            continue
        g = gang(state, seat)
        strengths = {k: order[k] for k in PIECES}
        cost = setup_cost(strengths)
        g["cash"] += GANG_PURSE - cost
        for kind in PIECES:
            p = g["pieces"][kind]
            p["s"] = order[kind]
            p["at"] = order["at"].get(kind)
            p["f"] = None
            p["c"] = False
        shown[key] = order
    state["orders"] = {}
    state["phase"] = "play"
    log(state, "reveal", orders=shown)
    for key, order in sorted(shown.items()):
        if order["a"] == "commish":
            from .police_setup import reveal_commish

            reveal_commish(state, order)
            state["phase"] = "facing"  # the Police face their Commissioner before play starts


def default_order(state: State, seat: int) -> dict[str, Any]:
    """The order a lapsed deadline enters: Racketeer 5, Vamp 1, Thug 2, all in the first joint."""
    first = owned(state, seat)[0]
    return {"a": "gang", "R": 5, "T": 2, "V": 1, "at": {"R": first, "T": first, "V": first}}


def random_order(state: State, seat: int, pick: Any) -> dict[str, Any]:
    """A random affordable order (``pick`` chooses from a list)."""
    r = int(pick([str(n) for n in (3, 4, 5, 5, 6)]))
    v = int(pick(["0", "1", "1", "1"]))
    while setup_cost({"R": r, "V": v}) > GANG_PURSE:
        r -= 1
    budget = GANG_PURSE - setup_cost({"R": r, "T": 0, "V": v})
    t_max = 0
    while setup_cost({"T": t_max + 1}) <= budget and t_max < MAX_STRENGTH["T"]:
        t_max += 1
    t = int(pick([str(n) for n in range(0, t_max + 1)] + [str(t_max)] * 2))
    mine = owned(state, seat)
    strengths = {"R": r, "T": t, "V": v}
    return {"a": "gang", **strengths, "at": {k: pick(mine) for k in PIECES if strengths[k] > 0}}

