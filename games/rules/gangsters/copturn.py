"""The Cop Turn (variant 5, 7.21, 7.41, 10; G24-G29, G41-G42): the Police turn after every gang moved.

``state["turn"]`` while the Police play::

    {"seat": 4, "cop_turn": True, "step": "cmove", "began": "ICE" | None, "bought": ["hq"],
     "stage": "c" | "d" | "e",        # the timed portion's step: informants, moves, then hire or Public
     "allow": 2, "lone": False, "enter": False,   # moves allowed; strength 1; he must come on (7.41)
     "acted": ["C", "3"],             # pieces that used a move (C the Commissioner, cop numbers)
     "recruit": None | {"n": 2, "cost": 600},
     "iacted": [3], "imoved": False, "hired": False, "pmoved": [4],
     "pending": None, "fights": [], "fight": None, "asked": [], "doubled": []}

a. ``cbuy``: an HQ where the Commissioner began the turn, Wheels, Heaters; ``roll``.
b. the green, white and blue dice (all five are rolled and logged; red and black are unused).
c.-e. ``cmove``, the timed portion: display chits and act with Informants (c);
   move cops, bring cops on, move, bring on or recruit the Commissioner, up to
   half his strength (d), raids paid at once; hire an informant or move the
   Public the white count, unless an Informant moved (e); ``done``.
g. the recruit is paid; h. the shootout step (police fights, then Public beside
criminals leave); i. the salary bonus, and organized crime for Public the Police
moved into gang joints this turn (G26); then the Police victory check and the
round's end.

With the Commissioner eliminated (strength 0) the turn is ``cforced``: recruit
a new one at the green multiplier, selling HQs if needed, or receive a free
strength-1 Commissioner when even that cannot pay (7.21, G29).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import actions, commissioner, informants, police, precincts
from . import payoffs
from .data import BUILDING, CASH_GOAL, COMMISH_DIE, DEFAULT_FACING, DIRECTIONS, HQ_GOAL, PUBLIC, payoff
from .movement import walk
from .movers import facing_after, public_access
from .state import (
    State,
    commish,
    gang,
    hqs,
    log,
    police_seat,
    police as police_data,
    prune_informants,
    roll_five,
)


def new_cop_turn(seat: int) -> dict[str, Any]:
    return {"seat": seat, "cop_turn": True, "step": "c_start", "began": None, "bought": [], "stage": "c",
            "allow": 0, "lone": False, "enter": False, "acted": [], "recruit": None, "iacted": [],
            "imoved": False, "hired": False, "pmoved": [], "pdelivered": [], "pending": None, "fights": [],
            "fight": None, "asked": [], "doubled": []}


def start(state: State) -> None:
    turn = state["turn"]
    seat = turn["seat"]
    state["tn"] += 1
    state["dice"] = None
    police_data(state)["salary"] = True  # 4: from the Police player's first turn on
    prune_informants(state)
    c = commish(state)
    turn["began"] = c["at"]
    log(state, "cop_turn", seat=seat, round=state["round"])
    if c["s"] == 0:
        _roll(state)
        turn["step"] = "cforced"
        log(state, "forced", seat=seat)
        _forced_check(state)
    elif c["at"] is not None and precincts.purchase_moves(state, seat):
        turn["step"] = "cbuy"
    else:
        turn["step"] = "c_roll"


def _roll(state: State) -> None:
    dice = roll_five(state)
    state["dice"] = dice
    log(state, "roll", seat=state["turn"]["seat"], dice=dict(dice))
    if state["options"].get("squirt_gun") and sum(1 for v in dice.values() if v == 6) >= 3:
        log(state, "squirt", seat=state["turn"]["seat"])


def roll_step(state: State) -> None:
    _roll(state)
    turn = state["turn"]
    s = commish(state)["s"]
    turn["enter"] = commish(state)["at"] is None
    turn["lone"] = s == 1
    turn["allow"] = max(s // 2, 1)  # at strength 1 his one move is his entry or his own recruit (G27)
    turn["step"] = "cmove"


def apply_buy(state: State, seat: int, move: dict[str, Any]) -> None:
    if move["a"] == "roll":
        state["turn"]["step"] = "c_roll"
        return
    precincts.apply_purchase(state, seat, move)
    if not precincts.purchase_moves(state, seat):
        state["turn"]["step"] = "c_roll"


# -- the timed portion -------------------------------------------------------------------------------


def may_move(state: State, who: str) -> str | None:
    """None if ``who`` ("C" or a cop number) may take one of the Police player's moves now."""
    turn = state["turn"]
    if turn["stage"] == "e":
        return "the cops and the Commissioner have finished: step e has begun"
    if who in turn["acted"]:
        return "that piece has moved this turn already"
    if len(turn["acted"]) >= turn["allow"]:
        return f"you have used all {turn['allow']} of your moves (half the Commissioner's strength)"
    if turn["enter"] and who != "C" and len(turn["acted"]) + 1 >= turn["allow"] and "C" not in turn["acted"]:
        return "the Commissioner is off the board: one of your moves must bring him on (7.41)"
    if turn["lone"] and who != "C":
        return "with a Commissioner of strength 1 your only move is his entry or his recruit"
    return None


