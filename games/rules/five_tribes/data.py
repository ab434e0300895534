"""Component data for Five Tribes: tiles, meeples, resources, Djinns, tracks.

Numbers come from ``shared/reference/five-tribes-data.md`` (current English
printing, Fakir cards). Nothing here is logic; the other modules read these
tables.
"""

from __future__ import annotations

COLUMNS = 6
ROWS = 5
NUM_TILES = COLUMNS * ROWS
COLUMN_LETTERS = "ABCDEF"

# Meeple colours as one-letter codes, in the order used everywhere (display,
# canonical drop strings, bag counts): Vizier, Elder, Merchant, Builder, Assassin.
COLOURS = "YWGBR"
COLOUR_NAMES = {"Y": "yellow", "W": "white", "G": "green", "B": "blue", "R": "red"}
TRIBE_NAMES = {"Y": "Vizier", "W": "Elder", "G": "Merchant", "B": "Builder", "R": "Assassin"}
MEEPLE_COUNTS = {"Y": 16, "W": 20, "G": 18, "B": 18, "R": 18}
MEEPLES_PER_TILE = 3

# Tile kinds: (kind, count, colour of the printed value, values).
TILE_KINDS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("large_market", "red", (4, 4, 4, 4)),
    ("small_market", "red", (6,) * 8),
    ("oasis", "red", (8,) * 6),
    ("village", "blue", (5,) * 5),
    ("sacred", "blue", (6, 6, 6, 6, 10, 12, 15)),
)
TILE_COLOUR = {kind: colour for kind, colour, _ in TILE_KINDS}
TILE_LABELS = {
    "large_market": "Large Market",
    "small_market": "Small Market",
    "oasis": "Oasis",
    "village": "Village",
    "sacred": "Sacred Place",
}
TILE_SHORT = {
    "large_market": "LMkt",
    "small_market": "SMkt",
    "oasis": "Oasis",
    "village": "Vill",
    "sacred": "Sacr",
}

PALM_TREES = 12
PALACES = 10
START_GOLD = 50
CAMELS = {2: 11, 3: 8, 4: 8}
MARKERS_PER_SEAT = {2: 2, 3: 1, 4: 1}

# Turn Order track, spot by spot from the bottom: three zeros then the paid spots.
SPOT_COSTS = (0, 0, 0, 1, 3, 5, 8, 12, 18)
ZERO_SPOTS = 3
PAID_COSTS = (1, 3, 5, 8, 12, 18)

# Resource cards: 36 merchandise of 9 kinds + 18 Fakirs.
MERCHANDISE = {
    "Ivory": 2,
    "Jewels": 2,
    "Gold": 2,
    "Papyrus": 4,
    "Silk": 4,
    "Spice": 4,
    "Fish": 6,
    "Wheat": 6,
    "Pottery": 6,
}
FAKIR = "Fakir"
FAKIRS = 18
RESOURCE_ROW = 9
# Value of a suit of n different merchandise cards (sale price in gold = end VP).
SUIT_VALUES = (0, 1, 3, 7, 13, 21, 30, 40, 50, 60)

DJINNS_FACE_UP = 3

# Djinn payment codes: "E" one Elder, "F" one Fakir. A cost is the tuple of the
# payments a player may choose from; None = no cost (passive, triggered or end).
COST_E_OR_F = ("E", "F")
COST_E_PLUS = ("EE", "EF")
COST_F = ("F",)

# name -> (VP, cost, kind). Kind: "active" (used with `djinn NAME`), "redirect"
# (Hagis/Lamia: offered when a palace/palm is placed), "bid" (Kumarbi),
# "passive" (permanent, triggered or end-game).
DJINNS: dict[str, tuple[int, tuple[str, ...] | None, str]] = {
    "Al-Amin": (5, None, "passive"),
    "Anun-Nak": (8, COST_E_OR_F, "active"),
    "Ba'al": (6, None, "passive"),
    "Boaz": (6, None, "passive"),
    "Bouraq": (6, COST_E_OR_F, "active"),
    "Echidna": (4, COST_E_PLUS, "active"),
    "Enki": (8, COST_E_OR_F, "active"),
    "Hagis": (10, COST_E_OR_F, "redirect"),
    "Haurvatat": (8, None, "passive"),
    "Iblis": (8, COST_E_OR_F, "active"),
    "Jafaar": (6, None, "passive"),
    "Kandicha": (6, None, "passive"),
    "Kumarbi": (6, None, "bid"),
    "Lamia": (10, COST_E_OR_F, "redirect"),
    "Leta": (4, COST_E_PLUS, "active"),
    "Marid": (6, None, "passive"),
    "Monkir": (6, None, "passive"),
    "Nekir": (6, None, "passive"),
    "Shamhat": (6, None, "passive"),
    "Sibittis": (4, COST_E_PLUS, "active"),
    "Sloar": (8, COST_F, "active"),
    "Utug": (4, COST_E_PLUS, "active"),
}
ACTIVE_DJINNS = tuple(name for name, (_, _, kind) in DJINNS.items() if kind == "active")
# Djinns whose activation names a tile.
DJINN_TARGETS_TILE = {"Anun-Nak", "Bouraq", "Enki", "Leta", "Utug"}

DJINN_HELP = {
    "Al-Amin": "game end: every 2 Fakirs are 1 wild merchandise card in your suits",
    "Anun-Nak": "1 Elder or Fakir: put 3 meeples from the bag on a tile with nothing on it",
    "Ba'al": "when anyone gains a Djinn: +1 gold if it is you, +2 if an opponent",
    "Boaz": "Assassins cannot kill the Viziers and Elders in front of you",
    "Bouraq": "1 Elder or Fakir: put a palace on any Village",
    "Echidna": "1 Elder + 1 Elder or Fakir: your Builders earn double this turn",
    "Enki": "1 Elder or Fakir: put a palm tree on any Oasis",
    "Hagis": "1 Elder or Fakir: when you place a palace, put it on a neighbouring tile instead",
    "Haurvatat": "game end: palm trees on your tiles are worth 5 instead of 3",
    "Iblis": "1 Elder or Fakir: your Assassins kill 2 meeples this turn (one tile or one player)",
    "Jafaar": "game end: your Viziers are worth 3 each instead of 1",
    "Kandicha": "your kills pay: Merchant = a card, Builder = its gold, Vizier/Elder = yours",
    "Kumarbi": "Fakirs when bidding: each Fakir makes your spot cost one spot lower",
    "Lamia": "1 Elder or Fakir: when you place a palm tree, put it on a neighbouring tile instead",
    "Leta": "1 Elder + 1 Elder or Fakir: put a camel on a tile with nothing on it",
    "Marid": "each meeple dropped on your tiles: +1 gold if you move, +2 if an opponent does",
    "Monkir": "each palace placed: +1 gold if you placed it, +2 if an opponent did",
    "Nekir": "each Assassin kill: +1 gold if yours, +2 if an opponent's",
    "Shamhat": "game end: your Elders are worth 4 each instead of 2",
    "Sibittis": "1 Elder + 1 Elder or Fakir: draw 3 Djinns from the pile, keep 1",
    "Sloar": "1 Fakir: take the top card of the resource pile",
    "Utug": "1 Elder + 1 Elder or Fakir: put a camel on a tile holding only meeples",
}

PAY_NAMES = {"E": "elder", "F": "fakir"}
