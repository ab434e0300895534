"""The competitive turn: exactly one action (l.41-57, R7), and Hire Professional with that variant.

Moves (canonical JSON)::

    {"action": "agendas", "agendas": ["casinos", "types"]}          # round set-up, secret
    {"action": "draw"}
    {"action": "trade", "give": "rats1", "take": "sharks"}          # a suit or "cash" (R9)
    {"action": "cashin", "take": ["rats2", "snakes1"]}              # 2 cards (3 with Big Money)
    {"action": "takeover", "at": [x, y], "pay": [...], "via": [[[x, y], card], ...]}
    {"action": "openlot", "lot": 1, "at": [x, y], "pay": null | [...]}
    {"action": "swap", "give": "casinos", "take": "hotels"}
    {"action": "hire", "pro": "fence", "take": [...]}               # or "type", "rob", "at"/"pay"/"via"

Whenever the Law leaves the deck the round ends at once (R8): the action stops
where it is, and the seat whose action took it drew it.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import GameRng, IllegalMove, State

from . import takeover
from .city import Cell, edge_cells, grid, label
from .common import (
    cards_text,
    check_codes,
    draw_from_deck,
    lineup_types,
    refill_lineup,
    require_cards,
    seat_perk,
)
from .data import (
    AGENDA_IDS,
    AGENDAS,
    AGENDAS_CHOSEN,
    BIG_MONEY_TAKE,
    CARD_TYPES,
    CASH,
    CASH_IN_TAKE,
    LAW,
    PROFESSIONAL_ROW,
    PROFESSIONALS,
    SUIT_NAMES,
    card_name,
    card_suit,
    sort_cards,
)
from .rounds import end_round

TURN_ACTIONS = ("draw", "trade", "cashin", "takeover", "openlot", "swap", "hire")


_LISTS = ("lot", "unused", "deck", "lineup", "discard", "briefcases", "scores", "supply", "city_deck",
          "city_discard", "last", "rounds")


def own(state: State) -> State:
    """A copy whose every part an action may change is its own (``apply`` never changes its input).

    Built by hand rather than deep-copied: it runs on every move. Round records
    are only ever appended, never changed, so the list of them is copied, not they.
    """
    s = dict(state)
    for key in _LISTS:
        s[key] = list(state[key])
    s["rng"] = dict(state["rng"])
    s["hands"] = [list(h) for h in state["hands"]]
    s["agendas"] = [list(a) for a in state["agendas"]]
    s["city"] = [{**e, "tokens": list(e["tokens"])} for e in state["city"]]
    pros = state["pros"]
    if pros:
        s["pros"] = {"row": list(pros["row"]), "deck": list(pros["deck"]), "discard": list(pros["discard"]),
                     "kept": [list(k) for k in pros["kept"]]}
    s["events"] = []
    return s


# -- agendas (Round Setup 7) -------------------------------------------------------------------


def choose_agendas(state: State, seat: int, move: dict[str, Any]) -> State:
    if state["agendas"][seat]:
        raise IllegalMove("you have chosen your agendas for this round",
                          accepted="wait for the others to choose theirs")
    picked = move.get("agendas")
    if (not isinstance(picked, list) or len(picked) != AGENDAS_CHOSEN
            or not all(isinstance(a, str) and a in AGENDAS for a in picked)):
        raise IllegalMove("choose exactly two agendas", accepted="agendas: " + ", ".join(AGENDA_IDS))
    if picked[0] == picked[1]:
        raise IllegalMove("choose two different agendas", accepted="agendas: " + ", ".join(AGENDA_IDS))
    s = own(state)
    s["agendas"][seat] = sorted(picked, key=AGENDA_IDS.index)
    if all(s["agendas"]):
        s["phase"] = "turn"
        s["turn"] = s["first"]
        s["events"].append({"kind": "round_start", "round": s["round"], "first": s["first"]})
    return s


# -- the turn ------------------------------------------------------------------------------


def take_turn(state: State, seat: int, move: dict[str, Any]) -> State:
    action = move.get("action")
    if action not in TURN_ACTIONS:
        raise IllegalMove("that is not an action of Mob Town",
                          accepted="draw, trade, cash in, take over, open lot, swap agenda"
                          + (" or hire" if state["pros"] else ""))
    s = own(state)
    law = _ACTIONS[action](s, seat, move)
    if law:
        s["events"].append({"kind": "law", "seat": seat})
        end_round(s, seat)
    else:
        s["turn"] = (seat + 1) % s["players"]
    return s


def _draw(s: State, seat: int, count: int, event: dict[str, Any]) -> bool:
    """Draw ``count`` cards into the seat's hand; True if the Law came up (and stopped the draw).

    ``event["count"]`` records how many cards were taken (public, R41).
    """
    got = []
    law = False
    for _ in range(count):
        card = draw_from_deck(s)
        if card is None:
            break
        if card == LAW:
            law = True
            break
        got.append(card)
    s["hands"][seat] = sort_cards(s["hands"][seat] + got)
    event["count"] = len(got)
    return law


def do_draw(s: State, seat: int, move: dict[str, Any]) -> bool:
    event: dict[str, Any] = {"kind": "draw", "seat": seat}
    s["events"].append(event)
    return _draw(s, seat, seat_perk(s, seat).draw_count, event)


def do_trade(s: State, seat: int, move: dict[str, Any]) -> bool:
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
    return refill_lineup(s) == LAW


def cash_in_count(s: State) -> int:
    return BIG_MONEY_TAKE if s["options"].get("big_money") else CASH_IN_TAKE


def _take_from_lineup(s: State, seat: int, raw: Any, count: int, what: str) -> list[str]:
    cards = check_codes(raw, what)
    if len(cards) != count:
        raise IllegalMove(f"{what} takes exactly {count} lineup card{'s' if count != 1 else ''}",
                          accepted="the lineup: " + cards_text(s["lineup"]))
    lineup = list(s["lineup"])
    for card in cards:
        if card not in lineup:
            raise IllegalMove(f"the lineup has no{' more' if card in s['lineup'] else ''} {card_name(card)}",
                              accepted="the lineup: " + cards_text(s["lineup"]))
        lineup.remove(card)
    s["lineup"] = lineup
    s["hands"][seat] = sort_cards(s["hands"][seat] + cards)
    return cards


def do_cashin(s: State, seat: int, move: dict[str, Any]) -> bool:
    if CASH not in s["hands"][seat]:
        raise IllegalMove("you hold no cash to cash in", accepted="draw, trade or take over instead")
    count = cash_in_count(s)
    hand = list(s["hands"][seat])
    hand.remove(CASH)
    s["hands"][seat] = hand
    s["discard"].append(CASH)
    taken = _take_from_lineup(s, seat, move.get("take"), count, "cash in")
    s["events"].append({"kind": "cashin", "seat": seat, "took": taken})
    return refill_lineup(s) == LAW


def do_takeover(s: State, seat: int, move: dict[str, Any]) -> bool:
    plan = takeover.check(s, seat, move, s["hands"][seat])
    s["events"].append(takeover.execute(s, seat, plan))
    return False


def open_lot_cells(s: State) -> list[Cell]:
    return edge_cells(s["city"])


def do_openlot(s: State, seat: int, move: dict[str, Any]) -> bool:
    if s["briefcases"][seat] <= 0:
        raise IllegalMove("you have no briefcase left to open a lot", accepted="choose another action")
    lot = s["lot"]
    index = move.get("lot")
    if not lot:
        raise IllegalMove("the open lot is empty", accepted="choose another action")
    if type(index) is not int or not 1 <= index <= len(lot):
        raise IllegalMove("name an open lot card by its number",
                          accepted=f"open lot 1 to {len(lot)}")
    cell = takeover.check_cell(s, move.get("at"))
    if cell not in open_lot_cells(s):
        where = label(s["city"], cell)
        why = "is taken" if cell in grid(s["city"]) else "does not touch the city along a side"
        raise IllegalMove(f"{where} {why}", accepted="an empty cell along an edge of the city")
    card = lot[index - 1]
    pay = move.get("pay")
    s["briefcases"][seat] -= 1
    s["lot"] = lot[:index - 1] + lot[index:]
    s["city"].append({"x": cell[0], "y": cell[1], "card": card, "tokens": []})
    event: dict[str, Any] = {"kind": "openlot", "seat": seat, "card": card, "cell": list(cell)}
    if pay is not None:
        plan = takeover.check(s, seat, {"pay": pay, "via": []}, s["hands"][seat], "open_lot", cell)
        event["takeover"] = takeover.execute(s, seat, plan)
    if s["unused"]:
        s["lot"].append(s["unused"].pop())
    s["events"].append(event)
    return False


def do_swap(s: State, seat: int, move: dict[str, Any]) -> bool:
    mine = s["agendas"][seat]
    give, take = move.get("give"), move.get("take")
    if give not in mine:
        raise IllegalMove("you can only return one of your two agendas",
                          accepted="your agendas: " + ", ".join(mine))
    stack = [a for a in AGENDA_IDS if a not in mine]
    if take not in stack:
        raise IllegalMove("take an agenda from your stack",
                          accepted="your stack: " + ", ".join(stack))
    s["agendas"][seat] = sorted([a for a in mine if a != give] + [take], key=AGENDA_IDS.index)
    s["events"].append({"kind": "swap", "seat": seat})
    return False


# -- professionals ----------------------------------------------------------------------


def do_hire(s: State, seat: int, move: dict[str, Any]) -> bool:
    pros = s["pros"]
    if not pros:
        raise IllegalMove("this game is played without professionals", accepted="choose another action")
    if s["briefcases"][seat] <= 0:
        raise IllegalMove("you have no briefcase left to hire a professional",
                          accepted="choose another action")
    pid = move.get("pro")
    if not isinstance(pid, str) or pid not in pros["row"]:
        raise IllegalMove("that professional is not face up",
                          accepted="face up: " + ", ".join(PROFESSIONALS[p].name for p in pros["row"]))
    pro = PROFESSIONALS[pid]
    s["briefcases"][seat] -= 1
    pros["row"].remove(pid)
    event: dict[str, Any] = {"kind": "hire", "seat": seat, "pro": pid}
    s["events"].append(event)
    law = False
    if pro.take:
        event["took"] = _take_from_lineup(s, seat, move.get("take"), pro.take, pro.name)
        law = refill_lineup(s) == LAW
    if pro.grab:
        kind = move.get("type")
        shown = lineup_types(s["lineup"])
        if kind not in shown:
            raise IllegalMove(f"{pro.name} takes every card of one type the lineup shows",
                              accepted="the lineup shows " + ", ".join(SUIT_NAMES[t].lower() for t in shown))
        taken = [c for c in s["lineup"] if card_suit(c) == kind]
        s["lineup"] = [c for c in s["lineup"] if card_suit(c) != kind]
        s["hands"][seat] = sort_cards(s["hands"][seat] + taken)
        event["took"] = taken
        law = refill_lineup(s) == LAW
    if pro.steal:
        rival = move.get("rob")
        if type(rival) is not int or not 0 <= rival < s["players"] or rival == seat:
            raise IllegalMove(f"{pro.name} robs one of your rivals", accepted="name a rival by colour")
        if not s["hands"][rival]:
            raise IllegalMove("that rival holds no cards", accepted="rob a rival who holds cards")
        rng = GameRng.from_state(s)
        victim = list(s["hands"][rival])
        card = victim.pop(rng.randbelow(len(victim)))
        rng.store(s)
        s["hands"][rival] = victim
        s["hands"][seat] = sort_cards(s["hands"][seat] + [card])
        event["rob"] = rival
    if pro.takeover:
        plan = takeover.check(s, seat, move, s["hands"][seat], pro.takeover)
        event["takeover"] = takeover.execute(s, seat, plan)
    if pro.draw and not law:
        drew: dict[str, Any] = {}
        law = _draw(s, seat, pro.draw, drew)
        event["drew"] = drew["count"]
    if pro.keep is not None:
        pros["kept"][seat].append(pid)
    else:
        pros["discard"].append(pid)
    refill_row(s)
    return law


def refill_row(s: State) -> None:
    """Refill the professionals to three; an empty deck is rebuilt from the discards (R27)."""
    pros = s["pros"]
    while len(pros["row"]) < PROFESSIONAL_ROW:
        if not pros["deck"]:
            if not pros["discard"]:
                return
            rng = GameRng.from_state(s)
            pros["deck"] = rng.shuffled(pros["discard"])
            rng.store(s)
            pros["discard"] = []
        pros["row"].append(pros["deck"].pop())


_ACTIONS = {
    "draw": do_draw,
    "trade": do_trade,
    "cashin": do_cashin,
    "takeover": do_takeover,
    "openlot": do_openlot,
    "swap": do_swap,
    "hire": do_hire,
}
