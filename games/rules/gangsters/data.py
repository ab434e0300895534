"""The printed components of Gangsters and every house number, in one module.

The 1992 rulebook, its charts and the board's joint table are not public
(``shared/reference/gangsters-base-rules.md``). What the public record gives is
used as it is: six joint colours with 9/8/7/6/5/4 joints (39 in all), 29 joint
names, 13 one-jump joints tied to subways 2-6 (Brizelli's Riverside on 4, the
Blue pair, the Purple pair, the Green "Bus Station" set), $1,100 for the three
set-up joints, $10,000 / a monopoly / ten joints to win, Thugs hitting on 5-6
and Racketeers on 6, a level worth $100 x its number, nine cops. Everything
else below is **house data** (``docs/players/gangsters.md``, "Decisions"):
the street map, where each building stands and its entrances, the colours of
joints whose colour is unknown, ten invented joint names, every price, the
defence of each joint, the Public set, and the amounts of the payoff tables.
The engine reads these numbers; it does not depend on their values.

The map is a 16 x 16 grid of cells named like a chess board: columns ``a``-``p``
from west to east and rows ``1``-``16`` from north to south. Streets run along
rows 1, 4, 7, 10, 13, 16 and columns a, d, g, j, m, p; every other cell is part
of a city block (two by two cells, one building or an empty lot per cell) or,
on rows 8-9, of the Chicago River, crossed only by the three bridges.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- the grid -------------------------------------------------------------------------------

COLUMNS = "abcdefghijklmnop"
ROWS = 16
STREET_EVERY = 3  # a street every third row and column (0, 3, ..., 15)
RIVER_ROWS = (7, 8)  # zero-based rows 7-8 (printed 8-9) are water between the blocks
BRIDGE_COLUMNS = ("d", "g", "m")  # the avenues that cross the river

STREET_NAMES: dict[str, str] = {
    # rows (printed numbers) then columns (letters)
    "1": "North Avenue",
    "4": "Division Street",
    "7": "Riverside Drive",
    "10": "Central Bypass",
    "13": "Madison Street",
    "16": "Southside Drive",
    "a": "Western Avenue",
    "d": "Clark Street",
    "g": "Central Avenue",
    "j": "North State Street",
    "m": "Broadway",
    "p": "Lake Shore Drive",
}
BRIDGE_NAMES = {"d": "Clark Street Bridge", "g": "Central Avenue Bridge", "m": "Broadway Bridge"}

# -- subways ----------------------------------------------------------------------------------

# Subway number -> the street space where it opens (always a space between two blocks).
SUBWAYS: dict[int, str] = {1: "b4", 2: "n4", 3: "e13", 4: "k10", 5: "h4", 6: "k13"}

# -- joints and gray buildings ------------------------------------------------------------------

COLOURS = ("brown", "yellow", "green", "blue", "purple", "red")
GROUP_SIZE = {"brown": 9, "yellow": 8, "green": 7, "blue": 6, "purple": 5, "red": 4}
GRAY = "gray"


@dataclass(frozen=True)
class Building:
    """One building of the map: a coloured joint or a gray building.

    ``cell`` is where it stands; ``doors`` the sides (``n``/``e``/``s``/``w``)
    that open on a street, each one an entrance; ``value`` the face value
    (purchase price, raid and sale basis); ``guard`` how many hits its last
    level takes (its defence); ``jump`` the subway number of a one-jump joint
    (0 for the others); ``public_name`` whether the name is in the public
    record (False: a house name).
    """

    code: str
    name: str
    colour: str
    cell: str
    value: int
    guard: int = 1
    jump: int = 0
    doors: str = ""  # empty: every side that touches a street
    public_name: bool = True

    @property
    def is_joint(self) -> bool:
        return self.colour != GRAY


def _b(code: str, name: str, colour: str, cell: str, value: int, guard: int = 1, jump: int = 0,
       doors: str = "", public_name: bool = True) -> Building:
    return Building(code, name, colour, cell, value, guard, jump, doors, public_name)


BUILDINGS: tuple[Building, ...] = (
    # Brown (9): the north-west and north-east working streets.
    _b("HUF", "Huff's Café", "brown", "b2", 200),
    _b("JAB", "Jack's Auto Body", "brown", "b3", 200),
    _b("BRT", "Britt's Sandwich Shop", "brown", "e2", 100),
    _b("BRB", "Brandon's Bikeshop", "brown", "n2", 200),
    _b("LOU", "Lou's Diner", "brown", "n3", 300, jump=2),
    _b("WYL", "Wylie's Storage", "brown", "o3", 100),
    _b("SAD", "Sadler's Stitchery", "brown", "b5", 200),
    _b("MIC", "Mickey's Shoeshine", "brown", "e6", 100, public_name=False),
    _b("CKT", "CK's Tobacco", "brown", "n5", 300, jump=2),
    # Yellow (8)
    _b("FRH", "Franklin Hostel", "yellow", "e3", 300),
    _b("MYR", "Myrtle's Massage Parlor", "yellow", "i3", 300),
    _b("ROS", "Rosie's Laundry", "yellow", "c5", 200, public_name=False),
    _b("JAE", "Jaeger's Clothier", "yellow", "e5", 300),
    _b("SER", "Serva's Market", "yellow", "k6", 200, guard=2),
    _b("DUT", "Dutch's Bakery", "yellow", "o5", 200, public_name=False),
    _b("SNS", "Shop 'n' Save", "yellow", "k12", 400, jump=6),
    _b("PAL", "Palace Chophouse", "yellow", "k14", 400, jump=6),
    # Green (7): the Loop, south of the river.
    _b("WES", "Westgate Hotel", "green", "b11", 400, guard=2),
    _b("TAY", "Taylor's Machine Shop", "green", "c12", 300),
    _b("HAL", "Halsted Garage", "green", "h11", 300, public_name=False),
    _b("GRP", "Greenwood Park", "green", "i11", 400, jump=4),
    _b("BRI", "Brizelli's Riverside", "green", "k11", 500, jump=4),
    _b("BUS", "Downtown Bus Station", "green", "l11", 500, jump=4),
    _b("SMC", "SMC Cartage Co.", "green", "n11", 300),
    # Blue (6)
    _b("BEL", "Hotel Belgrave", "blue", "e11", 500),
    _b("AMB", "Ambassadors' Club", "blue", "e12", 400, guard=2, jump=3),
    _b("CHV", "Channel View", "blue", "f12", 500, guard=2, jump=3),
    _b("MAR", "Marquette Hotel", "blue", "n12", 400, guard=2, public_name=False),
    _b("LAK", "Lakeview Lounge", "blue", "n14", 600, guard=2, public_name=False),
    _b("BRZ", "Brzkowski's Imports", "blue", "e14", 500, jump=3),
    # Purple (5): the clubs of the near north side.
    _b("BET", "Belmar Theatre", "purple", "h2", 500, guard=2),
    _b("PUS", "Pussycat Club", "purple", "h3", 600, guard=2, jump=5),
    _b("FHC", "Frankie's House of Cards", "purple", "k3", 500, guard=2),
    _b("CAR", "Caravan Club", "purple", "h5", 600, guard=2, jump=5),
    _b("MID", "Middle House", "purple", "h6", 700, guard=3),
    # Red (4)
    _b("SIL", "Silver Slipper", "red", "k2", 800, guard=2, public_name=False),
    _b("GOL", "Golden Horseshoe", "red", "i5", 900, guard=2, jump=5, public_name=False),
    _b("DIA", "Diamond Lil's", "red", "k5", 800, guard=2, public_name=False),
    _b("HAV", "Club Havana", "red", "o6", 1000, guard=2, public_name=False),
    # Gray buildings: not joints; places to extort and to buy Wheels or Heaters. One door each.
    _b("ICE", "Ice House", GRAY, "c2", 100, doors="n"),
    _b("COA", "Coal Yard", GRAY, "f3", 100, doors="e"),
    _b("BOA", "Boat House", GRAY, "l2", 100, doors="n"),
    _b("TAN", "Tannery", GRAY, "b6", 100, doors="w"),
    _b("MIL", "Old Mill", GRAY, "f6", 100, doors="s"),
    _b("FRE", "Freight Depot", GRAY, "l6", 100, doors="e"),
    _b("GAS", "Gas Works", GRAY, "n6", 100, doors="w"),
    _b("LUM", "Lumber Yard", GRAY, "b12", 100, doors="w"),
    _b("PRI", "Print Shop", GRAY, "i12", 100, doors="e"),
    _b("RAI", "Rail Yard", GRAY, "o11", 100, doors="e"),
    _b("BRK", "Brick Works", GRAY, "b14", 100, doors="n"),
    _b("JUN", "Junk Yard", GRAY, "c15", 100, doors="s"),
    _b("WAR", "Warehouse", GRAY, "e15", 100, doors="w"),
    _b("GRA", "Grain Elevator", GRAY, "i14", 100, doors="n"),
    _b("STA", "Stables", GRAY, "k15", 100, doors="w"),
    _b("FIR", "Firehouse", GRAY, "o15", 100, doors="s"),
)

BUILDING = {b.code: b for b in BUILDINGS}
JOINTS = tuple(b for b in BUILDINGS if b.is_joint)
JOINT_CODES = tuple(b.code for b in JOINTS)
GRAY_CODES = tuple(b.code for b in BUILDINGS if not b.is_joint)
COLOUR_JOINTS = {c: tuple(b.code for b in JOINTS if b.colour == c) for c in COLOURS}
ONE_JUMP = {n: tuple(b.code for b in JOINTS if b.jump == n) for n in range(1, 7)}

# -- gang pieces ----------------------------------------------------------------------------------

PIECES = ("R", "T", "V")
PIECE_NAME = {"R": "Racketeer", "T": "Thug", "V": "Vamp", "C": "Commissioner"}
MAX_STRENGTH = {"R": 12, "T": 12, "V": 4}
# Each piece moves by, and recruits at the multiplier of, its own die (ruling G27).
PIECE_DIE = {"R": "green", "T": "red", "V": "black"}
DICE = ("green", "red", "black", "blue", "white")
COP_DIE = "blue"
PUBLIC_DIE = "white"
# Lowest roll that hits, per die rolled (one die per strength point).
HIT_ON = {"R": 6, "T": 5}
HEATERS_HIT_ON = 4
SEDUCE_ON = 5  # a Vamp's die per strength point; each success moves one point

# -- set-up ------------------------------------------------------------------------------------

SETUP_JOINTS = 3
JOINT_PURSE = 1100  # for the three joints; what is left is kept
GANG_PURSE = 2100  # for the set-up gang, bought at the set-up rate; what is left is kept
MAX_SETUP_VAMP = 1
LEVEL_PRICE = 100  # the n-th strength level costs $100 x n (times the die at recruiting)

# -- police --------------------------------------------------------------------------------------

COPS = tuple(range(1, 10))  # nine cops, each with its bribe marker (G47)
UNTOUCHABLES = 10  # the bribe cup's tenth marker, which does nothing
BRIBE_UNIT = 100  # a bribe costs $100 x the blue die (G8)
COP_DICE = 2  # an ordinary cop rolls two dice ...
COP_HIT_ON = 5  # ... hitting on 5-6 (G13)
CRIME_MAX = 9

# -- the Public ----------------------------------------------------------------------------------

# Public piece number -> its payoff multiplier (exactly two x1 pieces, G34).
PUBLIC = {1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3}

# -- money ---------------------------------------------------------------------------------------

CASH_GOAL = 10_000
JOINTS_GOAL = 10
WHEELS_PRICE = 1000
HEATERS_PRICE = 1000
DONUTS_UNIT = 100  # Donuts (16.4, house rule): $100 x the blue die sends a cop off its beat
EXTORT_PER_POINT = {"T": 100, "V": 200}  # per strength point of the extorting piece
CLOSING_ROUND = 40  # house rule: a game no one has won ends after this round


def improve_cost(value: int, new_level: int) -> int:
    """Raising a joint to ``new_level`` costs its face value times half that level, in whole hundreds."""
    return _hundreds_up(value * new_level / 2)


def payoff(value: int, level: int, multiplier: int) -> int:
    """Organized crime from one Public: half the face value x the level x the Public's multiplier."""
    return _hundreds_up(value * level * multiplier / 2)


