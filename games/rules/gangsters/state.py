"""The game state, its small helpers, and the questions every part of the engine asks of it.

The state is plain JSON data::

    {
      "game": "gangsters", "players": 3, "options": {...},
      "rng": {"seed": ..., "counter": ...},        # never shown to anyone
      "phase": "picks" | "gangs" | "play" | "over",
      "round": 0, "order": [2, 0, 1], "index": 0,  # this round's order (or the pick order)
      "first": 2 | None,                           # who bought the first joint
      "picks": 0,                                  # set-up joints bought so far
      "orders": {"0": {...}},                      # sealed set-up orders, until all are in
      "seats": ["gang", "gang", "gang"],           # what each seat plays (a Police seat may follow)
      "gangs": [{"cash": 400, "out": False,
                 "pieces": {"R": {"s": 5, "at": "BRI", "f": None, "c": False}, "T": ..., "V": ...},
                 "bribes": [3, 10], "shown": [3], "wheels": False, "heaters": False}, ...],
      "joints": {"BRI": {"owner": 0 | None, "level": 1, "crim": False}, ...},
      "cops": {"4": {"at": "d7", "f": "n"}},       # cops on the board; the others are in the cop cup
      "public": {"7": {"at": "BRI", "f": None}},   # Public on the board; the others are in the cup
      "bribe_cup": [1, 2, 5, ...],                 # secret: which markers are still in the cup
      "crime": 0,
      "dice": {"green": 4, ...} | None,            # this turn's roll
      "turn": {...} | None,                        # the running gang turn (see turn.py)
      "tn": 7, "events": [...], "evn": 123,        # turn counter, recent log events, events so far
      "result": None | {...}
    }

A piece: ``s`` strength (0: off the board), ``at`` its node, ``f`` the way it
faces on a street (None inside a building or when free), ``c`` True while it
shows its criminal side.
"""

from __future__ import annotations

import marshal
from typing import Any

from games.rules.base import GameRng

from .data import BUILDING, COLOUR_JOINTS, COPS, DICE, GANG_LABEL, JOINT_CODES, PIECES, PUBLIC

State = dict[str, Any]
Move = dict[str, Any]


def clone(state: State) -> State:
    """A private deep copy of plain data (marshal is several times faster than JSON or copy.deepcopy;
    the state holds no tuples, so the copy is exactly what a JSON round trip would give)."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def label(seat: int) -> str:
    return GANG_LABEL[seat]


def gang(state: State, seat: int) -> dict[str, Any]:
    found: dict[str, Any] = state["gangs"][seat]
    return found


def piece(state: State, seat: int, kind: str) -> dict[str, Any]:
    found: dict[str, Any] = state["gangs"][seat]["pieces"][kind]
    return found


def gang_seats(state: State) -> list[int]:
    """Seats that play a gang and are still in the game."""
    return [s for s, kind in enumerate(state["seats"]) if kind == "gang" and not state["gangs"][s]["out"]]


def rng_of(state: State) -> GameRng:
    return GameRng.from_state(state)


def roll(state: State, count: int) -> list[int]:
    """``count`` dice from the game's generator (the counter is written back)."""
    rng = rng_of(state)
    dice = [rng.randint(1, 6) for _ in range(count)]
    rng.store(state)
    return dice


def draw(state: State, items: list[Any]) -> Any:
    rng = rng_of(state)
    chosen = rng.choice(items)
    rng.store(state)
    return chosen


def roll_five(state: State) -> dict[str, int]:
    dice = roll(state, len(DICE))
    return dict(zip(DICE, dice))


def log(state: State, kind: str, **data: Any) -> None:
    """Append one event to the log (narrations and the page read it)."""
    event = {"k": kind, "n": state["evn"], "tn": state["tn"], **data}
    state["events"].append(event)
    state["evn"] += 1


def trim_log(state: State) -> None:
    """Keep the events of the running turn and the one before it."""
    keep = state["tn"] - 1
    state["events"] = [e for e in state["events"] if e["tn"] >= keep]


# -- questions -------------------------------------------------------------------------------------


def owned(state: State, seat: int) -> list[str]:
    return [code for code in JOINT_CODES if state["joints"][code]["owner"] == seat]


