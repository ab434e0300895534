"""Upholding the Law: the co-op game for two to four players (R32), as pure functions.

State (co-op; plain JSON)::

    {"mode": "coop", "players": 2, "options": {...}, "rng": {...},
     "phase": "roles" | "pawns" | "actions" | "over", "turn": 0, "actions": ["move", "draw"],
     "roles": ["detective", null], "pawns": [[x, y], null],
     "city": [{"x", "y", "card", "mob": 2, "down": false}, ...], "last": [x, y],
     "property_deck": [...],                   # face down, order secret
     "deck": [...], "lineup": [...], "discard": [...], "hands": [[...], ...],
     "mob": {"track": 0, "deck": [...], "discard": [...], "supply": 24},
     "track": 0,                               # the player score track
     "events": [...], "end": null | "win" | "mob" | "deck", "result": null | {...}}

Set-up in the rulebook's order: roles first, one player at a time in seat
order (R42); then the city of 8 cards (Starting City: 7, 9 or 10), four opening
mob activity cards placing tokens (overflow raises the mob boss track, R38),
the master crimes shuffled into the rest (R33), five cards each and a lineup of
five (no Law, R32); then pawns, placed in seat order. A turn is exactly three
actions, none more than twice (R34), then a mob activity card. The game ends at
once at 20 on the player track (win), 8 on the mob boss track or when the last
draw card leaves the deck (loss, R39).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Iterator

from games.rules.base import GameRng, IllegalMove, State

from .city import Cell, cell_of, distances, grid, label, lay_out, neighbours, next_cell
from .common import (
    cards_text,
    check_codes,
    lineup_types,
    require_cards,
)
from .data import (
    CARD_ORDER,
    CARD_TYPES,
    CASH,
    COOP_ACTION_NAMES,
    COOP_ACTIONS,
    COOP_CITY,
    COOP_HAND,
    COOP_LOSS,
    COOP_OPENING_MOB_CARDS,
    COOP_SAME_ACTION_MAX,
    COOP_WIN,
    DOUBLES,
    LINEUP,
    MASTER_CRIME_IDS,
    MOB_ACTIVITY_IDS,
    MOB_CARDS,
    MOB_TOKENS,
    PROPERTIES,
    PROPERTY_IDS,
    ROLE_IDS,
    ROLES,
    SUIT_NAMES,
    MobCard,
    Role,
    card_name,
    card_suit,
    card_value,
    draw_cards,
    sort_cards,
)

ACTION_TITLES = {"draw": "Draw", "trade": "Trade", "cashin": "Cash in", "move": "Move", "clear": "Clear Out",
                 "shutdown": "Shut Down"}


class _Over(Exception):
    """The game ended in the middle of something: nothing further happens (R39)."""


# -- set-up ------------------------------------------------------------------------------------


def setup(n: int, options: dict[str, Any], seed: str) -> State:
    return {
        "mode": "coop",
        "players": n,
        "options": dict(options),
        "rng": {"seed": seed, "counter": 0},
        "phase": "roles",
        "turn": 0,  # seat 1 chooses first and plays first (R2, R42)
        "actions": [],
        "roles": [None] * n,
        "pawns": [None] * n,
        "city": [],
        "last": None,
        "property_deck": [],
        "deck": [],
        "lineup": [],
        "discard": [],
        "hands": [[] for _ in range(n)],
        "mob": {"track": 0, "deck": [], "discard": [], "supply": MOB_TOKENS},
        "track": 0,
        "events": [],
        "end": None,
        "result": None,
    }


def city_size(options: dict[str, Any]) -> int:
    return COOP_CITY + int(options.get("starting_city", 0) or 0)


def build_table(s: State) -> None:
    """Set-up steps 4-6 once the roles are chosen: city, opening mob activity, master crimes, deal, lineup."""
    rng = GameRng.from_state(s)
    properties = rng.shuffled(PROPERTY_IDS)
    size = city_size(s["options"])
    city, last = lay_out(properties[:size], mob=0, down=False)
    s["city"] = city
    s["last"] = list(last)
    s["property_deck"] = properties[size:]
    mob = s["mob"]
    deck = rng.shuffled(MOB_ACTIVITY_IDS)
    opening = [deck.pop() for _ in range(COOP_OPENING_MOB_CARDS)]
    events: list[dict[str, Any]] = []
    for card in opening:
        events.append(_tokens_event(s, MOB_CARDS[card], {}))
    mob["discard"] = opening
    if not s["options"].get("no_master_crimes"):
        deck = rng.shuffled(deck + list(MASTER_CRIME_IDS))
    mob["deck"] = deck
    cards = rng.shuffled(draw_cards())
    hands: list[list[str]] = [[] for _ in range(s["players"])]
    for _ in range(COOP_HAND):
        for seat in range(s["players"]):
            hands[seat].append(cards.pop())
    s["hands"] = [sort_cards(h) for h in hands]
    s["lineup"] = [cards.pop() for _ in range(LINEUP)]
    s["deck"] = cards
    rng.store(s)
    s["events"].append({"kind": "opening", "cards": events})


# -- apply -------------------------------------------------------------------------------------


def apply(state: State, seat: int, move: dict[str, Any]) -> State:
    s: State = json.loads(json.dumps(state))
    s["events"] = []
    action = move["action"]
    phase = s["phase"]
    if phase == "roles":
        if action != "role":
            raise IllegalMove("first choose your role",
                              accepted="for example 'role " + free_roles(s)[0] + "'")
        _choose_role(s, seat, move)
        return s
    if phase == "pawns":
        if action != "pawn":
            raise IllegalMove("first place your pawn on a property card", accepted="for example 'pawn at "
                              + label(s["city"], cell_of(s["city"][0])) + "'")
        _place_pawn(s, seat, move)
        return s
    if action not in COOP_ACTION_NAMES:
        raise IllegalMove("that is not a co-op action",
                          accepted="draw, trade, cash in, move, clear out or shut down")
    if s["actions"].count(action) >= COOP_SAME_ACTION_MAX:
        raise IllegalMove(f"you have taken {ACTION_TITLES[action]} twice this turn",
                          accepted="choose another action")
    try:
        _ACTIONS[action](s, seat, move)
        s["actions"].append(action)
        if len(s["actions"]) == COOP_ACTIONS:
            _turn_end(s, seat)
    except _Over:
        _finish(s)
    return s


def _choose_role(s: State, seat: int, move: dict[str, Any]) -> None:
    role = move.get("role")
    if role not in ROLES:
        raise IllegalMove("that is not a role", accepted="roles: " + ", ".join(free_roles(s)))
    if role in s["roles"]:
        raise IllegalMove(f"the {ROLES[role].name} is taken",
                          accepted="free roles: " + ", ".join(free_roles(s)))
    s["roles"][seat] = role
    s["events"].append({"kind": "role", "seat": seat, "role": role})
    if seat + 1 < s["players"]:
        s["turn"] = seat + 1
        return
    build_table(s)
    s["phase"] = "pawns"
    s["turn"] = 0
    if s["mob"]["track"] >= COOP_LOSS:  # only a huge Starting City could; never stall
        s["end"] = "mob"
        _finish(s)


def free_roles(s: State) -> list[str]:
    return [r for r in ROLE_IDS if r not in s["roles"]]


def _check_cell(s: State, raw: Any, what: str) -> Cell:
    if (not isinstance(raw, list) or len(raw) != 2 or not all(type(v) is int for v in raw)
            or not all(-99 <= v <= 99 for v in raw)):
        raise IllegalMove(f"{what} names a card of the city", accepted="cells like B3")
    cell = (raw[0], raw[1])
    if cell not in grid(s["city"]):
        raise IllegalMove(f"there is no card at {label(s['city'], cell)}",
                          accepted=f"{what} names a city card")
    return cell


def _place_pawn(s: State, seat: int, move: dict[str, Any]) -> None:
    cell = _check_cell(s, move.get("at"), "a pawn")
    s["pawns"][seat] = list(cell)
    s["events"].append({"kind": "pawn", "seat": seat, "cell": list(cell)})
    if seat + 1 < s["players"]:
        s["turn"] = seat + 1
    else:
        s["phase"] = "actions"
        s["turn"] = 0
        s["actions"] = []


def role_of(s: State, seat: int) -> Role:
    return ROLES[s["roles"][seat]]


# -- the draw deck -------------------------------------------------------------------------------


def _take(s: State) -> str:
    """The draw deck's top card; when that was the last card the game is lost at once (l.176, R39)."""
    card: str = s["deck"].pop()
    if not s["deck"]:
        s["end"] = "deck"
        raise _Over
    return card


