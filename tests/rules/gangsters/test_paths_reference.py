"""The path explorer, the movement step's choices and the end actions against a plain reference.

``ReferencePaths`` is the straightforward explorer the rules used before they
were made cheaper (one walk-state graph, read again for the tree, the ends and
a path); ``reference_end_actions`` and ``reference_ends`` likewise. The rules'
answers must equal theirs exactly, key order included (the page serialises the
trees as JSON), on movers drawn from seeded random games (gangs-only, Wheels,
the Police variant) and on every start of the map with odd kinds of access.
"""

from __future__ import annotations

import json
import random
from itertools import islice
from typing import Any, Callable, Iterator

import pytest

from games.rules.gangsters import actions, commissioner, decisions, movers, police
from games.rules.gangsters.board import DOORS, NODES, STREETS
from games.rules.gangsters.data import PIECES
from games.rules.gangsters.engine import step_of
from games.rules.gangsters.movement import RIDE, Access, Last, Paths, _about_face, _allowed, _steps
from games.rules.gangsters.state import gang_seats, hqs, is_hq, piece

from .helpers import RULES

State = tuple[str, Last]


class ReferencePaths:
    """The explorer as first written: layers of walk states with parents and children, a backward pass
    over every state, and a tree grown by asking which kids are good at every node."""

    def __init__(self, start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> None:
        self.start = start
        self.facing = facing
        self.lengths = tuple(sorted(set(n for n in lengths if n > 0)))
        self.access = access
        self._top = max(self.lengths) if self.lengths else 0
        self._explore()

    def _is_end(self, state: State, depth: int) -> bool:
        return depth in self.lengths and _allowed(state[0], True, self.access)

    def _explore(self) -> None:
        root: State = (self.start, self.facing)
        parents: list[dict[State, list[State]]] = [{root: []}]
        children: list[dict[State, list[State]]] = []
        for depth in range(self._top):
            layer: dict[State, list[State]] = {}
            kids_of: dict[State, list[State]] = {}
            for state in parents[depth]:
                node, last = state
                kids: list[State] = []
                kids_of[state] = kids
                if depth > 0 and node not in STREETS and not self.access.pass_through(node):
                    continue
                steps = list(_steps(node, last, self.access.rides))
                if depth == 1:
                    extra = _about_face(self.start, node, self.access)
                    if extra is not None and all(extra[0] != n for n, _ in steps):
                        steps.append(extra)
                seen: set[str] = set()
                for nxt, d in steps:
                    if nxt in seen:
                        continue
                    seen.add(nxt)
                    child = (nxt, d)
                    kids.append(child)
                    layer.setdefault(child, []).append(state)
            children.append(kids_of)
            parents.append(layer)
        children.append({state: [] for state in parents[self._top]})
        good: list[set[State]] = [set() for _ in range(self._top + 1)]
        for depth in range(self._top, -1, -1):
            for state in parents[depth]:
                if (depth > 0 and self._is_end(state, depth)) or (
                        depth < self._top and any(k in good[depth + 1] for k in children[depth][state])):
                    good[depth].add(state)
        self._parents, self._children, self._good = parents, children, good

    def any(self) -> bool:
        return bool(self._good) and (self.start, self.facing) in self._good[0]

    def _kids(self, state: State, depth: int) -> list[State]:
        if depth >= self._top:
            return []
        return [k for k in self._children[depth].get(state, []) if k in self._good[depth + 1]]

    def tree(self, budget: int = 3000) -> tuple[dict[str, object], bool]:
        count = [0]
        cut = [False]

        def grow(state: State, depth: int) -> dict[str, object]:
            out: dict[str, object] = {}
            if depth > 0 and self._is_end(state, depth):
                out["$"] = True
            for kid in self._kids(state, depth):
                count[0] += 1
                if count[0] > budget:
                    cut[0] = True
                    out[kid[0]] = None
                    continue
                out[kid[0]] = grow(kid, depth + 1)
            return out

        if not self.any():
            return {}, False
        return grow((self.start, self.facing), 0), cut[0]

    def all(self) -> Iterator[list[str]]:
        def rec(state: State, depth: int, path: list[str]) -> Iterator[list[str]]:
            if depth > 0 and self._is_end(state, depth):
                yield list(path)
            for kid in self._kids(state, depth):
                path.append(kid[0])
                yield from rec(kid, depth + 1, path)
                path.pop()

        if not self.any():
            return iter(())
        return rec((self.start, self.facing), 0, [])

    def ends(self) -> dict[str, list[tuple[int, State]]]:
        out: dict[str, list[tuple[int, State]]] = {}
        for n in self.lengths:
            for state in self._parents[n]:
                if self._is_end(state, n):
                    out.setdefault(state[0], []).append((n, state))
        return out

    def path_to(self, end: str, pick: Callable[[list[str]], str]) -> list[str] | None:
        finals = self.ends().get(end, [])
        if not finals:
            return None
        n, state = finals[int(pick([str(i) for i in range(len(finals))]))]
        path = [state[0]]
        for depth in range(n, 1, -1):
            parents = self._parents[depth][state]
            state = parents[int(pick([str(i) for i in range(len(parents))]))]
            path.append(state[0])
        path.reverse()
        return path

    def sample(self, pick: Callable[[list[str]], str]) -> list[str] | None:
        ends = sorted(self.ends())
        if not ends:
            return None
        return self.path_to(pick(ends), pick)


def reference_ends(tree: Any, ends: dict[str, list[str]]) -> None:
    """The nodes marked ``"$"`` in a tree, read by walking it again."""
    if not isinstance(tree, dict):
        return
    for key, sub in tree.items():
        if key == "$":
            continue
        if isinstance(sub, dict) and "$" in sub:
            ends[key] = []
        reference_ends(sub, ends)


def reference_end_actions(state: dict[str, Any], seat: int, kind: str, end: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("none", None)]
    if kind in ("T", "V") and actions.unowned_building(state, end):
        out.append(("extort", None))
    if kind in ("R", "T") and end in state["joints"]:
        owner = state["joints"][end]["owner"]
        if owner is not None and owner != seat:
            out.append(("hit", "joint"))
    elif kind in ("R", "T") and is_hq(state, end):
        out.append(("hit", "joint"))
    for other in gang_seats(state):
        if other == seat:
            continue
        for t_kind in PIECES:
            t = piece(state, other, t_kind)
            if t["s"] == 0 or t["at"] != end:
                continue
            if kind == "R" or (kind == "T" and t_kind != "V"):
                out.append(("hit", [other, t_kind]))
            if kind == "V" and t_kind != "V":
                out.append(("seduce", [other, t_kind]))
    return out


# -- comparing -------------------------------------------------------------------------------------


def _seeded_pick(seed: int) -> Callable[[list[str]], str]:
    rng = random.Random(seed)
    return lambda items: items[rng.randrange(len(items))]


def assert_same_paths(start: str, facing: Last, lengths: tuple[int, ...], access: Access) -> None:
    new, old = Paths(start, facing, lengths, access), ReferencePaths(start, facing, lengths, access)
    where = (start, facing, lengths)
    assert new.any() == old.any(), where
    for budget in (2500, 25):
        tree, cut = new.tree(budget)
        old_tree, old_cut = old.tree(budget)
        assert (json.dumps(tree), cut) == (json.dumps(old_tree), old_cut), (where, budget)
        again, again_cut, ends = new.tree_and_ends(budget)
        expected: dict[str, list[str]] = {}
        reference_ends(old_tree, expected)
        assert (json.dumps(again), again_cut, ends) == (json.dumps(old_tree), old_cut, list(expected)), where
    assert list(islice(new.all(), 100)) == list(islice(old.all(), 100)), where
    ends = new.ends()
    assert ends == old.ends() and list(ends) == list(old.ends()), where
    for seed in range(2):
        assert new.sample(_seeded_pick(seed)) == old.sample(_seeded_pick(seed)), (where, seed)
    for end in list(ends)[:3] + ["nowhere"]:
        assert new.path_to(end, _seeded_pick(7)) == old.path_to(end, _seeded_pick(7)), (where, end)


def _states(players: int, options: dict[str, Any], games: int, every: int) -> Iterator[dict[str, Any]]:
    """Every ``every``-th position of seeded random games (the conformance suite's player)."""
    for game in range(games):
        rng = random.Random(f"paths-{players}-{game}")
        state = RULES.setup(players, options, f"paths-{players}-{game}")
        for index in range(900):
            awaited = RULES.to_act(state)
            if not awaited:
                break
            if index % every == 0 and state["phase"] == "play" and state["dice"]:
                yield state
            seat = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))


