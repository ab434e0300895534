"""Mob Town's move notation: what a player types in a mail reply or the page's text box.

Competitive game::

    agendas casinos, types                    choose two agendas (round set-up)
    draw
    trade rats 1 for sharks                   one hand card for every lineup card of a type
    cash in for rats 2, cash                  (three cards with Big Money)
    take over cas3 with rats 2, cash          pay the value (+1 a token) in its suits or cash
    take over E5 with sharks 3 via D5 cash, C5 rats 1
                                              connection cards: each card between, from the
                                              property towards yours, and the card paying for it
    open lot 2 at A3                          place lot card 2 (also: "west of B3")
    open lot 2 at A3 and take over with rats 2, cash
    swap agenda casinos for hotels
    hire bookie | hire fence: take rats 1, cash | hire recruiter: take sharks
    hire pickpocket: rob blue | hire muscle: take over cas3 with rats 1

Co-op (Upholding the Law)::

    role detective | pawn at C3 | draw | trade ... | cash in for ...
    move to C4 | clear out with rats 2, cash | shut down with rats 2, snakes 1

Cards: a suit and a value (``rats 2``, ``rat2``) or ``cash``; cells by their map
names (``B3``, see ``city``). Words are not case-sensitive. Parsing is total:
any text that is not a move ends as :class:`MoveParseError`.
"""

from __future__ import annotations

import re
from typing import Any

from games.rules.base import IllegalMove, MoveParseError, State

from .city import Cell, label, parse_label
from .data import (
    AGENDA_IDS,
    BUSINESS_TYPES,
    CARD_CODES,
    CARD_TYPES,
    CASH,
    COLORS,
    PROFESSIONALS,
    PROPERTIES,
    ROLE_IDS,
    ROLES,
    SUITS,
    STEP,
    card_name,
    sort_cards,
)

MAX_TEXT = 600
MAX_CARDS = 40

_SUIT_WORDS = {s: s for s in SUITS}
_SUIT_WORDS.update({s[:-1]: s for s in SUITS})  # rat, shark, snake, weasel, fox(e)
_SUIT_WORDS.update({"fox": "foxes", "foxe": "foxes", "$": CASH, "cash": CASH, "money": CASH})
_TYPE_WORDS = dict(_SUIT_WORDS)
_AGENDA_WORDS = {a: a for a in AGENDA_IDS}
_AGENDA_WORDS.update({"casino": "casinos", "restaurant": "restaurants", "hotel": "hotels",
                      "theater": "theaters",
                      "theatre": "theaters", "theatres": "theaters", "factory": "factories", "type": "types",
                      "blocks": "block"})
_AGENDA_WORDS.update({str(i + 1): a for i, a in enumerate(AGENDA_IDS)})
_PRO_WORDS = {p: p for p in PROFESSIONALS}
_PRO_WORDS.update({"getaway": "driver", "getaway driver": "driver"})
_PLACE_WORDS = {f"{kind} {v}": f"{kind[:3]}{v}" for kind in BUSINESS_TYPES for v in range(1, 5)}
_PLACE_WORDS.update({"theatre " + str(v): f"the{v}" for v in range(1, 5)})
_PLACE_WORDS.update({p.name.lower().replace("'", ""): p.id for p in PROPERTIES.values()})
_DIRECTION_WORDS = {"north": "up", "above": "up", "up": "up",
                    "south": "down", "below": "down", "down": "down",
                    "east": "right", "right": "right", "west": "left", "left": "left"}


def _fail(text: str, accepted: str) -> MoveParseError:
    shown = text if len(text) <= 40 else text[:40] + "..."
    return MoveParseError(f"'{shown}' is not a Mob Town move", accepted=accepted)


def words(text: str) -> str:
    """Lower case, single spaces, commas and colons spaced out."""
    text = text.lower().replace(",", " , ").replace(":", " : ").replace(";", " , ")
    return " ".join(text.split())


# -- pieces ------------------------------------------------------------------------------------


def parse_card(text: str) -> str:
    """'rats 2', 'rat2', 'cash' -> a card code."""
    t = text.replace(" ", "")
    m = re.fullmatch(r"([a-z$]+)([0-9]?)", t)
    if m is None:
        raise MoveParseError(f"'{text[:30]}' is not a card", accepted="cards like 'rats 2' or 'cash'")
    suit = _SUIT_WORDS.get(m.group(1))
    value = m.group(2)
    if suit == CASH and not value:
        return CASH
    if suit is None or suit == CASH or not value:
        raise MoveParseError(f"'{text[:30]}' is not a card", accepted="cards like 'rats 2' or 'cash'")
    code = f"{suit}{value}"
    if code not in CARD_CODES:
        raise MoveParseError(f"there is no card '{text[:30]}'", accepted="henchmen are worth 1, 2 or 3")
    return code