def _refill(s: State) -> None:
    while len(s["lineup"]) < LINEUP:
        if not s["deck"]:
            s["end"] = "deck"
            raise _Over
        s["lineup"].append(_take(s))


# -- the six actions -----------------------------------------------------------------------------


def _draw(s: State, seat: int, move: dict[str, Any]) -> None:
    s["events"].append({"kind": "draw", "seat": seat})
    for _ in range(2):
        card = _take(s)
        s["hands"][seat] = sort_cards(s["hands"][seat] + [card])


def _trade(s: State, seat: int, move: dict[str, Any]) -> None:
    give = check_codes([move.get("give")], "the card you give")[0]
    take = move.get("take")
    if take not in CARD_TYPES:
        raise IllegalMove("name the type you take: a suit or cash",
                          accepted="types: " + ", ".join(CARD_TYPES))
    require_cards(s["hands"][seat], [give])
    shown = lineup_types(s["lineup"])
    if take not in shown:
        raise IllegalMove(f"the lineup shows no {SUIT_NAMES[take].lower()}",
                          accepted="the lineup shows " + ", ".join(SUIT_NAMES[t].lower() for t in shown))
    taken = [c for c in s["lineup"] if card_suit(c) == take]
    s["lineup"] = [c for c in s["lineup"] if card_suit(c) != take] + [give]
    hand = list(s["hands"][seat])
    hand.remove(give)
    s["hands"][seat] = sort_cards(hand + taken)
    s["events"].append({"kind": "trade", "seat": seat, "give": give, "took": taken})
    _refill(s)