GAMES = [(4, {}, 2, 41), (4, {"wheels": True, "heaters": True}, 1, 31), (5, {"police": True}, 1, 53),
         (3, {"wheels": True}, 1, 37), (2, {}, 1, 37)]


@pytest.fixture(scope="module")
def positions() -> list[dict[str, Any]]:
    found = [state for players, options, games, every in GAMES
             for state in _states(players, options, games, every)]
    assert len(found) > 60
    return found


def _movers(state: dict[str, Any]) -> Iterator[tuple[str, Last, tuple[int, ...], Access]]:
    """Every mover on the board with the access and exact counts the rules give it."""
    for seat in gang_seats(state):
        for kind in PIECES:
            p = piece(state, seat, kind)
            if p["s"] > 0:
                lengths = movers.piece_lengths(state, seat, kind)
                yield p["at"], p["f"], lengths, movers.gang_access(state, seat)
                if kind == "V":  # two counts, as with Wheels
                    yield p["at"], p["f"], (lengths[0], lengths[0] + 2), movers.gang_access(state, seat)
    for at in state["public"].values():
        yield at["at"], at["f"], (state["dice"]["white"],), movers.public_access(state)
    for at in state["cops"].values():
        yield at["at"], at["f"], (state["dice"]["blue"],), police.cop_access(state)
        yield at["at"], at["f"], (state["dice"]["blue"],), police.cop_access(state, steer=0)
    if "police" in state and state["police"]["c"]["at"] is not None:
        c = state["police"]["c"]
        yield c["at"], c["f"], commissioner.lengths(state), commissioner.access()


