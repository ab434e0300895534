"""The stand-in board: the public facts it must keep, the graph, and the text map."""

from __future__ import annotations

from collections import Counter

from games.rules.gangsters import board, data
from games.rules.gangsters.textmap import map_lines


def test_the_map_has_no_dead_ends_and_is_connected():
    assert board.check_map() == []


def test_six_colours_with_nine_to_four_joints():
    sizes = Counter(b.colour for b in data.JOINTS)
    assert sizes == {"brown": 9, "yellow": 8, "green": 7, "blue": 6, "purple": 5, "red": 4}
    assert len(data.JOINTS) == 39
    assert all(code.isupper() and len(code) == 3 for code in data.BUILDING)


def test_the_joints_named_in_the_public_record_keep_their_names_and_known_colours():
    named = [b for b in data.JOINTS if b.public_name]
    assert len(named) == 29 and len(data.JOINTS) - len(named) == 10
    by_name = {b.name: b for b in data.JOINTS}
    for name in ("Downtown Bus Station", "Brizelli's Riverside", "Westgate Hotel", "SMC Cartage Co."):
        assert by_name[name].colour == "green"
    for name in ("Ambassadors' Club", "Brzkowski's Imports"):
        assert by_name[name].colour == "blue" and by_name[name].jump
    for name in ("Pussycat Club", "Caravan Club"):
        assert by_name[name].colour == "purple" and by_name[name].jump
    assert by_name["Brizelli's Riverside"].jump == 4
    # The Bus Station pairs with Brizelli's, the Blue and Purple one-jump joints pair up too.
    assert by_name["Downtown Bus Station"].jump == 4
    assert by_name["Ambassadors' Club"].jump == by_name["Brzkowski's Imports"].jump
    assert by_name["Pussycat Club"].jump == by_name["Caravan Club"].jump
    # Ruling G11: Ambassadors' Club's price starts with 4.
    assert str(by_name["Ambassadors' Club"].value).startswith("4")


def test_thirteen_one_jump_joints_on_subways_two_to_six():
    jumps = [b.jump for b in data.JOINTS if b.jump]
    assert len(jumps) == 13 and set(jumps) == {2, 3, 4, 5, 6}
    assert sorted(data.SUBWAYS) == [1, 2, 3, 4, 5, 6]
    for number, space in data.SUBWAYS.items():
        assert space in board.STREETS
        # Each one-jump joint of a subway has a door next to it or one step away.
        for code in data.ONE_JUMP[number]:
            doors = board.DOORS[code]
            near = {space, *board.STREETS[space].values()}
            assert set(doors) & near or any(set(board.STREETS[d].values()) & near for d in doors), code


def test_three_bridges_cross_the_river():
    assert {b[0] for b in board.BRIDGES} == set(data.BRIDGE_COLUMNS)
    assert all(b in board.STREETS for b in board.BRIDGES)


def test_buildings_have_doors_on_streets_gray_ones_a_single_door():
    for b in data.BUILDINGS:
        assert board.DOORS[b.code]
        if not b.is_joint:
            assert len(board.DOORS[b.code]) == 1
    assert set(board.DOORS["BRI"]) == {"k10", "j11"}


def test_the_text_map_draws_every_building_subway_and_bridge():
    empty = {"gangs": [], "cops": {}, "public": {}, "joints": {}}
    lines = map_lines(empty)
    assert len(lines) == 17
    text = "\n".join(lines)
    for b in data.BUILDINGS:
        assert text.count(b.code) == 1, b.code
    for n in range(1, 7):
        assert f"S{n}" in text
    assert lines[8].split()[0] == "8" and "~~~" in lines[8] and "=" in lines[8]
    assert max(len(line) for line in lines) <= 72


def test_pieces_show_on_the_text_map():
    view = {"gangs": [{"seat": 1, "pieces": {"R": {"s": 3, "at": "d7", "f": "n", "c": True},
                                             "T": {"s": 1, "at": "BRI", "f": None, "c": False},
                                             "V": {"s": 0, "at": None, "f": None, "c": False}}}],
            "cops": {"3": {"at": "e4", "f": "e"}}, "public": {"4": {"at": "e4", "f": "w"}}, "joints": {}}
    text = "\n".join(map_lines(view))
    assert "2R!" in text and "*2" in text and "BR*" in text
