"""Moving along the map: checking a path, and the tree of every legal path.

A path lists the nodes a piece enters, one per step, and must have exactly the
count the die gives (exact-count movement). The rules of a step:

* along a street, or through a door into or out of a building, in a compass
  direction; a step may never reverse the step before it (no U-turn), so a piece
  turns at most 90 degrees, and a piece on a street faces the way it last moved
  (its first step may not go back the way it faces);
* a piece inside a building leaves by any door but the one it came in by;
* a gang piece or a cop on a subway space may ride to any other subway as one
  step; after a ride it may leave in any direction (no ride right after a ride);
* the about-face (CLAR 6.5): a gang piece that steps from its starting space
  into a friendly joint may step straight back out onto that same space.

Who may enter which building is the mover's ``Access``: a gang piece enters and
crosses any building; a cop crosses none and may end inside one only where a
crime is showing; a Public enters and crosses only joints a gang owns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator

from .board import DOORS, DOORS_FROM, REVERSE, STREETS, SUBWAY_OF

RIDE = "ride"
Last = str | None  # the direction of the previous step, RIDE after a ride, None when free


@dataclass(frozen=True)
class Access:
    """Which buildings a mover may enter (to pass through, and to end in), and whether it rides subways."""

    pass_through: Callable[[str], bool]
    end_in: Callable[[str], bool]
    rides: bool
    friendly: Callable[[str], bool] = field(default=lambda b: False)  # joints where the about-face works


def _steps(node: str, last: Last, rides: bool) -> Iterator[tuple[str, Last]]:
    """Every (next node, direction) one step from ``node`` given the previous step."""
    back = REVERSE.get(last) if last not in (None, RIDE) else None
    if node in STREETS:
        for d, nxt in STREETS[node].items():
            if d != back:
                yield nxt, d
        for d, building in DOORS_FROM[node].items():
            if d != back:
                yield building, d
        if rides and node in SUBWAY_OF and last != RIDE:
            for other in SUBWAY_OF:
                if other != node:
                    yield other, RIDE
    else:
        for space, d_in in DOORS[node].items():
            out = REVERSE[d_in]
            if out != back:
                yield space, out


def _allowed(nxt: str, is_last: bool, access: Access) -> bool:
    if nxt in STREETS:
        return True
    return access.end_in(nxt) if is_last else access.pass_through(nxt)


def _about_face(start: str, first: str, access: Access) -> tuple[str, Last] | None:
    """The extra second step back onto the starting space, after stepping into a friendly joint."""
    if start in STREETS and first in DOORS and access.friendly(first) and start in DOORS[first]:
        return start, REVERSE[DOORS[first][start]]
    return None


def walk(start: str, facing: Last, path: list[str], access: Access) -> tuple[str | None, Last]:
    """Check ``path`` step by step: (None, facing at the end) if legal, else (why not, None)."""
    node, last = start, facing
    for i, nxt in enumerate(path):
        is_last = i == len(path) - 1
        options = dict(_steps(node, last, access.rides))
        if i == 1:
            extra = _about_face(start, path[0], access)
            if extra is not None:
                options.setdefault(extra[0], extra[1])
        if nxt not in options:
            return _why_not(node, last, nxt, i, access), None
        if not _allowed(nxt, is_last, access):
            return _why_not_enter(nxt, is_last), None
        node, last = nxt, options[nxt]
    return None, last


def _why_not(node: str, last: Last, nxt: str, index: int, access: Access) -> str:
    step = f"step {index + 1}"
    back = REVERSE.get(last) if last not in (None, RIDE) else None
    if node in STREETS and back is not None and STREETS[node].get(back) == nxt:
        return f"{step}: {nxt} would be a U-turn from {node}"
    if node in SUBWAY_OF and nxt in SUBWAY_OF:
        if not access.rides:
            return f"{step}: this piece does not ride the subway"
        return f"{step}: no ride right after a ride"
    if node in DOORS and nxt in DOORS[node]:
        return f"{step}: {node} must be left by another door than the one it was entered by"
    return f"{step}: {nxt} is not next to {node}"


def _why_not_enter(nxt: str, is_last: bool) -> str:
    if is_last:
        return f"it may not end its move inside {nxt}"
    return f"it may not pass through {nxt}"


# -- generation ----------------------------------------------------------------------------------


class Paths:
    """Legal paths of given exact lengths from one start, with memoised dead-end pruning."""

    def __init__(self, start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> None:
        self.start = start
        self.facing = facing
        self.lengths = tuple(sorted(set(n for n in lengths if n > 0)))
        self.access = access
        self._memo: dict[tuple[str, Last, int], bool] = {}

    def _next(self, node: str, last: Last, depth: int, path: list[str]) -> list[tuple[str, Last]]:
        out = list(_steps(node, last, self.access.rides))
        if depth == 1:
            extra = _about_face(self.start, path[0], self.access)
            if extra is not None and extra[0] not in dict(out):
                out.append(extra)
        return out

    def _can_finish(self, node: str, last: Last, remaining: int) -> bool:
        """Can a walk in state (node, last) make exactly ``remaining`` more legal steps?"""
        if remaining == 0:
            return True
        key = (node, last, remaining)
        known = self._memo.get(key)
        if known is not None:
            return known
        result = False
        for nxt, d in _steps(node, last, self.access.rides):
            if _allowed(nxt, remaining == 1, self.access) and self._can_finish(nxt, d, remaining - 1):
                result = True
                break
        self._memo[key] = result
        return result

    def _rest_ok(self, nxt: str, d: Last, depth: int, remaining: int) -> bool:
        """Can ``remaining`` more steps follow the ``depth``-th step onto ``nxt`` (the about-face included)?"""
        if self._can_finish(nxt, d, remaining):
            return True
        if depth == 1 and remaining >= 1:
            extra = _about_face(self.start, nxt, self.access)
            if extra is not None:
                return self._can_finish(extra[0], extra[1], remaining - 1)
        return False

    def _viable(self, nxt: str, d: Last, depth: int) -> bool:
        """After ``depth`` steps ending on ``nxt``: is some target length still reachable?"""
        for n in self.lengths:
            if n == depth and _allowed(nxt, True, self.access):
                return True
            if n > depth and _allowed(nxt, False, self.access) and self._rest_ok(nxt, d, depth, n - depth):
                return True
        return False

    def any(self) -> bool:
        for nxt, d in self._next(self.start, self.facing, 0, []):
            if self._viable(nxt, d, 1):
                return True
        return False

    def tree(self, budget: int = 3000) -> tuple[dict[str, object], bool]:
        """The legal paths as nested dicts; ``"$"`` marks a node where a path may end.

        Returns (tree, cut): when more than ``budget`` nodes would be listed, the
        deepest branches are replaced by None (``cut`` True) and only the rules
        can tell what follows.
        """
        count = [0]
        cut = [False]
        top = max(self.lengths) if self.lengths else 0

        def grow(node: str, last: Last, depth: int, path: list[str]) -> dict[str, object]:
            out: dict[str, object] = {}
            if depth in self.lengths and depth > 0:
                out["$"] = True
            if depth >= top:
                return out
            for nxt, d in self._next(node, last, depth, path):
                if nxt in out or not self._viable(nxt, d, depth + 1):
                    continue
                count[0] += 1
                if count[0] > budget:
                    cut[0] = True
                    out[nxt] = None
                    continue
                out[nxt] = grow(nxt, d, depth + 1, path + [nxt])
            return out

        return grow(self.start, self.facing, 0, []), cut[0]

    def all(self) -> Iterator[list[str]]:
        """Every legal path (lazily; may be very many with long moves)."""
        top = max(self.lengths) if self.lengths else 0

        def rec(node: str, last: Last, depth: int, path: list[str]) -> Iterator[list[str]]:
            if depth in self.lengths and depth > 0:
                yield list(path)
            if depth >= top:
                return
            seen: set[str] = set()
            for nxt, d in self._next(node, last, depth, path):
                if nxt in seen or not self._viable(nxt, d, depth + 1):
                    continue
                seen.add(nxt)
                path.append(nxt)
                yield from rec(nxt, d, depth + 1, path)
                path.pop()

        return rec(self.start, self.facing, 0, [])

    def _layers(self) -> list[dict[tuple[str, Last], list[tuple[str, Last]]]]:
        """Walk states (node, last step) after 0, 1, ... steps, each with the states it can come from."""
        top = max(self.lengths) if self.lengths else 0
        start = (self.start, self.facing)
        layers: list[dict[tuple[str, Last], list[tuple[str, Last]]]] = [{start: []}]
        for depth in range(top):
            nxt_layer: dict[tuple[str, Last], list[tuple[str, Last]]] = {}
            for state in layers[-1]:
                node, last = state
                if depth > 0 and node not in STREETS and not self.access.pass_through(node):
                    continue
                steps = list(_steps(node, last, self.access.rides))
                if depth == 1:
                    first = node
                    extra = _about_face(self.start, first, self.access)
                    if extra is not None:
                        steps.append(extra)
                for nxt, d in steps:
                    nxt_layer.setdefault((nxt, d), []).append(state)
            layers.append(nxt_layer)
        return layers

    def ends(self) -> dict[str, list[tuple[int, tuple[str, Last]]]]:
        """Every node a legal path can end on: node -> [(length, final walk state), ...]."""
        layers = self._layers()
        out: dict[str, list[tuple[int, tuple[str, Last]]]] = {}
        for n in self.lengths:
            # Every state of a layer extends a legal walk (pass-through is checked when expanding).
            for state in layers[n]:
                if _allowed(state[0], True, self.access):
                    out.setdefault(state[0], []).append((n, state))
        return out

    def path_to(self, end: str, pick: Callable[[list[str]], str]) -> list[str] | None:
        """One legal path ending on ``end`` (None if none does), parents chosen with ``pick``."""
        layers = self._layers()
        finals = [(n, state) for n in self.lengths for state in layers[n]
                  if state[0] == end and _allowed(end, True, self.access)]
        if not finals:
            return None
        keys = [f"{i}" for i in range(len(finals))]
        n, state = finals[int(pick(keys))]
        path = [state[0]]
        for depth in range(n, 1, -1):
            parents = layers[depth][state]
            state = parents[int(pick([str(i) for i in range(len(parents))]))]
            path.append(state[0])
        path.reverse()
        return path

    def sample(self, pick: Callable[[list[str]], str], length: int | None = None) -> list[str] | None:
        """One legal path drawn step by step with ``pick`` (None if there is none)."""
        lengths = [n for n in self.lengths if length is None or n == length]
        if not lengths:
            return None
        target = pick([str(n) for n in lengths])
        n = int(target)
        node, last = self.start, self.facing
        path: list[str] = []
        for depth in range(n):
            is_last = depth == n - 1
            options: dict[str, Last] = {}
            for nxt, d in self._next(node, last, depth, path):
                if nxt in options or not _allowed(nxt, is_last, self.access):
                    continue
                if self._rest_ok(nxt, d, depth + 1, n - depth - 1):
                    options[nxt] = d
            if not options:
                return None
            nxt = pick(sorted(options))
            path.append(nxt)
            node, last = nxt, options[nxt]
        return path
