"""The cop portion of a gang turn in a Police game (variant 1, 3; G5-G9).

After the roll the active gang does exactly one of:

* ``bribe``: buy a bribe for $100 x blue, paid to the Police player (3);
* ``cop 3 d7 d8 d9``: play bribe 3 to move cop 3 the blue count; the gang
  assigns its hits and takes half its raid and shootout payoffs (2, 2b, G46);
* ``cop 3 in e`` / ``cop 3 in BRI``: play bribe 3 to bring cop 3 on from the
  cup, where the crime level permits it (G9);
* ``pass``: defer the cop move to the Police player.

After a deferral the Police player may (a short sub-decision, ``pcop``) buy a
bribe (paid to the bank), move any one cop on the board, bring one on (drawn at
random), or ``pass``. The Commissioner never acts here (7.1). A gang holding the
bribe of a cop the Police move may stop the move (G7).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import payoffs, police
from .data import BRIBE_UNIT, DIRECTIONS
from .movement import walk
from .movers import facing_after
from .state import State, bribe_holder, cop_cup, draw, gang, log, police_seat


def gang_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """The gang's listed cop-portion moves (moving a bribed cop follows a path: see ``bribed_cops``)."""
    g = gang(state, seat)
    out: list[dict[str, Any]] = []
    if state["bribe_cup"] and g["cash"] >= BRIBE_UNIT * state["dice"]["blue"]:
        out.append({"a": "bribe"})
    if police.may_introduce(state):
        for cop in g["bribes"]:
            if cop in cop_cup(state):
                for to in [*DIRECTIONS, *police.entry_joints(state, steer=seat)]:
                    out.append({"a": "bcop", "cop": cop, "to": to})
    out.append({"a": "pass"})
    return out


def bribed_cops(state: State, seat: int) -> list[int]:
    """Cops on the board whose bribe the gang holds and that can move the blue count."""
    return [c for c in gang(state, seat)["bribes"]
            if str(c) in state["cops"] and police.cop_paths(state, c, steer=seat).any()]


