"""Moving meeples: checking a move, carrying it out, and generating moves.

A movement is ``{"t": "move", "from": "C3", "path": ["C4", "D4", "E4"],
"drops": "GBB"}``: pick up every meeple on ``from``, then drop ``drops[i]`` on
``path[i]``. The rules checked:

* the path has one tile per meeple picked up, each orthogonally adjacent to the
  previous one (the first to ``from``);
* no immediate backtracking (``path[i] != path[i-2]``), but loops are fine and
  empty or owned tiles may be crossed;
* the last meeple lands on a tile that holds, at that moment, a meeple of its
  colour (meeples dropped earlier in the same move count: that is what the tile
  "already contains" when the last one arrives).

Generation works on reachability layers: the states after *s* steps are
``(tile, previous tile, seen)``, where ``seen`` records whether a chosen target
tile was already dropped on (needed only for loop endings). That makes
"is there any legal move" cheap and lets random moves be sampled without
enumerating the (often huge) move space.

For a page that builds a move by clicking, :func:`starts`,
:func:`continuations` and :func:`finishing_colours` offer only the tiles and
colours that can still lead to a legal movement.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterator

from games.rules.base import IllegalMove

from .board import NEIGHBOURS, TILE_INDEX, TILE_NAMES
from .data import COLOUR_NAMES, COLOURS, TRIBE_NAMES
from .state import MoveDict, State, gain_gold, owner_of

Layer = set[tuple[int, int, bool]]


def _forward(start: int, k: int, target: int = -1) -> list[Layer]:
    """All walk states after 0..k steps from *start* without immediate backtracking."""
    layer: Layer = {(start, -1, False)}
    layers = [layer]
    for step in range(k):
        nxt: Layer = set()
        for tile, prev, seen in layer:
            seen2 = seen or (tile == target and step >= 1)
            for n in NEIGHBOURS[tile]:
                if n != prev:
                    nxt.add((n, tile, seen2))
        layers.append(nxt)
        layer = nxt
    return layers


def _has_double(hand: str) -> bool:
    return len(set(hand)) < len(hand)


def _loop_possible(hand: str) -> bool:
    # Ending on a tile dropped on earlier needs a cycle (at least 4 steps after
    # the first drop there) and two meeples of the finishing colour.
    return len(hand) >= 5 and _has_double(hand)


def _end_ok(board: list[str], hand: str, state: tuple[int, int, bool]) -> bool:
    tile, _, seen = state
    here = board[tile]
    if here and any(c in here for c in hand):
        return True
    return seen and _has_double(hand)


def _after_pickup(s: State, start: int) -> list[str]:
    board = list(s["meeples"])
    board[start] = ""
    return board


def _walk_back(layers: list[Layer], end: tuple[int, int, bool], target: int,
               rng: random.Random | None) -> list[int]:
    """One walk (tiles at steps 1..k) from the start to *end*, chosen at random or first."""
    k = len(layers) - 1
    path = [end[0]]
    cur = end
    for step in range(k - 1, 0, -1):
        preds = [
            p for p in layers[step]
            if p[0] == cur[1] and p[1] != cur[0] and (p[2] or (p[0] == target and step >= 1)) == cur[2]
        ]
        preds.sort()
        cur = rng.choice(preds) if rng else preds[0]
        path.append(cur[0])
    path.reverse()
    return path


def _choose_drops(board: list[str], hand: str, path: list[int], rng: random.Random | None) -> str | None:
    """A drop order for *path* that satisfies the last-meeple rule, or None."""
    final = path[-1]
    k = len(path)
    counts = Counter(hand)
    options: list[tuple[str, int]] = []  # (colour, earlier index to pre-drop it or -1)
    for c in sorted(counts, key=COLOURS.index):
        if c in board[final]:
            options.append((c, -1))
        elif counts[c] >= 2:
            for j in range(k - 1):
                if path[j] == final:
                    options.append((c, j))
    if not options:
        return None
    c, j = rng.choice(options) if rng else options[0]
    rest = list(hand)
    rest.remove(c)
    drops: list[str | None] = [None] * k
    drops[-1] = c
    if j >= 0:
        rest.remove(c)
        drops[j] = c
    if rng:
        rng.shuffle(rest)
    else:
        rest.sort(key=COLOURS.index)
    it = iter(rest)
    return "".join(d if d is not None else next(it) for d in drops)


def _move(start: int, path: list[int], drops: str) -> MoveDict:
    return {"t": "move", "from": TILE_NAMES[start], "path": [TILE_NAMES[t] for t in path], "drops": drops}


def _sample_from(s: State, start: int, rng: random.Random | None, loops: bool) -> MoveDict | None:
    hand = s["meeples"][start]
    k = len(hand)
    board = _after_pickup(s, start)
    layers = _forward(start, k)
    ends = sorted(e for e in layers[k] if _end_ok(board, hand, e))
    if loops and _loop_possible(hand):
        # Also consider ending on a tile dropped on earlier in the same move.
        targets = sorted({e[0] for e in layers[k]})
        if rng:
            rng.shuffle(targets)
        for target in targets:
            tl = _forward(start, k, target)
            tends = sorted(e for e in tl[k] if e[0] == target and _end_ok(board, hand, e))
            if tends:
                end = rng.choice(tends) if rng else tends[0]
                path = _walk_back(tl, end, target, rng)
                drops = _choose_drops(board, hand, path, rng)
                if drops is not None:
                    return _move(start, path, drops)
    if not ends:
        return None
    end = rng.choice(ends) if rng else ends[0]
    path = _walk_back(layers, end, -1, rng)
    drops = _choose_drops(board, hand, path, rng)
    return _move(start, path, drops) if drops is not None else None


def sample_movement(s: State, rng: random.Random | None = None) -> MoveDict | None:
    """A legal movement chosen at random (or the first one when *rng* is None); None if none."""
    starts = [i for i, m in enumerate(s["meeples"]) if m]
    if rng:
        rng.shuffle(starts)
    # Loop endings are rare; look for them in a fraction of random draws so every
    # legal movement keeps a chance, and always before concluding there is none.
    loops_first = rng is not None and rng.random() < 0.15
    for start in starts:
        move = _sample_from(s, start, rng, loops_first)
        if move:
            return move
    if not loops_first:
        for start in starts:
            if _loop_possible(s["meeples"][start]):
                move = _sample_from(s, start, rng, True)
                if move:
                    return move
    return None


def any_movement(s: State) -> bool:
    """Whether any legal meeple movement exists (end condition and ``pass``)."""
    meeples = s["meeples"]
    starts = [i for i, m in enumerate(meeples) if m]
    for start in starts:
        hand = meeples[start]
        colours = set(hand)
        layers = _forward(start, len(hand))
        for tile, _, _ in layers[-1]:
            if tile != start and colours.intersection(meeples[tile]):
                return True
    for start in starts:
        if _loop_possible(meeples[start]) and _sample_from(s, start, None, True):
            return True
    return False


def _multiset_perms(counts: dict[str, int], k: int) -> Iterator[str]:
    if k == 0:
        yield ""
        return
    for c in COLOURS:
        if counts.get(c):
            counts[c] -= 1
            for rest in _multiset_perms(counts, k - 1):
                yield c + rest
            counts[c] += 1


def iter_movements(s: State) -> Iterator[MoveDict]:
    """Every legal movement, lazily (the full space can be very large)."""
    meeples = s["meeples"]
    for start in range(len(meeples)):
        hand = meeples[start]
        if not hand:
            continue
        k = len(hand)
        board = _after_pickup(s, start)
        reach = _forward(start, k)
        loop_ok = _loop_possible(hand)
        for target in sorted({e[0] for e in reach[k]}):
            if not (loop_ok or set(hand).intersection(board[target])):
                continue
            layers = _forward(start, k, target)
            good: list[Layer] = [set() for _ in range(k + 1)]
            good[k] = {e for e in layers[k] if e[0] == target and _end_ok(board, hand, e)}
            if not good[k]:
                continue
            for step in range(k - 1, -1, -1):
                for st in layers[step]:
                    tile, prev, seen = st
                    seen2 = seen or (tile == target and step >= 1)
                    if any((n, tile, seen2) in good[step + 1] for n in NEIGHBOURS[tile] if n != prev):
                        good[step].add(st)
            yield from _paths_and_drops(board, hand, start, target, good)


def _paths_and_drops(board: list[str], hand: str, start: int, target: int,
                     good: list[Layer]) -> Iterator[MoveDict]:
    k = len(hand)

    def walk(state: tuple[int, int, bool], step: int, path: list[int]) -> Iterator[list[int]]:
        if step == k:
            yield list(path)
            return
        tile, prev, seen = state
        seen2 = seen or (tile == target and step >= 1)
        for n in NEIGHBOURS[tile]:
            nxt = (n, tile, seen2)
            if n != prev and nxt in good[step + 1]:
                path.append(n)
                yield from walk(nxt, step + 1, path)
                path.pop()

    for path in walk((start, -1, False), 0, []):
        for perm in _multiset_perms(dict(Counter(hand)), k):
            c = perm[-1]
            if c in board[target] or any(path[j] == target and perm[j] == c for j in range(k - 1)):
                yield _move(start, path, perm)


def check_movement(s: State, move: MoveDict) -> tuple[int, list[int], str]:
    """Validate a movement; returns (start, path indices, drops) or raises IllegalMove."""
    start_name = move.get("from")
    start = TILE_INDEX.get(start_name) if isinstance(start_name, str) else None
    if start is None:
        raise IllegalMove(f"{start_name!r} is not a tile", accepted="tiles are A1 to F5")
    hand = s["meeples"][start]
    if not hand:
        raise IllegalMove(f"{start_name} has no meeples to pick up",
                          accepted="start on a tile that holds at least one meeple")
    names = move.get("path")
    if not isinstance(names, list) or not names:
        raise IllegalMove("name the tiles your meeples are dropped on after the start tile")
    path = []
    for name in names:
        idx = TILE_INDEX.get(name) if isinstance(name, str) else None
        if idx is None:
            raise IllegalMove(f"{name!r} is not a tile", accepted="tiles are A1 to F5")
        path.append(idx)
    if len(path) != len(hand):
        raise IllegalMove(
            f"{start_name} holds {len(hand)} meeple{'s' if len(hand) != 1 else ''}, so the path must name "
            f"{len(hand)} tile{'s' if len(hand) != 1 else ''} after {start_name} (you named {len(path)})"
        )
    prev2, prev = -1, start
    for idx in path:
        if idx not in NEIGHBOURS[prev]:
            raise IllegalMove(
                f"tile {TILE_NAMES[idx]} is not adjacent to {TILE_NAMES[prev]} — a path moves one tile "
                "up, down, left or right"
            )
        if idx == prev2:
            raise IllegalMove(
                f"you cannot step straight back from {TILE_NAMES[prev]} to {TILE_NAMES[idx]} — no immediate "
                "backtracking (you may come back later in a loop)"
            )
        prev2, prev = prev, idx
    drops = move.get("drops")
    if not isinstance(drops, str) or sorted(drops) != sorted(hand):
        held = " ".join(COLOUR_NAMES[c] for c in sorted(hand, key=COLOURS.index))
        raise IllegalMove(f"the drops must be exactly the meeples picked up on {start_name}: {held}")
    board = _after_pickup(s, start)
    for idx, c in zip(path[:-1], drops[:-1]):
        board[idx] += c
    final, last = path[-1], drops[-1]
    if last not in board[final]:
        raise IllegalMove(
            f"you cannot end on {TILE_NAMES[final]}: it holds no {TRIBE_NAMES[last]} to pick up with your "
            f"last meeple ({COLOUR_NAMES[last]})",
            accepted="the last meeple must land on a tile that already has a meeple of its colour",
        )
    return start, path, drops


def carry_out(s: State, seat: int, start: int, path: list[int], drops: str) -> tuple[int, str, int]:
    """Do a checked movement on a cloned state; returns (final tile, colour, meeples collected)."""
    meeples = s["meeples"]
    meeples[start] = ""
    marid = owner_of(s, "Marid")
    marid_gold = 0
    camels = s["camels"]
    for idx, c in zip(path, drops):
        meeples[idx] += c
        if marid is not None and camels[idx] == marid:
            marid_gold += 1 if seat == marid else 2
    final, colour = path[-1], drops[-1]
    n = meeples[final].count(colour)
    meeples[final] = meeples[final].replace(colour, "")
    if marid is not None:
        gain_gold(s, marid, marid_gold, "Marid")
    return final, colour, n


# -- building a move step by step (web page: offer only legal continuations) -----


def _prefix_ok(s: State, start: int, path: list[int]) -> bool:
    """Whether some legal movement from *start* begins with *path* (tile indices)."""
    hand = s["meeples"][start]
    k = len(hand)
    if not hand or len(path) > k:
        return False
    prev2, prev = -1, start
    for idx in path:
        if idx not in NEIGHBOURS[prev] or idx == prev2:
            return False
        prev2, prev = prev, idx
    board = _after_pickup(s, start)
    here, before = prev, prev2
    rest = k - len(path)
    layer = {(here, before)}
    for _ in range(rest):
        layer = {(n, tile) for tile, prv in layer for n in NEIGHBOURS[tile] if n != prv}
    ends = {tile for tile, _ in layer}
    colours = set(hand)
    if any(colours.intersection(board[t]) for t in ends):
        return True
    if not _loop_possible(hand):
        return False
    # Loop endings: the end tile must also take a drop earlier in the move.
    for target in ends:
        seen = target in (path if rest else path[:-1])
        states = {(here, before, seen)}
        step = len(path)
        for _ in range(rest):
            states = {
                (n, tile, sn or (tile == target and step >= 1))
                for tile, prv, sn in states for n in NEIGHBOURS[tile] if n != prv
            }
            step += 1
        if any(tile == target and sn for tile, _, sn in states):
            return True
    return False


def continuations(s: State, start: str, path: list[str]) -> list[str]:
    """The tiles the next meeple may be dropped on so that the move can still end legally.

    ``path`` is the tiles chosen so far after *start*; an empty list asks for the
    first step. Drop colours are chosen afterwards (see :func:`finishing_colours`).
    """
    s_idx = TILE_INDEX[start]
    p_idx = [TILE_INDEX[n] for n in path]
    here = p_idx[-1] if p_idx else s_idx
    return [TILE_NAMES[n] for n in NEIGHBOURS[here] if _prefix_ok(s, s_idx, p_idx + [n])]


def finishing_colours(s: State, start: str, path: list[str]) -> list[str]:
    """For a complete path: the colours the last meeple may have (each with some drop order)."""
    s_idx = TILE_INDEX[start]
    p_idx = [TILE_INDEX[n] for n in path]
    hand = s["meeples"][s_idx]
    if len(p_idx) != len(hand) or not _prefix_ok(s, s_idx, p_idx):
        return []
    board = _after_pickup(s, s_idx)
    final = p_idx[-1]
    counts = Counter(hand)
    earlier = final in p_idx[:-1]
    return [c for c in COLOURS if counts[c] and (c in board[final] or (earlier and counts[c] >= 2))]


def starts(s: State) -> list[str]:
    """Tiles a movement may start from (some legal movement begins there)."""
    return [TILE_NAMES[i] for i, m in enumerate(s["meeples"]) if m and _prefix_ok(s, i, [])]


# The builder's tree of legal paths is given whole when it is small (it nearly
# always is: a few hundred nodes); past this many nodes the deeper levels are left
# out (``None``) and the player finishes that move in notation.
MAX_TREE_NODES = 25_000


def movement_tree(s: State, budget: int = MAX_TREE_NODES) -> dict[str, Any]:
    """Every legal movement as a tree, for a page that builds a move by clicking.

    ``{"starts": [...], "hands": {start: meeples}, "tree": {start: node}, "cut": bool}``
    where a node is ``{next tile: node}`` while meeples remain to drop, the string
    of the colours the last meeple may have once the path is complete, or ``None``
    where the tree was cut short after *budget* nodes (``cut`` is then True).
    Only public data (the meeples on the board) goes into it.
    """
    left = [budget]
    cut = [False]

    def grow(start: str, path: list[str], hand: str) -> Any:
        if left[0] <= 0:
            cut[0] = True
            return None
        left[0] -= 1
        if len(path) == len(hand):
            return "".join(finishing_colours(s, start, path))
        return {tile: grow(start, path + [tile], hand) for tile in continuations(s, start, path)}

    first = starts(s)
    hands = {name: s["meeples"][TILE_INDEX[name]] for name in first}
    tree = {name: grow(name, [], hands[name]) for name in first}
    return {"starts": first, "hands": hands, "tree": tree, "cut": cut[0]}