def _cashin(s: State, seat: int, move: dict[str, Any]) -> None:
    if CASH not in s["hands"][seat]:
        raise IllegalMove("you hold no cash to cash in", accepted="choose another action")
    count = role_of(s, seat).cashin_take
    cards = check_codes(move.get("take"), "cash in")
    if len(cards) != count:
        raise IllegalMove(f"cash in takes exactly {count} lineup cards", accepted="the lineup: "
                          + cards_text(s["lineup"]))
    lineup = list(s["lineup"])
    for card in cards:
        if card not in lineup:
            raise IllegalMove(f"the lineup has no{' more' if card in s['lineup'] else ''} {card_name(card)}",
                              accepted="the lineup: " + cards_text(s["lineup"]))
        lineup.remove(card)
    hand = list(s["hands"][seat])
    hand.remove(CASH)
    s["discard"].append(CASH)
    s["lineup"] = lineup
    s["hands"][seat] = sort_cards(hand + cards)
    s["events"].append({"kind": "cashin", "seat": seat, "took": cards})
    _refill(s)


def destinations(s: State, seat: int) -> list[Cell]:
    """Cards the seat's pawn can reach in one to its role's number of orthogonal steps (R35)."""
    start = (s["pawns"][seat][0], s["pawns"][seat][1])
    steps = role_of(s, seat).move_steps
    dist = distances(s["city"], start)
    return sorted((c for c, d in dist.items() if 1 <= d <= steps), key=lambda c: (c[1], c[0]))


def _move(s: State, seat: int, move: dict[str, Any]) -> None:
    cell = _check_cell(s, move.get("to"), "a move")
    if cell not in destinations(s, seat):
        steps = role_of(s, seat).move_steps
        reachable = ", ".join(label(s["city"], c) for c in destinations(s, seat))
        raise IllegalMove(f"your pawn cannot reach {label(s['city'], cell)} in {steps} steps or fewer",
                          accepted="reachable: " + reachable)
    frm = s["pawns"][seat]
    s["pawns"][seat] = list(cell)
    s["events"].append({"kind": "move", "seat": seat, "from": frm, "to": list(cell)})


def pawn_entry(s: State, seat: int) -> dict[str, Any]:
    pawn = s["pawns"][seat]
    entry: dict[str, Any] = grid(s["city"])[(pawn[0], pawn[1])]
    return entry


