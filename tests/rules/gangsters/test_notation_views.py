"""Notation (round trips, refusals), views and hidden information, narration, choices and labels."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, MoveParseError
from games.rules.gangsters.notation import format_move, parse_move

from .helpers import RULES, at_step, clear_board, own, put, through_setup

EXAMPLES = {
    "buy BRI": {"a": "buy", "joint": "BRI"},
    "gang R5 BRI T2 BUS V1 BUS": {"a": "gang", "R": 5, "T": 2, "V": 1,
                                  "at": {"R": "BRI", "T": "BUS", "V": "BUS"}},
    "gang R6 LOU": {"a": "gang", "R": 6, "T": 0, "V": 0, "at": {"R": "LOU"}},
    "improve BRI": {"a": "improve", "joint": "BRI"},
    "roll": {"a": "roll"},
    "bribe": {"a": "bribe"},
    "pass": {"a": "pass"},
    "cop 3 d7 d8 d9": {"a": "cop", "cop": 3, "path": ["d7", "d8", "d9"]},
    "cop in e": {"a": "newcop", "to": "e"},
    "cop in BRI": {"a": "newcop", "to": "BRI"},
    "donuts 3": {"a": "donuts", "cop": 3},
    "stop": {"a": "stop"},
    "allow": {"a": "allow"},
    "move T d7 d8 BRI": {"a": "move", "piece": "T", "path": ["d7", "d8", "BRI"], "act": "none",
                         "target": None},
    "move T d7 d8 BRI hit joint": {"a": "move", "piece": "T", "path": ["d7", "d8", "BRI"], "act": "hit",
                                   "target": "joint"},
    "move R c4 d4 hit P2 T": {"a": "move", "piece": "R", "path": ["c4", "d4"], "act": "hit",
                              "target": [1, "T"]},
    "move V e4 f4 seduce P3 R": {"a": "move", "piece": "V", "path": ["e4", "f4"], "act": "seduce",
                                 "target": [2, "R"]},
    "move T c1 ICE extort": {"a": "move", "piece": "T", "path": ["c1", "ICE"], "act": "extort",
                             "target": None},
    "extort T": {"a": "extort", "piece": "T"},
    "recruit T 2": {"a": "recruit", "piece": "T", "n": 2, "facing": None},
    "recruit V 1 facing e": {"a": "recruit", "piece": "V", "n": 1, "facing": "e"},
    "public in e": {"a": "newpublic", "to": "e"},
    "public in BRI": {"a": "newpublic", "to": "BRI"},
    "public 4 d7 d8 BRI": {"a": "public", "id": 4, "path": ["d7", "d8", "BRI"]},
    "show 3": {"a": "show", "bribe": 3},
    "done": {"a": "done"},
    "assign P2 T 1 P3 R 1": {"a": "assign", "hits": [[1, "T", 1], [2, "R", 1]]},
    "sell BRI": {"a": "sell", "joint": "BRI"},
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_every_documented_example_parses_and_prints_back(text):
    assert parse_move(text) == EXAMPLES[text]
    assert format_move(EXAMPLES[text]) == text


def test_the_parser_accepts_other_spellings():
    assert parse_move("Move thug D7, d8, bri.") == EXAMPLES["move T d7 d8 BRI"]
    assert parse_move("move R s1 s2") == {"a": "move", "piece": "R", "path": ["b4", "n4"], "act": "none",
                                          "target": None}
    assert parse_move("gang r 5 bri v 1 bri") == {"a": "gang", "R": 5, "T": 0, "V": 1,
                                                   "at": {"R": "BRI", "V": "BRI"}}
    assert parse_move("recruit v 1 west") == EXAMPLES["recruit V 1 facing e"] | {"facing": "w"}
    assert parse_move("assign p3 r 1 p2 t 1") == EXAMPLES["assign P2 T 1 P3 R 1"]


@pytest.mark.parametrize("text", ["", "fly away", "move T", "move T e5", "cop ² d7", "recruit T ²",
                                  "move T z9",
                                  "buy XYZ", "gang R5", "assign P9 T 1", "show 99999999", "move T d7 hit P2",
                                  "move T d7 extort d8", "x" * 700])
def test_malformed_text_is_refused_with_a_parse_error(text):
    with pytest.raises(MoveParseError):
        parse_move(text)


def test_apply_refuses_malformed_moves_with_a_message():
    state = through_setup(2)
    seat = RULES.to_act(state)[0]
    for junk in (None, [], {}, {"a": 3}, {"a": "move", "piece": ["T"], "path": "d7"},
                 {"a": "buy", "joint": ["BRI"]}, {"a": "roll", "x": {}}):
        with pytest.raises(IllegalMove) as info:
            RULES.apply(state, seat, junk)
        assert str(info.value).strip()


def test_a_gang_sees_its_own_cash_and_bribes_and_only_how_many_bribes_the_others_hold():
    state = through_setup(3)
    state["gangs"][1]["bribes"] = [4, 10]
    state["bribe_cup"] = [b for b in state["bribe_cup"] if b not in (4, 10)]
    for viewer in (None, 0, 1, 2):
        view = RULES.view(state, viewer)
        for g in view["gangs"]:
            mine = g["seat"] == viewer
            assert (g["cash"] is not None) == mine
            assert (g["bribes"] is not None) == mine
        assert view["gangs"][1]["bribe_count"] == 2
        assert "bribe_cup" not in view and view["cups"]["bribes"] == 8
        text = RULES.describe(state, viewer)
        assert ("bribes 4, 10" in text) == (viewer == 1)
        for s in range(3):
            (line,) = [row for row in text.splitlines()
                       if row.startswith(f"  P{s + 1}") and " joints; " in row]
            assert ("cash hidden" in line) == (s != viewer), line


def test_describe_shows_the_map_the_joints_and_legal_examples():
    state = through_setup(2)
    seat = RULES.to_act(state)[0]
    text = RULES.describe(state, seat)
    assert "  8 ~~~" in text and "Joints (code" in text and "For example:" in text
    examples = RULES.example_moves(state, seat)
    assert examples
    for example in examples:
        RULES.apply(state, seat, RULES.parse_move(state, seat, example))
    assert "{seat" not in text


def test_narration_is_one_line_and_names_what_happened():
    state = through_setup(2)
    clear_board(state)
    put(state, 0, "R", "a1", s=4, f="e")
    put(state, 0, "T", "c1", s=2, f="e")
    at_step(state, 0, "move", {"red": 1})
    move = RULES.parse_move(state, 0, "move T ICE extort")
    after = RULES.apply(state, 0, move)
    told = RULES.narrate(state, 0, move, after, 1)
    assert told == "{seat0} moved T ICE and declared: extort; {seat0}'s Thug extorted $200 at ICE"


def test_choices_offer_paths_as_a_tree_and_the_rest_as_options():
    state = through_setup(2)
    clear_board(state)
    own(state, 0, "BRI")
    put(state, 0, "R", "k10", s=4, f="e")
    put(state, 0, "T", "c1", s=2, f="e")
    at_step(state, 0, "move", {"red": 1, "green": 2})
    decision = RULES.choices(state, 0)
    assert decision.kind == "move" and not decision.complete
    pieces = decision.detail["pieces"]
    assert set(pieces) == {"R", "T"}
    assert pieces["T"]["tree"] == {"ICE": {"$": True}, "d1": {"$": True}}
    assert [e["tail"] for e in pieces["T"]["ends"]["ICE"]] == ["", " extort"]
    assert pieces["T"]["ends"]["ICE"][1] == {"tail": " extort", "act": "extort", "target": None,
                                             "label": "Extort here"}
    assert "BRI" in pieces["R"]["tree"] and "k10" in pieces["R"]["tree"]["BRI"]  # the about-face
    texts = [o.text for o in decision.options]
    assert texts[-1] == "done" and "recruit T 1" in texts
    json.dumps(decision.to_json())


def test_phase_labels_say_whose_turn_and_what_step():
    state = through_setup(2)
    seat = RULES.to_act(state)[0]
    assert RULES.phase_label(state, seat).startswith("your turn:")
    assert RULES.phase_label(state, 1 - seat).startswith(f"P{seat + 1}'s turn:")
    assert RULES.phase_label(RULES.setup(2, {}, "x"), None) == "set-up: joint purchases"


def test_default_and_skip_moves_are_legal_at_every_step():
    rng = random.Random(5)
    state = through_setup(3)
    for _ in range(300):
        seats = RULES.to_act(state)
        if not seats:
            break
        seat = seats[0]
        default = RULES.default_move(state, seat)
        RULES.apply(state, seat, default)
        skip = RULES.skip_move(state, seat)
        if skip is not None:
            RULES.apply(state, seat, skip)
        state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80) | st.lists(st.sampled_from(
    ["move", "cop", "public", "in", "R", "t", "v", "d7", "BRI", "s4", "hit", "P2", "joint", "seduce", "extort",
     "gang", "r5", "recruit", "2", "²", "facing", "e", "assign", "p9", "buy", "x", ","]), max_size=12).map(" ".join))
def test_the_parser_is_total(text):
    try:
        move = parse_move(text)
    except MoveParseError:
        return
    assert parse_move(format_move(move)) == move