def test_paths_of_the_movers_of_random_games_equal_the_reference(positions):
    count = 0
    for state in positions:
        for start, facing, lengths, access in _movers(state):
            assert_same_paths(start, facing, lengths, access)
            count += 1
    assert count > 500


def _odd_accesses() -> list[Access]:
    one_door = {b for b, doors in DOORS.items() if len(doors) == 1}
    some = set(sorted(DOORS)[::3])
    return [
        # Friendly one-door buildings: the about-face is the only way out of them.
        Access(pass_through=lambda b: True, end_in=lambda b: True, rides=True,
               friendly=lambda b: b in one_door or b in some, open=True),
        Access(pass_through=lambda b: b not in some, end_in=lambda b: b not in one_door, rides=True,
               friendly=lambda b: b in one_door),
        Access(pass_through=lambda b: b in some, end_in=lambda b: b in some or b in one_door, rides=False,
               friendly=lambda b: True),
        Access(pass_through=lambda b: False, end_in=lambda b: False, rides=True),
    ]


def test_paths_from_every_start_with_odd_access_equal_the_reference():
    starts = sorted(NODES)
    for a, access in enumerate(_odd_accesses()):
        for i, start in enumerate(starts):
            for f, facing in enumerate((None, "n", "e", "s", "w", RIDE)):
                if (i + f + a) % 3 == 0:
                    lengths = (1 + (i + f) % 4,) if i % 2 else (2, 1 + (i + f) % 6)
                    assert_same_paths(start, facing, lengths, access)
    assert_same_paths("d7", "s", (), _odd_accesses()[0])


def test_end_actions_equal_the_reference(positions):
    for state in positions[::2]:
        places = {p["at"] for g in state["gangs"] for p in g["pieces"].values()} | set(hqs(state))
        ends = sorted(n for n in places if n is not None) + sorted(NODES)[::11]
        for seat in gang_seats(state):
            for kind in PIECES:
                options_at = actions.end_actions_of(state, seat, kind)
                for end in ends:
                    expected = reference_end_actions(state, seat, kind, end)
                    assert options_at(end) == expected
                    assert actions.end_actions(state, seat, kind, end) == expected


def _reference_pieces(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """``detail["pieces"]`` of the movement step as the reference explorer and end actions give it."""
    pieces: dict[str, Any] = {}
    for kind in decisions.movable_pieces(state, seat):
        p = piece(state, seat, kind)
        paths = ReferencePaths(p["at"], p["f"], movers.piece_lengths(state, seat, kind),
                               movers.gang_access(state, seat))
        if not paths.any():
            continue
        tree, cut = paths.tree(decisions.TREE_BUDGET)
        ends: dict[str, list[str]] = {}
        reference_ends(tree, ends)
        pieces[kind] = {"at": p["at"], "tree": tree, "cut": cut,
                        "ends": {node: [decisions._ending(a, t) for a, t in reference_end_actions(
                            state, seat, kind, node)] for node in ends}}
    return pieces


def test_the_movement_steps_choices_equal_the_reference(positions):
    checked = 0
    for players, options, games, _ in GAMES:
        for state in _states(players, options, games, 7):
            if step_of(state) != "move":
                continue
            seat = RULES.to_act(state)[0]
            decision = RULES.choices(state, seat)
            assert json.dumps(decision.detail["pieces"]) == json.dumps(_reference_pieces(state, seat))
            checked += 1
    assert checked > 30


def test_a_kept_walk_serves_only_movers_with_the_same_about_face():
    """A gang piece's explored walk is kept between calls: whether it may about-face in the joint next to
    it (owned by its gang or not) must still change its paths."""
    paths = {}
    for mine in ((), ("BRI",), (), ("BRI",)):
        access = Access(pass_through=lambda b: True, end_in=lambda b: True, rides=True,
                        friendly=lambda b, mine=mine: b in mine, open=True)
        assert_same_paths("k10", "e", (2,), access)
        paths[mine] = [p for p in Paths("k10", "e", (2,), access).all() if p[0] == "BRI"]
    assert paths[()] == [["BRI", "j11"]] and paths[("BRI",)] == [["BRI", "j11"], ["BRI", "k10"]]


def test_a_kept_public_walk_serves_only_the_same_owned_joints():
    state = RULES.setup(2, {}, "kept-public")
    entered = []
    for owner in (None, 0, None, 1):
        state["joints"]["BRI"]["owner"] = owner
        access = movers.public_access(state)
        assert_same_paths("k10", "e", (2,), access)
        entered.append(any(p[0] == "BRI" for p in Paths("k10", "e", (2,), access).all()))
    assert entered == [False, True, False, True]