def sale_price(value: int) -> int:
    """What the bank pays for a joint sold to pay a forced recruit (G48): half its face value."""
    return _hundreds_up(value / 2)


def _hundreds_up(amount: float) -> int:
    whole = int(amount)
    if whole < amount:
        whole += 1
    return -(-whole // 100) * 100


GANG_LABEL = ("P1", "P2", "P3", "P4", "P5")  # P5 is the Police player in a five-player game
DIRECTIONS = ("n", "e", "s", "w")
DIRECTION_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}
DEFAULT_FACING = "e"  # a placement given no facing faces east (G50)


# -- the five-player Police variant (shared/rules/gangsters-five-player-variant.txt) -------------

POLICE_GANGS = 4  # a Police game is exactly four gangs plus the Police player (G1)
POLICE_CASH = 1700  # 7.2
COMMISH_DIE = "green"  # 7.1: he moves, recruits and comes on by the green die
HQ_GRAY_PRICE = 100  # 7.3
HQ_DICE = 2  # 7.32: a precinct HQ defends with two dice ...
HQ_HIT_ON = 4  # ... each hitting on 4-6
POLICE_ITEM_PRICE = 1000  # 8.1, 8.2: Wheels and Heaters for the Police
INFORMANT_UNIT = 100  # 6.1: an informant costs $100 x the white die
CHITS = (1, 2, 3)  # 6.1: the x1, x2 and x3 informant chits
HQ_GOAL = 7  # 10: seven precinct offices
SALARY_LEVEL = 4  # 4: below crime level 4 the Police earn (4 - level) x $100
SALARY_UNIT = 100


def hq_entry_digit(value: int) -> int:
    """The blue (or green) roll that lets a cop (or the Commissioner) enter at an HQ: the price's first digit
    (7.31, G11); a gray HQ ($100) admits on a 1."""
    return int(str(value)[0])


def share_of(amount: int) -> int:
    """A gang's half share of a police payoff, rounded up to the next $100 (2b, G23)."""
    return _hundreds_up(amount / 2)


def level_payoff(top: int, lost: int) -> int:
    """What a shootout pays the Police: $100 x each lost level's number, counted from the top (2, G21).

    Four of six Racketeer levels: $600 + $500 + $400 + $300 = $1,800.
    """
    return sum(LEVEL_PRICE * level for level in range(top, top - lost, -1))
