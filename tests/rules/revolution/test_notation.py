"""The move notation: round trips (property-based), forgiving input, readable errors; JSON; describe."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, MoveParseError
from games.rules.revolution import RULES
from games.rules.revolution.data import AREA_IDS, CHARACTER_IDS, COLORS, KINDS
from games.rules.revolution.engine import normalize_bid

from .helpers import bids, new_game, position

BIDDING = new_game(4)
_counts = st.dictionaries(st.sampled_from(KINDS), st.integers(1, 40), min_size=1)
_bids = st.dictionaries(st.sampled_from(CHARACTER_IDS), _counts, min_size=1).map(normalize_bid)


@given(_bids)
@settings(max_examples=300, deadline=None)
def test_every_bid_round_trips(bid: dict) -> None:
    move = {"action": "bid", "bid": bid}
    text = RULES.format_move(BIDDING, 0, move)
    assert RULES.parse_move(BIDDING, 0, text) == move
    assert RULES.parse_move(BIDDING, 0, text.upper().replace("; ", " ,\n ")) == move


def _choice_state() -> dict:
    board = {a: [1, 1, 1, 1] for a in AREA_IDS}
    state = position(4, board=board)
    return bids(state, "spy f 3g; general b", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")


CHOICE = _choice_state()
_spots = st.fixed_dictionaries({"area": st.sampled_from(AREA_IDS), "color": st.sampled_from(COLORS)})


@given(_spots, _spots)
@settings(max_examples=200, deadline=None)
def test_every_choice_round_trips(a: dict, b: dict) -> None:
    spy = {"action": "spy", **a}
    assert RULES.parse_move(CHOICE, 0, RULES.format_move(CHOICE, 0, spy)) == spy
    swap = RULES.parse_move(CHOICE, 0, f"swap {a['area'].replace('_', ' ')} {a['color']} {b['color']} "
                                       f"{b['area'].replace('_', '')}")
    assert RULES.parse_move(CHOICE, 0, RULES.format_move(CHOICE, 0, swap)) == swap
    assert RULES.parse_move(CHOICE, 0, "pass") == {"action": "pass"}


@pytest.mark.parametrize("text", [
    "general b g; printer f; merchant 2g",
    "Gen: B, G / print F / merch 2 gold",
    "GENERAL bg printer f merchant gg",
    "1 b g\n8 f\n7 2g",
    "general b, g; printer force; merchant g2",
    "  general  b  g ;; printer f ;  merchant 1g 1g ",
])
def test_forgiving_input_gives_the_canonical_move(text: str) -> None:
    expected = {"action": "bid", "bid": {"general": {"blackmail": 1, "gold": 1}, "printer": {"force": 1},
                                         "merchant": {"gold": 2}}}
    move = RULES.parse_move(BIDDING, 0, text)
    assert move == expected
    # Printed in resolution order: the Merchant (7th) before the Printer (8th).
    assert RULES.format_move(BIDDING, 0, move) == "general b g; merchant 2g; printer f"


def test_a_number_starting_a_group_is_a_character() -> None:
    assert RULES.parse_move(BIDDING, 0, "general b, 2 g")["bid"] == {"general": {"blackmail": 1},
                                                                    "captain": {"gold": 1}}
    assert RULES.parse_move(BIDDING, 0, "general b 2 g")["bid"] == {"general": {"blackmail": 1, "gold": 2}}


@pytest.mark.parametrize(("text", "message"), [
    ("king 2g", "'king' is not a character or a token (characters: general, captain, innkeeper, magistrate, "
                "priest, aristocrat, merchant, printer, rogue, spy, apothecary, mercenary (or a prefix such as "
                "'gen', or a number 1-12); tokens: f, b, g (Force, Blackmail, Gold) with counts such as 2g)"),
    ("pri 2g", "'pri' could be the Priest or the Printer (type more letters of the name)"),
    ("merc g", "'merc' could be the Merchant or the Mercenary (type more letters of the name)"),
    ("13 g", "there is no character number 13 (characters are numbered 1 (General) to 12 (Mercenary))"),
    ("2g printer", "'2g' must follow a character (for example 'printer 2g')"),
    ("printer", "no tokens given for the Printer (write them after the name, e.g. 'printer 2g')"),
    ("", "the bid is empty (for example 'general b g; printer f; merchant 2g')"),
    ("pass", "you cannot pass a bid: every token you hold must be bid (for example 'printer f b 3g')"),
])
def test_parse_errors_name_the_bad_word_and_what_is_accepted(text: str, message: str) -> None:
    with pytest.raises(MoveParseError) as err:
        RULES.parse_move(BIDDING, 0, text)
    assert str(err.value) == message


def test_choice_parse_errors() -> None:
    with pytest.raises(MoveParseError, match="expected two cubes, each as an area and a colour"):
        RULES.parse_move(CHOICE, 0, "swap cathedral blue")
    with pytest.raises(MoveParseError, match="'t' could be the Town Hall or the Tavern"):
        RULES.parse_move(CHOICE, 0, "spy blue t")
    with pytest.raises(IllegalMove, match="waits for Red to choose"):
        RULES.parse_move(CHOICE, 1, "pass")


def test_states_views_and_moves_survive_json_along_a_game() -> None:
    rng = random.Random(5)
    state = RULES.setup(4, {"bid_refunds": True}, "json-game")
    while RULES.to_act(state):
        assert json.loads(json.dumps(state)) == state
        for viewer in (None, 0, 1, 2, 3):
            view = RULES.view(state, viewer)
            assert json.loads(json.dumps(view)) == view and "json-game" not in json.dumps(view)
        seat = rng.choice(RULES.to_act(state))
        move = RULES.random_move(state, seat, rng)
        assert json.loads(json.dumps(move)) == move
        state = RULES.apply(state, seat, move)
    assert json.loads(json.dumps(RULES.result(state))) == RULES.result(state)


def test_legal_moves_enumerate_every_bid_exactly_once() -> None:
    state = position(3, hands=[{"force": 1, "blackmail": 0, "gold": 1}, {"force": 0, "blackmail": 0, "gold": 2},
                               {"force": 1, "blackmail": 1, "gold": 3}])
    moves = list(RULES.legal_moves(state, 0))
    assert len(moves) == 12 * 12
    assert len({RULES.format_move(state, 0, m) for m in moves}) == 144
    assert len(list(RULES.legal_moves(state, 1))) == 78  # 2 Gold over 12 characters: C(13, 2)
    for move in moves:
        RULES.apply(state, 0, move)
    choice_moves = list(RULES.legal_moves(CHOICE, 0))
    assert choice_moves[0] == {"action": "pass"} and len(choice_moves) == 1 + 7 * 3
    assert list(RULES.legal_moves(CHOICE, 1)) == []


def test_describe_tells_a_player_what_happened_and_what_to_do() -> None:
    text = RULES.describe(CHOICE, 0)
    assert "You are Red (seat 1)." in text and "You won the Spy: choose now." in text
    assert "Resolution of round 1:" in text and "General (Red 1 Blackmail): you won" in text
    assert "spy blue harbor" in text
    assert "Waiting for Red to use the Spy." in RULES.describe(CHOICE, 2)