def split_list(text: str) -> list[str]:
    parts = re.split(r"\s*,\s*|\s+and\s+", text.strip())
    return [p for p in (x.strip() for x in parts) if p]


def parse_cards(text: str) -> list[str]:
    items = split_list(text)
    if not items or len(items) > MAX_CARDS:
        raise MoveParseError("name the cards, separated by commas", accepted="for example 'rats 2, cash'")
    return [parse_card(item) for item in items]


def format_cards(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards)


def _card_at(s: State) -> dict[str, Cell]:
    return {e["card"]: (e["x"], e["y"]) for e in s["city"]}


def parse_place(s: State, text: str) -> Cell:
    """A city card by its code ('cas3'), its type and value ('casino 3'), its name or its map name ('B3')."""
    t = " ".join(text.strip().split())
    cards = _card_at(s)
    key = _PLACE_WORDS.get(t.replace("'", ""), t.replace(" ", ""))
    if key in cards:
        return cards[key]
    cell = parse_label(s["city"], t)
    if cell is not None:
        return cell
    if key in PROPERTIES:
        raise MoveParseError(f"{PROPERTIES[key].name} ({key}) is not in the city",
                             accepted="a card of the city, by its code (cas3) or map name (B3)")
    raise MoveParseError(f"'{t[:20]}' is not a card of the city",
                         accepted="a card by its code (cas3, res1, ...) or its map name (B3)")


def parse_cell(s: State, text: str) -> Cell:
    """A place, or an empty cell beside one: 'west of cas3' (also north, south, east, left, right, ...)."""
    text = text.strip()
    m = re.fullmatch(r"(?:the\s+)?(north|south|east|west|left|right|above|below)(?:\s+of)?\s+(.+)", text)
    if m is not None:
        base = parse_place(s, m.group(2))
        dx, dy = STEP[_DIRECTION_WORDS[m.group(1)]]
        return base[0] + dx, base[1] + dy
    return parse_place(s, text)


def place_text(s: State, cell: list[int] | Cell) -> str:
    """The stable name of a cell: the code of its card, or 'west of cas3' for an empty cell beside one."""
    here = {(e["x"], e["y"]): e["card"] for e in s["city"]}
    x, y = cell[0], cell[1]
    if (x, y) in here:
        return str(here[(x, y)])
    for (dx, dy), word in (((1, 0), "west"), ((-1, 0), "east"), ((0, 1), "north"), ((0, -1), "south")):
        if (x + dx, y + dy) in here:
            return f"{word} of {here[(x + dx, y + dy)]}"
    return label(s["city"], (x, y))


def parse_type(text: str) -> str:
    kind = _TYPE_WORDS.get(text.strip())
    if kind is None or kind not in CARD_TYPES:
        raise MoveParseError(f"'{text[:20]}' is not a type of card", accepted="a suit (rats, sharks, snakes, "
                             "weasels, foxes) or cash")
    return kind


def parse_agenda(text: str) -> str:
    t = text.strip()
    if t.startswith("most "):
        t = t[5:]
    agenda = _AGENDA_WORDS.get(t)
    if agenda is None:
        raise MoveParseError(f"'{text[:30]}' is not an agenda", accepted="agendas: " + ", ".join(AGENDA_IDS))
    return agenda


def parse_seat(s: State, text: str) -> int:
    t = text.strip()
    players = s["players"]
    if t in COLORS[:players]:
        return COLORS.index(t)
    m = re.fullmatch(r"(?:p|seat\s*|player\s*)([0-9])", t)
    if m is not None and 1 <= int(m.group(1)) <= players:
        return int(m.group(1)) - 1
    raise MoveParseError(f"'{t[:20]}' is not a player", accepted="colours: " + ", ".join(COLORS[:players]))


# -- takeovers ---------------------------------------------------------------------------------


def parse_takeover(s: State, text: str, cell: Cell | None = None) -> dict[str, Any]:
    """'cas3 with rats 2, cash via res1 sharks 1' (or, with ``cell`` known, 'with rats 2, cash')."""
    m = re.fullmatch(r"(?:(.+?)\s+)?with\s+(.+?)(?:\s+via\s+(.+))?", text.strip())
    if m is None:
        raise MoveParseError("a takeover names the property and the cards",
                             accepted="for example 'take over cas3 with rats 2, cash'")
    if cell is None:
        if not m.group(1):
            raise MoveParseError("name the property to take over",
                                 accepted="for example 'take over cas3 with ...'")
        cell = parse_place(s, m.group(1))
    elif m.group(1):
        raise MoveParseError("the open lot card is taken over where it is placed",
                             accepted="for example 'open lot 2 at A3 and take over with rats 2'")
    pay = sort_cards(parse_cards(m.group(2)))
    via: list[list[Any]] = []
    if m.group(3):
        for item in split_list(m.group(3)):
            parts = item.split(" ", 1)
            if len(parts) != 2:
                raise MoveParseError(f"'{item[:30]}': each connection card names a cell and a card",
                                     accepted="for example 'via the2 cash, hot1 rats 1'")
            via.append([list(parse_place(s, parts[0])), parse_card(parts[1])])
    return {"at": list(cell), "pay": pay, "via": via}


