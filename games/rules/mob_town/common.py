"""Small pieces both modes share: hands as card lists, the draw deck and the lineup, perks, control.

Hands, the lineup and the discard pile are lists of card codes (``'rats2'``,
``'cash'``); hands are kept sorted (``data.sort_cards``) so equal hands are
equal data. The draw deck is a list whose **last** entry is its top card.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from games.rules.base import IllegalMove, State

from .data import (
    CARD_CODES,
    CASH,
    CITY_CARDS,
    LAW,
    LINEUP,
    NO_PERK,
    PROFESSIONALS,
    PROPERTIES,
    SUIT_NAMES,
    Perk,
    card_name,
    card_suit,
    sort_cards,
)
from .city import Cell, cell_of

CARD_SET = frozenset(CARD_CODES)


def cards_text(cards: Iterable[str]) -> str:
    """'rats 2, cash' (in the order given); 'nothing' for no cards."""
    names = [card_name(c) for c in cards]
    return ", ".join(names) if names else "nothing"


def has_cards(hand: list[str], cards: list[str]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


def remove_cards(hand: list[str], cards: list[str]) -> list[str]:
    """The hand without ``cards`` (a multiset); the caller has checked that they are there."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def add_cards(hand: list[str], cards: list[str]) -> list[str]:
    return sort_cards([*hand, *cards])


def check_codes(raw: Any, what: str) -> list[str]:
    """A list of card codes from a move, or IllegalMove (a malformed move dict is refused, not crashed)."""
    if not isinstance(raw, list) or len(raw) > 60 or not all(isinstance(c, str) and c in CARD_SET
                                                             for c in raw):
        raise IllegalMove(f"{what} is not a list of cards", accepted="cards like 'rats 2' or 'cash'")
    return list(raw)


def missing_text(hand: list[str], cards: list[str]) -> str:
    """Why ``cards`` cannot come out of ``hand``: 'you hold 1 rats 2, not 2'."""
    need = Counter(cards)
    have = Counter(hand)
    for card, n in need.items():
        if have[card] < n:
            return f"you hold {have[card]} {card_name(card)}, not {n}"
    return ""


def require_cards(hand: list[str], cards: list[str]) -> None:
    if not has_cards(hand, cards):
        raise IllegalMove(missing_text(hand, cards), accepted="your hand: " + cards_text(hand))


def draw_from_deck(s: State) -> str | None:
    """Take the deck's top card (the Law included); None when the deck is empty."""
    deck: list[str] = s["deck"]
    if not deck:
        return None
    return deck.pop()


def refill_lineup(s: State) -> str | None:
    """Refill the lineup to five from the deck; stop at the Law and return it (R8), else None."""
    while len(s["lineup"]) < LINEUP:
        card = draw_from_deck(s)
        if card is None:
            return None
        if card == LAW:
            return LAW
        s["lineup"].append(card)
    return None


def lineup_types(lineup: list[str]) -> list[str]:
    """The types (suits, cash) shown in the lineup, in display order."""
    shown = {card_suit(c) for c in lineup}
    return [t for t in SUIT_NAMES if t in shown]


def controller(entry: dict[str, Any]) -> int | None:
    """The seat whose token is on top of the stack (R15), or None."""
    tokens = entry.get("tokens") or []
    return int(tokens[-1]) if tokens else None


def owned_cells(s: State, seat: int) -> set[Cell]:
    return {cell_of(e) for e in s["city"] if controller(e) == seat}


def combine(perks: Iterable[Perk]) -> Perk:
    """One perk from several: the most generous of each field (guards add up)."""
    items = list(perks)
    if not items:
        return NO_PERK
    if len(items) == 1:  # most often: the round's city card alone (takeover costs ask for it per seat)
        return items[0]
    return Perk(
        cash_value=max(p.cash_value for p in items),
        surcharge=min(p.surcharge for p in items),
        guard=sum(p.guard for p in items),
        free_connection=any(p.free_connection for p in items),
        any_suit=any(p.any_suit for p in items),
        draw_count=max(p.draw_count for p in items),
        agenda_points=max(p.agenda_points for p in items),
        city_extra=max(p.city_extra for p in items),
        deal=max(p.deal for p in items),
        law_depth=min(p.law_depth for p in items),
    )


def city_perk(s: State) -> Perk:
    """The round's city card (City cards variant), or no change."""
    card = s.get("city_card")
    return CITY_CARDS[card].perk if card else NO_PERK


def seat_perk(s: State, seat: int) -> Perk:
    """Everything in force for ``seat``: the city card, professionals kept, landmarks controlled."""
    perks = [city_perk(s)]
    pros = s.get("pros")
    if pros:
        for pid in pros["kept"][seat]:
            keep = PROFESSIONALS[pid].keep
            if keep is not None:
                perks.append(keep)
    for entry in s["city"]:
        card = PROPERTIES[entry["card"]]
        if card.landmark and controller(entry) == seat:
            perks.append(card.perk)
    return combine(perks)


def is_cash(card: str) -> bool:
    return card == CASH
