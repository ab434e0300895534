"""What a seat decides next (``choices``), for the web page, the API and mail examples.

Decisions (``Decision.kind``):

``"agendas"`` (competitive round set-up, every seat that has not chosen)
    All 28 pairs of agendas, complete.
``"turn"`` (competitive, the seat to play)
    The legal moves in groups (draw, trade, cashin, swap, hire, openlot,
    takeover), listed up to :data:`LIMIT`; ``complete`` only when that is all
    of them. ``detail`` feeds the page's take-over builder::

        {"hand": [...], "lineup": [...], "briefcases": 2, "supply": 11, "cash_in": 2,
         "targets": [{"cell": [x, y], "label": "B3", "name": ..., "cost": 3, "connection": 1,
                      "suits": ["rats", "weasels"] | null, "any_suit": false, "cash_value": 1,
                      "owner": 1 | null,
                      "walks": [[{"cell": [x, y], "label": "C3", "to": 2 | null}, ...], ...]}, ...],
         "lot": [{"number": 1, "card": "fac3", "cost": 3}], "lot_cells": [{"cell": [x, y], "label": "A3"}],
         "agendas": [...], "stack": [...]}

``"role"``, ``"pawn"`` (co-op set-up) list every option; ``"action"`` (co-op
turn) lists the legal actions like ``"turn"``, with ``detail`` giving the hand,
the pawn's card and what Clear Out and Shut Down would cost there.

Everything here is computed for the seat itself: its own hand and agendas and
the public table.
"""

from __future__ import annotations

from typing import Any, Iterator

from games.rules.base import Choice, Decision, State
from games.rules.kept import position_cache

from . import coop_moves, moves, takeover
from .actions import cash_in_count, open_lot_cells
from .city import label, layout, shortest_walks
from .common import cards_text, controller, owned_cells
from .coop import ACTION_TITLES, pawn_entry, role_of, suits_text
from .data import AGENDAS, COLORS, PROFESSIONALS, PROPERTIES, ROLES
from .engine import to_act
from .notation import format_move, place_text

LIMIT = 150
_GROUPS = (("draw", "Draw"), ("trade", "Trade"), ("cashin", "Cash in"), ("swap", "Swap agenda"),
           ("hire", "Hire a professional"), ("openlot", "Open a lot"), ("takeover", "Take over"))
_COOP_GROUPS = (("draw", "Draw"), ("trade", "Trade"), ("cashin", "Cash in"), ("move", "Move"),
                ("clear", "Clear Out"), ("shutdown", "Shut Down"))


def choices(s: State, seat: int) -> Decision | None:
    if not isinstance(seat, int) or seat not in to_act(s):
        return None
    if s["mode"] == "coop":
        return _coop_decision(s, seat)
    if s["phase"] == "agendas":
        options = tuple(Choice(m, format_move(s, seat, m),
                               label=" + ".join(AGENDAS[a].name for a in m["agendas"]))
                        for m in moves.agenda_moves())
        prompt = f"Choose two agendas for round {s['round']} (secret)"
        return Decision(seat=seat, kind="agendas", prompt=prompt, options=options,
                        detail={"agendas": [{"id": a, "name": AGENDAS[a].name} for a in AGENDAS]})
    listed, complete = _listed(s, seat, moves.legal_moves(s, seat))
    return Decision(seat=seat, kind="turn", prompt=f"Your turn in round {s['round']}: one action",
                    options=tuple(listed), complete=complete, groups=_GROUPS, detail=turn_detail(s, seat))


def _listed(s: State, seat: int, generator: Iterator[dict[str, Any]]) -> tuple[list[Choice], bool]:
    options: list[Choice] = []
    for move in generator:
        if len(options) >= LIMIT:
            return options, False
        text = format_move(s, seat, move)
        options.append(Choice(move, text, label=_label(s, move, text), group=move["action"]))
    return options, True


def _label(s: State, move: dict[str, Any], text: str) -> str:
    action = move["action"]
    if action == "draw":
        return "Draw 2 cards" if s["mode"] == "coop" else "Draw"
    if action == "hire":
        return PROFESSIONALS[move["pro"]].name + text[len("hire " + move["pro"]):]
    return text[0].upper() + text[1:]