def format_takeover(s: State, part: dict[str, Any], with_cell: bool = True) -> str:
    head = f"{place_text(s, part['at'])} with " if with_cell else "with "
    text = head + format_cards(part["pay"])
    if part.get("via"):
        text += " via " + ", ".join(f"{place_text(s, c)} {card_name(card)}" for c, card in part["via"])
    return text


# -- the parser ------------------------------------------------------------------------------


def parse_move(s: State, seat: int, text: str) -> Any:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise MoveParseError("a move is a short line of text", accepted="for example 'draw'")
    t = words(text)
    if not t:
        raise MoveParseError("the move is empty", accepted="for example 'draw'")
    if s["mode"] == "coop":
        return _parse_coop(s, t, text)
    return _parse_competitive(s, t, text)


_OPEN_LOT = re.compile(r"open\s*lot\s+([0-9])\s+(?:at\s+|to\s+|on\s+)?(.+?)"
                       r"(?:\s+(?:and\s+)?take\s*over\s+(.+))?")
_COMPETITIVE_HELP = ("draw, trade ... for ..., cash in for ..., take over ... with ..., open lot ..., "
                     "swap agenda")


def _parse_competitive(s: State, t: str, text: str) -> Any:
    if t in ("draw", "draw 2", "draw two", "draw cards"):
        return {"action": "draw"}
    m = re.fullmatch(r"(?:agendas?|choose)\s+(.+)", t)
    if m is not None:
        picked = [parse_agenda(a) for a in split_list(m.group(1))]
        if len(picked) != 2:
            raise MoveParseError("choose exactly two agendas",
                                 accepted="for example 'agendas casinos, types'")
        return {"action": "agendas", "agendas": sorted(picked, key=AGENDA_IDS.index)}
    common = _parse_shared(s, t)
    if common is not None:
        return common
    m = re.fullmatch(r"take\s*over\s+(.+)", t)
    if m is not None:
        return {"action": "takeover", **parse_takeover(s, m.group(1))}
    m = _OPEN_LOT.fullmatch(t)
    if m is not None:
        cell = parse_cell(s, m.group(2))
        pay = None
        if m.group(3):
            pay = parse_takeover(s, m.group(3), cell)["pay"]
        return {"action": "openlot", "lot": int(m.group(1)), "at": list(cell), "pay": pay}
    m = re.fullmatch(r"swap(?:\s+agenda)?\s+(.+?)\s+for\s+(.+)", t)
    if m is not None:
        return {"action": "swap", "give": parse_agenda(m.group(1)), "take": parse_agenda(m.group(2))}
    m = re.fullmatch(r"hire\s+(?:the\s+)?([a-z]+(?:\s+driver)?)(?:\s*:\s*(.+)|\s+(take.+|rob.+))?", t)
    if m is not None:
        return _parse_hire(s, m.group(1), m.group(2) or m.group(3) or "")
    raise _fail(text, _COMPETITIVE_HELP + (", hire ..." if s.get("pros") else ""))


def _parse_shared(s: State, t: str) -> Any:
    """Trade and Cash in, written alike in both modes."""
    m = re.fullmatch(r"trade\s+(.+?)\s+for\s+(?:all\s+)?(?:the\s+)?(.+)", t)
    if m is not None:
        return {"action": "trade", "give": parse_card(m.group(1)), "take": parse_type(m.group(2))}
    m = re.fullmatch(r"cash\s*in(?:\s+:)?(?:\s+(?:for|take|taking))?\s+(.+)", t)
    if m is not None:
        return {"action": "cashin", "take": sort_cards(parse_cards(m.group(1)))}
    return None


