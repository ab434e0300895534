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
     "fight": None | {"cop": 3, "hits": 2, "targets": [[1, "T", 3], [2, "R", 1]]}}
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove

from . import actions, copstep, purchases, resolution, rounds, setup
from .state import State, clone, trim_log

STEP_ACTIONS: dict[str, tuple[str, ...]] = {
    "buy": ("buy", "improve", "wheels", "heaters", "roll"),
    "cop": ("bribe", "cop", "newcop", "donuts", "pass"),
    "stop": ("stop", "allow"),
    "move": ("move", "extort", "recruit", "newpublic", "public", "show", "done"),
    "assign": ("assign",),
    "forced": ("recruit", "sell"),
}
# The keys of each kind of move (the notation's canonical dicts); anything else is not a move.
MOVE_KEYS: dict[str, frozenset[str]] = {
    a: frozenset(("a", *keys)) for a, keys in {
        "buy": ("joint",), "improve": ("joint",), "sell": ("joint",), "gang": ("R", "T", "V", "at"),
        "wheels": (), "heaters": (), "roll": (), "bribe": (), "pass": (), "stop": (), "allow": (), "done": (),
        "cop": ("cop", "path"), "newcop": ("to",), "donuts": ("cop",),
        "move": ("piece", "path", "act", "target"), "extort": ("piece",), "recruit": ("piece", "n", "facing"),
        "newpublic": ("to",), "public": ("id", "path"), "show": ("bribe",), "assign": ("hits",),
    }.items()
}
STEP_HINT = {
    "buy": "buy or improve the joint your Racketeer is in, wheels, heaters, or roll",
    "cop": "bribe, cop <n> <path>, cop in <facing>, donuts <n>, or pass",
    "stop": "stop or allow",
    "move": "move, extort, recruit, public, show, or done",
    "assign": "assign the cop's hits, e.g. assign P2 T 1 P3 R 1",
    "forced": "recruit R <n> facing <n|e|s|w>, or sell <joint>",
}


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "picks":
        return [setup.picker(state)]
    if phase == "gangs":
        return [s for s in range(state["players"]) if str(s) not in state["orders"]]
    if phase == "play":
        t = state["turn"]
        if t["step"] == "stop":
            return [t["pending"]["holder"]]
        return [t["seat"]]
    return []


def step_of(state: State) -> str:
    """The decision awaited: ``pick``, ``order``, a turn step, or ``over``."""
    phase = state["phase"]
    if phase == "picks":
        return "pick"
    if phase == "gangs":
        return "order"
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
        if action != "gang":
            raise IllegalMove("set-up: write your gang order",
                              accepted="for example: gang R5 BRI T2 BUS V1 BUS")
        if setup.apply_order(s, seat, move):
            setup.reveal(s)
            rounds.start_round(s)
            rounds.advance(s)
    else:
        if action not in STEP_ACTIONS[step]:
            raise IllegalMove(f"'{action}' is not possible now", accepted=_hint(state))
        if step == "buy":
            purchases.apply_purchase(s, seat, move)
        elif step == "cop":
            copstep.apply_cop(s, seat, move)
        elif step == "stop":
            copstep.apply_stop(s, seat, move)
        elif step == "move":
            actions.apply_movement(s, seat, move)
        elif step == "assign":
            resolution.apply_assign(s, seat, move)
        else:
            rounds.apply_forced(s, seat, move)
        rounds.advance(s)
    return s


def _hint(state: State) -> str:
    step = step_of(state)
    if step == "pick":
        return "buy <joint>"
    if step == "order":
        return "gang R<n> <joint> T<n> <joint> V<n> <joint>"
    return STEP_HINT.get(step, "")