def clear_suits_ok(s: State, seat: int, entry: dict[str, Any], pay: list[str]) -> str:
    """Why ``pay`` cannot pay a Clear Out of ``entry`` ('' if it can): one of its two suits, and cash."""
    if not pay:
        return "a Clear Out pays at least one card"
    suits = {card_suit(c) for c in pay if c != CASH}
    if role_of(s, seat).clear_any_suit:
        return ""
    allowed = PROPERTIES[entry["card"]].suits or ()
    if len(suits) > 1:
        return "a Clear Out is paid with henchmen of one suit only (and cash)"
    if suits and not suits <= set(allowed):
        wrong = next(c for c in pay if c != CASH)
        return f"{card_name(wrong)} cannot pay for {PROPERTIES[entry['card']].name}"
    return ""


def _clear(s: State, seat: int, move: dict[str, Any]) -> None:
    entry = pawn_entry(s, seat)
    name = PROPERTIES[entry["card"]].name
    if entry["down"] or entry["mob"] <= 0:
        raise IllegalMove(f"there are no mob tokens on {name} where your pawn stands",
                          accepted="move to a card with tokens first")
    pay = check_codes(move.get("pay"), "the payment")
    why = clear_suits_ok(s, seat, entry, pay)
    if why:
        raise IllegalMove(why, accepted=f"pay with {suits_text(s, seat, entry, 'clear')}")
    require_cards(s["hands"][seat], pay)
    value = sum(card_value(c) for c in pay) + role_of(s, seat).clear_bonus
    removed = min(value, entry["mob"])
    entry["mob"] -= removed
    s["mob"]["supply"] += removed
    s["hands"][seat] = _without(s["hands"][seat], pay)
    s["discard"].extend(pay)
    s["events"].append({"kind": "clear", "seat": seat, "cell": [entry["x"], entry["y"]], "pay": pay,
                        "removed": removed})


def suits_text(s: State, seat: int, entry: dict[str, Any], action: str) -> str:
    role = role_of(s, seat)
    if (action == "clear" and role.clear_any_suit) or (action == "shutdown" and role.shutdown_any_suit):
        return "henchmen of any suit or cash"
    suits = PROPERTIES[entry["card"]].suits or ()
    joined = " or ".join(SUIT_NAMES[x].lower() for x in suits)
    return f"{joined} (one suit) and cash" if action == "clear" else f"{joined} or cash"


def shutdown_cost(entry: dict[str, Any]) -> int:
    return PROPERTIES[entry["card"]].value


def shutdown_accepts(s: State, seat: int, entry: dict[str, Any], card: str) -> bool:
    if card == CASH or role_of(s, seat).shutdown_any_suit:
        return True
    return card_suit(card) in (PROPERTIES[entry["card"]].suits or ())


def _shutdown(s: State, seat: int, move: dict[str, Any]) -> None:
    entry = pawn_entry(s, seat)
    card = PROPERTIES[entry["card"]]
    if entry["down"]:
        raise IllegalMove(f"{card.name} is already shut down", accepted="move to an open business first")
    if entry["mob"] > 0:
        plural = "s" if entry["mob"] > 1 else ""
        raise IllegalMove(f"{card.name} still has {entry['mob']} mob token{plural} on it",
                          accepted="clear it out first")
    pay = check_codes(move.get("pay"), "the payment")
    wrong = [c for c in pay if not shutdown_accepts(s, seat, entry, c)]
    if wrong:
        raise IllegalMove(f"{card_name(wrong[0])} cannot pay for {card.name}",
                          accepted=f"pay with {suits_text(s, seat, entry, 'shutdown')}")
    paid = sum(card_value(c) for c in pay)
    if paid != card.value:
        raise IllegalMove(f"shutting down {card.name} costs exactly {card.value}, "
                          f"and {cards_text(pay)} make {paid}",
                          accepted=f"pay {card.value} with {suits_text(s, seat, entry, 'shutdown')}")
    require_cards(s["hands"][seat], pay)
    s["hands"][seat] = _without(s["hands"][seat], pay)
    s["discard"].extend(pay)
    entry["down"] = True
    gain = card.value + role_of(s, seat).shutdown_bonus
    s["track"] += gain
    event: dict[str, Any] = {"kind": "shutdown", "seat": seat, "cell": [entry["x"], entry["y"]], "pay": pay,
                             "points": gain}
    s["events"].append(event)
    if s["track"] >= COOP_WIN:
        s["end"] = "win"
        raise _Over
    # Expanding the business (l.164-166, R37): the next card goes where it would after this one.
    if s["property_deck"]:
        new = s["property_deck"].pop()
        cell = next_cell(grid(s["city"]), (entry["x"], entry["y"]), card.arrow)
        s["city"].append({"x": cell[0], "y": cell[1], "card": new, "mob": 0, "down": False})
        s["last"] = list(cell)
        event["expanded"] = {"card": new, "cell": list(cell)}


