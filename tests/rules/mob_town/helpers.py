"""Building Mob Town positions by hand for the rules tests.

``table(...)`` starts a competitive game past its agenda choice and then lays
down exactly the city, hands, lineup and deck a test names, so each test reads
like the situation it checks::

    s = table(["res2", "cas3"], hands=[["rats2"], []], tokens={"cas3": [1]})

Cities are given as card codes laid out along a row from (0, 0) unless cells
are given (``{"res2": (0, 0), "cas3": (2, 0)}``).
"""

from __future__ import annotations

import copy
from typing import Any, Mapping, Sequence

from games.rules import get_rules

RULES = get_rules("mob_town")


def chosen(state: dict[str, Any], agendas: Sequence[Sequence[str]] | None = None) -> dict[str, Any]:
    """Every seat still choosing chooses its agendas (the given ones, or casinos + types)."""
    for seat in RULES.to_act(state):
        pair = list(agendas[seat]) if agendas else ["casinos", "types"]
        state = RULES.apply(state, seat, {"action": "agendas", "agendas": pair})
    return state


def table(city: Sequence[str] | Mapping[str, tuple[int, int]], *, players: int = 2,
          hands: Sequence[Sequence[str]] | None = None, tokens: Mapping[str, list[int]] | None = None,
          lineup: Sequence[str] = ("rats1", "sharks2", "snakes3", "weasels1", "cash"),
          deck: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
          agendas: Sequence[Sequence[str]] | None = None, turn: int = 0, lot: Sequence[str] | None = None,
          seed: str = "table") -> dict[str, Any]:
    state = chosen(RULES.setup(players, dict(options or {}), seed), agendas)
    state = copy.deepcopy(state)
    if isinstance(city, Mapping):
        cells = dict(city)
    else:
        cells = {card: (i, 0) for i, card in enumerate(city)}
    state["city"] = [{"x": x, "y": y, "card": card, "tokens": list((tokens or {}).get(card, []))}
                     for card, (x, y) in cells.items()]
    state["last"] = list(cells[list(cells)[-1]])
    if hands is not None:
        state["hands"] = [sorted_cards(h) for h in hands]
    state["lineup"] = list(lineup)
    if deck is not None:
        state["deck"] = list(deck)
    if lot is not None:
        state["lot"] = list(lot)
    used = {t for stack in state["city"] for t in stack["tokens"]}
    state["supply"] = [12 - sum(stack["tokens"].count(seat) for stack in state["city"])
                       for seat in range(players)]
    assert used <= set(range(players))
    state["turn"] = turn
    return state


def sorted_cards(cards: Sequence[str]) -> list[str]:
    from games.rules.mob_town.data import sort_cards

    return sort_cards(list(cards))


def at(state: dict[str, Any], card: str) -> list[int]:
    """The cell of a city card, as moves name it."""
    for e in state["city"]:
        if e["card"] == card:
            return [e["x"], e["y"]]
    raise AssertionError(f"{card} is not in the city")


def stack(state: dict[str, Any], card: str) -> list[int]:
    for e in state["city"]:
        if e["card"] == card:
            return list(e["tokens"])
    raise AssertionError(f"{card} is not in the city")


def play(state: dict[str, Any], seat: int, text: str) -> dict[str, Any]:
    """Parse and apply one move written in the notation."""
    return RULES.apply(state, seat, RULES.parse_move(state, seat, text))


def coop_table(players: int = 2, *, options: Mapping[str, Any] | None = None, seed: str = "coop",
               roles: Sequence[str] = ("detective", "patrol", "inspector", "handler")) -> dict[str, Any]:
    """A co-op game past role choice and pawn placement (each pawn on the first city card)."""
    state = RULES.setup(players, {"mode": "coop", **dict(options or {})}, seed)
    for seat in range(players):
        state = RULES.apply(state, seat, {"action": "role", "role": roles[seat]})
    first = [state["city"][0]["x"], state["city"][0]["y"]]
    for seat in range(players):
        state = RULES.apply(state, seat, {"action": "pawn", "at": first})
    return state