def _take_move(state: State, who: str) -> None:
    why = may_move(state, who)
    if why:
        raise IllegalMove(why, accepted="done")
    state["turn"]["acted"].append(who)
    state["turn"]["stage"] = "d"


def apply_move(state: State, seat: int, move: dict[str, Any]) -> None:
    action = move["a"]
    if action == "chit":
        informants.display(state, seat, move)
    elif action == "informant":
        informants.act(state, seat, move)
    elif action == "cop":
        _cop(state, seat, move)
    elif action == "newcop":
        _new_cop(state, seat, move)
    elif action == "cmove":
        _commish_move(state, seat, move)
    elif action == "centry":
        _commish_entry(state, seat, move)
    elif action == "recruit":
        _recruit(state, seat, move)
    elif action == "hire":
        informants.hire(state, seat)
    elif action == "public":
        _public(state, seat, move)
    elif action == "show":
        from .actions import _show

        _show(state, seat, move)
    elif action == "done":
        log(state, "done", seat=seat)
        finish_timed(state)
    else:
        raise IllegalMove("now is the timed portion of your Cop Turn", accepted=STEP_HINT)


STEP_HINT = "chit, informant, cop, commish, recruit C, hire, public, show, or done"


def _cop(state: State, seat: int, move: dict[str, Any]) -> None:
    from .copportion import check_path
    from .state import bribe_holder

    cop = move.get("cop")
    if not isinstance(cop, int) or str(cop) not in state["cops"]:
        on = " ".join(sorted(state["cops"], key=int)) or "none"
        raise IllegalMove(f"cop {cop} is not on the board", accepted=f"cops on patrol: {on}")
    why = may_move(state, str(cop))
    if why:
        raise IllegalMove(why, accepted="done")
    path, facing = check_path(state, cop, move.get("path"), None)
    _take_move(state, str(cop))
    holder = bribe_holder(state, cop)
    if holder is not None and holder != seat:
        state["turn"]["step"] = "stop"
        state["turn"]["pending"] = {"cop": cop, "path": path, "facing": facing, "holder": holder}
        log(state, "cop_announced", seat=seat, cop=cop, path=path, holder=holder)
        return
    police.move_cop(state, cop, path, facing)


def _new_cop(state: State, seat: int, move: dict[str, Any]) -> None:
    if not police.may_introduce(state):
        raise IllegalMove(f"no cop may come on: {len(state['cops'])} on patrol at crime level "
                          f"{state['crime']}",
                          accepted="move a cop, or done")
    joints = police.entry_joints(state)
    if move.get("to") not in DIRECTIONS and move.get("to") not in joints:
        raise IllegalMove(f"a new cop comes on at subway {state['dice']['blue']} facing n, e, s or w"
                          + (f", or straight into {', '.join(joints)}" if joints else ""),
                          accepted="for example: cop in e")
    why = may_move(state, "new")
    if why:
        raise IllegalMove(why, accepted="done")
    state["turn"]["acted"].append(f"new{len(state['turn']['acted'])}")
    state["turn"]["stage"] = "d"
    police.introduce(state, move["to"])


def _commish_move(state: State, seat: int, move: dict[str, Any]) -> None:
    c = commish(state)
    if c["at"] is None:
        raise IllegalMove("the Commissioner is off the board", accepted="commish in e (at the green subway)")
    path = move.get("path")
    allowed = commissioner.lengths(state)
    counts = " or ".join(str(n) for n in allowed)
    if not isinstance(path, list) or len(path) not in allowed or not all(isinstance(n, str) for n in path):
        raise IllegalMove(f"the Commissioner moves exactly {counts} (the green die)",
                          accepted=f"commish followed by {counts} spaces")
    problem, last = walk(c["at"], c["f"], path, commissioner.access())
    if problem is not None:
        raise IllegalMove(f"the Commissioner cannot go that way: {problem}",
                          accepted="turn at most 90 degrees a step, no U-turns, exact count")
    if state["turn"]["lone"]:
        raise IllegalMove("with a Commissioner of strength 1 your only move is his entry or his recruit",
                          accepted="recruit C 1, or done")
    _take_move(state, "C")
    c["at"] = path[-1]
    c["f"] = facing_after(last, path[-1])
    log(state, "commish_moved", seat=seat, path=list(path))
    _commish_raid(state)


