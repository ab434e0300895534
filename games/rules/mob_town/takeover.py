"""Take Over: the cost, the payment, the connection cost, and every way to pay.

A takeover names the property (its cell), the cards paid for its value and,
when it is not next to a property the taker controls, one card per card
between them on a fewest-card walk (R16), listed from the target outwards::

    {"at": [2, 1], "pay": ["rats2", "cash"], "via": [[[3, 1], "sharks1"], [[4, 1], "cash"]]}

Cost (l.46, R13-R15): the printed value, plus one per token already on the
card (whoever's), plus any guard its controller has; henchmen of the card's two
suits and cash (1 each, or 2 with a perk) pay it exactly. A landmark takes any
suit unless it pictures some. The connection cards go to the controller of the
card they pay for, or to the discard pile if nobody controls it (R17). The
modifiers ``discount``, ``free_connection``, ``no_surcharge`` (professionals)
and ``open_lot`` (no connection cost, l.56) change the cost as they say.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator

from games.rules.base import IllegalMove, State
from games.rules.kept import position_cache

from .city import Cell, from_own, grid, is_shortest_walk, label, shortest_walks
from .common import cards_text, check_codes, city_perk, controller, owned_cells, remove_cards, seat_perk
from .data import (
    CARD_ORDER,
    CASH,
    PROPERTIES,
    SUIT_NAMES,
    Perk,
    Property,
    card_name,
    card_suit,
    card_value,
    sort_cards,
)

MODIFIERS = ("discount", "free_connection", "no_surcharge", "open_lot")


@dataclass(frozen=True)
class Terms:
    """What taking over one property costs one seat now."""

    cell: Cell
    card: Property
    owner: int | None
    cost: int  # value to pay in cards
    connection: int  # cards to pay for the walk
    cash_value: int
    any_suit: bool

    def accepts(self, code: str) -> bool:
        if code == CASH or self.any_suit or self.card.suits is None:
            return True
        return card_suit(code) in self.card.suits

    def worth(self, code: str) -> int:
        return self.cash_value if code == CASH else card_value(code)

    def suits_text(self) -> str:
        if self.any_suit or self.card.suits is None:
            return "henchmen of any suit or cash"
        return " or ".join(SUIT_NAMES[s].lower() for s in self.card.suits) + " or cash"


@dataclass(frozen=True)
class Context:
    """What the takeover costs of one seat share, computed once: perks, guards, walks from its properties."""

    mine: Perk
    guards: tuple[int, ...]
    surcharge: int
    reach: dict[Cell, int]  # steps from the seat's nearest property to every card
    here: dict[Cell, dict[str, Any]]


def context(s: State, seat: int) -> Context:
    guards = tuple(seat_perk(s, other).guard for other in range(s["players"]))
    return Context(seat_perk(s, seat), guards, city_perk(s).surcharge,
                   from_own(s["city"], owned_cells(s, seat)), grid(s["city"]))


def terms(s: State, seat: int, cell: Cell, modifier: str | None = None, ctx: Context | None = None) -> Terms:
    """The cost of taking over the card at ``cell`` (which must be in the city)."""
    if ctx is None:
        ctx = context(s, seat)
    entry = ctx.here[cell]
    card = PROPERTIES[entry["card"]]
    owner = controller(entry)
    cost = card.value
    if modifier != "no_surcharge":
        cost += ctx.surcharge * len(entry.get("tokens") or [])
    if owner is not None and owner != seat:
        cost += ctx.guards[owner]
    if modifier == "discount":
        cost = max(1, cost - 1)
    free = ctx.mine.free_connection or modifier in ("free_connection", "open_lot")
    connection = 0
    if not free and ctx.reach:
        connection = max(0, ctx.reach.get(cell, 1) - 1)
    return Terms(cell, card, owner, cost, connection, ctx.mine.cash_value, ctx.mine.any_suit)


def targets(s: State, seat: int) -> list[Cell]:
    """Cells the seat may take over at all: every city card it does not control (with a token left)."""
    if s["supply"][seat] <= 0:
        return []
    return [(e["x"], e["y"]) for e in s["city"] if controller(e) != seat]


def check_cell(s: State, raw: Any) -> Cell:
    if (not isinstance(raw, list) or len(raw) != 2 or not all(type(v) is int for v in raw)
            or not all(-99 <= v <= 99 for v in raw)):
        raise IllegalMove("a takeover names a property of the city",
                          accepted="for example 'take over cas3 with ...'")
    return raw[0], raw[1]


@dataclass(frozen=True)
class Plan:
    """A checked takeover: what is paid and where each connection card goes."""

    terms: Terms
    pay: list[str]
    via: list[tuple[Cell, str, int | None]]  # (cell, card, the rival it goes to or None)


def check(s: State, seat: int, move: dict[str, Any], hand: list[str], modifier: str | None = None,
          cell: Cell | None = None) -> Plan:
    """Check a takeover's target, payment and connection cards against ``hand``; IllegalMove if wrong."""
    if cell is None:
        cell = check_cell(s, move.get("at"))
    here = grid(s["city"])
    city = s["city"]
    if cell not in here:
        raise IllegalMove(f"there is no property at {label(city, cell)}",
                          accepted="take over one of the city's cards")
    entry = here[cell]
    name = PROPERTIES[entry["card"]].name
    if controller(entry) == seat:
        raise IllegalMove(f"you already control {name} at {label(city, cell)}",
                          accepted="take over a property you do not control")
    if s["supply"][seat] <= 0:
        raise IllegalMove("you have no family token left to place", accepted="draw, trade or cash in instead")
    t = terms(s, seat, cell, modifier)
    pay = check_codes(move.get("pay"), "the payment")
    raw_via = move.get("via", [])
    if not isinstance(raw_via, list) or len(raw_via) > 30:
        raise IllegalMove("the connection cards are not a list",
                          accepted="for example 'via the2 cash, hot1 rats 1'")
    via_cells: list[Cell] = []
    via_cards: list[str] = []
    for item in raw_via:
        if not isinstance(item, list) or len(item) != 2:
            raise IllegalMove("each connection card names a cell and a card",
                              accepted="for example 'via the2 cash'")
        via_cells.append(check_cell(s, item[0]))
        via_cards.extend(check_codes([item[1]], "a connection card"))
    wrong = [c for c in pay if not t.accepts(c)]
    where = f"{name} at {label(city, cell)}"
    if wrong:
        raise IllegalMove(f"{card_name(wrong[0])} cannot pay for {where}",
                          accepted=f"pay with {t.suits_text()}")
    paid = sum(t.worth(c) for c in pay)
    if paid != t.cost:
        raise IllegalMove(f"{where} costs exactly {t.cost}, and {cards_text(pay)} make {paid}",
                          accepted=f"pay {t.cost} with {t.suits_text()}")
    if len(via_cells) != t.connection:
        if t.connection == 0:
            raise IllegalMove(f"{where} has no connection cost for you", accepted="leave out the 'via' cards")
        raise IllegalMove(f"{where} has a connection cost of {t.connection}: one card for each card between "
                          f"it and your nearest property",
                          accepted=f"add 'via' and the {t.connection} cards between, each with a card")
    if t.connection and not is_shortest_walk(city, owned_cells(s, seat), cell, via_cells):
        walks = shortest_walks(city, owned_cells(s, seat), cell, limit=3)
        example = " or ".join(", ".join(label(city, c) for c in w) for w in walks)
        raise IllegalMove("the 'via' cells must be the cards between, in order from the property to your "
                          "nearest "
                          "one, on a walk with the fewest cards", accepted=f"for example via {example}")
    needed = Counter(pay) + Counter(via_cards)
    have = Counter(hand)
    short = [c for c, n in needed.items() if have[c] < n]
    if short:
        raise IllegalMove(f"you hold {have[short[0]]} {card_name(short[0])} but the takeover uses "
                          f"{needed[short[0]]}", accepted="your hand: " + cards_text(hand))
    via = [(c, card, controller(here[c])) for c, card in zip(via_cells, via_cards)]
    return Plan(t, list(pay), [(c, card, who if who != seat else None) for c, card, who in via])


