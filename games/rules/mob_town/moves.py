"""Move generators of the competitive game: every legal move (lazily), a random one, the default one.

``legal_moves`` yields the small actions first (draw, trades, cash-ins, agenda
swaps, hires that need no takeover, open lots left untaken), then every
takeover, open-lot takeover and takeover by a professional, which can be very
many (each way to pay, each fewest-card walk, each choice of connection cards).
``random_move`` draws an action kind first and then its details, so random
games do take properties over. The default move is Draw (R7, R43).
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Iterator

from games.rules.base import State

from . import takeover
from .actions import cash_in_count, open_lot_cells
from .common import lineup_types
from .data import AGENDA_IDS, AGENDAS_CHOSEN, CARD_ORDER, CASH, PROFESSIONALS, sort_cards

DRAW: dict[str, Any] = {"action": "draw"}


def agenda_moves() -> Iterator[dict[str, Any]]:
    for pair in itertools.combinations(AGENDA_IDS, AGENDAS_CHOSEN):
        yield {"action": "agendas", "agendas": list(pair)}


def _distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=CARD_ORDER.__getitem__)


def trade_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    for give in _distinct(s["hands"][seat]):
        for kind in lineup_types(s["lineup"]):
            yield {"action": "trade", "give": give, "take": kind}


def lineup_picks(lineup: list[str], count: int) -> list[list[str]]:
    """Distinct multisets of ``count`` lineup cards."""
    if len(lineup) < count:
        return []
    picks = {tuple(sort_cards(list(c))) for c in itertools.combinations(lineup, count)}
    return [list(p) for p in sorted(picks, key=lambda p: [CARD_ORDER[c] for c in p])]


def cashin_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    if CASH not in s["hands"][seat]:
        return
    for pick in lineup_picks(s["lineup"], cash_in_count(s)):
        yield {"action": "cashin", "take": pick}


def swap_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    mine = s["agendas"][seat]
    for give in mine:
        for take in AGENDA_IDS:
            if take not in mine:
                yield {"action": "swap", "give": give, "take": take}


def lot_places(s: State, seat: int) -> Iterator[dict[str, Any]]:
    if s["briefcases"][seat] <= 0:
        return
    for index in range(1, len(s["lot"]) + 1):
        for cell in open_lot_cells(s):
            yield {"action": "openlot", "lot": index, "at": list(cell), "pay": None}


def lot_takeovers(s: State, seat: int) -> Iterator[dict[str, Any]]:
    if s["briefcases"][seat] <= 0 or s["supply"][seat] <= 0:
        return
    for index, card in enumerate(s["lot"], 1):
        pays = lot_payments(s, seat, card)
        if not pays:
            continue
        for cell in open_lot_cells(s):
            for pay in pays:
                yield {"action": "openlot", "lot": index, "at": list(cell), "pay": pay}


def lot_payments(s: State, seat: int, card: str) -> list[list[str]]:
    """Ways to pay for an open lot card taken over where it is placed (its cell does not matter)."""
    probe = dict(s)
    cell = open_lot_cells(s)[0]
    probe["city"] = [*s["city"], {"x": cell[0], "y": cell[1], "card": card, "tokens": []}]
    t = takeover.terms(probe, seat, cell, "open_lot")
    return takeover.payments(s["hands"][seat], t)


def simple_hires(s: State, seat: int) -> Iterator[dict[str, Any]]:
    """Hires that need no takeover: every usable professional and choice of its ability."""
    pros = s.get("pros")
    if not pros or s["briefcases"][seat] <= 0:
        return
    for pid in pros["row"]:
        pro = PROFESSIONALS[pid]
        if pro.takeover:
            continue
        if pro.take:
            for pick in lineup_picks(s["lineup"], pro.take):
                yield {"action": "hire", "pro": pid, "take": pick}
        elif pro.grab:
            for kind in lineup_types(s["lineup"]):
                yield {"action": "hire", "pro": pid, "type": kind}
        elif pro.steal:
            for rival in range(s["players"]):
                if rival != seat and s["hands"][rival]:
                    yield {"action": "hire", "pro": pid, "rob": rival}
        else:
            yield {"action": "hire", "pro": pid}


def takeover_hires(s: State, seat: int) -> Iterator[dict[str, Any]]:
    pros = s.get("pros")
    if not pros or s["briefcases"][seat] <= 0:
        return
    for pid in pros["row"]:
        modifier = PROFESSIONALS[pid].takeover
        if modifier:
            for part in takeover.all_plans(s, seat, s["hands"][seat], modifier):
                yield {"action": "hire", "pro": pid, **part}


def simple_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    yield dict(DRAW)
    yield from trade_moves(s, seat)
    yield from cashin_moves(s, seat)
    yield from swap_moves(s, seat)
    yield from simple_hires(s, seat)


def turn_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    yield from simple_moves(s, seat)
    yield from lot_places(s, seat)
    for part in takeover.all_plans(s, seat, s["hands"][seat]):
        yield {"action": "takeover", **part}
    yield from lot_takeovers(s, seat)
    yield from takeover_hires(s, seat)


def legal_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    if s["phase"] == "agendas":
        if not s["agendas"][seat]:
            yield from agenda_moves()
        return
    if s["phase"] == "turn" and s["turn"] == seat:
        yield from turn_moves(s, seat)


def random_move(s: State, seat: int, rng: random.Random) -> dict[str, Any]:
    if s["phase"] == "agendas":
        pair = rng.sample(AGENDA_IDS, AGENDAS_CHOSEN)
        return {"action": "agendas", "agendas": sorted(pair, key=AGENDA_IDS.index)}
    hand = s["hands"][seat]
    # A takeover often when one is possible: random games should fight over the city.
    if rng.random() < 0.5:
        plan = takeover.random_plan(s, seat, hand, rng)
        if plan is not None:
            return {"action": "takeover", **plan}
    kinds = ["draw", "trade", "swap"]
    if CASH in hand:
        kinds.append("cashin")
    if s["briefcases"][seat] > 0 and s["lot"]:
        kinds.append("openlot")
    pros = s.get("pros")
    if pros and s["briefcases"][seat] > 0 and pros["row"]:
        kinds.append("hire")
    kind = rng.choice(kinds)
    if kind == "trade" and hand:
        return rng.choice(list(trade_moves(s, seat)))
    if kind == "swap":
        return rng.choice(list(swap_moves(s, seat)))
    if kind == "cashin":
        return rng.choice(list(cashin_moves(s, seat)))
    if kind == "openlot":
        return _random_lot(s, seat, rng)
    if kind == "hire":
        move = _random_hire(s, seat, rng)
        if move is not None:
            return move
    return dict(DRAW)


def _random_lot(s: State, seat: int, rng: random.Random) -> dict[str, Any]:
    index = rng.randrange(len(s["lot"])) + 1
    cell = rng.choice(open_lot_cells(s))
    pay = None
    if s["supply"][seat] > 0 and rng.random() < 0.8:
        pays = lot_payments(s, seat, s["lot"][index - 1])
        if pays:
            pay = rng.choice(pays)
    return {"action": "openlot", "lot": index, "at": list(cell), "pay": pay}


def _random_hire(s: State, seat: int, rng: random.Random) -> dict[str, Any] | None:
    pid = rng.choice(s["pros"]["row"])
    pro = PROFESSIONALS[pid]
    if pro.takeover:
        plan = takeover.random_plan(s, seat, s["hands"][seat], rng, pro.takeover)
        return None if plan is None else {"action": "hire", "pro": pid, **plan}
    options = [m for m in simple_hires(s, seat) if m["pro"] == pid]
    return rng.choice(options) if options else None


def default_move(s: State, seat: int) -> dict[str, Any]:
    """Draw in a turn (R7); the first two agendas at round set-up."""
    if s["phase"] == "agendas":
        return {"action": "agendas", "agendas": list(AGENDA_IDS[:AGENDAS_CHOSEN])}
    return dict(DRAW)