def _commish_raid(state: State) -> None:
    from .state import joint_shows_crime

    at = commish(state)["at"]
    if at in state["joints"] and joint_shows_crime(state, at):
        police.raid(state, None, at)


def _commish_entry(state: State, seat: int, move: dict[str, Any]) -> None:
    c = commish(state)
    if c["at"] is not None:
        raise IllegalMove("the Commissioner is on the board already", accepted="commish <path>")
    entries = commissioner.entries(state)
    if move.get("to") not in entries:
        raise IllegalMove(f"the Commissioner comes on at subway {state['dice'][COMMISH_DIE]} (green) "
                          "facing n, e, s or w, or at an HQ whose entry digit is green",
                          accepted=" ".join(f"commish in {e}" for e in entries))
    _take_move(state, "C")
    at = commissioner.place(state, move["to"])
    log(state, "commish_in", seat=seat, at=at, to=move["to"])
    _commish_raid(state)


def _recruit(state: State, seat: int, move: dict[str, Any]) -> None:
    if move.get("piece") != "C":
        raise IllegalMove("the Police recruit only for their Commissioner", accepted="recruit C 1")
    if move.get("facing") is not None:
        raise IllegalMove("a recruit for the Commissioner needs no facing", accepted="recruit C 1")
    if state["turn"]["enter"]:
        raise IllegalMove("the Commissioner is off the board: his move this turn must bring him on (7.41)",
                          accepted="commish in e")
    n = move.get("n")
    room = commissioner.room(state)
    if type(n) is not int or not 1 <= n <= room:
        raise IllegalMove(f"the Commissioner can gain 1 to {room} strength", accepted="recruit C 1")
    cost = commissioner.recruit_cost(state, n)
    cash = gang(state, seat)["cash"]
    if cost > cash:
        raise IllegalMove(f"{n} Commissioner strength costs ${cost} (green x "
                          f"{state['dice'][COMMISH_DIE]}) and you have ${cash}", accepted="recruit fewer")
    _take_move(state, "C")
    state["turn"]["recruit"] = {"n": n, "cost": cost}
    log(state, "recruit", seat=seat, piece="C", n=n, cost=cost)


def _public(state: State, seat: int, move: dict[str, Any]) -> None:
    turn = state["turn"]
    if turn["imoved"] or turn["hired"]:
        raise IllegalMove("you may not move the Public this turn: an Informant moved or you hired (5e, 6.3)",
                          accepted="done")
    pid, path, last = actions.checked_public_move(state, move, turn["pmoved"] + turn["iacted"])
    if turn["enter"] and "C" not in turn["acted"]:
        # Step e ends step d: the compulsory entry must come first (7.41).
        raise IllegalMove("bring the Commissioner on first (7.41)", accepted="commish in e")
    state["public"][str(pid)] = {"at": path[-1], "f": facing_after(last, path[-1])}
    turn["pmoved"].append(pid)
    turn["stage"] = "e"
    if path[-1] in state["joints"]:
        turn["pdelivered"].append(pid)
    log(state, "public_moved", seat=seat, public=pid, path=list(path))


def finish_timed(state: State) -> None:
    """The timed portion ends (``done`` or the deadline); a compulsory entry not made is made now."""
    turn = state["turn"]
    c = commish(state)
    if turn["enter"] and c["at"] is None:
        at = commissioner.place(state, DEFAULT_FACING)
        log(state, "commish_in", seat=turn["seat"], at=at, to=DEFAULT_FACING)
        _commish_raid(state)
    turn["step"] = "c_recruit"


# -- after the timed portion -----------------------------------------------------------------------