def _without(hand: list[str], cards: list[str]) -> list[str]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


_ACTIONS = {"draw": _draw, "trade": _trade, "cashin": _cashin, "move": _move, "clear": _clear,
            "shutdown": _shutdown}


# -- the mob -----------------------------------------------------------------------------------


def _draw_mob(s: State) -> list[str]:
    """One mob activity card, and with More Mob Activity the extra card each master crime brings (R40)."""
    mob = s["mob"]
    if not mob["deck"]:
        if not mob["discard"]:
            return []  # R46: nothing to draw
        rng = GameRng.from_state(s)
        mob["deck"] = rng.shuffled(mob["discard"])
        rng.store(s)
        mob["discard"] = []
    card: str = mob["deck"].pop()
    drawn = [card]
    info = MOB_CARDS[card]
    if info.master and card != DOUBLES and s["options"].get("more_mob_activity"):
        drawn.extend(_draw_mob(s))
    return drawn


def _turn_end(s: State, seat: int) -> None:
    """The active player draws and resolves the top mob activity card (l.170-172), then the next turn."""
    queue = _draw_mob(s)
    resolved: list[dict[str, Any]] = []
    try:
        while queue:
            card = queue.pop(0)
            event: dict[str, Any] = {"card": card}
            resolved.append(event)
            _resolve(s, MOB_CARDS[card], queue, event)
            s["mob"]["discard"].append(card)
    finally:
        s["events"].append({"kind": "mob", "seat": seat, "cards": resolved})
    s["turn"] = (seat + 1) % s["players"]
    s["actions"] = []


def _resolve(s: State, card: MobCard, queue: list[str], event: dict[str, Any]) -> None:
    """Carry out one mob card, writing what it did into ``event`` as it goes."""
    if card.effect == "tokens":
        _tokens_event(s, card, event)
    elif card.effect == "expand":
        if s["property_deck"]:
            new = s["property_deck"].pop()
            here = grid(s["city"])
            last = (s["last"][0], s["last"][1])
            cell = next_cell(here, last, PROPERTIES[here[last]["card"]].arrow)
            entry = {"x": cell[0], "y": cell[1], "card": new, "mob": 0, "down": False}
            s["city"].append(entry)
            s["last"] = list(cell)
            event["expanded"] = {"card": new, "cell": list(cell)}
            event.update({"placed": 0, "overflow": 0, "cells": []})
            for _ in range(card.count):
                _token(s, entry, event)
    elif card.effect == "draw":
        for _ in range(card.count):
            queue.extend(_draw_mob(s))
    elif card.effect == "burn":
        event["burned"] = list(s["lineup"])
        s["discard"].extend(s["lineup"])
        s["lineup"] = []
        _refill(s)


def targets(s: State, selector: str) -> list[dict[str, Any]]:
    """The face-up city properties a mob card's selector indicates, in placement order."""
    up = [e for e in s["city"] if not e["down"]]
    kind, _, arg = selector.partition(":")
    if kind == "type":
        return [e for e in up if PROPERTIES[e["card"]].type == arg]
    if kind == "value":
        return [e for e in up if PROPERTIES[e["card"]].value == int(arg)]
    if kind == "arrow":
        return [e for e in up if PROPERTIES[e["card"]].arrow == arg]
    if kind == "pawns":
        cells = {(p[0], p[1]) for p in s["pawns"] if p is not None}
        return [e for e in s["city"] if cell_of(e) in cells]  # a face-down one takes no token (R38)
    if kind == "near":
        cells = {(p[0], p[1]) for p in s["pawns"] if p is not None}
        return [e for e in up if any(n in cells for n in neighbours(cell_of(e)))]
    if kind == "empty":
        return [e for e in up if e["mob"] == 0]
    if kind == "top":
        best = max((PROPERTIES[e["card"]].value for e in up), default=0)
        return [e for e in up if PROPERTIES[e["card"]].value == best]
    return up


