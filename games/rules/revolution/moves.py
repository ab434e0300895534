"""Move generation for Revolution!: all legal moves (lazily), random moves, defaults, examples.

The bid space is large (every way to spread each kind of token over twelve
characters), so :func:`legal_moves` is a generator. :func:`random_move` covers
the whole space on purpose: mostly sensible bids, but also bids on more than six
characters and tokens on immune characters, so random playouts exercise the
rules that throw such tokens away.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from games.rules.base import IllegalMove, State

from .data import CHARACTER_IDS, CHARACTER_LIST, CHARACTERS, COLORS, KINDS, MAX_CHARACTERS_PER_BID, SPY
from .engine import normalize_bid, spy_targets, swap_targets, to_act
from .notation import normalize_swap

Move = dict[str, Any]
_ACCEPTING = {kind: [c.id for c in CHARACTER_LIST if kind not in c.immune] for kind in KINDS}


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as an ordered sum of ``parts`` non-negative integers."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _bid_move(spread: dict[str, dict[str, int]]) -> Move:
    return {"action": "bid", "bid": normalize_bid(spread)}


def choice_moves(state: State, seat: int) -> Iterator[Move]:
    """Every legal Spy/Apothecary choice of ``seat``: pass first, then the targets in board order."""
    pending = state["resolution"]["pending"]
    if seat != pending["seat"]:
        return
    yield {"action": "pass"}
    if CHARACTERS[pending["character"]].special == SPY:
        for area, other in spy_targets(state, seat):
            yield {"action": "spy", "area": area, "color": COLORS[other]}
    else:
        for (a1, s1), (a2, s2) in swap_targets(state):
            yield {"action": "swap", "cubes": normalize_swap(
                [{"area": a1, "color": COLORS[s1]}, {"area": a2, "color": COLORS[s2]}])}


def legal_moves(state: State, seat: int) -> Iterator[Move]:
    """Every move ``apply`` accepts from ``seat`` now (bids include ones that draw warnings)."""
    phase = state["phase"]
    if phase == "choice":
        yield from choice_moves(state, seat)
        return
    if phase != "bidding" or not 0 <= seat < state["players"]:
        return
    hand = state["hands"][seat]
    n = len(CHARACTER_IDS)
    for f in _compositions(hand["force"], n):
        for b in _compositions(hand["blackmail"], n):
            for g in _compositions(hand["gold"], n):
                yield _bid_move({cid: {"force": f[i], "blackmail": b[i], "gold": g[i]}
                                 for i, cid in enumerate(CHARACTER_IDS)})


def _place(spread: dict[str, dict[str, int]], cid: str, kind: str) -> None:
    tokens = spread.setdefault(cid, {})
    tokens[kind] = tokens.get(kind, 0) + 1


def random_bid(hand: dict[str, int], rng: random.Random) -> Move:
    tokens = [kind for kind in KINDS for _ in range(hand[kind])]
    spread: dict[str, dict[str, int]] = {}
    roll = rng.random()
    if roll < 0.08:
        # Careless: every token on any character, immunities and the six-limit ignored.
        for kind in tokens:
            _place(spread, rng.choice(CHARACTER_IDS), kind)
    elif roll < 0.12:
        # Deliberately too wide: more than six characters when there are tokens enough.
        chosen = rng.sample(CHARACTER_IDS, rng.randint(MAX_CHARACTERS_PER_BID + 1, len(CHARACTER_IDS)))
        for kind in tokens:
            _place(spread, rng.choice(chosen), kind)
    else:
        # Sensible: a few characters, each token where it counts.
        chosen = rng.sample(CHARACTER_IDS, rng.randint(1, MAX_CHARACTERS_PER_BID))
        for kind in tokens:
            fits = [c for c in chosen if c in _ACCEPTING[kind]]
            if not fits and len(chosen) < MAX_CHARACTERS_PER_BID:
                extra = rng.choice(_ACCEPTING[kind])
                chosen.append(extra)
                fits = [extra]
            _place(spread, rng.choice(fits or chosen), kind)
    return _bid_move(spread)


def random_move(state: State, seat: int, rng: random.Random) -> Move:
    phase = state["phase"]
    if phase == "bidding" and 0 <= seat < state["players"]:
        return random_bid(state["hands"][seat], rng)
    if phase == "choice" and seat == state["resolution"]["pending"]["seat"]:
        # Passing is one option among possibly hundreds; give it a fair chance to be tried.
        if rng.random() < 0.15:
            return {"action": "pass"}
        if CHARACTERS[state["resolution"]["pending"]["character"]].special == SPY:
            area, other = rng.choice(list(spy_targets(state, seat)))
            return {"action": "spy", "area": area, "color": COLORS[other]}
        (a1, s1), (a2, s2) = rng.choice(list(swap_targets(state)))
        return {"action": "swap", "cubes": [{"area": a1, "color": COLORS[s1]}, {"area": a2, "color": COLORS[s2]}]}
    raise _not_awaited(state, seat)


def _not_awaited(state: State, seat: int) -> IllegalMove:
    if state["phase"] == "over":
        return IllegalMove("the game is over; no more moves are accepted")
    who = ", ".join(COLORS[s].capitalize() for s in to_act(state))
    return IllegalMove(f"no move is awaited from seat {seat + 1} now (waiting for {who})")


def _spread_plan(hand: dict[str, int], plan: dict[str, list[str]]) -> Move:
    """Deal each kind of token round-robin over the plan's characters for that kind."""
    spread: dict[str, dict[str, int]] = {}
    for kind in KINDS:
        targets = plan[kind]
        for i in range(hand[kind]):
            _place(spread, targets[i % len(targets)], kind)
    return _bid_move(spread)


# Simple bids that never draw a warning: each target accepts the kind dealt to it,
# and no plan names more than six characters.
_PLANS: tuple[dict[str, list[str]], ...] = (
    {"force": ["printer"], "blackmail": ["printer"], "gold": ["printer"]},
    {"force": ["priest"], "blackmail": ["general"], "gold": ["mercenary"]},
    {"force": ["innkeeper"], "blackmail": ["captain"], "gold": ["merchant", "rogue"]},
    {"force": ["magistrate"], "blackmail": ["aristocrat"], "gold": ["apothecary", "spy"]},
)


def default_move(state: State, seat: int) -> Move:
    """Everything on the Printer (10 Support) when a bid is due; pass on a choice."""
    phase = state["phase"]
    if phase == "bidding" and 0 <= seat < state["players"]:
        return _spread_plan(state["hands"][seat], _PLANS[0])
    if phase == "choice" and seat == state["resolution"]["pending"]["seat"]:
        return {"action": "pass"}
    raise _not_awaited(state, seat)


def example_moves(state: State, seat: int) -> list[Move]:
    phase = state["phase"]
    if phase == "bidding" and 0 <= seat < state["players"]:
        moves: list[Move] = []
        for plan in _PLANS:
            move = _spread_plan(state["hands"][seat], plan)
            if move not in moves:
                moves.append(move)
        return moves
    if phase == "choice":
        moves = list(choice_moves(state, seat))
        return moves[1:4] + moves[:1]
    return []