def police_moves(state: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if state["bribe_cup"] and gang(state, seat)["cash"] >= BRIBE_UNIT * state["dice"]["blue"]:
        out.append({"a": "bribe"})
    if police.may_introduce(state):
        out += [{"a": "newcop", "to": to} for to in [*DIRECTIONS, *police.entry_joints(state)]]
    out.append({"a": "pass"})
    return out


def police_has_choice(state: State, seat: int) -> bool:
    return len(police_moves(state, seat)) > 1 or any(
        police.cop_paths(state, int(c)).any() for c in state["cops"])


def gang_has_choice(state: State, seat: int) -> bool:
    return len(gang_moves(state, seat)) > 1 or bool(bribed_cops(state, seat))


def check(state: State) -> None:
    """The automatic step after the roll (Police game): ask the gang only when it has a choice."""
    seat = state["turn"]["seat"]
    if gang_has_choice(state, seat):
        state["turn"]["step"] = "cop"
    else:
        log(state, "cop_defer", seat=seat, auto=True)
        _to_police(state)


def _to_police(state: State) -> None:
    p = police_seat(state)
    assert p is not None
    if police_has_choice(state, p):
        state["turn"]["step"] = "pcop"
    else:
        log(state, "no_cop_action", seat=p)
        state["turn"]["step"] = "move_start"


def _buy_bribe(state: State, seat: int, to_police: bool) -> None:
    blue = state["dice"]["blue"]
    price = BRIBE_UNIT * blue
    g = gang(state, seat)
    if not state["bribe_cup"]:
        raise IllegalMove("the bribe cup is empty", accepted="another cop action, or pass")
    if g["cash"] < price:
        raise IllegalMove(f"a bribe costs ${price} (blue {blue} x $100) and you have ${g['cash']}",
                          accepted="another cop action, or pass")
    g["cash"] -= price
    p = police_seat(state)
    if to_police and p is not None:
        gang(state, p)["cash"] += price  # 3: gang bribes are paid to the Police player
    marker = int(draw(state, state["bribe_cup"]))
    state["bribe_cup"].remove(marker)
    g["bribes"].append(marker)
    g["bribes"].sort()
    log(state, "bribe", seat=seat, cost=price, marker=marker, to="police" if to_police else "bank")


def check_path(state: State, cop: int, path: Any, steer: int | None) -> tuple[list[str], str | None]:
    blue = state["dice"]["blue"]
    if not isinstance(path, list) or len(path) != blue or not all(isinstance(n, str) for n in path):
        raise IllegalMove(f"a cop moves exactly the blue die: {blue} spaces",
                          accepted=f"cop {cop} followed by {blue} spaces")
    at = state["cops"][str(cop)]
    problem, last = walk(at["at"], at["f"], path, police.cop_access(state, steer))
    if problem is not None:
        raise IllegalMove(f"cop {cop} cannot go that way: {problem}",
                          accepted="cops keep to the streets and enter a building only to end at a crime "
                                   "or in an HQ")
    return list(path), facing_after(last, path[-1])


def apply_gang(state: State, seat: int, move: dict[str, Any]) -> None:
    action = move["a"]
    g = gang(state, seat)
    if action == "pass":
        log(state, "cop_defer", seat=seat, auto=False)
        _to_police(state)
        return
    if action == "bribe":
        _buy_bribe(state, seat, to_police=True)
    elif action in ("cop", "bcop"):
        cop = move.get("cop")
        if not isinstance(cop, int) or cop not in g["bribes"]:
            raise IllegalMove(f"you hold no bribe {cop}: in a Police game a gang moves only a cop "
                              "whose bribe it plays",
                              accepted="bribe, pass, or cop <n> ... with a bribe you hold")
        if action == "cop":
            if str(cop) not in state["cops"]:
                raise IllegalMove(f"cop {cop} is not on the board",
                                  accepted=f"cop {cop} in e, to bring it on")
            path, facing = check_path(state, cop, move.get("path"), seat)
        else:
            if str(cop) in state["cops"]:
                raise IllegalMove(f"cop {cop} is on the board already", accepted=f"cop {cop} <path>")
            if not police.may_introduce(state):
                raise IllegalMove(f"no cop may come on: {len(state['cops'])} on patrol at crime level "
                                  f"{state['crime']}", accepted="bribe or pass")
            joints = police.entry_joints(state, steer=seat)
            if move.get("to") not in DIRECTIONS and move.get("to") not in joints:
                raise IllegalMove(f"a cop comes on at subway {state['dice']['blue']} facing n, e, s or w"
                                  + (f", or into {', '.join(joints)}" if joints else ""),
                                  accepted=f"cop {cop} in e")
        payoffs.return_bribe(state, seat, cop)
        log(state, "bribe_played", seat=seat, cop=cop)
        state["turn"].setdefault("steer", {})[str(cop)] = seat
        if action == "cop":
            police.move_cop(state, cop, path, facing)
        else:
            police.introduce(state, move["to"], cop)
    else:
        raise IllegalMove("now is the cop portion", accepted="bribe, cop <n> <path> with its bribe, or pass")
    state["turn"]["step"] = "move_start"


def apply_police(state: State, seat: int, move: dict[str, Any]) -> None:
    """The Police player's cop action after a deferral."""
    action = move["a"]
    if action == "pass":
        log(state, "cop_pass", seat=seat)
    elif action == "bribe":
        _buy_bribe(state, seat, to_police=False)
    elif action == "cop":
        cop = move.get("cop")
        if not isinstance(cop, int) or str(cop) not in state["cops"]:
            on = " ".join(sorted(state["cops"], key=int)) or "none"
            raise IllegalMove(f"cop {cop} is not on the board", accepted=f"cops on patrol: {on}")
        path, facing = check_path(state, cop, move.get("path"), None)
        holder = bribe_holder(state, cop)
        if holder is not None and holder != seat:
            state["turn"]["step"] = "stop"
            state["turn"]["pending"] = {"cop": cop, "path": path, "facing": facing, "holder": holder}
            log(state, "cop_announced", seat=seat, cop=cop, path=path, holder=holder)
            return
        police.move_cop(state, cop, path, facing)
    elif action == "newcop":
        if not police.may_introduce(state):
            raise IllegalMove(f"no cop may come on: {len(state['cops'])} on patrol at crime level "
                              f"{state['crime']}", accepted="bribe, cop <n> <path>, or pass")
        joints = police.entry_joints(state)
        if move.get("to") not in DIRECTIONS and move.get("to") not in joints:
            raise IllegalMove(f"a new cop comes on at subway {state['dice']['blue']} facing n, e, s or w"
                              + (f", or straight into {', '.join(joints)}" if joints else ""),
                              accepted="for example: cop in e")
        police.introduce(state, move["to"])
    else:
        raise IllegalMove("the gang deferred the cop move to you",
                          accepted="bribe, cop <n> <path>, cop in e, or pass")
    state["turn"]["step"] = "move_start"
