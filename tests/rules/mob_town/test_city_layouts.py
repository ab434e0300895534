"""The city's kept layouts answer exactly as walking the city afresh does, and keep games apart.

``city`` works names, edges, distances and fewest-card walks out once per layout
and keeps them; the reference functions here are the plain walks it replaced,
compared over cities of random reachable positions of both modes, with random
sets of own properties and targets on and off the city.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from games.rules.mob_town import city
from games.rules.mob_town.city import Cell, neighbours

from .helpers import RULES


def _reference_spread(cities: list[dict[str, Any]], sources: list[Cell]) -> dict[Cell, int]:
    """Steps from the nearest source to every card, walking between cards: the plain breadth-first walk."""
    here = {(e["x"], e["y"]) for e in cities}
    dist = {cell: 0 for cell in sources}
    queue = deque(dist)
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n in here and n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def reference_distances(cities: list[dict[str, Any]], start: Cell) -> dict[Cell, int]:
    return _reference_spread(cities, [start])


def reference_from_own(cities: list[dict[str, Any]], own: set[Cell]) -> dict[Cell, int]:
    here = {(e["x"], e["y"]) for e in cities}
    return _reference_spread(cities, [cell for cell in own if cell in here])


def reference_cost(cities: list[dict[str, Any]], own: set[Cell], target: Cell) -> int:
    if not own:
        return 0
    dist = reference_distances(cities, target)
    reach = [dist[c] for c in own if c in dist]
    return max(0, min(reach) - 1) if reach else 0


def reference_walks(cities: list[dict[str, Any]], own: set[Cell], target: Cell,
                    limit: int) -> list[list[Cell]]:
    cost = reference_cost(cities, own, target)
    if not own or cost == 0:
        return [[]]
    here = {(e["x"], e["y"]) for e in cities}
    to_own = _reference_spread(cities, list(own))
    walks: list[list[Cell]] = []

    def extend(path: list[Cell]) -> None:
        if len(walks) >= limit:
            return
        last = path[-1] if path else target
        if len(path) == cost:
            walks.append(list(path))
            return
        for n in neighbours(last):
            if n in here and n != target and to_own.get(n) == cost - len(path):
                path.append(n)
                extend(path)
                path.pop()

    extend([])
    return walks


def reference_label(cities: list[dict[str, Any]], cell: Cell) -> str:
    ox = min(e["x"] for e in cities) - 1
    oy = min(e["y"] for e in cities) - 1
    column, row = cell[0] - ox, cell[1] - oy + 1
    if not 0 <= column < city.MAX_COLUMNS or row < 1:
        return f"({cell[0]},{cell[1]})"
    return f"{chr(ord('A') + column)}{row}"


def random_cities(count: int) -> list[list[dict[str, Any]]]:
    """Cities of positions reached by random play, competitive (with an opened lot now and then) and co-op."""
    found: list[list[dict[str, Any]]] = []
    for game in range(count):
        options = {"mode": "coop"} if game % 3 == 2 else {"professionals": game % 2 == 1}
        rng = random.Random(game)
        state = RULES.setup(2 + game % 3, options, f"layouts-{game}")
        for step in range(120):
            awaited = RULES.to_act(state)
            if not awaited:
                break
            seat = awaited[0]
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))
            if step % 15 == 0 and state["city"]:
                found.append(state["city"])
    return found


def test_kept_layouts_answer_as_a_fresh_walk_over_the_city_does():
    rng = random.Random(7)
    compared = 0
    for cities in random_cities(24):
        cells = [(e["x"], e["y"]) for e in cities]
        around = sorted({n for c in cells for n in neighbours(c)} | set(cells))
        for _ in range(6):
            own = set(rng.sample(cells, rng.randint(0, min(4, len(cells)))))
            if rng.random() < 0.2:
                own.add(rng.choice(around))  # an own cell off the city: only ever asked for by hand
            target = rng.choice(around if rng.random() < 0.2 else cells)
            limit = rng.choice([1, 3, 8, 64, 100])
            walks = reference_walks(cities, own, target, limit)
            assert city.shortest_walks(cities, own, target, limit) == walks
            assert city.connection_cost(cities, own, target) == reference_cost(cities, own, target)
            assert city.distances(cities, target) == reference_distances(cities, target)
            assert city.from_own(cities, own) == reference_from_own(cities, own)
            assert city.label(cities, target) == reference_label(cities, target)
            compared += 1
        edges = {n for c in cells for n in neighbours(c) if n not in set(cells)}
        assert city.edge_cells(cities) == sorted(edges, key=lambda c: (c[1], c[0]))
        assert city.origin(cities) == (min(x for x, _ in cells) - 1, min(y for _, y in cells) - 1)
    assert compared > 300


def test_a_shorter_limit_lists_the_first_walks_of_a_longer_one_and_no_walk_for_none():
    # A 3x3 block owned at one corner, the target at the other: several walks of equal length.
    cities = [{"x": x, "y": y, "card": "res2", "tokens": []} for y in range(3) for x in range(3)]
    own, target = {(0, 0)}, (2, 2)
    many = city.shortest_walks(cities, own, target, limit=64)
    assert len(many) == 6 and many == reference_walks(cities, own, target, 64)
    assert city.shortest_walks(cities, own, target, limit=2) == many[:2]
    assert city.shortest_walks(cities, own, target, limit=0) == []
    assert city.shortest_walks(cities, own, (1, 0), limit=0) == [[]]  # next to the own card: nothing between


def test_answers_handed_out_are_copies_and_layouts_do_not_leak_between_cities():
    row = [{"x": x, "y": 0, "card": "res2", "tokens": []} for x in range(5)]
    walks = city.shortest_walks(row, {(0, 0)}, (4, 0))
    assert walks == [[(3, 0), (2, 0), (1, 0)]]
    walks[0].clear()
    city.distances(row, (0, 0))[(4, 0)] = 99
    city.from_own(row, {(0, 0)})[(4, 0)] = 99
    city.edge_cells(row).clear()
    assert city.shortest_walks(row, {(0, 0)}, (4, 0)) == [[(3, 0), (2, 0), (1, 0)]]
    assert city.distances(row, (0, 0))[(4, 0)] == 4
    assert city.from_own(row, {(0, 0)})[(4, 0)] == 4
    assert len(city.edge_cells(row)) == 12
    # The same cards bent into an L: another layout, other answers, whatever was kept for the row.
    bent = [*row[:3], *({"x": 2, "y": y, "card": "res2", "tokens": []} for y in (1, 2))]
    assert city.shortest_walks(bent, {(0, 0)}, (2, 2)) == [[(2, 1), (2, 0), (1, 0)]]
    assert city.distances(bent, (0, 0))[(2, 2)] == 4 and (4, 0) not in city.distances(bent, (0, 0))
    assert city.label(bent, (2, 2)) == "D4" and city.label(row, (4, 0)) == "F2"


def test_what_is_kept_is_bounded():
    for cache in (city._layout, city._from_own, city._walks):
        assert cache.cache_info().maxsize is not None
    cities = [[{"x": x, "y": 0, "card": "res2", "tokens": []} for x in range(n)] for n in range(1, 300)]
    for cities_n in cities:
        city.shortest_walks(cities_n, {(0, 0)}, (len(cities_n) - 1, 0))
    assert city._layout.cache_info().currsize <= 128
    assert city._walks.cache_info().currsize <= 1024