def execute(s: State, seat: int, plan: Plan) -> dict[str, Any]:
    """Pay, hand the connection cards over, place the token; the event for the log."""
    hand = remove_cards(s["hands"][seat], plan.pay + [card for _, card, _ in plan.via])
    s["hands"][seat] = hand
    s["discard"].extend(plan.pay)
    given = []
    for cell, card, rival in plan.via:
        if rival is None:
            s["discard"].append(card)
        else:
            s["hands"][rival] = sort_cards([*s["hands"][rival], card])
        given.append({"cell": list(cell), "card": card, "to": rival})
    entry = grid(s["city"])[plan.terms.cell]
    entry["tokens"] = [*entry.get("tokens", []), seat]
    s["supply"][seat] -= 1
    return {"kind": "takeover", "seat": seat, "cell": list(plan.terms.cell), "card": entry["card"],
            "pay": list(plan.pay), "via": given, "from": plan.terms.owner}


# -- every way to pay ----------------------------------------------------------------------


def payments(hand: list[str], t: Terms, limit: int = 200) -> list[list[str]]:
    """Distinct multisets of hand cards paying exactly ``t.cost`` (at most ``limit``)."""
    # What the answer depends on, and nothing more: a page asks again for every move it lists.
    suits = None if t.any_suit or t.card.suits is None else t.card.suits
    return [list(p) for p in _payments(tuple(hand), t.cost, t.cash_value, suits, limit)]


