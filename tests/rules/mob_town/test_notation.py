"""The move notation: the issue's examples, every action, round trips, and total parsing of garbage."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, MoveParseError

from .helpers import RULES, at, coop_table, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]


def parse(state, text, seat=0):
    return RULES.parse_move(state, seat, text)


def test_the_issues_examples():
    s = table(ROW, tokens={"res2": [0]})
    # Map names: A1 is one column left of and one row above the city; the row lies on row 2.
    assert parse(s, "take over B2 with rats 2, cash") == {"action": "takeover", "at": at(s, "res2"),
                                                          "pay": ["rats2", "cash"], "via": []}
    assert parse(s, "trade rats 1 for sharks") == {"action": "trade", "give": "rats1", "take": "sharks"}
    assert parse(s, "open lot 2 at west of B2") == {"action": "openlot", "lot": 2, "at": [-1, 0], "pay": None}


def test_places_by_code_name_type_and_value_or_map_name():
    s = table(ROW)
    for text in ("cas3", "casino 3", "Golden Shark", "C2", "c2"):
        assert parse(s, f"take over {text} with sharks 3")["at"] == [1, 0]
    with pytest.raises(MoveParseError, match="not in the city"):
        parse(s, "take over cas1 with sharks 1")
    with pytest.raises(MoveParseError, match="not a card of the city"):
        parse(s, "take over the moon with sharks 1")


def test_every_action_prints_and_parses_back():
    s = table(ROW, players=3, options={"professionals": True}, tokens={"res2": [0], "hot1": [1]},
              lot=["cas2", "hot4", "the1"], hands=[["rats1", "cash", "foxes1", "snakes2", "sharks3"], [], []])
    s["pros"]["row"] = ["fence", "pickpocket", "muscle"]
    moves = [
        {"action": "draw"},
        {"action": "trade", "give": "cash", "take": "cash"},
        {"action": "cashin", "take": ["rats1", "cash"]},
        {"action": "takeover", "at": [4, 0], "pay": ["foxes1"], "via": [[[3, 0], "cash"], [[2, 0], "rats1"],
                                                                          [[1, 0], "snakes2"]]},
        {"action": "openlot", "lot": 3, "at": [0, 1], "pay": ["foxes1"]},
        {"action": "openlot", "lot": 1, "at": [5, 0], "pay": None},
        {"action": "swap", "give": "types", "take": "block"},
        {"action": "hire", "pro": "fence", "take": ["rats1", "snakes3"]},
        {"action": "hire", "pro": "pickpocket", "rob": 2},
        {"action": "hire", "pro": "muscle", "at": [1, 0], "pay": ["sharks3"], "via": []},
    ]
    texts = [RULES.format_move(s, 0, m) for m in moves]
    assert texts == [
        "draw",
        "trade cash for cash",
        "cash in for rats 1, cash",
        "take over fac1 with foxes 1 via the2 cash, hot1 rats 1, cas3 snakes 2",
        "open lot 3 at south of res2 and take over with foxes 1",
        "open lot 1 at east of fac1",
        "swap agenda types for block",
        "hire fence: take rats 1, snakes 3",
        "hire pickpocket: rob green",
        "hire muscle: take over cas3 with sharks 3",
    ]
    for move, text in zip(moves, texts):
        assert parse(s, text) == move, text
    # Agendas, and the other ways people write things.
    fresh = RULES.setup(2, {}, "n")
    assert parse(fresh, "agendas most casinos and types") == {"action": "agendas", "agendas": ["casinos", "types"]}
    assert parse(fresh, "choose 3, 1") == {"action": "agendas", "agendas": ["casinos", "restaurants"]}
    assert parse(s, "Cash in: Cash, rat1") == {"action": "cashin", "take": ["rats1", "cash"]}
    assert parse(s, "swap hotels for theatre") == {"action": "swap", "give": "hotels", "take": "theaters"}
    assert parse(s, "hire the getaway driver: take over fac1 with foxes 1")["pro"] == "driver"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("dance", "is not a Mob Town move"),
    ("trade rats 9 for sharks", "no card"),
    ("trade rats for sharks", "is not a card"),
    ("trade rats 1 for badgers", "not a type"),
    ("take over cas3", "names the property and the cards"),
    ("take over cas3 with", "names the property and the cards"),
    ("take over cas3 with rats 1 via hot1", "names a cell and a card"),
    ("agendas casinos", "exactly two"),
    ("agendas casinos, mayors", "not an agenda"),
    ("hire plumber", "not a professional"),
    ("hire fence", "which lineup cards"),
    ("hire bookie: take rats 1", "needs no more words"),
    ("hire pickpocket: rob purple", "not a player"),
    ("open lot 1 at Z99", "not a card of the city"),
    ("x" * 700, "short line"),
    ("trade rats ² for sharks", "is not a card"),
])
def test_bad_text_is_refused_with_a_reason(text, message):
    s = table(ROW)
    with pytest.raises(MoveParseError, match=message):
        parse(s, text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_parsing_is_total(text):
    s = table(ROW)
    try:
        move = parse(s, text)
    except IllegalMove:
        return
    assert isinstance(move, dict) and RULES.parse_move(s, 0, RULES.format_move(s, 0, move)) == move


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["take over ", "trade ", "cash in for ", "open lot ", "hire ", "swap agenda ", "agendas ",
                        "move to ", "clear out with ", "shut down with ", "pawn at ", "role "]),
       st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 ,:;'²", max_size=40))
def test_parsing_is_total_after_a_known_word(head, tail):
    for state in (table(ROW), coop_table()):
        try:
            parse(state, head + tail)
        except IllegalMove:
            pass


def test_random_moves_round_trip_through_the_notation():
    rng = random.Random(5)
    for options in ({}, {"professionals": True, "landmarks": True, "city_cards": True, "big_money": True}):
        s = RULES.setup(3, options, "round-trip")
        for _ in range(150):
            awaited = RULES.to_act(s)
            if not awaited:
                break
            seat = rng.choice(awaited)
            move = RULES.random_move(s, seat, rng)
            assert parse(s, RULES.format_move(s, seat, move), seat) == move
            s = RULES.apply(s, seat, move)


def test_coop_notation():
    s = coop_table()
    first = s["city"][0]["card"]
    assert RULES.format_move(s, 0, {"action": "move", "to": [s["city"][1]["x"], s["city"][1]["y"]]}) \
        == f"move to {s['city'][1]['card']}"
    assert parse(s, "clear out with rats 2, cash") == {"action": "clear", "pay": ["rats2", "cash"]}
    assert parse(s, "shut down snakes 1, sharks 1") == {"action": "shutdown", "pay": ["sharks1", "snakes1"]}
    fresh = RULES.setup(2, {"mode": "coop"}, "n")
    assert parse(fresh, "role the Health Inspector") == {"action": "role", "role": "inspector"}
    assert parse(fresh, "role detective") == {"action": "role", "role": "detective"}
    assert parse(s, f"pawn at {first}") == {"action": "pawn", "at": [0, 0]}
    with pytest.raises(MoveParseError, match="not a role"):
        parse(fresh, "role janitor")
