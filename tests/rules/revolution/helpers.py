"""Helpers to reach Revolution! positions through the public API.

``position`` edits a fresh setup directly (states are plain data) for the few
tests that need a particular board; it keeps the token bank consistent so the
conservation invariant still holds. Everything else is played through
``parse_move``/``apply`` as a player would.
"""

from __future__ import annotations

from typing import Any

from games.rules.revolution import RULES
from games.rules.revolution.data import AREA_IDS, COLORS, KINDS, TOKENS_TOTAL

State = dict[str, Any]


def new_game(players: int = 3, **options: Any) -> State:
    return RULES.setup(players, options, "test-seed-" + "x" * 40)


def tokens(f: int = 0, b: int = 0, g: int = 0) -> dict[str, int]:
    return {"force": f, "blackmail": b, "gold": g}


def position(players: int = 3, *, hands: list[dict[str, int]] | None = None,
             board: dict[str, list[int]] | None = None, bank: dict[str, int] | None = None,
             support: list[int] | None = None, **options: Any) -> State:
    """A bidding-phase state with the given hands and cubes (colours by seat order)."""
    state = new_game(players, **options)
    if hands is not None:
        state["hands"] = [dict(h) for h in hands]
    if board is not None:
        for area in AREA_IDS:
            state["board"][area] = list(board.get(area, [0] * players))
    if support is not None:
        state["support"] = list(support)
    held = {k: sum(h[k] for h in state["hands"]) for k in KINDS}
    state["bank"] = dict(bank) if bank is not None else {k: TOKENS_TOTAL[k] - held[k] for k in KINDS}
    return state


def cubes(**by_color: int) -> list[int]:
    """Cube counts for a 4-player board: cubes(red=2, blue=1)."""
    return [by_color.get(c, 0) for c in COLORS]


def bid(state: State, seat: int, text: str) -> State:
    return RULES.apply(state, seat, RULES.parse_move(state, seat, text))


def bids(state: State, *texts: str) -> State:
    """All seats bid, in seat order; the last bid triggers the resolution."""
    for seat, text in enumerate(texts):
        state = bid(state, seat, text)
    return state


def events(state: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state["log"]["events"] if e["kind"] == kind]


def character_event(state: State, character: str) -> dict[str, Any]:
    found = [e for e in events(state, "character") if e["character"] == character]
    assert len(found) == 1, f"no single log entry for the {character}: {state['log']}"
    return found[0]


def token_census(state: State) -> dict[str, int]:
    """All tokens wherever they are: bank, hands, set aside, and on not-yet-evaluated characters."""
    total = dict(state["bank"])
    for pile in (*state["hands"], *state["aside"]):
        for k in KINDS:
            total[k] += pile[k]
    # While bidding, bids are plans and the tokens are still in the hands.
    table = state["resolution"]["table"] if state["phase"] == "choice" else {}
    for per_seat in table.values():
        for toks in per_seat.values():
            for k, n in toks.items():
                total[k] += n
    return total

