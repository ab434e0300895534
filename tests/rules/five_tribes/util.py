"""Build specific Five Tribes positions for tests by editing a setup state."""

from __future__ import annotations

from typing import Any

from games.rules.five_tribes import RULES, FiveTribesRules
from games.rules.five_tribes import turn as turn_flow
from games.rules.five_tribes.board import TILE_INDEX

State = dict[str, Any]


def at(name: str) -> int:
    return TILE_INDEX[name]


def position(
    n: int = 3,
    *,
    seat: int = 0,
    meeples: dict[str, str] | None = None,
    tiles: dict[str, tuple[str, int]] | None = None,
    base_kind: tuple[str, int] = ("small_market", 6),
    row: list[str] | None = None,
    djinns_up: list[str] | None = None,
    others: list[int] | None = None,
    rules: FiveTribesRules = RULES,
    **seats: dict[str, Any],
) -> State:
    """A state where *seat* is about to move, on a board of *base_kind* tiles.

    ``meeples`` gives the meeples of some tiles (all others empty), ``tiles``
    overrides tile kinds, ``seats`` edits players: ``p0={"djinns": ["Boaz"]}``.
    ``others`` are the markers still to play after *seat* this round. ``rules``
    is the rules version the state is set up by (version 2 unless told).
    """
    s = rules.setup(n, {}, "test-seed")
    s["tiles"] = [list(base_kind) for _ in range(30)]
    for name, (kind, value) in (tiles or {}).items():
        s["tiles"][at(name)] = [kind, value]
    s["meeples"] = [""] * 30
    for name, m in (meeples or {}).items():
        s["meeples"][at(name)] = m
    s["bag"] = [10, 10, 10, 10, 10]
    if row is not None:
        s["row"] = list(row)
    if djinns_up is not None:
        s["djinns"] = list(djinns_up)
        s["djinn_deck"] = [d for d in s["djinn_deck"] if d not in djinns_up]
    for key, edits in seats.items():
        s["seats"][int(key[1:])].update(edits)
    # Nobody else may hold a Djinn a test hands out.
    held = {d for p in s["seats"] for d in p["djinns"]}
    s["djinn_deck"] = [d for d in s["djinn_deck"] if d not in held]
    s["djinns"] = [d for d in s["djinns"] if d not in held]
    s["phase"] = "play"
    s["queue"] = [seat] + list(others if others is not None else [o for o in range(n) if o != seat])
    s["played"] = []
    s["bid_order"] = []
    turn_flow.start_next_turn(s)
    return s


def play(s: State, *texts: str, rules: FiveTribesRules = RULES) -> State:
    """Apply moves given in notation, each by the seat to act."""
    for text in texts:
        seat = rules.to_act(s)[0]
        s = rules.apply(s, seat, rules.parse_move(s, seat, text))
    return s


def step(s: State) -> str | None:
    return s["turn"]["step"] if s["turn"] else None
