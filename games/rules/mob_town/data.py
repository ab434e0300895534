"""Mob Town's component data: the rulebook's counts and the house stand-in cards.

The public record (``shared/reference/mob-town-data.md``) gives the counts (20
property cards: five business types with values 1 to 4; 57 draw cards with the
Law; eight agendas a player; 12 professionals, 6 city cards, 6 landmarks; in
the co-op 14 mob activity cards, 6 master crimes and 6 roles), that restaurants
take rats, that cash is a wild card worth 1 and two agenda texts ("most
Casinos", "most different types of business"). Everything else here is **house
data**, designed for this service and labelled so in docs/players/mob-town.md:

* the two suits of each business type: a five-cycle, so every suit pays for
  exactly two types (Restaurant: rats and weasels; Casino: sharks and rats; ...);
* each property card's arrow (each type has one card pointing each way, so
  five cards point each way) and name;
* the draw deck: ten henchmen a suit (four 1s, three 2s, three 3s) and six cash,
  56 cards, plus the Law (ruling R1);
* agendas 3 to 8, the professionals, city cards, landmarks, mob activity cards,
  master crimes and roles.

The engine reads effects from the small vocabularies below (``Perk`` fields,
professional steps, mob selectors); it has no code for any one card, so this
table can change without the engine changing.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- suits, types, cards -----------------------------------------------------------------

SUITS = ("rats", "sharks", "snakes", "weasels", "foxes")
CASH = "cash"
LAW = "law"
# What a Trade may ask for: one of the five suits, or cash (ruling R9).
CARD_TYPES = (*SUITS, CASH)
SUIT_NAMES = {"rats": "Rats", "sharks": "Sharks", "snakes": "Snakes", "weasels": "Weasels", "foxes": "Foxes",
              CASH: "Cash"}
# Henchmen in the draw deck, per suit: value -> copies (house data).
HENCHMEN_PER_SUIT = {1: 4, 2: 3, 3: 3}
CASH_CARDS = 6
# The Law goes into the bottom ten cards of the draw deck (rulebook, Round Setup 6).
LAW_DEPTH = 10

BUSINESS_TYPES = ("restaurant", "casino", "hotel", "theater", "factory")
TYPE_NAMES = {"restaurant": "Restaurant", "casino": "Casino", "hotel": "Hotel", "theater": "Theater",
              "factory": "Factory"}
TYPE_PLURALS = {"restaurant": "Restaurants", "casino": "Casinos", "hotel": "Hotels", "theater": "Theaters",
                "factory": "Factories"}
# The suits at the bottom of each type's cards (house data: a five-cycle; restaurants take rats).
TYPE_SUITS = {
    "restaurant": ("rats", "weasels"),
    "casino": ("sharks", "rats"),
    "hotel": ("snakes", "sharks"),
    "theater": ("foxes", "snakes"),
    "factory": ("weasels", "foxes"),
}

DIRECTIONS = ("up", "right", "down", "left")
STEP = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
ARROW_MARK = {"up": "↑", "right": "→", "down": "↓", "left": "←"}


@dataclass(frozen=True)
class Perk:
    """What a card changes in the rules while it is in force: the engine's whole effect vocabulary.

    A city card's perk applies to everyone for the round, a kept professional's
    and a landmark's to its holder or controller only. Defaults change nothing.
    """

    cash_value: int = 1  # what a cash card counts in a takeover
    surcharge: int = 1  # takeover cost added per token already on the property
    guard: int = 0  # added to a rival's cost to take over one of the holder's properties
    free_connection: bool = False  # no connection cost
    any_suit: bool = False  # henchmen of any suit pay for a takeover
    draw_count: int = 2  # cards taken by the Draw action
    agenda_points: int = 3  # points for an accomplished agenda
    city_extra: int = 0  # extra property cards in the city (set-up)
    deal: int = 3  # cards dealt to each player at set-up
    law_depth: int = LAW_DEPTH  # the Law is shuffled into this many bottom cards


NO_PERK = Perk()


@dataclass(frozen=True)
class Property:
    """A property card (or, with ``landmark`` set, a landmark card) of the city."""

    id: str
    name: str
    type: str | None  # business type; None for a landmark
    value: int  # printed value: takeover cost and points
    arrow: str
    suits: tuple[str, ...] | None  # the two suits at the bottom; None: any suit (a landmark)
    landmark: bool = False
    points: int | None = None  # points scored when controlled, if not the value
    adjacent_bonus: int = 0  # points per orthogonally adjacent property of the same controller
    perk: Perk = NO_PERK
    text: str = ""

    @property
    def score(self) -> int:
        return self.value if self.points is None else self.points


_NAMES = {
    "restaurant": ("Pomyjburger", "Mama Ratti's", "The Greasy Spoon", "Chez Vermin"),
    "casino": ("One-Eyed Jack's", "The Lucky Fin", "Golden Shark", "Royal Flush Palace"),
    "hotel": ("The Best-est", "Hotel Slither", "The Grand Coil", "Ritz Reptilia"),
    "theater": ("The Rhapsody", "Vixen Varieties", "The Velvet Den", "Grand Foxhole Opera"),
    "factory": ("Knuckle-Duster Works", "Weasel & Sons", "Burrow Mill", "Iron Tail Foundry"),
}


def _properties() -> tuple[Property, ...]:
    cards = []
    for t_index, kind in enumerate(BUSINESS_TYPES):
        for value in range(1, 5):
            arrow = DIRECTIONS[(t_index + value) % 4]
            cards.append(Property(id=f"{kind[:3]}{value}", name=_NAMES[kind][value - 1], type=kind,
                                  value=value, arrow=arrow, suits=TYPE_SUITS[kind]))
    return tuple(cards)


PROPERTY_LIST = _properties()

LANDMARK_LIST = (
    Property(id="hall", name="City Hall", type=None, value=4, arrow="down", suits=None, landmark=True,
             adjacent_bonus=1, text="Scores 4, plus 1 for each adjacent property its controller controls."),
    Property(id="bank", name="Grand Bank", type=None, value=3, arrow="left", suits=None, landmark=True,
             perk=Perk(cash_value=2), text="Its controller's cash counts 2 in takeovers."),
    Property(id="station", name="Union Station", type=None, value=3, arrow="up", suits=None, landmark=True,
             perk=Perk(free_connection=True), text="Its controller pays no connection cost."),
    Property(id="docks", name="Harbor Docks", type=None, value=2, arrow="right", suits=("sharks", "snakes"),
             landmark=True, points=6, text="Taken over with sharks or snakes only; scores 6."),
    Property(id="police", name="Police HQ", type=None, value=3, arrow="down", suits=None, landmark=True,
             perk=Perk(guard=1), text="Rivals pay 1 more to take over its controller's properties."),
    Property(id="park", name="Central Park", type=None, value=1, arrow="left", suits=None, landmark=True,
             perk=Perk(draw_count=3), text="Its controller's Draw takes 3 cards."),
)

PROPERTIES = {p.id: p for p in (*PROPERTY_LIST, *LANDMARK_LIST)}
PROPERTY_IDS = tuple(p.id for p in PROPERTY_LIST)
LANDMARK_IDS = tuple(p.id for p in LANDMARK_LIST)
LANDMARKS_PER_ROUND = 2


def draw_cards() -> list[str]:
    """The 56 henchman and cash cards as codes ('rats1', 'cash'), without the Law."""
    cards = [f"{suit}{value}" for suit in SUITS for value, copies in HENCHMEN_PER_SUIT.items()
             for _ in range(copies)]
    return cards + [CASH] * CASH_CARDS


# Every card code that can be in a hand, in display order.
CARD_CODES = tuple([f"{suit}{value}" for suit in SUITS for value in sorted(HENCHMEN_PER_SUIT)] + [CASH])
CARD_ORDER = {code: i for i, code in enumerate(CARD_CODES)}


def card_suit(code: str) -> str:
    """'rats2' -> 'rats'; 'cash' -> 'cash'."""
    return code.rstrip("0123456789")


def card_value(code: str) -> int:
    """A henchman's printed value (cash: 1; the engine applies cash perks itself)."""
    digits = code[len(card_suit(code)):]
    return int(digits) if digits else 1


