"""The placement phase: place one rabble (optionally bidding on a marker) or pass.

Moves::

    {"action": "place", "tile": 3}
    {"action": "place", "tile": 3, "marker": "B", "bid": 2}
    {"action": "pass"}

A bid adds rabble from the HQ (after the placed one) next to a marker; the
bidder's total there must then be more than any other player's. Players act
clockwise from the starting player, skipping those who passed. When all but one
have passed, the remaining player takes one more turn and then passes too.

Placement moves are the vast majority of a game, so they are applied
copy-on-write: only the lists a move changes are copied.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from games.rules.base import IllegalMove

from .copying import clone, copy_tile
from .markers import letter
from .resolution import start as start_resolution

State = dict[str, Any]
Move = dict[str, Any]


def min_bid(state: State, seat: int, marker: int) -> int:
    """The fewest rabble ``seat`` must add to marker ``marker`` to lead it."""
    bids = state["bids"][marker]
    others: int = max((b for s, b in enumerate(bids) if s != seat), default=0)
    mine: int = bids[seat]
    return max(1, others + 1 - mine)


def check(state: State, seat: int, move: Move) -> None:
    """Raise IllegalMove with a readable reason unless ``move`` is a legal placement move."""
    action = move.get("action")
    if action == "pass":
        if set(move) != {"action"}:
            raise IllegalMove("a pass takes nothing else", accepted="`pass`")
        return
    if action != "place":
        raise IllegalMove(
            "in the placement phase you place a rabble or pass",
            accepted="`place 3`, `place 3 bid 2 on marker B` or `pass`",
        )
    hq = state["hq"][seat]
    count = len(state["tiles"])
    tile = move.get("tile")
    if not _is_int(tile) or not 1 <= tile <= count:
        raise IllegalMove(f"there is no neighbourhood {tile!r}", accepted=f"tiles are numbered 1 to {count}")
    if hq < 1:
        raise IllegalMove("you have no rabble on your HQ to place", accepted="`pass`")
    keys = set(move) - {"action", "tile"}
    if not keys:
        return
    if keys != {"marker", "bid"}:
        raise IllegalMove("a bid needs an amount and a marker", accepted="`place 3 bid 2 on marker B`")
    letters = [letter(i) for i in range(len(state["markers"]))]
    mark = move.get("marker")
    if mark not in letters:
        raise IllegalMove(f"there is no marker {mark!r}", accepted="markers " + ", ".join(letters))
    index = letters.index(mark)
    bid = move.get("bid")
    if not _is_int(bid) or bid < 1:
        raise IllegalMove(f"a bid must be at least 1 rabble, not {bid!r}", accepted="a whole number from 1")
    if bid > hq - 1:
        raise IllegalMove(
            f"you have {hq} rabble on your HQ: one to place leaves {hq - 1} to bid, not {bid}",
            accepted=f"bid at most {hq - 1}" if hq > 1 else "place without a bid, or pass",
        )
    need = min_bid(state, seat, index)
    if bid < need:
        bids = state["bids"][index]
        top = max(b for s, b in enumerate(bids) if s != seat)
        raise IllegalMove(
            f"marker {mark} has a bid of {top}; with {bids[seat]} already there you must add at least {need} to lead",
            accepted=f"bid {need} or more on marker {mark}" if need <= hq - 1 else "another marker, or no bid",
        )


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def apply(state: State, seat: int, move: Move) -> State:
    """Apply a checked placement move and return the new state (the input is untouched)."""
    check(state, seat, move)
    new = dict(state)
    if move["action"] == "place":
        index = move["tile"] - 1
        new["tiles"] = list(state["tiles"])
        tile = copy_tile(state["tiles"][index])
        tile["rabble"][seat] += 1
        new["tiles"][index] = tile
        new["hq"] = list(state["hq"])
        new["hq"][seat] -= 1
        if "bid" in move:
            marker = "ABCDEFGH".index(move["marker"])
            new["bids"] = list(state["bids"])
            new["bids"][marker] = list(state["bids"][marker])
            new["bids"][marker][seat] += move["bid"]
            new["hq"][seat] -= move["bid"]
        if state["last_turn"]:
            new["passed"] = state["passed"] + [seat]  # the single extra turn ends in a pass
    else:
        new["passed"] = state["passed"] + [seat]
    return _next_turn(new, seat)


def _next_turn(state: State, seat: int) -> State:
    """Hand the turn on after ``seat`` moved (``state`` is already the new state)."""
    n = state["players"]
    while True:
        passed = state["passed"]
        waiting = [s for s in range(n) if s not in passed]
        if not waiting:
            # Everyone has passed: the election phase edits much of the state, so copy it all once.
            new = clone(state)
            start_resolution(new)
            return new
        if len(waiting) == 1 and not state["last_turn"]:
            state["last_turn"] = True
            state["current"] = waiting[0]
        else:
            following = [(seat + k) % n for k in range(1, n + 1)]
            state["current"] = next(s for s in following if s not in passed)
        if state["hq"][state["current"]] > 0:
            return state
        # A player with an empty HQ can only pass: do it for them rather than
        # mail them for a forced move (same outcome, same pass position).
        seat = state["current"]
        state["passed"] = passed + [seat]


def begin_round(state: State) -> State:
    """The starting player is to act; skip straight past seats with nothing to place."""
    state["current"] = state["start"]
    if state["hq"][state["start"]] > 0:
        return state
    state["passed"] = state["passed"] + [state["start"]]
    return _next_turn(state, state["start"])