def turn_detail(s: State, seat: int) -> dict[str, Any]:
    hand = s["hands"][seat]
    city = s["city"]
    names = layout(city)  # one look-up of the city's layout for every name below
    own = owned_cells(s, seat)
    ctx = takeover.context(s, seat)  # the seat's perks and reach, the same for every target
    here = ctx.here
    targets = []
    for cell in takeover.targets(s, seat):
        t = takeover.terms(s, seat, cell, ctx=ctx)
        walks = []
        if t.connection:
            for walk in shortest_walks(city, own, cell, limit=8):
                walks.append([{"cell": list(c), "label": names.label(c),
                               "to": controller(here[c]) if controller(here[c]) != seat else None}
                              for c in walk])
        targets.append({"cell": list(cell), "label": names.label(cell), "code": t.card.id,
                        "name": t.card.name, "cost": t.cost,
                        "connection": t.connection, "suits": list(t.card.suits) if t.card.suits else None,
                        "any_suit": t.any_suit, "cash_value": t.cash_value, "owner": t.owner, "walks": walks,
                        "affordable": any(len(hand) - len(p) >= t.connection for p in takeover.payments(hand, t))})
    lot = []
    for number, card in enumerate(s["lot"], 1):
        lot.append({"number": number, "card": card, "name": PROPERTIES[card].name,
                    "cost": PROPERTIES[card].value})
    pros = s.get("pros")
    return {
        "hand": list(hand),
        "lineup": list(s["lineup"]),
        "briefcases": s["briefcases"][seat],
        "supply": s["supply"][seat],
        "cash_in": cash_in_count(s),
        "targets": targets,
        "lot": lot if s["briefcases"][seat] > 0 else [],
        "lot_cells": [{"cell": list(c), "label": names.label(c), "place": place_text(s, c)}
                      for c in open_lot_cells(s)],
        "agendas": list(s["agendas"][seat]),
        "stack": [a for a in AGENDAS if a not in s["agendas"][seat]],
        "pros": list(pros["row"]) if pros and s["briefcases"][seat] > 0 else [],
        "colors": list(COLORS[:s["players"]]),
    }


def _coop_decision(s: State, seat: int) -> Decision:
    if s["phase"] == "roles":
        options = tuple(Choice(m, format_move(s, seat, m),
                               label=f"{ROLES[m['role']].name}: {ROLES[m['role']].text}")
                        for m in coop_moves.legal_moves(s, seat))
        return Decision(seat=seat, kind="role", prompt="Choose your role", options=options)
    if s["phase"] == "pawns":
        options = tuple(Choice(m, format_move(s, seat, m), label=format_move(s, seat, m))
                        for m in coop_moves.legal_moves(s, seat))
        return Decision(seat=seat, kind="pawn", prompt="Place your pawn on a property card", options=options)
    listed, complete = _listed(s, seat, coop_moves.legal_moves(s, seat))
    step = len(s["actions"]) + 1
    entry = pawn_entry(s, seat)
    card = PROPERTIES[entry["card"]]
    role = role_of(s, seat)
    detail = {
        "hand": list(s["hands"][seat]),
        "lineup": list(s["lineup"]),
        "actions": list(s["actions"]),
        "pawn": {"cell": [entry["x"], entry["y"]], "label": label(s["city"], (entry["x"], entry["y"])),
                 "name": card.name, "value": card.value, "mob": entry["mob"], "down": entry["down"],
                 "clear_with": suits_text(s, seat, entry, "clear"),
                 "shutdown_with": suits_text(s, seat, entry, "shutdown")},
        "role": {"id": role.id, "name": role.name, "text": role.text},
        "cash_in": role.cashin_take,
    }
    taken = ", ".join(ACTION_TITLES[a] for a in s["actions"])
    prompt = (f"Action {step} of 3" + (f" (taken: {taken})" if taken else "")
              + f"; your hand: {cards_text(s['hands'][seat])}")
    return Decision(seat=seat, kind="action", prompt=prompt, options=tuple(listed), complete=complete,
                    groups=_COOP_GROUPS, detail=detail)


EXAMPLES_USUAL = 5  # lists are worked out at least this long and cut: a page's two lists are one


def example_texts(s: State, seat: int, limit: int) -> list[str]:
    """:func:`example_moves` in notation, kept for the last few positions asked about.

    A page asks for them twice over (its own list, and the turn description's
    shorter one: the first of the same), each time walking hundreds of legal moves.
    """
    if limit < 0:  # a list cut from its end: not the first of a longer one
        return [format_move(s, seat, m) for m in example_moves(s, seat, limit)]
    return list(_examples(_Position(s, seat, max(limit, EXAMPLES_USUAL)))[:limit])


class _Position:
    """A question about a position as a cache key: a position is plain data, so its repr names it exactly.

    A position changed in place after it was asked about has another repr, so another key.
    """

    __slots__ = ("state", "key", "_hash")

    def __init__(self, state: State | None, seat: int, length: int) -> None:
        self.state = state
        self.key = (seat, length, repr(state))
        self._hash = hash(self.key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Position) and self.key == other.key


@position_cache(maxsize=32)
def _examples(position: _Position) -> tuple[str, ...]:
    s, (seat, length, _) = position.state, position.key
    position.state = None  # the key keeps its text only, not the caller's position
    assert s is not None
    return tuple(format_move(s, seat, m) for m in example_moves(s, seat, length))


def example_moves(s: State, seat: int, limit: int) -> list[dict[str, Any]]:
    """A few legal moves of different kinds, for turn mails."""
    generator = coop_moves.legal_moves(s, seat) if s["mode"] == "coop" else moves.legal_moves(s, seat)
    seen: dict[str, dict[str, Any]] = {}
    late: list[dict[str, Any]] = []
    for index, move in enumerate(generator):
        if move["action"] not in seen:
            seen[move["action"]] = move
        elif len(late) < limit:
            late.append(move)
        if index > 400 or len(seen) >= 7:
            break
    picked = list(seen.values())
    # Takeovers first: they are what the notation help is most needed for.
    picked.sort(key=lambda m: m["action"] not in ("takeover", "shutdown", "clear"))
    return (picked + late)[:limit]
