"""Step 3 of a turn: the cop portion, and a holder's stop (G6, G7, G8).

After the roll, before any gang piece moves, the active gang does exactly one
of: buy a bribe ($100 x blue, a blind draw from the bribe cup, paid to the
bank), move any one cop on the board exactly the blue count, bring a cop on
(drawn from the cop cup, onto subway blue or straight into a crime-scene
one-jump joint labelled blue) while the crime level allows it (G9), with
Donuts send a cop back to the cup, or nothing. When it moves a cop whose bribe
another gang holds, that gang is asked whether it plays the bribe to stop the
move: the cop then stays and the bribe returns to the cup.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import police
from .data import BRIBE_UNIT, DIRECTIONS, DONUTS_UNIT
from .movement import walk
from .movers import facing_after
from .state import State, bribe_holder, cop_cup, draw, gang, log

def cop_moves_exist(state: State) -> bool:
    return any(police.cop_paths(state, c).any() for c in sorted(int(k) for k in state["cops"]))


def cop_step_has_choice(state: State, seat: int) -> bool:
    cash = gang(state, seat)["cash"]
    price = BRIBE_UNIT * state["dice"]["blue"]
    if state["bribe_cup"] and cash >= price:
        return True
    if police.may_introduce(state):
        return True
    if state["options"].get("donuts") and state["cops"] and cash >= DONUTS_UNIT * state["dice"]["blue"]:
        return True
    return cop_moves_exist(state)


def cop_check(state: State) -> None:
    """The automatic step after the roll: ask for the cop portion only when there is a choice."""
    if "police" in state:
        from . import copportion

        copportion.check(state)
        return
    seat = state["turn"]["seat"]
    if cop_step_has_choice(state, seat):
        state["turn"]["step"] = "cop"
    else:
        log(state, "no_cop_action", seat=seat)
        state["turn"]["step"] = "move_start"


def apply_cop(state: State, seat: int, move: dict[str, Any]) -> None:
    action = move["a"]
    blue = state["dice"]["blue"]
    g = gang(state, seat)
    if action == "pass":
        log(state, "cop_pass", seat=seat)
    elif action == "bribe":
        price = BRIBE_UNIT * blue
        if not state["bribe_cup"]:
            raise IllegalMove("the bribe cup is empty", accepted="move a cop, bring one on, or pass")
        if g["cash"] < price:
            raise IllegalMove(f"a bribe costs ${price} (blue {blue} x $100) and you have ${g['cash']}",
                              accepted="move a cop, bring one on, or pass")
        g["cash"] -= price
        marker = int(draw(state, state["bribe_cup"]))
        state["bribe_cup"].remove(marker)
        g["bribes"].append(marker)
        g["bribes"].sort()
        log(state, "bribe", seat=seat, cost=price, marker=marker)
    elif action == "cop":
        cop, path, facing = check_cop_move(state, move)
        holder = bribe_holder(state, cop)
        if holder is not None and holder != seat:
            state["turn"]["step"] = "stop"
            state["turn"]["pending"] = {"cop": cop, "path": path, "facing": facing, "holder": holder}
            log(state, "cop_announced", seat=seat, cop=cop, path=path, holder=holder)
            return
        police.move_cop(state, cop, path, facing)
    elif action == "newcop":
        to = move.get("to")
        if not police.may_introduce(state):
            raise IllegalMove(f"no cop may come on: {len(state['cops'])} on patrol at crime level "
                              f"{state['crime']}" if cop_cup(state) else "every cop is on the board",
                              accepted="move a cop, buy a bribe, or pass")
        joints = police.entry_joints(state)
        if to not in DIRECTIONS and to not in joints:
            raise IllegalMove(f"a new cop comes on at subway {blue} facing n, e, s or w"
                              + (f", or straight into {', '.join(joints)}" if joints else ""),
                              accepted="for example: cop in e")
        police.introduce(state, to)
    elif action == "donuts":
        cop_id = move.get("cop")
        price = DONUTS_UNIT * blue
        if not state["options"].get("donuts"):
            raise IllegalMove("Donuts are an option this game does not use", accepted="pass")
        if not isinstance(cop_id, int) or str(cop_id) not in state["cops"]:
            raise IllegalMove(f"cop {cop_id} is not on the board",
                              accepted="cops on patrol: " + " ".join(sorted(state["cops"])))
        if g["cash"] < price:
            raise IllegalMove(f"donuts cost ${price} (blue {blue} x $100) and you have ${g['cash']}")
        g["cash"] -= price
        del state["cops"][str(cop_id)]
        log(state, "donuts", seat=seat, cop=cop_id, cost=price)
    else:
        raise IllegalMove("now is the cop portion",
                          accepted="bribe, cop <n> <path>, cop in <facing>, or pass")
    state["turn"]["step"] = "move_start"


def check_cop_move(state: State, move: dict[str, Any]) -> tuple[int, list[str], str | None]:
    cop = move.get("cop")
    path = move.get("path")
    if not isinstance(cop, int) or str(cop) not in state["cops"]:
        on = " ".join(sorted(state["cops"], key=int)) or "none"
        raise IllegalMove(f"cop {cop} is not on the board", accepted=f"cops on patrol: {on}")
    blue = state["dice"]["blue"]
    if not isinstance(path, list) or len(path) != blue or not all(isinstance(n, str) for n in path):
        raise IllegalMove(f"a cop moves exactly the blue die: {blue} spaces",
                          accepted=f"cop {cop} followed by {blue} spaces")
    at = state["cops"][str(cop)]
    problem, last = walk(at["at"], at["f"], path, police.cop_access(state))
    if problem is not None:
        raise IllegalMove(f"cop {cop} cannot go that way: {problem}",
                          accepted="cops keep to the streets and enter a building only to end at a crime")
    return cop, list(path), facing_after(last, path[-1])


def apply_stop(state: State, seat: int, move: dict[str, Any]) -> None:
    pending = state["turn"]["pending"]
    cop = pending["cop"]
    if move["a"] == "stop":
        g = gang(state, seat)
        g["bribes"].remove(cop)
        if cop in g["shown"]:
            g["shown"].remove(cop)
        state["bribe_cup"].append(cop)
        state["bribe_cup"].sort()
        log(state, "stopped", seat=seat, cop=cop)
    elif move["a"] == "allow":
        log(state, "allowed", seat=seat, cop=cop)
        police.move_cop(state, cop, pending["path"], pending["facing"])
    else:
        raise IllegalMove(f"cop {cop} is about to move and you hold its bribe: stop it or let it go",
                          accepted="stop or allow")
    state["turn"]["pending"] = None
    # In the Cop Turn a stopped move still counts as one of the Police player's moves (G7).
    state["turn"]["step"] = "cmove" if state["turn"].get("cop_turn") else "move_start"
