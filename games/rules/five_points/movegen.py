"""Move generation: every legal move, a random legal move, and the deadline default.

``random_move`` never builds the full list during placement (the bid space is
large and placement moves are most of a game): it picks pass / place / place
with a bid, then a tile, marker and amount, each uniformly among the legal ones,
so every legal move has a chance and playouts reach every rule.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from . import choices
from .markers import letter
from .placement import min_bid

State = dict[str, Any]
Move = dict[str, Any]

# Chance that a random player passes when it could place; low enough that the
# markers get bid on, high enough that rounds do not always drain every HQ.
PASS_CHANCE = 0.15
BID_CHANCE = 0.4
SKIP_CHANCE = 0.15


def legal_moves(state: State, seat: int) -> Iterator[Move]:
    """All legal moves of ``seat`` now (lazy), in a fixed order."""
    if state["phase"] == "placement":
        if state["current"] != seat:
            return
        yield from _placement_moves(state, seat)
    elif state["phase"] == "resolution" and state["pending"] and state["pending"]["seat"] == seat:
        yield from choices.options(state)


def _placement_moves(state: State, seat: int) -> Iterator[Move]:
    hq = state["hq"][seat]
    count = len(state["tiles"])
    if hq >= 1:
        for tile in range(1, count + 1):
            yield {"action": "place", "tile": tile}
        for marker in range(len(state["markers"])):
            for bid in range(min_bid(state, seat, marker), hq):
                for tile in range(1, count + 1):
                    yield {"action": "place", "tile": tile, "marker": letter(marker), "bid": bid}
    yield {"action": "pass"}


def placement_samples(state: State, seat: int) -> list[Move]:
    """The first two plain placements, the first and the last bid, in ``legal_moves``' order, then the pass:
    what example moves show, found without walking the hundreds of bids in between."""
    hq = state["hq"][seat]
    count = len(state["tiles"])
    if hq < 1:
        return [{"action": "pass"}]
    samples: list[Move] = [{"action": "place", "tile": tile} for tile in range(1, min(count, 2) + 1)]
    open_markers = [marker for marker in range(len(state["markers"])) if min_bid(state, seat, marker) < hq]
    if open_markers and count:
        first, last = open_markers[0], open_markers[-1]
        samples.append({"action": "place", "tile": 1, "marker": letter(first), "bid": min_bid(state, seat, first)})
        samples.append({"action": "place", "tile": count, "marker": letter(last), "bid": hq - 1})
    samples.append({"action": "pass"})
    return samples


def random_move(state: State, seat: int, rng: random.Random) -> Move:
    """A legal move chosen with ``rng`` only."""
    if state["phase"] == "placement":
        return _random_placement(state, seat, rng)
    options = list(choices.options(state))
    # Skipping an optional effect is one answer among hundreds of tile moves or
    # smuggles; give it a fair chance of its own so playouts exercise it.
    if options[0]["action"] == "skip" and len(options) > 1:
        if rng.random() < SKIP_CHANCE:
            return options[0]
        options = options[1:]
    return options[rng.randrange(len(options))]


def _random_placement(state: State, seat: int, rng: random.Random) -> Move:
    hq = state["hq"][seat]
    if hq < 1 or rng.random() < PASS_CHANCE:
        return {"action": "pass"}
    tile = rng.randint(1, len(state["tiles"]))
    if hq >= 2 and rng.random() < BID_CHANCE:
        affordable = [m for m in range(len(state["markers"])) if min_bid(state, seat, m) <= hq - 1]
        if affordable:
            marker = affordable[rng.randrange(len(affordable))]
            bid = rng.randint(min_bid(state, seat, marker), hq - 1)
            return {"action": "place", "tile": tile, "marker": letter(marker), "bid": bid}
    return {"action": "place", "tile": tile}


def default_move(state: State, seat: int) -> Move:
    """What happens at a deadline: pass, skip an optional effect, else the first choice."""
    if state["phase"] == "placement":
        return {"action": "pass"}
    return next(choices.options(state))