def card_name(code: str) -> str:
    """'rats 2', 'cash'."""
    suit = card_suit(code)
    return suit if suit == code else f"{suit} {code[len(suit):]}"


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


# -- agendas ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Agenda:
    """A secret agenda: 'control the most ...'. ``count`` is what is counted (see scoring)."""

    id: str
    name: str
    count: str  # "type" | "types" | "min_value" | "block"
    type: str | None = None
    min_value: int = 0

    @property
    def relevant(self) -> str:
        """Which properties are summed in a tie (ruling R23): 'type' or every 'typed' property."""
        return "type" if self.count == "type" else "typed"


AGENDA_LIST = (
    Agenda("casinos", "Control the most Casinos", "type", type="casino"),  # quoted in the reference
    Agenda("types", "Control the most different types of business", "types"),  # quoted in the reference
    Agenda("restaurants", "Control the most Restaurants", "type", type="restaurant"),
    Agenda("hotels", "Control the most Hotels", "type", type="hotel"),
    Agenda("theaters", "Control the most Theaters", "type", type="theater"),
    Agenda("factories", "Control the most Factories", "type", type="factory"),
    Agenda("big", "Control the most properties worth 3 or more", "min_value", min_value=3),
    Agenda("block", "Control the largest block of adjacent properties", "block"),
)
AGENDAS = {a.id: a for a in AGENDA_LIST}
AGENDA_IDS = tuple(a.id for a in AGENDA_LIST)
AGENDAS_CHOSEN = 2