def _tokens_event(s: State, card: MobCard, event: dict[str, Any]) -> dict[str, Any]:
    """Place a tokens card's tokens, one by one, counting into ``event`` (placed, overflow, cells)."""
    event.update({"card": card.id, "placed": 0, "overflow": 0, "cells": []})
    for entry in targets(s, card.arg):
        for _ in range(card.count):
            if not entry["down"]:
                _token(s, entry, event)
    return event


def _token(s: State, entry: dict[str, Any], event: dict[str, Any]) -> None:
    event["overflow"] += 1  # counted first: a token that ends the game overflowed
    if _place_token(s, entry):
        event["overflow"] -= 1
        event["placed"] += 1
        event["cells"].append([entry["x"], entry["y"]])


def _place_token(s: State, entry: dict[str, Any]) -> bool:
    """Place one mob token; a full card (or an empty supply) raises the mob boss track instead (R38)."""
    mob = s["mob"]
    if entry["mob"] >= PROPERTIES[entry["card"]].value or mob["supply"] <= 0:
        mob["track"] += 1
        if mob["track"] >= COOP_LOSS and s["phase"] != "roles":
            s["end"] = "mob"
            raise _Over
        return False
    entry["mob"] += 1
    mob["supply"] -= 1
    return True


def _finish(s: State) -> None:
    n = s["players"]
    won = s["end"] == "win"
    s["phase"] = "over"
    s["events"].append({"kind": "over", "end": s["end"]})
    s["result"] = {"scores": [s["track"]] * n, "winners": list(range(n)) if won else [],
                   "detail": {"mode": "coop", "outcome": "won" if won else "lost", "end": s["end"],
                              "player_track": s["track"], "mob_track": s["mob"]["track"]}}


# -- move generation ---------------------------------------------------------------------------


def _multisets(counts: Counter[str], codes: list[str], max_cards: int = 99) -> Iterator[list[str]]:
    """Every non-empty multiset over ``codes`` within ``counts`` (lazily)."""

    def go(i: int, chosen: list[str]) -> Iterator[list[str]]:
        if i == len(codes):
            if chosen:
                yield list(chosen)
            return
        code = codes[i]
        for n in range(0, min(counts[code], max_cards - len(chosen)) + 1):
            yield from go(i + 1, chosen + [code] * n)

    yield from go(0, [])


def clear_payments(s: State, seat: int) -> Iterator[list[str]]:
    entry = pawn_entry(s, seat)
    if entry["down"] or entry["mob"] <= 0:
        return
    hand = Counter(s["hands"][seat])
    if role_of(s, seat).clear_any_suit:
        yield from _multisets(hand, sorted(hand, key=CARD_ORDER.__getitem__))
        return
    seen: set[tuple[str, ...]] = set()
    for suit in PROPERTIES[entry["card"]].suits or ():
        codes = sorted((c for c in hand if card_suit(c) in (suit, CASH)), key=CARD_ORDER.__getitem__)
        for pay in _multisets(hand, codes):
            key = tuple(pay)
            if key not in seen:
                seen.add(key)
                yield pay


def shutdown_payments(s: State, seat: int) -> Iterator[list[str]]:
    entry = pawn_entry(s, seat)
    if entry["down"] or entry["mob"] > 0:
        return
    hand = Counter(c for c in s["hands"][seat] if shutdown_accepts(s, seat, entry, c))
    codes = sorted(hand, key=CARD_ORDER.__getitem__)
    cost = shutdown_cost(entry)

    def go(i: int, left: int, chosen: list[str]) -> Iterator[list[str]]:
        if left == 0:
            yield list(chosen)
            return
        if i == len(codes):
            return
        code = codes[i]
        worth = card_value(code)
        for n in range(min(hand[code], left // worth), -1, -1):
            yield from go(i + 1, left - n * worth, chosen + [code] * n)

    for pay in go(0, cost, []):
        yield sort_cards(pay)


def action_allowed(s: State, action: str) -> bool:
    used: int = s["actions"].count(action)
    return used < COOP_SAME_ACTION_MAX