def owned_of_colour(state: State, seat: int, colour: str) -> int:
    return sum(1 for code in COLOUR_JOINTS[colour] if state["joints"][code]["owner"] == seat)


def pieces_at(state: State, node: str) -> list[tuple[int, str]]:
    """(seat, kind) of every gang piece on ``node``."""
    out = []
    for seat in range(state["players"]):
        if state["seats"][seat] != "gang":
            continue
        for kind in PIECES:
            p = state["gangs"][seat]["pieces"][kind]
            if p["s"] > 0 and p["at"] == node:
                out.append((seat, kind))
    return out


def criminals_at(state: State, node: str) -> list[tuple[int, str]]:
    return [(s, k) for s, k in pieces_at(state, node) if state["gangs"][s]["pieces"][k]["c"]]


def joint_shows_crime(state: State, code: str) -> bool:
    """A joint shows its criminal side after its owner collected there, or with its owner's criminal inside.

    (The collecting side flips back at the start of the owner's next turn.)
    """
    joint = state["joints"].get(code)
    if joint is None or joint["owner"] is None:
        return False
    if "police" in state and code in state["police"]["flips"]:
        # An Informant inside flipped it (6.4): criminal until the Informant leaves (G33).
        pid = state["police"]["flips"][code]
        if state["public"].get(str(pid), {}).get("at") == code:
            return True
    if joint["crim"]:
        return True
    return any(seat == joint["owner"] for seat, _ in criminals_at(state, code))


def crime_scene(state: State, code: str) -> bool:
    """A building holding a criminal-side gang piece, or a joint showing its criminal side (G30)."""
    return bool(criminals_at(state, code)) or joint_shows_crime(state, code)


def cops_on_board(state: State) -> list[int]:
    return sorted(int(c) for c in state["cops"])


def cop_cup(state: State) -> list[int]:
    return [c for c in COPS if str(c) not in state["cops"]]


def public_cup(state: State) -> list[int]:
    return [p for p in PUBLIC if str(p) not in state["public"]]


def bribe_holder(state: State, marker: int) -> int | None:
    for seat in range(state["players"]):
        if marker in state["gangs"][seat]["bribes"]:
            return seat
    return None



def worth(state: State, seat: int) -> int:
    """Cash plus face value x level of every joint held (the house tie-break at closing time); for the Police,
    cash plus the price of every HQ."""
    total: int = state["gangs"][seat]["cash"]
    if state["seats"][seat] == "police":
        return total + sum(BUILDING[code].value for code in hqs(state))
    for code in owned(state, seat):
        total += BUILDING[code].value * state["joints"][code]["level"]
    return total


# -- the Police player (five-player variant) ------------------------------------------------------


def police_seat(state: State) -> int | None:
    """The Police player's seat in a Police game, else None."""
    seats: list[str] = state["seats"]
    return seats.index("police") if "police" in seats else None


def police(state: State) -> dict[str, Any]:
    """The Police player's board data: the Commissioner, HQs, chits, informants (only in a Police game)."""
    found: dict[str, Any] = state["police"]
    return found


def hqs(state: State) -> list[str]:
    """Precinct headquarters (building codes); empty outside a Police game."""
    if "police" not in state:
        return []
    found: list[str] = state["police"]["hqs"]
    return found


def is_hq(state: State, code: str | None) -> bool:
    return code is not None and code in hqs(state)


def informants(state: State) -> list[int]:
    """Public pieces on the board that are Informants (one back in the cup is an ordinary Public again)."""
    if "police" not in state:
        return []
    return [p for p in state["police"]["informants"] if str(p) in state["public"]]


def prune_informants(state: State) -> None:
    if "police" in state:
        state["police"]["informants"] = informants(state)
        flips = state["police"]["flips"]
        for code in list(flips):
            if state["public"].get(str(flips[code]), {}).get("at") != code:
                del flips[code]


def commish(state: State) -> dict[str, Any]:
    """The Police Commissioner: ``s`` strength (0: eliminated), ``at`` (None: off the board), ``f`` facing."""
    found: dict[str, Any] = state["police"]["c"]
    return found
