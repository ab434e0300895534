"""Choices made in the middle of resolution: what may be chosen, checking, applying.

A step that needs a decision leaves ``state["pending"]``:

``{"kind": "move_tile", "seat", "source"}``
    move a neighbourhood (marker or Zoning Commission), or skip.
``{"kind": "take", "seat", "source"}``
    take a control marker of a colour whose pile is not empty (marker or Newspaper).
``{"kind": "special", "seat", "source"}``
    the neighbourhood of the special election.
``{"kind": "elect", "seat", "source", "tiles", "count"}``
    the last passer orders ``count`` of the tied ``tiles``.
``{"kind": "smuggle", "seat", "source"}``
    Smuggler's Tunnel: move one rabble of any player to another neighbourhood, or skip.

Moves (tile numbers are 1-based as players see them, seats 0-based)::

    {"action": "move", "tile": 7, "to": "C4"}   {"action": "skip"}
    {"action": "take", "colour": "red"}        {"action": "special", "tile": 5}
    {"action": "elect", "tiles": [4, 2]}
    {"action": "smuggle", "seat": 1, "from": 5, "to": 7}
"""

from __future__ import annotations

from typing import Any, Iterator

from games.rules.base import IllegalMove

from . import city, data
from .elections import elect_options
from .markers import apply_take
from .journal import tile_ref, write
from .shared import move_tile, player

State = dict[str, Any]
Move = dict[str, Any]

WHAT = {
    "move_tile": "move a neighbourhood (`move tile 7 to C4`) or `skip`",
    "take": "take a control marker (`take red`)",
    "special": "choose the special election's neighbourhood (`special 5`)",
    "elect": "choose which tied neighbourhoods vote, in order (`elect 4 2`)",
    "smuggle": "move one rabble (`smuggle player 2 from 5 to 7`) or `skip`",
}


def take_options(state: State) -> list[str]:
    return [c for c in data.COLOURS if state["control_supply"][c] > 0]


def smuggle_count(state: State) -> int:
    tiles = state["tiles"]
    return sum(1 for t in tiles for n in t["rabble"] if n > 0)


def options(state: State) -> Iterator[Move]:
    """Every legal choice for the pending decision (lazy: the smuggle space is large)."""
    pending = state["pending"]
    kind = pending["kind"]
    tiles = state["tiles"]
    if kind == "move_tile":
        yield {"action": "skip"}
        for index in range(len(tiles)):
            for cell in city.move_targets(tiles, index):
                yield {"action": "move", "tile": index + 1, "to": city.cell_name(*cell)}
    elif kind == "take":
        for colour in take_options(state):
            yield {"action": "take", "colour": colour}
    elif kind == "special":
        for index in range(len(tiles)):
            yield {"action": "special", "tile": index + 1}
    elif kind == "elect":
        for order in elect_options(pending):
            yield {"action": "elect", "tiles": order}
    elif kind == "smuggle":
        yield {"action": "skip"}
        for index, tile in enumerate(tiles):
            for seat, count in enumerate(tile["rabble"]):
                if count > 0:
                    for other in range(len(tiles)):
                        if other != index:
                            yield {"action": "smuggle", "seat": seat, "from": index + 1, "to": other + 1}


def _tile_index(state: State, move: Move, key: str) -> int:
    value = move.get(key)
    count = len(state["tiles"])
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= count:
        raise IllegalMove(f"there is no neighbourhood {value!r}", accepted=f"tiles are numbered 1 to {count}")
    return value - 1


def apply_choice(state: State, seat: int, move: Move) -> None:
    """Check and apply a choice for the pending decision (``state`` is a private copy)."""
    pending = state["pending"]
    kind = pending["kind"]
    action = move.get("action")
    allowed = {
        "move_tile": ("move", "skip"),
        "take": ("take",),
        "special": ("special",),
        "elect": ("elect",),
        "smuggle": ("smuggle", "skip"),
    }[kind]
    if action not in allowed:
        raise IllegalMove(f"now you must {WHAT[kind]} for {pending['source']}")
    source = pending["source"]
    if action == "skip":
        write(state, "skip", source=source, seat=seat)
    elif action == "move":
        _apply_move(state, seat, move, source)
    elif action == "take":
        colour = move.get("colour")
        available = take_options(state)
        if colour not in available:
            raise IllegalMove(
                f"you cannot take a {colour} control marker",
                accepted="piles with markers left: " + ", ".join(available),
            )
        apply_take(state, seat, colour, source)
    elif action == "special":
        index = _tile_index(state, move, "tile")
        state["special"].append(index)
        write(state, "special", source=source, seat=seat, tile=tile_ref(state, index))
    elif action == "elect":
        _apply_elect(state, seat, move, pending)
    elif action == "smuggle":
        _apply_smuggle(state, seat, move, source)
    state["pending"] = None


def _apply_move(state: State, seat: int, move: Move, source: str) -> None:
    index = _tile_index(state, move, "tile")
    target = move.get("to")
    cell = city.parse_cell(target) if isinstance(target, str) else None
    targets = city.move_targets(state["tiles"], index)
    if cell is None or cell not in targets:
        names = ", ".join(city.cell_name(*c) for c in targets)
        raise IllegalMove(
            f"tile {index + 1} cannot move to {target}: the new place must be an empty cell "
            "next to at least one other neighbourhood",
            accepted=f"cells for tile {index + 1}: {names}",
        )
    before = city.cell_name(*state["tiles"][index]["pos"])
    move_tile(state, index, cell)
    write(state, "move", source=source, seat=seat, tile=index + 1, origin=before, to=target,
          now=city.cell_name(*state["tiles"][index]["pos"]))


def _apply_elect(state: State, seat: int, move: Move, pending: dict[str, Any]) -> None:
    chosen = move.get("tiles")
    if not isinstance(chosen, list):
        chosen = []
    tied = pending["tiles"]
    count = pending["count"]
    # Types first: set() of a hand-made move's items could meet a list (unhashable).
    ok = (
        len(chosen) == count
        and all(isinstance(t, int) and not isinstance(t, bool) and t in tied for t in chosen)
        and len(set(chosen)) == count
    )
    if not ok:
        raise IllegalMove(
            f"choose {count} different tied neighbourhoods, in the order they vote",
            accepted="tied: " + ", ".join(str(t) for t in tied),
        )
    steps = [{"step": "election", "tile": t - 1, "special": False} for t in chosen]
    state["queue"] = steps + state["queue"]
    write(state, "elect", seat=seat, tiles=chosen)


def _apply_smuggle(state: State, seat: int, move: Move, source: str) -> None:
    owner = move.get("seat")
    if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < state["players"]:
        raise IllegalMove(f"there is no player {owner!r}", accepted=f"players are 1 to {state['players']}")
    src = _tile_index(state, move, "from")
    dst = _tile_index(state, move, "to")
    if src == dst:
        raise IllegalMove("the rabble must go to a different neighbourhood", accepted="two different tile numbers")
    tiles = state["tiles"]
    if tiles[src]["rabble"][owner] <= 0:
        raise IllegalMove(
            f"{player(owner)} has no rabble on tile {src + 1}",
            accepted="choose a tile where that player has rabble",
        )
    tiles[src]["rabble"][owner] -= 1
    tiles[dst]["rabble"][owner] += 1
    write(state, "smuggle", source=source, seat=seat, owner=owner, origin=src + 1, to=dst + 1)
