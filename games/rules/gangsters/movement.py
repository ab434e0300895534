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
from functools import lru_cache
from itertools import chain
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
    # True promises that both tests above always say yes (a gang piece, the Commissioner): the path
    # explorer then skips calling them for every building it meets.
    open: bool = False


@lru_cache(maxsize=None)
def _steps(node: str, last: Last, rides: bool) -> tuple[tuple[str, Last], ...]:
    """Every (next node, direction) one step from ``node`` given the previous step (the map never changes)."""
    return tuple(_step_gen(node, last, rides))


def _step_gen(node: str, last: Last, rides: bool) -> Iterator[tuple[str, Last]]:
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


State = tuple[str, Last]


@lru_cache(maxsize=None)
def _next_states(state: State, rides: bool) -> tuple[State, ...]:
    """The walk states one step on from ``state``, one per next node (the first way there kept).

    Only the map decides them, so they are worked out once per walk state: the
    explorer meets the same few hundred walk states in every path tree.
    """
    seen: set[str] = set()
    out: list[State] = []
    for nxt, d in _steps(state[0], state[1], rides):
        if nxt not in seen:
            seen.add(nxt)
            out.append((nxt, d))
    return tuple(out)


class Paths:
    """Legal paths of given exact lengths from one start.

    The walk is explored once, breadth first, as layers of walk states (node,
    previous step) after 0, 1, 2, ... steps, each state knowing the states it
    leads to and comes from; a backward pass marks the states from which some
    path still ends legally at one of the lengths. The tree, the list of paths,
    the reachable ends and a path to a given end are read from that graph.
    """

    def __init__(self, start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> None:
        self.start = start
        self.facing = facing
        self.lengths = tuple(sorted(set(n for n in lengths if n > 0)))
        self.access = access
        self._top = max(self.lengths) if self.lengths else 0
        self._children: list[dict[State, tuple[State, ...]]] = []
        self._parents: list[dict[State, list[State]] | None] = []  # read back from the children on demand
        self._good: list[set[State]] = []
        self._finals: list[list[State]] = []  # per depth, the states a path may end in, in layer order
        self._final_sets: list[set[State]] = []
        self._good_kids: list[dict[State, tuple[State, ...]]] = []
        self._explore()

    def _is_end(self, state: State, depth: int) -> bool:
        return state in self._final_sets[depth]

    def _explore(self) -> None:
        top = self._top
        root: State = (self.start, self.facing)
        layers: list[dict[State, None]] = [{root: None}]
        children: list[dict[State, tuple[State, ...]]] = []
        for depth in range(top):
            kids_of = self._step_layer(layers[depth], depth)
            children.append(kids_of)
            # The next layer in the order its states are first met (parent by parent, kid by kid).
            layers.append(dict.fromkeys(chain.from_iterable(kids_of.values())))
        finals: list[list[State]] = [[] for _ in range(top + 1)]
        for n in self.lengths:
            finals[n] = self._finals_in(layers[n])
        # Backward: a state is good when a path may end there, or when a good state follows it.
        # Each good state keeps the good states after it (most often all of its kids).
        good: list[set[State]] = [set() for _ in range(top + 1)]
        good[top].update(finals[top])
        good_kids: list[dict[State, tuple[State, ...]]] = [{} for _ in range(top + 1)]
        for depth in range(top - 1, -1, -1):
            after = good[depth + 1]
            onward = good_kids[depth]
            for state, kids in children[depth].items():
                if after.issuperset(kids):
                    if kids:
                        onward[state] = kids
                elif not after.isdisjoint(kids):
                    onward[state] = tuple(k for k in kids if k in after)
            marked = set(onward)
            marked.update(finals[depth])
            good[depth] = marked
        self._children, self._good = children, good
        self._parents = [None] * (top + 1)
        self._finals = finals
        self._final_sets = [set(f) for f in finals]
        self._good_kids = good_kids

    def _step_layer(self, layer: dict[State, None], depth: int) -> dict[State, tuple[State, ...]]:
        """Each state of the layer at ``depth`` with the states one step on."""
        access = self.access
        rides = access.rides
        if depth == 1:
            return {state: self._with_about_face(state[0], _next_states(state, rides))
                    if self._crosses(state[0]) else () for state in layer}
        if depth == 0 or access.open:
            return {state: _next_states(state, rides) for state in layer}
        # A building it may end in but not cross leads nowhere.
        pass_through = access.pass_through
        return {state: _next_states(state, rides) if state[0] in STREETS or pass_through(state[0]) else ()
                for state in layer}

    def _crosses(self, node: str) -> bool:
        return self.access.open or node in STREETS or self.access.pass_through(node)

    def _parents_at(self, depth: int) -> dict[State, list[State]]:
        """The states each state at ``depth`` (1 or more) is reached from, in layer order."""
        found = self._parents[depth]
        if found is None:
            found = {}
            for state, kids in self._children[depth - 1].items():
                for kid in kids:
                    up = found.get(kid)
                    if up is None:
                        found[kid] = [state]
                    else:
                        up.append(state)
            self._parents[depth] = found
        return found

    def _with_about_face(self, node: str, kids: tuple[State, ...]) -> tuple[State, ...]:
        extra = _about_face(self.start, node, self.access)
        if extra is None or any(extra[0] == k[0] for k in kids):
            return kids
        return (*kids, extra)

    def _finals_in(self, layer: dict[State, None]) -> list[State]:
        if self.access.open:
            return list(layer)
        end_in = self.access.end_in
        return [s for s in layer if s[0] in STREETS or end_in(s[0])]

    def any(self) -> bool:
        return bool(self._good) and (self.start, self.facing) in self._good[0]

    def _kids(self, state: State, depth: int) -> tuple[State, ...]:
        """The states after ``state`` from which a path still ends legally."""
        return self._good_kids[depth].get(state, ())

    def tree(self, budget: int = 3000) -> tuple[dict[str, object], bool]:
        """The legal paths as nested dicts; ``"$"`` marks a node where a path may end.

        Returns (tree, cut): when more than ``budget`` nodes would be listed, the
        deepest branches are replaced by None (``cut`` True) and only the rules
        can tell what follows.
        """
        tree, cut, _ = self.tree_and_ends(budget)
        return tree, cut

    def tree_and_ends(self, budget: int = 3000) -> tuple[dict[str, object], bool, list[str]]:
        """``tree(budget)`` and the nodes marked ``"$"`` in it, each once, in the order a depth-first
        reading of the tree (a node before what follows it) first meets them."""
        if not self.any():
            return {}, False, []
        count = 0
        cut = False
        ends: dict[str, None] = {}
        final_sets = self._final_sets
        good_kids = self._good_kids

        def grow(state: State, depth: int) -> dict[str, object]:
            nonlocal count, cut
            out: dict[str, object] = {}
            if state in final_sets[depth]:
                out["$"] = True
                ends[state[0]] = None
            for kid in good_kids[depth].get(state, ()):
                count += 1
                if count > budget:
                    cut = True
                    out[kid[0]] = None
                    continue
                out[kid[0]] = grow(kid, depth + 1)
            return out

        tree = grow((self.start, self.facing), 0)
        return tree, cut, list(ends)

    def all(self) -> Iterator[list[str]]:
        """Every legal path (lazily; may be very many with long moves)."""
        final_sets = self._final_sets

        def rec(state: State, depth: int, path: list[str]) -> Iterator[list[str]]:
            if state in final_sets[depth]:
                yield list(path)
            for kid in self._kids(state, depth):
                path.append(kid[0])
                yield from rec(kid, depth + 1, path)
                path.pop()

        if not self.any():
            return iter(())
        return rec((self.start, self.facing), 0, [])

    def ends(self) -> dict[str, list[tuple[int, State]]]:
        """Every node a legal path can end on: node -> [(length, final walk state), ...]."""
        out: dict[str, list[tuple[int, State]]] = {}
        for n in self.lengths:
            for state in self._finals[n]:
                found = out.get(state[0])
                if found is None:
                    out[state[0]] = [(n, state)]
                else:
                    found.append((n, state))
        return out

    def path_to(self, end: str, pick: Callable[[list[str]], str]) -> list[str] | None:
        """One legal path ending on ``end`` (None if none does), the way back chosen with ``pick``."""
        finals = self.ends().get(end, [])
        if not finals:
            return None
        n, state = finals[int(pick([str(i) for i in range(len(finals))]))]
        path = [state[0]]
        for depth in range(n, 1, -1):
            parents = self._parents_at(depth)[state]
            state = parents[int(pick([str(i) for i in range(len(parents))]))]
            path.append(state[0])
        path.reverse()
        return path

    def sample(self, pick: Callable[[list[str]], str]) -> list[str] | None:
        """One legal path: an end drawn with ``pick``, then a way there."""
        ends = sorted(self.ends())
        if not ends:
            return None
        return self.path_to(pick(ends), pick)
