"""Setting up a game of Five Points: the city, buildings, first rabble and markers.

Everything random comes from the state's :class:`GameRng`, in rulebook order:
deal the extra neighbourhoods, lay the city out, place two buildings, draw the
first rabble from a bag, draw four manipulation markers.

The state is plain JSON (see ``docs/players/five-points.md``); the main keys:

``tiles``
    list of neighbourhoods; tile number N is ``tiles[N-1]``:
    ``{"colour", "pos": [col, row], "rabble": [per seat], "bosses": [per seat],
    "building": building id or None}``
``hq`` / ``boroughs``
    rabble per seat on the HQ (usable this round) and in the boroughs.
``markers`` / ``bids``
    the row of manipulation marker ids (left to right, lettered A, B, ...) and,
    per marker, the rabble each seat has bid on it.
``control_supply`` / ``control`` / ``vp``
    control-marker piles by colour, each seat's control markers, victory points.
``start``, ``current``, ``passed``, ``last_turn``
    placement-phase turn keeping: starting seat, seat to act, seats in the order
    they passed, and whether the last player is taking the single extra turn.
``effects``, ``special``, ``queue``, ``pending``
    resolution: this round's vote bonuses, special-election tiles, the steps
    left to resolve, and the choice a seat must make now.
``log``, ``end_triggered``, ``result``
    what the last (or current) election phase did, in words; whether the game
    ends after this round; the result once the game is over.
``rng``
    the game's :class:`GameRng` (seed and counter): never shown in a view.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import GameRng

from . import city, data
from .markers import draw_markers

State = dict[str, Any]


def new_game(num_players: int, seed: str) -> State:
    """A fresh state ready for the starting player's first placement."""
    rng = GameRng(seed)
    n = num_players
    tiles = _city(n, rng)
    _buildings(tiles, rng)
    _first_rabble(tiles, n, rng)
    hq = [data.HQ_START - data.SETUP_RABBLE_PER_PLAYER] * n
    boroughs = [data.RABBLE_PER_PLAYER - data.HQ_START] * n
    state: State = {
        "players": n,
        "round": 1,
        "phase": "placement",
        "tiles": tiles,
        "hq": hq,
        "boroughs": boroughs,
        "control_supply": {c: data.CONTROL_MARKERS_PER_COLOUR[n] for c in data.COLOURS},
        "control": [{c: 0 for c in data.COLOURS} for _ in range(n)],
        "vp": [0] * n,
        "markers": [],
        "bids": [],
        "start": 0,
        "current": 0,
        "passed": [],
        "last_turn": False,
        "effects": [],
        "special": [],
        "queue": [],
        "pending": None,
        "end_triggered": False,
        "log": [],
        "result": None,
        "rng": rng.to_json(),
    }
    draw_markers(state, rng)
    rng.store(state)
    return state


def _city(n: int, rng: GameRng) -> list[dict[str, Any]]:
    """One tile of each colour plus the extra tiles dealt from the shuffled rest."""
    rest = [c for c in data.COLOURS for _ in range(data.TILES_PER_COLOUR - 1)]
    rng.shuffle(rest)
    colours = list(data.COLOURS) + rest[: data.EXTRA_TILES[n]]
    rng.shuffle(colours)
    cells = city.layout(len(colours))
    return [
        {"colour": colour, "pos": cell, "rabble": [0] * n, "bosses": [0] * n, "building": None}
        for colour, cell in zip(colours, cells)
    ]


def _buildings(tiles: list[dict[str, Any]], rng: GameRng) -> None:
    """Two buildings from the shuffled nine, on two different random neighbourhoods.

    Decision: the starting player's placement of the face-down buildings is made
    at random (the service has no setup step for it); they are revealed before
    the first turn, so the state never holds a face-down building.
    """
    chosen = rng.shuffled(b["id"] for b in data.BUILDINGS)[: data.BUILDINGS_IN_PLAY]
    where = rng.shuffled(range(len(tiles)))[: len(chosen)]
    for building, index in zip(chosen, where):
        tiles[index]["building"] = building


def _first_rabble(tiles: list[dict[str, Any]], n: int, rng: GameRng) -> None:
    """Three rabble per player drawn from a bag, one per neighbourhood without a building.

    With the rulebook's tables the bag fills every free neighbourhood exactly;
    if the data ever gives more rabble than free tiles, the draw wraps round.
    """
    bag = [seat for seat in range(n) for _ in range(data.SETUP_RABBLE_PER_PLAYER)]
    rng.shuffle(bag)
    free = [i for i, t in enumerate(tiles) if t["building"] is None]
    for k, seat in enumerate(bag):
        tiles[free[k % len(free)]]["rabble"][seat] += 1
