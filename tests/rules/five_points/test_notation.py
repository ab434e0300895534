"""The reply notation: canonical forms, accepted variants, round trips, readable errors."""

from __future__ import annotations

import random

import pytest

from games.rules.base import MoveParseError
from games.rules.five_points import RULES

from .helpers import bid, blank, building, pass_all, put

# Map (helpers.MAP3):   B    C    D    E
#                  2    1r   2b   3g   4o
#                  3    5r   6b   7g   8o
#                  4    9r  10b  11g


@pytest.mark.parametrize(
    "text, move, canonical",
    [
        ("place 3", {"action": "place", "tile": 3}, "place 3"),
        ("PLACE 3 BID 2 ON b", {"action": "place", "tile": 3, "marker": "B", "bid": 2}, "place 3 bid 2 on marker B"),
        ("place 3, bid 2 on marker B.", {"action": "place", "tile": 3, "marker": "B", "bid": 2},
         "place 3 bid 2 on marker B"),
        ("place c3", {"action": "place", "tile": 6}, "place 6"),  # a cell names the tile on it
        ("Pass", {"action": "pass"}, "pass"),
        ("move 7 to c4", {"action": "move", "tile": 7, "to": "C4"}, "move tile 7 to C4"),
        ("move tile D3 to A1", {"action": "move", "tile": 7, "to": "A1"}, "move tile 7 to A1"),
        ("no", {"action": "skip"}, "skip"),
        ("take Red marker", {"action": "take", "colour": "red"}, "take red"),
        ("special election in 5", {"action": "special", "tile": 5}, "special 5"),
        ("elect 4 then 2", {"action": "elect", "tiles": [4, 2]}, "elect 4 2"),
        ("smuggle a rabble of p2 from 5 to 7", {"action": "smuggle", "seat": 1, "from": 5, "to": 7},
         "smuggle player 2 from 5 to 7"),
    ],
)
def test_accepted_forms_and_canonical_text(text: str, move: dict, canonical: str) -> None:
    state = blank(3, markers=["vote1a", "vote1b", "vote1c", "vote2a"])
    assert RULES.parse_move(state, 0, text) == move
    assert RULES.format_move(state, 0, move) == canonical
    assert RULES.parse_move(state, 0, canonical) == move


@pytest.mark.parametrize(
    "text, message",
    [
        ("plce 3", '"plce" is not a Five Points move (moves start with place, pass, move, skip, take, special, '
                   'elect or smuggle)'),
        ("", "the reply has no move in it (for example `place 3` or `pass`)"),
        ("place", "missing the tile to place on (for example `place 3`)"),
        ("place 12", '"12" is not a neighbourhood (a tile number from 1 to 11 or the cell of a tile, e.g. `place 3`)'),
        ("place a1", 'no neighbourhood is at "A1" (for example `place 3`)'),
        ("place 3 bid x on B", '"x" is not a number of rabble to bid (for example `place 3 bid 2 on marker B`)'),
        ("place 3 bid 2 on E", '"E" is not a marker (markers are A, B, C, D)'),
        ("place 3 for 2", 'expected "bid", not "for" (for example `place 3 bid 2 on marker B`)'),
        ("pass now", 'unexpected "now" after pass (just `pass`)'),
        ("move tile 7 to the left", '"the" is not a grid cell (a column letter and row number like C4)'),
        ("take purple", '"purple" is not a colour (blue, green, red or orange)'),
        ("smuggle player 9 from 1 to 2", '"9" is not a player (player 1 to 3, e.g. `smuggle player 2 from 5 to 7`)'),
    ],
)
def test_errors_name_the_bad_word_and_what_is_accepted(text: str, message: str) -> None:
    state = blank(3, markers=["vote1a", "vote1b", "vote1c", "vote2a"])
    with pytest.raises(MoveParseError) as err:
        RULES.parse_move(state, 0, text)
    assert str(err.value) == message


def _pending_states() -> list[dict]:
    """One state per kind of choice, to round-trip every legal move there."""
    states = []
    for marker, seat in (("movea", 1), ("controla", 2), ("speciala", 0)):
        s = blank(3, markers=[marker, "vote1a", "vote1b", "vote1c"])
        bid(s, 0, seat, 1)
        put(s, 6, 0, rabble=1)
        states.append(pass_all(s))
    s = blank(3, markers=["vote1a", "vote1b", "vote1c", "vote2a"])
    for tile in (1, 4, 9):
        put(s, tile, 0, rabble=2)
    states.append(pass_all(s))
    s = blank(3, markers=["vote1a", "vote1b", "vote1c", "vote2a"])
    building(s, 11, "smuggler")
    put(s, 11, 2, rabble=1)
    put(s, 6, 0, rabble=2)
    put(s, 6, 1, rabble=1)
    states.append(pass_all(s))
    return states


def test_every_legal_choice_round_trips() -> None:
    states = _pending_states()
    assert [s["pending"]["kind"] for s in states] == ["move_tile", "take", "special", "elect", "smuggle"]
    for state in states:
        seat = RULES.to_act(state)[0]
        count = 0
        for move in RULES.legal_moves(state, seat):
            text = RULES.format_move(state, seat, move)
            assert RULES.parse_move(state, seat, text) == move, text
            assert RULES.parse_move(state, seat, text.upper()) == move, text
            RULES.apply(state, seat, move)  # legal
            count += 1
        assert count > 1


def test_every_legal_placement_round_trips() -> None:
    state = RULES.setup(5, {}, "notation")
    rng = random.Random(5)
    for _ in range(30):
        seat = RULES.to_act(state)[0]
        for move in RULES.legal_moves(state, seat):
            assert RULES.parse_move(state, seat, RULES.format_move(state, seat, move)) == move
        state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))
        if state["phase"] != "placement":
            break


def test_help_and_examples() -> None:
    assert "place 3 bid 2 on marker B" in RULES.notation_help()
    state = RULES.setup(4, {}, "examples")
    examples = RULES.example_moves(state, 0)
    assert examples[0] == "place 1" and examples[-1] == "pass"
    assert any("bid" in e for e in examples)
    for text in examples:
        RULES.apply(state, 0, RULES.parse_move(state, 0, text))