def _parse_hire(s: State, name: str, rest: str) -> Any:
    pid = _PRO_WORDS.get(name.strip())
    if pid is None:
        raise MoveParseError(f"'{name[:20]}' is not a professional",
                             accepted="professionals: " + ", ".join(PROFESSIONALS))
    pro = PROFESSIONALS[pid]
    move: dict[str, Any] = {"action": "hire", "pro": pid}
    rest = rest.strip()
    if pro.take:
        m = re.fullmatch(r"take\s+(.+)", rest)
        if m is None:
            raise MoveParseError(f"say which lineup cards {pro.name} takes",
                                 accepted=f"for example 'hire {pid}: take rats 1'")
        move["take"] = sort_cards(parse_cards(m.group(1)))
    elif pro.grab:
        m = re.fullmatch(r"take\s+(?:all\s+)?(.+)", rest)
        if m is None:
            raise MoveParseError(f"say which type {pro.name} takes",
                                 accepted=f"for example 'hire {pid}: take sharks'")
        move["type"] = parse_type(m.group(1))
    elif pro.steal:
        m = re.fullmatch(r"rob\s+(.+)", rest)
        if m is None:
            raise MoveParseError(f"say whom {pro.name} robs", accepted=f"for example 'hire {pid}: rob blue'")
        move["rob"] = parse_seat(s, m.group(1))
    elif pro.takeover:
        m = re.fullmatch(r"take\s*over\s+(.+)", rest)
        if m is None:
            raise MoveParseError(f"say what {pro.name} takes over",
                                 accepted=f"for example 'hire {pid}: take over cas3 with rats 2'")
        move.update(parse_takeover(s, m.group(1)))
    elif rest:
        raise MoveParseError(f"{pro.name} needs no more words", accepted=f"hire {pid}")
    return move


# -- co-op -------------------------------------------------------------------------------------

_COOP_HELP = "draw, trade ... for ..., cash in for ..., move to ..., clear out with ..., shut down with ..."


def _parse_coop(s: State, t: str, text: str) -> Any:
    m = re.fullmatch(r"(?:role|be|play)\s+(?:the\s+)?(.+)", t)
    if m is not None:
        wanted = m.group(1).strip()
        for rid in ROLE_IDS:
            if wanted in (rid, ROLES[rid].name.lower()):
                return {"action": "role", "role": rid}
        raise MoveParseError(f"'{wanted[:20]}' is not a role", accepted="roles: " + ", ".join(ROLE_IDS))
    m = re.fullmatch(r"(?:pawn|start|place)\s+(?:at|on|in)\s+(.+)", t)
    if m is not None:
        return {"action": "pawn", "at": list(parse_cell(s, m.group(1)))}
    if t in ("draw", "draw 2", "draw two", "draw cards"):
        return {"action": "draw"}
    common = _parse_shared(s, t)
    if common is not None:
        return common
    m = re.fullmatch(r"move\s+(?:to\s+)?(.+)", t)
    if m is not None:
        return {"action": "move", "to": list(parse_cell(s, m.group(1)))}
    m = re.fullmatch(r"clear\s*out\s+(?:with\s+)?(.+)", t)
    if m is not None:
        return {"action": "clear", "pay": sort_cards(parse_cards(m.group(1)))}
    m = re.fullmatch(r"shut\s*down\s+(?:with\s+)?(.+)", t)
    if m is not None:
        return {"action": "shutdown", "pay": sort_cards(parse_cards(m.group(1)))}
    raise _fail(text, _COOP_HELP)


# -- the printer -------------------------------------------------------------------------------


def format_move(s: State, seat: int, move: Any) -> str:
    if not isinstance(move, dict):
        raise IllegalMove("that is not a move", accepted="for example 'draw'")
    action = move.get("action")
    try:
        return _format(s, action, move)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise IllegalMove("that move is malformed", accepted="for example 'draw'") from exc


def _format(s: State, action: Any, move: dict[str, Any]) -> str:
    if action == "agendas":
        return "agendas " + ", ".join(move["agendas"])
    if action == "draw":
        return "draw"
    if action == "trade":
        return f"trade {card_name(move['give'])} for {move['take']}"
    if action == "cashin":
        return "cash in for " + format_cards(move["take"])
    if action == "takeover":
        return "take over " + format_takeover(s, move)
    if action == "openlot":
        text = f"open lot {move['lot']} at {place_text(s, move['at'])}"
        if move.get("pay") is not None:
            text += " and take over with " + format_cards(move["pay"])
        return text
    if action == "swap":
        return f"swap agenda {move['give']} for {move['take']}"
    if action == "hire":
        pid = move["pro"]
        pro = PROFESSIONALS[pid]
        if pro.take:
            return f"hire {pid}: take " + format_cards(move["take"])
        if pro.grab:
            return f"hire {pid}: take {move['type']}"
        if pro.steal:
            return f"hire {pid}: rob {COLORS[move['rob']]}"
        if pro.takeover:
            return f"hire {pid}: take over " + format_takeover(s, move)
        return f"hire {pid}"
    if action == "role":
        return f"role {move['role']}"
    if action == "pawn":
        return f"pawn at {place_text(s, move['at'])}"
    if action == "move":
        return f"move to {place_text(s, move['to'])}"
    if action == "clear":
        return "clear out with " + format_cards(move["pay"])
    if action == "shutdown":
        return "shut down with " + format_cards(move["pay"])
    raise IllegalMove("that is not a move", accepted="for example 'draw'")