def pay_recruit(state: State) -> None:
    """g. Pay for recruits."""
    turn = state["turn"]
    recruit = turn["recruit"]
    if recruit is not None:
        gang(state, turn["seat"])["cash"] -= recruit["cost"]
        commish(state)["s"] += recruit["n"]
        log(state, "recruited", seat=turn["seat"], piece="C", n=recruit["n"], cost=recruit["cost"], at=None)
    turn["fights"] = police.fights(state)
    turn["step"] = "fights"  # h. shootouts (police.py, resolution.continue_fights), then c_pay


def payoffs_step(state: State) -> None:
    """i. The salary bonus; organized crime for Public the Police moved into gang joints this turn (G26)."""
    turn = state["turn"]
    payoffs.salary(state)
    for pid in sorted(set(turn["pdelivered"])):
        at = state["public"].get(str(pid), {}).get("at")
        joint = state["joints"].get(at) if at else None
        if joint is None or joint["owner"] is None or state["seats"][joint["owner"]] != "gang":
            continue
        amount = payoff(BUILDING[at].value, joint["level"], PUBLIC[pid])
        gang(state, joint["owner"])["cash"] += amount
        joint["crim"] = True
        log(state, "payoff", seat=joint["owner"], paid=[[pid, at, amount]], total=amount)
    turn["step"] = "c_end"


def police_wins(state: State) -> str | None:
    """10: at the end of his move, with the Commissioner on the board and a loyal officer's bribe held
    (a cop on the board), seven HQs or $10,000 (G42)."""
    p = police_seat(state)
    if p is None or commish(state)["at"] is None:
        return None
    g = gang(state, p)
    if not any(str(b) in state["cops"] for b in g["bribes"]):
        return None
    if len(hqs(state)) >= HQ_GOAL:
        return "precincts"
    if g["cash"] >= CASH_GOAL:
        return "cash"
    return None


def end(state: State) -> None:
    from .rounds import end_round, finish

    police.end_of_turn_cops(state)
    prune_informants(state)
    how = police_wins(state)
    if how is not None:
        finish(state, [state["turn"]["seat"]], how)
        return
    state["turn"] = None
    end_round(state)


# -- the forced recruit (7.21, G29) ----------------------------------------------------------------


def forced_cost(state: State) -> int:
    return 100 * int(state["dice"][COMMISH_DIE])


def forced_moves(state: State, seat: int) -> list[dict[str, Any]]:
    cash = gang(state, seat)["cash"]
    if cash >= forced_cost(state):
        out = []
        n = 1
        while n <= commissioner.room(state) and commissioner.recruit_cost(state, n) <= cash:
            # At the green subway (any facing) or at an HQ whose entry digit is green (7.21, 7.31).
            out += [{"a": "recruit", "piece": "C", "n": n, "facing": d} for d in commissioner.entries(state)]
            n += 1
        return out
    return precincts.sell_moves(state)


def _forced_check(state: State) -> None:
    seat = state["turn"]["seat"]
    if not forced_moves(state, seat):
        # Not even strength 1 after selling every HQ: all his cash buys a strength-1 Commissioner (7.21).
        g = gang(state, seat)
        paid = g["cash"]
        g["cash"] = 0
        commish(state)["s"] = 1
        at = commissioner.place(state, DEFAULT_FACING)
        log(state, "recruited", seat=seat, piece="C", n=1, cost=paid, at=at)
        state["turn"]["fights"] = police.fights(state)
        state["turn"]["step"] = "fights"


def apply_forced(state: State, seat: int, move: dict[str, Any]) -> None:
    legal = forced_moves(state, seat)
    if move not in legal:
        if legal and legal[0]["a"] == "sell":
            raise IllegalMove(f"your Commissioner is gone and strength 1 costs ${forced_cost(state)}, "
                              "more than your cash: sell an HQ first",
                              accepted="sell one of: " + " ".join(m["joint"] for m in legal))
        top = max(m["n"] for m in legal)
        raise IllegalMove("your Commissioner is gone: your sole action this turn is to recruit a new one "
                          "(7.21)",
                          accepted=f"recruit C 1 to {top} facing n, e, s or w"
                                   + "".join(f", or at {hq}" for hq in commissioner.entries(state)[4:]))
    if move["a"] == "sell":
        precincts.sell(state, seat, move["joint"])
        _forced_check(state)
        return
    n = move["n"]
    cost = commissioner.recruit_cost(state, n)
    gang(state, seat)["cash"] -= cost
    commish(state)["s"] = n
    at = commissioner.place(state, move["facing"])
    log(state, "recruited", seat=seat, piece="C", n=n, cost=cost, at=at)
    state["turn"]["fights"] = police.fights(state)
    state["turn"]["step"] = "fights"
