"""Movement: exact count, 90-degree turns and no U-turns, buildings and doors, subways, the about-face."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.gangsters.movement import Access, Paths, walk

from .helpers import at_step, clear_board, own, play, put, through_setup

GANG = Access(pass_through=lambda b: True, end_in=lambda b: True, rides=True)


def test_a_piece_goes_straight_or_turns_90_degrees_but_never_back():
    assert walk("d2", "s", ["d3", "d4", "e4"], GANG)[0] is None  # straight, then a turn at the crossing
    problem, _ = walk("d2", "s", ["d1"], GANG)
    assert problem == "step 1: d1 would be a U-turn from d2"
    problem, _ = walk("d4", None, ["e4", "d4"], GANG)
    assert problem == "step 2: d4 would be a U-turn from e4"


def test_a_turn_is_only_possible_where_streets_cross():
    # e4 lies between two blocks: from it only along the street or through a door.
    assert walk("e4", "e", ["f4", "g4", "g5"], GANG)[0] is None
    problem, _ = walk("e4", "e", ["e5"], GANG)
    assert problem is not None and "not next to" in problem  # e5 is JAE's cell, not a street


def test_the_facing_limits_the_first_step_and_the_last_step_sets_it():
    problem, last = walk("j4", "n", ["j3", "j2"], GANG)
    assert problem is None and last == "n"
    assert walk("j4", "n", ["j5"], GANG)[0] == "step 1: j5 would be a U-turn from j4"
    assert walk("j4", None, ["j5"], GANG)[0] is None  # no facing: any way out


def test_entering_a_building_is_a_step_and_it_is_left_by_another_door():
    # BRI (k11) has doors on k10 (north) and j11 (west).
    assert walk("k10", "e", ["BRI", "j11", "j12"], GANG)[0] is None
    problem, _ = walk("k10", "e", ["BRI", "k10"], GANG)
    assert problem == "step 2: BRI must be left by another door than the one it was entered by"


def test_the_about_face_works_only_through_a_friendly_joint_back_to_the_start():
    friendly = Access(pass_through=lambda b: True, end_in=lambda b: True, rides=True,
                      friendly=lambda b: b == "BRI")
    assert walk("k10", "e", ["BRI", "k10", "l10"], friendly)[0] is None
    assert walk("k10", "e", ["BRI", "k10", "l10"], GANG)[0] is not None  # not friendly
    # Only straight back onto the starting space, right after entering.
    assert walk("j10", "e", ["k10", "BRI", "k10"], friendly)[0] is not None


def test_a_subway_ride_is_one_step_to_any_other_subway_then_any_direction():
    assert walk("b4", "e", ["n4", "CKT"], GANG)[0] is None  # ride 1 -> 2, then into CK's Tobacco
    assert walk("b4", "e", ["n4", "m4", "m5"], GANG)[0] is None
    problem, _ = walk("b4", "e", ["n4", "h4"], GANG)
    assert problem == "step 2: no ride right after a ride"
    no_rides = Access(pass_through=lambda b: True, end_in=lambda b: True, rides=False)
    assert walk("b4", "e", ["n4"], no_rides)[0] == "step 1: this piece does not ride the subway"


def test_paths_have_the_exact_count_and_the_tree_lists_exactly_them():
    paths = Paths("d7", "s", (4,), GANG)
    every = list(paths.all())
    assert every and all(len(p) == 4 and walk("d7", "s", p, GANG)[0] is None for p in every)
    tree, cut = paths.tree()
    assert not cut

    def leaves(node, prefix):  # noqa: ANN001, ANN202
        for key, sub in node.items():
            if key == "$":
                yield prefix
            else:
                yield from leaves(sub, prefix + [key])

    assert sorted(leaves(tree, [])) == sorted(every)
    assert set(paths.ends()) == {p[-1] for p in every}


def test_a_single_door_building_must_be_the_end_of_a_path():
    # The Ice House (c2) opens only on c1.
    paths = Paths("b1", "e", (2,), GANG)
    assert ["c1", "ICE"] in list(paths.all())
    assert not [p for p in Paths("b1", "e", (3,), GANG).all() if p[1] == "ICE"]


def test_a_move_must_use_the_exact_die():
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    put(state, 0, "T", "d7", f="s")
    at_step(state, 0, "move", {"red": 3})
    with pytest.raises(IllegalMove, match="moves exactly 3 \\(the red die\\)"):
        play(state, 0, "move T d8 d9")
    after = play(state, 0, "move T d8 d9 d10")
    assert after["gangs"][0]["pieces"]["T"]["at"] == "d10"
    assert after["gangs"][0]["pieces"]["T"]["f"] == "s"


def test_pieces_moving_along_paths_through_the_rules():
    state = through_setup(2)
    clear_board(state)
    own(state, 0, "BRI")
    put(state, 0, "R", "k10", s=4, f="e")
    at_step(state, 0, "move", {"green": 3})
    after = play(state, 0, "move R BRI k10 l10")  # the about-face through its own joint
    assert after["gangs"][0]["pieces"]["R"]["at"] == "l10"
    with pytest.raises(IllegalMove, match="U-turn"):
        play(state, 0, "move R j10 k10 l10")


def test_a_public_enters_only_joints_a_gang_owns():
    state = through_setup(2)
    clear_board(state)
    state["public"] = {"3": {"at": "k10", "f": "w"}}
    at_step(state, 0, "move", {"white": 1})
    with pytest.raises(IllegalMove, match="may not end its move inside BRI"):
        play(state, 0, "public 3 BRI")
    own(state, 1, "BRI")
    after = play(state, 0, "public 3 BRI")
    assert after["public"]["3"] == {"at": "BRI", "f": None}
    with pytest.raises(IllegalMove, match="has moved this turn already"):
        play(after, 0, "public 3 j11")


def _neighbours(node: str) -> list[str]:
    from games.rules.gangsters.board import DOORS, DOORS_FROM, STREETS, SUBWAY_OF

    if node in STREETS:
        out = list(STREETS[node].values()) + list(DOORS_FROM[node].values())
        if node in SUBWAY_OF:
            out += [s for s in SUBWAY_OF if s != node]
        return out
    return list(DOORS[node])


def _brute_force(start: str, facing, n: int, access: Access) -> set[tuple[str, ...]]:  # noqa: ANN001
    found: set[tuple[str, ...]] = set()

    def rec(node: str, path: list[str]) -> None:
        if len(path) == n:
            if walk(start, facing, path, access)[0] is None:
                found.add(tuple(path))
            return
        for nxt in _neighbours(node):
            rec(nxt, path + [nxt])

    rec(start, [])
    return found


def test_the_path_generator_agrees_with_the_step_by_step_check_everywhere():
    from games.rules.gangsters.board import STREETS

    friendly = Access(pass_through=lambda b: b != "ICE", end_in=lambda b: b != "LAK", rides=True,
                      friendly=lambda b: b in ("BRI", "HUF", "JAB"))
    cop = Access(pass_through=lambda b: False, end_in=lambda b: b in ("BRI", "SNS"), rides=True)
    for access in (GANG, friendly, cop):
        for start in sorted(STREETS)[::7] + ["b4", "k10", "BRI", "ICE"]:
            for facing in (None, "n", "e"):
                for n in (1, 2, 3):
                    generated = {tuple(p) for p in Paths(start, facing, (n,), access).all()}
                    assert generated == _brute_force(start, facing, n, access), (start, facing, n)
    paths = Paths("k10", "w", (2, 4), friendly)
    assert {tuple(p) for p in paths.all()} == _brute_force("k10", "w", 2, friendly) | _brute_force(
        "k10", "w", 4, friendly)
