"""Component data of Revolution! (base game, 2009): characters, areas, tokens, colours.

Source: ``shared/reference/revolution-data.md`` (the printed bid card and board).
Its decisions are followed as they are: the Magistrate gives 1 Support, the
Tavern has 4 spaces, the Rogue and the Mercenary take Gold only.

Everything here is immutable module data; the engine never stores it in a
state, only the ids (``"general"``, ``"town_hall"``, ``"force"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

FORCE = "force"
BLACKMAIL = "blackmail"
GOLD = "gold"
# Strongest first: the order in which bids are compared and tokens printed.
KINDS: tuple[str, str, str] = (FORCE, BLACKMAIL, GOLD)
KIND_LETTER: Mapping[str, str] = MappingProxyType({FORCE: "f", BLACKMAIL: "b", GOLD: "g"})
KIND_NAME: Mapping[str, str] = MappingProxyType({FORCE: "Force", BLACKMAIL: "Blackmail", GOLD: "Gold"})
# Final scoring: support per token held at the end.
TOKEN_POINTS: Mapping[str, int] = MappingProxyType({FORCE: 5, BLACKMAIL: 3, GOLD: 1})

# All tokens in the box; what is not in a hand, set aside or on a bid board is the bank.
TOKENS_TOTAL: Mapping[str, int] = MappingProxyType({FORCE: 12, BLACKMAIL: 12, GOLD: 32})
STARTING_TOKENS: Mapping[str, int] = MappingProxyType({FORCE: 1, BLACKMAIL: 1, GOLD: 3})
PATRONAGE_LEVEL = 5  # fewer tokens than this after resolution: Gold up to this many
CUBES_PER_COLOR = 25
MAX_CHARACTERS_PER_BID = 6

# Seat i plays COLORS[i]; colours name the cubes in Spy and Apothecary moves.
COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow")

SPY = "spy"
APOTHECARY = "apothecary"


@dataclass(frozen=True)
class Character:
    """One space of the bid board."""

    number: int  # 1..12, the resolution order
    id: str
    name: str
    background: str  # as printed: red = no Force, black = no Blackmail, brown = anything
    immune: frozenset[str]
    support: int = 0
    tokens: Mapping[str, int] = field(default_factory=dict)
    area: str | None = None
    special: str | None = None  # SPY or APOTHECARY

    @property
    def allowed(self) -> tuple[str, ...]:
        return tuple(k for k in KINDS if k not in self.immune)

    def reward_text(self) -> str:
        """The printed benefits in words, for the bid board table and emails."""
        parts: list[str] = []
        if self.support:
            parts.append(f"{self.support} Support")
        for kind in KINDS:
            if self.tokens.get(kind):
                parts.append(f"{self.tokens[kind]} {KIND_NAME[kind]}")
        if self.area:
            parts.append(f"a cube in the {AREAS[self.area].name}")
        if self.special == SPY:
            parts.append("replace one opponent's cube with yours")
        if self.special == APOTHECARY:
            parts.append("swap two cubes on the board")
        return ", ".join(parts)


@dataclass(frozen=True)
class Area:
    """One area of the board."""

    id: str
    name: str
    spaces: int
    support: int  # to the player with strictly most cubes at the end


def _ch(number: int, cid: str, name: str, background: str, immune: tuple[str, ...], *, support: int = 0,
        tokens: Mapping[str, int] | None = None, area: str | None = None, special: str | None = None) -> Character:
    return Character(number, cid, name, background, frozenset(immune), support=support,
                     tokens=MappingProxyType(dict(tokens or {})), area=area, special=special)


# Resolution order: row by row, left to right (General first, Mercenary last).
CHARACTER_LIST: tuple[Character, ...] = (
    _ch(1, "general", "General", "red", (FORCE,), support=1, tokens={FORCE: 1}, area="fortress"),
    _ch(2, "captain", "Captain", "red", (FORCE,), support=1, tokens={FORCE: 1}, area="harbor"),
    _ch(3, "innkeeper", "Innkeeper", "black", (BLACKMAIL,), support=3, tokens={BLACKMAIL: 1}, area="tavern"),
    _ch(4, "magistrate", "Magistrate", "black", (BLACKMAIL,), support=1, tokens={BLACKMAIL: 1},
        area="town_hall"),
    _ch(5, "priest", "Priest", "brown", (), support=6, area="cathedral"),
    _ch(6, "aristocrat", "Aristocrat", "brown", (), support=5, tokens={GOLD: 3}, area="plantation"),
    _ch(7, "merchant", "Merchant", "brown", (), support=3, tokens={GOLD: 5}, area="market"),
    _ch(8, "printer", "Printer", "brown", (), support=10),
    _ch(9, "rogue", "Rogue", "red and black", (FORCE, BLACKMAIL), tokens={BLACKMAIL: 2}),
    _ch(10, "spy", "Spy", "black", (BLACKMAIL,), special=SPY),
    _ch(11, "apothecary", "Apothecary", "red", (FORCE,), special=APOTHECARY),
    _ch(12, "mercenary", "Mercenary", "red and black", (FORCE, BLACKMAIL), support=3, tokens={FORCE: 1}),
)
CHARACTER_IDS: tuple[str, ...] = tuple(c.id for c in CHARACTER_LIST)
CHARACTERS: Mapping[str, Character] = MappingProxyType({c.id: c for c in CHARACTER_LIST})
CHARACTER_INDEX: Mapping[str, int] = MappingProxyType({c.id: i for i, c in enumerate(CHARACTER_LIST)})

# Board order as printed (largest support first); the notation prints areas in this order.
AREA_LIST: tuple[Area, ...] = (
    Area("fortress", "Fortress", 8, 50),
    Area("town_hall", "Town Hall", 7, 45),
    Area("harbor", "Harbor", 6, 40),
    Area("cathedral", "Cathedral", 7, 35),
    Area("plantation", "Plantation", 6, 30),
    Area("market", "Market", 5, 25),
    Area("tavern", "Tavern", 4, 20),
)
AREA_IDS: tuple[str, ...] = tuple(a.id for a in AREA_LIST)
AREAS: Mapping[str, Area] = MappingProxyType({a.id: a for a in AREA_LIST})
AREA_INDEX: Mapping[str, int] = MappingProxyType({a.id: i for i, a in enumerate(AREA_LIST)})
TOTAL_SPACES = sum(a.spaces for a in AREA_LIST)  # 43

assert TOTAL_SPACES == 43
assert all(c.area is None or c.area in AREAS for c in CHARACTER_LIST)
