"""The election phase as a queue of steps, run until a player must choose.

When the last player passes, the placement phase ends: rabble are retrieved by
the pass table, the bids are paid, and ``state["queue"]`` receives the steps in
rulebook order::

    marker 0, marker 1, marker 2, marker 3, buildings, elections, end_round

``buildings`` and ``elections`` expand into one step per building / election
when they are reached (who controls what, and which neighbourhoods tie, depend
on the steps before). A step that needs a decision sets ``state["pending"]``;
the engine then waits for that seat's move (see :mod:`.choices`). A decision
with a single possible answer is applied without asking.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import GameRng

from . import data
from .buildings import resolve_building, schedule
from .choices import apply_choice, options
from .elections import choose_normal, hold
from .markers import draw_markers, resolve_marker
from .scoring import final_result
from .journal import write
from .shared import bosses_on_board, check_end_trigger, retrieve

State = dict[str, Any]


def start(state: State) -> None:
    """Every player has passed: retrieve rabble, pay bids, resolve (``state`` is a private copy)."""
    state["phase"] = "resolution"
    state["current"] = None
    state["log"] = []
    table = data.PASS_RETRIEVAL[state["players"]]
    for position, seat in enumerate(state["passed"]):
        moved = retrieve(state, seat, table[position])
        write(state, "passed", seat=seat, position=position + 1, moved=moved)
    # Decision: every rabble bid on a marker, winning or not, goes to its owner's
    # boroughs once the bidding is over (after the pass retrieval).
    for bids in state["bids"]:
        for seat, amount in enumerate(bids):
            state["boroughs"][seat] += amount
    state["queue"] = [{"step": "marker", "index": i} for i in range(len(state["markers"]))]
    state["queue"] += [{"step": "buildings"}, {"step": "elections"}, {"step": "end_round"}]
    advance(state)


def choose(state: State, seat: int, move: dict[str, Any]) -> None:
    """Apply the pending choice and carry on resolving."""
    apply_choice(state, seat, move)
    advance(state)


def advance(state: State) -> None:
    """Run queued steps until a real choice is needed, the round ends, or the game ends."""
    while state["phase"] == "resolution":
        if state["pending"] is not None:
            if not _auto_choice(state):
                return
            continue
        if not state["queue"]:
            return
        step = state["queue"].pop(0)
        _run(state, step)


def _auto_choice(state: State) -> bool:
    """Resolve a pending choice that has at most one answer; False if a player must choose."""
    first = None
    for count, move in enumerate(options(state)):
        if count == 0:
            first = move
        else:
            return False
    if first is None:
        write(state, "nothing", source=state["pending"]["source"])
        state["pending"] = None
    else:
        apply_choice(state, state["pending"]["seat"], first)
    return True


def _run(state: State, step: dict[str, Any]) -> None:
    kind = step["step"]
    if kind == "marker":
        resolve_marker(state, step["index"])
    elif kind == "buildings":
        state["queue"] = schedule(state) + state["queue"]
    elif kind == "building":
        resolve_building(state, step["tile"], step["seat"])
    elif kind == "elections":
        specials = [{"step": "election", "tile": t, "special": True} for t in state["special"]]
        state["queue"] = specials + [{"step": "normal"}] + state["queue"]
    elif kind == "normal":
        state["queue"] = choose_normal(state) + state["queue"]
    elif kind == "election":
        hold(state, step["tile"], step["special"])
    elif kind == "end_round":
        end_round(state)
    else:  # pragma: no cover - corrupted state
        raise ValueError(f"unknown step {kind!r}")


def end_round(state: State) -> None:
    """Score the game if its end was triggered, else set up the next placement phase."""
    check_end_trigger(state)
    if state["end_triggered"]:
        state["phase"] = "over"
        state["result"] = final_result(state)
        write(state, "game_end")
        return
    n = state["players"]
    for seat in range(n):
        moved = retrieve(state, seat, bosses_on_board(state, seat))
        if moved:
            write(state, "boss_rabble", seat=seat, moved=moved)
    rng = GameRng.from_state(state)
    draw_markers(state, rng)
    rng.store(state)
    state["round"] += 1
    # Decision: the starting player moves one seat to the left each round.
    state["start"] = (state["start"] + 1) % n
    state["phase"] = "placement"
    state["passed"] = []
    state["last_turn"] = False
    state["effects"] = []
    state["special"] = []
    state["current"] = state["start"]
    if state["hq"][state["start"]] <= 0:
        # Local import: placement imports this module to start the election phase.
        from .placement import begin_round

        resumed = begin_round(state)
        if resumed is not state:  # everybody had to pass: a whole new election phase ran
            state.clear()
            state.update(resumed)
