"""Who is awaited, and ``apply``: every move checked and carried out on a private copy of the state.

Phases in rulebook order: ``picks`` (the initial joint purchases), ``gangs``
(the sealed set-up orders, all seats at once), ``play`` (gang turns, round
after round; see :mod:`.rounds`), ``over``. Inside a turn the step decides
which moves are accepted (the decision steps below); after each move
:func:`rounds.advance` runs the automatic steps up to the next decision.

A gang turn, in rulebook order, and the module of each step:

1. purchases before the dice (``buy``, :mod:`.purchases`), then the roll of the
   five dice (logged);
2. the cop portion (``cop``, and a bribe holder's ``stop``: :mod:`.copstep`);
3. movement, the timed portion (``move``, :mod:`.actions`);
4. recruits take effect, organized crime, the shootout step (police hits may
   need an ``assign``; :mod:`.resolution`);
   in a Police game of rules version 2, a raid or a police shootout may first
   ask whether a bribe is played (``bribes``, all seats that may hold it at
   once; :mod:`.bribes`);
5. cops leave buildings, the victory check, the next turn (:mod:`.rounds`).

``state["turn"]`` while a gang plays::

    {"seat": 2, "step": "move",
     "bought": False,             # a joint bought or improved this turn
     "allow": 2, "lone": False,   # piece actions allowed; True: Racketeer 1, recruit it only
     "acted": ["T"],              # pieces that used their action
     "recruits": {"T": {"n": 2, "cost": 900, "f": "e"}},   # declared, paid after movement
     "hits": [{"piece": "T", "target": [1, "R"] | "joint", "at": "d7"}],
     "pmoved": [3], "pin": False, # Public moved (or brought on) this turn; a new one brought on
     "pending": None | {"cop": 4, "path": [...], "facing": "n", "holder": 1},   # a move to stop
     "fights": [3, 7],            # cops still to fight at the shootout step
     "fight": None | {"cop": 3, "hits": 2, "targets": [[1, "T", 3], [2, "R", 1]]},
     "ask": {...}}                # rules version 2, while a bribe question is open (see bribes.py)
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import actions, bribes, copportion, copstep, copturn, police_setup, purchases, resolution, rounds
from . import setup
from .state import State, clone, police_seat, trim_log

STEP_ACTIONS: dict[str, tuple[str, ...]] = {
    "buy": ("buy", "improve", "wheels", "heaters", "roll"),
    "cop": ("bribe", "cop", "bcop", "newcop", "donuts", "pass"),
    "stop": ("stop", "allow"),
    "move": ("move", "extort", "recruit", "newpublic", "public", "show", "done"),
    "assign": ("assign",),
    "forced": ("recruit", "sell"),
    # The Police variant: the Police player's cop action after a deferral, his Cop Turn, and the questions.
    "pcop": ("bribe", "cop", "newcop", "pass"),
    "cbuy": ("hq", "wheels", "heaters", "roll"),
    "cmove": ("chit", "informant", "cop", "newcop", "cmove", "centry", "recruit", "hire", "public", "show",
              "done"),
    "cforced": ("recruit", "sell"),
    # Rules version 2: may a bribe double or share a cop's payoff? (every seat that may hold it, at once)
    "bribes": ("play", "keep"),
}
# The keys of each kind of move (the notation's canonical dicts); anything else is not a move.
MOVE_KEYS: dict[str, frozenset[str]] = {
    a: frozenset(("a", *keys)) for a, keys in {
        "buy": ("joint",), "improve": ("joint",), "sell": ("joint",), "gang": ("R", "T", "V", "at"),
        "wheels": (), "heaters": (), "roll": (), "bribe": (), "pass": (), "stop": (), "allow": (), "done": (),
        "cop": ("cop", "path"), "newcop": ("to",), "donuts": ("cop",),
        "move": ("piece", "path", "act", "target"), "extort": ("piece",), "recruit": ("piece", "n", "facing"),
        "newpublic": ("to",), "public": ("id", "path"), "show": ("bribe",), "assign": ("hits",),
        "commish": ("n",), "face": ("to",), "bcop": ("cop", "to"), "hq": (), "chit": ("mult",),
        "informant": ("id", "path", "flip"), "cmove": ("path",), "centry": ("to",), "hire": (),
        "play": (), "keep": (),
    }.items()
}
STEP_HINT = {
    "buy": "buy or improve the joint your Racketeer is in, wheels, heaters, or roll",
    "cop": "bribe, cop <n> <path>, cop in <facing>, donuts <n>, or pass",
    "stop": "stop or allow",
    "move": "move, extort, recruit, public, show, or done",
    "assign": "assign the cop's hits, e.g. assign P2 T 1 P3 R 1",
    "forced": "recruit R <n> facing <n|e|s|w>, or sell <joint>",
    "pcop": "bribe, cop <n> <path>, cop in <facing>, or pass",
    "cbuy": "hq, wheels, heaters, or roll",
    "cmove": "chit <m>, informant <n> [path] [flip ...], cop <n> <path>, cop in <facing>, commish <path>, "
             "commish in <facing>, recruit C <n>, hire, public <n> <path>, or done",
    "cforced": "recruit C <n> facing <n|e|s|w>, or sell <HQ>",
    "bribes": "play (play the cop's bribe, if you hold it) or keep",
}


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "picks":
        return [setup.picker(state)]
    if phase == "gangs":
        return [s for s in range(state["players"]) if str(s) not in state["orders"]]
    if phase == "facing":
        return [police_seat(state) or 0]
    if phase == "play":
        t = state["turn"]
        if t["step"] == "stop":
            return [t["pending"]["holder"]]
        if t["step"] == "assign":
            return [t["fight"].get("by", t["seat"])]
        if t["step"] == "pcop":
            return [police_seat(state) or 0]
        if t["step"] == "bribes":
            return bribes.waiting(state)
        return [t["seat"]]
    return []


def step_of(state: State) -> str:
    """The decision awaited: ``pick``, ``order``, a turn step, or ``over``."""
    phase = state["phase"]
    if phase == "picks":
        return "pick"
    if phase == "gangs":
        return "order"
    if phase == "facing":
        return "facing"
    if phase == "play":
        step: str = state["turn"]["step"]
        return step
    return "over"


def apply(state: State, seat: Any, move: Any) -> State:
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise IllegalMove(f"there is no seat {seat!r} in this game",
                          accepted=f"seats are 0 to {state['players'] - 1}")
    awaited = to_act(state)
    if seat not in awaited:
        if not awaited:
            raise IllegalMove("the game is over; no more moves are accepted")
        who = ", ".join(f"P{s + 1}" for s in awaited)
        raise IllegalMove(f"it is not your turn (waiting for {who})")
    if not isinstance(move, dict) or MOVE_KEYS.get(str(move.get("a"))) != frozenset(move):
        raise IllegalMove("that is not a Gangsters move", accepted=_hint(state))
    step = step_of(state)
    action = move["a"]
    s = clone(state)
    trim_log(s)
    if step == "pick":
        if action != "buy":
            raise IllegalMove("set-up: buy one of the joints no one owns", accepted="for example: buy BRI")
        setup.apply_pick(s, seat, move)
    elif step == "order":
        if seat == police_seat(state):
            if action != "commish":
                raise IllegalMove("set-up: write your sealed Commissioner order (strength 1 or more)",
                                  accepted="for example: commish 4")
            last = police_setup.apply_commish_order(s, seat, move)
        elif action != "gang":
            raise IllegalMove("set-up: write your gang order",
                              accepted="for example: gang R5 BRI T2 BUS V1 BUS")
        else:
            last = setup.apply_order(s, seat, move)
        if last:
            setup.reveal(s)
            if s["phase"] == "play":
                rounds.start_round(s)
                rounds.advance(s)
    elif step == "facing":
        if action != "face":
            raise IllegalMove("set-up: choose the Commissioner's facing on his subway", accepted="face e")
        police_setup.apply_facing(s, seat, move)
        s["phase"] = "play"
        rounds.start_round(s)
        rounds.advance(s)
    else:
        if action not in STEP_ACTIONS[step]:
            raise IllegalMove(f"'{action}' is not possible now", accepted=_hint(state))
        if step == "buy":
            purchases.apply_purchase(s, seat, move)
        elif step == "cop":
            if "police" in s:
                copportion.apply_gang(s, seat, move)
            else:
                copstep.apply_cop(s, seat, move)
        elif step == "pcop":
            copportion.apply_police(s, seat, move)
        elif step == "cbuy":
            copturn.apply_buy(s, seat, move)
        elif step == "cmove":
            copturn.apply_move(s, seat, move)
        elif step == "cforced":
            copturn.apply_forced(s, seat, move)
        elif step == "stop":
            copstep.apply_stop(s, seat, move)
        elif step == "move":
            actions.apply_movement(s, seat, move)
        elif step == "assign":
            resolution.apply_assign(s, seat, move)
        elif step == "bribes":
            bribes.apply_answer(s, seat, move)
        else:
            rounds.apply_forced(s, seat, move)
        rounds.advance(s)
    return s


def _hint(state: State) -> str:
    step = step_of(state)
    if step == "pick":
        return "buy <joint>"
    if step == "order":
        return "gang R<n> <joint> T<n> <joint> V<n> <joint> (the Police: commish <n>)"
    if step == "facing":
        return "face n, e, s or w"
    return STEP_HINT.get(step, "")
