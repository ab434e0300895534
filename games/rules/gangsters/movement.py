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

from games.rules.kept import position_cache

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
    # The buildings the two tests accept, as sets, when the maker has them (the Public): the explored
    # walk may then be kept and served again to a mover with the same sets.
    known: tuple[frozenset[str], frozenset[str]] | None = None


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


@dataclass(frozen=True)
class _Graph:
    """The explored walk of one mover, never changed once built (a cached one serves many ``Paths``).

    Per depth (steps taken): ``children`` each walk state met with the states
    one step on, in the order first met; ``good`` the states from which a path
    still ends legally; ``good_kids`` each good state's good next states;
    ``finals`` the states a path may end in, in layer order.
    """

    children: list[dict[State, tuple[State, ...]]]
    good: list[set[State]]
    good_kids: list[dict[State, tuple[State, ...]]]
    finals: list[list[State]]
    final_sets: list[set[State]]


def _explore(start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> _Graph:
    top = max(lengths) if lengths else 0
    layers: list[dict[State, None]] = [{(start, facing): None}]
    children: list[dict[State, tuple[State, ...]]] = []
    for depth in range(top):
        kids_of = _step_layer(start, layers[depth], depth, access)
        children.append(kids_of)
        # The next layer in the order its states are first met (parent by parent, kid by kid).
        layers.append(dict.fromkeys(chain.from_iterable(kids_of.values())))
    finals: list[list[State]] = [[] for _ in range(top + 1)]
    for n in lengths:
        finals[n] = _finals_in(layers[n], access)
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
    return _Graph(children, good, good_kids, finals, [set(f) for f in finals])


def _step_layer(start: str, layer: dict[State, None], depth: int,
                access: Access) -> dict[State, tuple[State, ...]]:
    """Each state of the layer at ``depth`` with the states one step on."""
    rides = access.rides
    if depth == 1:
        return {state: _with_about_face(start, state[0], _next_states(state, rides), access)
                if _crosses(state[0], access) else () for state in layer}
    if depth == 0 or access.open:
        return {state: _next_states(state, rides) for state in layer}
    # A building it may end in but not cross leads nowhere.
    pass_through = access.pass_through
    return {state: _next_states(state, rides) if state[0] in STREETS or pass_through(state[0]) else ()
            for state in layer}


def _crosses(node: str, access: Access) -> bool:
    return access.open or node in STREETS or access.pass_through(node)


def _with_about_face(start: str, node: str, kids: tuple[State, ...], access: Access) -> tuple[State, ...]:
    extra = _about_face(start, node, access)
    if extra is None or any(extra[0] == k[0] for k in kids):
        return kids
    return (*kids, extra)


def _finals_in(layer: dict[State, None], access: Access) -> list[State]:
    if access.open:
        return list(layer)
    end_in = access.end_in
    return [s for s in layer if s[0] in STREETS or end_in(s[0])]


def _graph(start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> _Graph:
    """The explored walk, from the few most recently asked when the access allows it.

    A walk depends only on the map, the start, facing and lengths, the subway,
    the buildings the mover may cross and end in, and which buildings one step
    away allow the about-face. When the access knows the buildings as sets (or
    is open) those make the key. A game page asks for the same movers' paths
    several times (the choices, then example moves for the description and the
    page), and the next page mostly for movers that have not moved. Long Wheels
    moves explore thousands of states: they are not kept.
    """
    if (not access.open and access.known is None) or (lengths and max(lengths) > _KEPT_LENGTH):
        return _explore(start, facing, lengths, access)
    friends: tuple[str, ...] = ()
    if start in STREETS:
        friends = tuple(n for n, _ in _next_states((start, facing), access.rides)
                        if n in DOORS and access.friendly(n))
    return _kept_graph(start, facing, lengths, access.rides, friends, None if access.open else access.known)


_KEPT_LENGTH = 8


@position_cache(maxsize=64)
def _kept_graph(start: str, facing: Last, lengths: tuple[int, ...], rides: bool, friends: tuple[str, ...],
                known: tuple[frozenset[str], frozenset[str]] | None) -> _Graph:
    if known is None:
        access = Access(pass_through=_always, end_in=_always, rides=rides, friendly=friends.__contains__,
                        open=True)
    else:
        access = Access(pass_through=known[0].__contains__, end_in=known[1].__contains__, rides=rides,
                        friendly=friends.__contains__)
    return _explore(start, facing, lengths, access)


def _always(building: str) -> bool:
    return True


class Paths:
    """Legal paths of given exact lengths from one start.

    The walk is explored once, breadth first, as layers of walk states (node,
    previous step) after 0, 1, 2, ... steps, each state knowing the states it
    leads to; a backward pass marks the states from which some path still ends
    legally at one of the lengths. The tree, the list of paths, the reachable
    ends and a path to a given end are read from that graph.
    """

    def __init__(self, start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> None:
        self.start = start
        self.facing = facing
        self.lengths = tuple(sorted(set(n for n in lengths if n > 0)))
        self.access = access
        self._top = max(self.lengths) if self.lengths else 0
        graph = _graph(start, facing, self.lengths, access)
        self._children = graph.children
        self._good = graph.good
        self._good_kids = graph.good_kids
        self._finals = graph.finals
        self._final_sets = graph.final_sets

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
        last = self._top - 1

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
                elif depth == last:
                    # A good state at the greatest length is an end with nothing after it: most of
                    # the tree's nodes, spared a call each.
                    out[kid[0]] = {"$": True}
                    ends[kid[0]] = None
                else:
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
        return self._path_to(end, pick, self.ends())

    def _path_to(self, end: str, pick: Callable[[list[str]], str],
                 ends: dict[str, list[tuple[int, State]]]) -> list[str] | None:
        finals = ends.get(end, [])
        if not finals:
            return None
        n, state = finals[int(pick([str(i) for i in range(len(finals))]))]
        path = [state[0]]
        for depth in range(n, 1, -1):
            # The states it is reached from, in layer order: one pass over the layer before.
            parents = [up for up, kids in self._children[depth - 1].items() if state in kids]
            state = parents[int(pick([str(i) for i in range(len(parents))]))]
            path.append(state[0])
        path.reverse()
        return path

    def sample(self, pick: Callable[[list[str]], str]) -> list[str] | None:
        """One legal path: an end drawn with ``pick``, then a way there."""
        ends = self.ends()
        if not ends:
            return None
        return self._path_to(pick(sorted(ends)), pick, ends)