@position_cache(maxsize=1024)
def _payments(hand: tuple[str, ...], cost: int, cash_value: int, suits: tuple[str, ...] | None,
              limit: int) -> tuple[tuple[str, ...], ...]:
    counts = Counter(c for c in hand if c == CASH or suits is None or card_suit(c) in suits)
    codes = sorted(counts, key=CARD_ORDER.__getitem__)
    found: list[list[str]] = []

    def go(i: int, left: int, chosen: list[str]) -> None:
        if len(found) >= limit:
            return
        if left == 0:
            found.append(list(chosen))
            return
        if i == len(codes):
            return
        code = codes[i]
        worth = cash_value if code == CASH else card_value(code)
        most = min(counts[code], left // worth)
        for n in range(most, -1, -1):
            chosen.extend([code] * n)
            go(i + 1, left - n * worth, chosen)
            del chosen[len(chosen) - n:]

    go(0, cost, [])
    return tuple(tuple(sort_cards(p)) for p in found)


def connection_choices(rest: list[str], k: int) -> Iterator[list[str]]:
    """Every sequence of ``k`` cards from ``rest`` (order matters: card i pays for cell i)."""
    if k == 0:
        yield []
        return
    for code in sorted(set(rest), key=CARD_ORDER.__getitem__):
        remaining = list(rest)
        remaining.remove(code)
        for tail in connection_choices(remaining, k - 1):
            yield [code, *tail]


def all_plans(s: State, seat: int, hand: list[str], modifier: str | None = None,
              cells: list[Cell] | None = None) -> Iterator[dict[str, Any]]:
    """Every legal takeover as move parts ``{"at", "pay", "via"}`` (lazy; may be very many)."""
    city = s["city"]
    own = owned_cells(s, seat)
    ctx = context(s, seat)
    for cell in cells if cells is not None else targets(s, seat):
        t = terms(s, seat, cell, modifier, ctx)
        walks = shortest_walks(city, own, cell) if t.connection else [[]]
        for pay in payments(hand, t):
            rest = remove_cards(hand, pay)
            if len(rest) < t.connection:
                continue
            for walk in walks:
                for cards in connection_choices(rest, t.connection):
                    via = [[list(c), card] for c, card in zip(walk, cards)]
                    yield {"at": list(cell), "pay": pay, "via": via}


def affordable(s: State, seat: int, hand: list[str], modifier: str | None = None,
               cells: list[Cell] | None = None) -> list[tuple[Cell, list[list[str]], int]]:
    """(cell, payments leaving enough cards for the connection, connection cost) per target with any."""
    out = []
    ctx = context(s, seat)
    for cell in cells if cells is not None else targets(s, seat):
        t = terms(s, seat, cell, modifier, ctx)
        pays = [p for p in payments(hand, t) if len(hand) - len(p) >= t.connection]
        if pays:
            out.append((cell, pays, t.connection))
    return out


def random_plan(s: State, seat: int, hand: list[str], rng: Any, modifier: str | None = None,
                cells: list[Cell] | None = None) -> dict[str, Any] | None:
    """A random legal takeover (move parts), or None if none is affordable."""
    options = affordable(s, seat, hand, modifier, cells)
    if not options:
        return None
    cell, pays, connection = options[rng.randrange(len(options))]
    pay = pays[rng.randrange(len(pays))]
    rest = remove_cards(hand, pay)
    via: list[list[Any]] = []
    if connection:
        walks = shortest_walks(s["city"], owned_cells(s, seat), cell)
        walk = walks[rng.randrange(len(walks))]
        cards = rng.sample(rest, connection)
        via = [[list(c), card] for c, card in zip(walk, cards)]
    return {"at": list(cell), "pay": pay, "via": via}
