"""Move generators of the co-op game: every legal move (lazily), a random one, the default one.

The default turn (R43) takes no card from the draw deck while another action
is legal: it moves the pawn (to the first reachable card) while Move may still
be taken this turn, then clears out or shuts down if it can, and draws only
when nothing else is left.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from games.rules.base import State

from .city import cell_of
from .coop import action_allowed, clear_payments, destinations, free_roles, role_of, shutdown_payments
from .data import CASH
from .moves import lineup_picks, trade_moves

DRAW: dict[str, Any] = {"action": "draw"}


def legal_moves(s: State, seat: int) -> Iterator[dict[str, Any]]:
    if s["phase"] == "over" or s["turn"] != seat:
        return
    if s["phase"] == "roles":
        for role in free_roles(s):
            yield {"action": "role", "role": role}
        return
    if s["phase"] == "pawns":
        for entry in sorted(s["city"], key=lambda e: (e["y"], e["x"])):
            yield {"action": "pawn", "at": list(cell_of(entry))}
        return
    if action_allowed(s, "draw"):
        yield dict(DRAW)
    if action_allowed(s, "trade"):
        yield from trade_moves(s, seat)
    if action_allowed(s, "cashin") and CASH in s["hands"][seat]:
        for pick in lineup_picks(s["lineup"], role_of(s, seat).cashin_take):
            yield {"action": "cashin", "take": pick}
    if action_allowed(s, "move"):
        for cell in destinations(s, seat):
            yield {"action": "move", "to": list(cell)}
    if action_allowed(s, "shutdown"):
        for pay in shutdown_payments(s, seat):
            yield {"action": "shutdown", "pay": pay}
    if action_allowed(s, "clear"):
        for pay in clear_payments(s, seat):
            yield {"action": "clear", "pay": pay}


def random_move(s: State, seat: int, rng: random.Random) -> dict[str, Any]:
    if s["phase"] in ("roles", "pawns"):
        return rng.choice(list(legal_moves(s, seat)))
    # Shut down and clear out when possible, as a team trying to win would.
    if action_allowed(s, "shutdown") and rng.random() < 0.9:
        pays = _first(shutdown_payments(s, seat), 30)
        if pays:
            return {"action": "shutdown", "pay": rng.choice(pays)}
    if action_allowed(s, "clear") and rng.random() < 0.8:
        pays = _first(clear_payments(s, seat), 30)
        if pays:
            return {"action": "clear", "pay": rng.choice(pays)}
    kinds = [k for k in ("draw", "trade", "move") if action_allowed(s, k)]
    if action_allowed(s, "cashin") and CASH in s["hands"][seat]:
        kinds.append("cashin")
    kind = rng.choice(kinds)
    if kind == "trade" and s["hands"][seat]:
        return rng.choice(list(trade_moves(s, seat)))
    if kind == "cashin":
        picks = lineup_picks(s["lineup"], role_of(s, seat).cashin_take)
        if picks:
            return {"action": "cashin", "take": rng.choice(picks)}
    if kind == "move":
        return {"action": "move", "to": list(rng.choice(destinations(s, seat)))}
    if action_allowed(s, "draw"):
        return dict(DRAW)
    return {"action": "move", "to": list(rng.choice(destinations(s, seat)))}


def _first(moves: Iterator[list[str]], limit: int) -> list[list[str]]:
    out = []
    for pay in moves:
        out.append(pay)
        if len(out) >= limit:
            break
    return out


def default_move(s: State, seat: int) -> dict[str, Any]:
    if s["phase"] == "roles":
        return {"action": "role", "role": free_roles(s)[0]}
    if s["phase"] == "pawns":
        return next(legal_moves(s, seat))
    if action_allowed(s, "move"):
        return {"action": "move", "to": list(destinations(s, seat)[0])}
    if action_allowed(s, "shutdown"):
        for pay in shutdown_payments(s, seat):
            return {"action": "shutdown", "pay": pay}
    if action_allowed(s, "clear"):
        for pay in clear_payments(s, seat):
            return {"action": "clear", "pay": pay}
    if action_allowed(s, "draw"):
        return dict(DRAW)
    return next(legal_moves(s, seat))
