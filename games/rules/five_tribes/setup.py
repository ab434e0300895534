"""Setting up a game: tiles, meeples, cards, Djinns, purses and the Bid Order track.

Every shuffle uses the state's :class:`GameRng`, in a fixed order (tiles,
meeples, resource cards, Djinns, bid order), so one seed gives one game.
"""

from __future__ import annotations

from games.rules.base import GameRng

from .data import (
    CAMELS,
    COLOURS,
    DJINNS,
    DJINNS_FACE_UP,
    FAKIR,
    FAKIRS,
    MARKERS_PER_SEAT,
    MEEPLE_COUNTS,
    MEEPLES_PER_TILE,
    MERCHANDISE,
    NUM_TILES,
    PALACES,
    PALM_TREES,
    RESOURCE_ROW,
    START_GOLD,
    TILE_KINDS,
)
from .state import State


def new_game(num_players: int, seed: str) -> State:
    """The state at the start of the first bid for turn order."""
    rng = GameRng(seed)
    tiles = [[kind, value] for kind, _, values in TILE_KINDS for value in values]
    rng.shuffle(tiles)

    bag = [c for c in COLOURS for _ in range(MEEPLE_COUNTS[c])]
    rng.shuffle(bag)
    meeples = ["".join(bag[i * MEEPLES_PER_TILE:(i + 1) * MEEPLES_PER_TILE]) for i in range(NUM_TILES)]

    deck = [name for name, count in MERCHANDISE.items() for _ in range(count)] + [FAKIR] * FAKIRS
    rng.shuffle(deck)
    # The top of a pile is the end of its list (pop()).
    row = [deck.pop() for _ in range(RESOURCE_ROW)]

    djinn_deck = list(DJINNS)
    rng.shuffle(djinn_deck)
    djinns = [djinn_deck.pop() for _ in range(DJINNS_FACE_UP)]

    markers = [seat for seat in range(num_players) for _ in range(MARKERS_PER_SEAT[num_players])]
    rng.shuffle(markers)

    state: State = {
        "num_players": num_players,
        "rng": rng.to_json(),
        "tiles": tiles,
        "meeples": meeples,
        "camels": [None] * NUM_TILES,
        "palms": [0] * NUM_TILES,
        "palaces": [0] * NUM_TILES,
        "supply": {"palms": PALM_TREES, "palaces": PALACES},
        "bag": [0] * len(COLOURS),
        "deck": deck,
        "row": row,
        "discard": [],
        "djinn_deck": djinn_deck,
        "djinns": djinns,
        "djinn_discard": [],
        "seats": [
            {
                "gold": START_GOLD,
                "camels": CAMELS[num_players],
                "viziers": 0,
                "elders": 0,
                "fakirs": 0,
                "goods": [],
                "djinns": [],
            }
            for _ in range(num_players)
        ],
        "phase": "bid",
        "round": 1,
        "bid_order": markers,
        "bid_index": 0,
        "zeros": [],
        "spots": [None] * 9,
        "queue": [],
        "played": [],
        "kumarbi_used": [False] * num_players,
        "turn": None,
        "end": None,
        "log": [],
    }
    return state