# -- professionals (variant) --------------------------------------------------------------


@dataclass(frozen=True)
class Professional:
    """A professional: what hiring it does, or the perk it gives while kept for the round.

    The effect vocabulary, carried out in this order: ``take`` lineup cards of
    the player's choice; ``grab`` every lineup card of one type; ``steal`` a
    random card from a chosen rival's hand; ``takeover`` a property with the
    modifier ``discount`` (1 less, never below 1), ``free_connection`` or
    ``no_surcharge``; ``draw`` cards. A professional with ``keep`` stays in
    front of its hirer for the round and gives that perk.
    """

    id: str
    name: str
    text: str
    take: int = 0
    grab: bool = False
    steal: bool = False
    takeover: str | None = None
    draw: int = 0
    keep: Perk | None = None


PROFESSIONAL_LIST = (
    Professional("bookie", "The Bookie", "Draw 3 cards.", draw=3),
    Professional("fence", "The Fence", "Take any 2 cards from the lineup.", take=2),
    Professional("fixer", "The Fixer", "Take any 1 card from the lineup, then draw 1 card.", take=1, draw=1),
    Professional("recruiter", "The Recruiter", "Take every card of one type from the lineup, giving nothing.",
                 grab=True),
    Professional("muscle", "The Muscle", "Take over a property paying 1 less (never less than 1).",
                 takeover="discount"),
    Professional("driver", "The Getaway Driver", "Take over a property with no connection cost.",
                 takeover="free_connection"),
    Professional("lawyer", "The Lawyer", "Take over a property; tokens on it add nothing to the cost.",
                 takeover="no_surcharge"),
    Professional("pickpocket", "The Pickpocket", "Take a random card from the hand of a rival you choose.",
                 steal=True),
    Professional("accountant", "The Accountant", "Keep for the round: your cash counts 2 in takeovers.",
                 keep=Perk(cash_value=2)),
    Professional("bodyguard", "The Bodyguard", "Keep for the round: rivals pay 1 more to take over your "
                 "properties.", keep=Perk(guard=1)),
    Professional("cabbie", "The Cabbie", "Keep for the round: you pay no connection cost.",
                 keep=Perk(free_connection=True)),
    Professional("forger", "The Forger", "Keep for the round: henchmen of any suit pay for your takeovers.",
                 keep=Perk(any_suit=True)),
)
PROFESSIONALS = {p.id: p for p in PROFESSIONAL_LIST}
PROFESSIONAL_IDS = tuple(p.id for p in PROFESSIONAL_LIST)
PROFESSIONAL_ROW = 3

# -- city cards (variant) -------------------------------------------------------------------


@dataclass(frozen=True)
class CityCard:
    id: str
    name: str
    text: str
    perk: Perk


CITY_CARD_LIST = (
    CityCard("boom", "Boom Town", "The city has 2 more property cards this round.", Perk(city_extra=2)),
    CityCard("payday", "Payday", "Each player is dealt 5 cards instead of 3.", Perk(deal=5)),
    CityCard("long_night", "Long Night", "The Law is shuffled into the bottom 5 cards instead of 10.",
             Perk(law_depth=5)),
    CityCard("open_season", "Open Season", "Tokens on a property add nothing to its takeover cost.",
             Perk(surcharge=0)),
    CityCard("free_roads", "Free Roads", "Nobody pays a connection cost this round.",
             Perk(free_connection=True)),
    CityCard("high_stakes", "High Stakes", "Each accomplished agenda scores 5 points instead of 3.",
             Perk(agenda_points=5)),
)
CITY_CARDS = {c.id: c for c in CITY_CARD_LIST}
CITY_CARD_IDS = tuple(c.id for c in CITY_CARD_LIST)

# -- the competitive game's numbers -----------------------------------------------------------

ROUNDS = 3
CITY_BASE = 10  # property stack: 10 plus one per player
OPEN_LOT = 3
LINEUP = 5
BRIEFCASES = 3
BRIEFCASE_POINTS = 2
TOKENS_PER_PLAYER = 12
CASH_IN_TAKE = 2
BIG_MONEY_TAKE = 3
COLORS = ("red", "blue", "green", "yellow")  # given to the seats in seat order (ruling R42)

# -- co-op: Upholding the Law ------------------------------------------------------------------


@dataclass(frozen=True)
class Role:
    """A co-op role: its ability as changes to the actions (the co-op's effect vocabulary)."""

    id: str
    name: str
    text: str
    move_steps: int = 2
    clear_bonus: int = 0  # extra tokens removed by a Clear Out
    shutdown_bonus: int = 0  # extra points on the player track for a Shut Down
    cashin_take: int = CASH_IN_TAKE
    clear_any_suit: bool = False
    shutdown_any_suit: bool = False


ROLE_LIST = (
    Role("detective", "Detective", "Clear Out removes 1 more token.", clear_bonus=1),
    Role("patrol", "Patrol Officer", "Move goes up to 3 cards.", move_steps=3),
    Role("inspector", "Health Inspector", "Henchmen of any suit pay for Shut Down.", shutdown_any_suit=True),
    Role("handler", "Informant Handler", "Cash in takes 3 cards.", cashin_take=3),
    Role("attorney", "District Attorney", "Each Shut Down scores 1 more on the player track.",
         shutdown_bonus=1),
    Role("sergeant", "Desk Sergeant", "Henchmen of any suit pay for Clear Out.", clear_any_suit=True),
)
ROLES = {r.id: r for r in ROLE_LIST}
ROLE_IDS = tuple(r.id for r in ROLE_LIST)


@dataclass(frozen=True)
class MobCard:
    """A mob activity card or master crime: what it does, as (effect, argument, count).

    Effects: ``tokens`` places ``count`` tokens on every face-up city property the
    selector ``arg`` names (``type:casino``, ``value:2``, ``arrow:up``, ``pawns``
    (under a pawn), ``near`` (beside a pawn), ``empty`` (holding no token), ``top``
    (of the highest value));
    ``expand`` turns over the top property card, places it after the last card
    placed, with ``count`` tokens; ``draw`` draws and resolves ``count`` more
    mob activity cards; ``burn`` discards the lineup and refills it.
    """

    id: str
    name: str
    text: str
    effect: str
    arg: str = ""
    count: int = 1
    master: bool = False


def _mob_cards() -> tuple[MobCard, ...]:
    cards = [MobCard(f"racket_{t}", f"{TYPE_NAMES[t]} Racket", f"A token on each {TYPE_NAMES[t]}.", "tokens",
                     f"type:{t}") for t in BUSINESS_TYPES]
    for value, name in ((1, "Small Fry"), (2, "Protection Money"), (3, "Shakedown"), (4, "Big Fish")):
        cards.append(MobCard(f"value_{value}", name, f"A token on each property worth {value}.", "tokens",
                             f"value:{value}"))
    for arrow, name in (("up", "Uptown"), ("right", "East Side"), ("down", "Downtown"), ("left", "West End")):
        cards.append(MobCard(f"arrow_{arrow}", name, f"A token on each property whose arrow points {arrow}.",
                             "tokens", f"arrow:{arrow}"))
    cards.append(MobCard("witness", "Witness Intimidation", "A token on each property with a pawn on it.",
                         "tokens", "pawns"))
    return tuple(cards)


MOB_ACTIVITY_LIST = _mob_cards()
MASTER_CRIME_LIST = (
    MobCard("doubles", "Mob Activity Doubles", "Draw and resolve two more mob activity cards.", "draw",
            count=2, master=True),
    MobCard("citywide", "Citywide Racket", "A token on each property without one.", "tokens", "empty",
            master=True),
    MobCard("spree", "Crime Spree", "A token on each property next to a pawn.", "tokens", "near",
            master=True),
    MobCard("big_score", "The Big Score", "Two tokens on each property of the highest value.", "tokens",
            "top", count=2, master=True),
    MobCard("new_front", "New Front", "The mob opens a new business: the top property card joins the city "
            "after the last card placed, with a token on it.", "expand", master=True),
    MobCard("evidence", "Evidence Burned", "The lineup is discarded and refilled from the draw deck.", "burn",
            master=True),
)
MOB_CARDS = {c.id: c for c in (*MOB_ACTIVITY_LIST, *MASTER_CRIME_LIST)}
MOB_ACTIVITY_IDS = tuple(c.id for c in MOB_ACTIVITY_LIST)
MASTER_CRIME_IDS = tuple(c.id for c in MASTER_CRIME_LIST)
DOUBLES = "doubles"  # the master crime that brings no extra card under More Mob Activity (l.186)

COOP_CITY = 8
COOP_OPENING_MOB_CARDS = 4
COOP_HAND = 5
COOP_ACTIONS = 3
COOP_SAME_ACTION_MAX = 2
COOP_WIN = 20
COOP_LOSS = 8
MOB_TOKENS = 24  # two sets of family tokens
COOP_ACTION_NAMES = ("draw", "trade", "cashin", "move", "clear", "shutdown")
