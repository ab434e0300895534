"""Parsing and applying are total, for every registered game: a move or ``IllegalMove``, nothing else.

Arbitrary text (Unicode digits, 5000-digit numbers, control characters, long
strings, near misses of legal moves) goes to ``parse_move`` at many reachable
states and for every seat, awaited or not; a text that parses must then go
through ``warnings`` and ``apply`` the same way. Arbitrary JSON-like data (and
legal moves with parts broken) goes to ``apply``. Whatever comes in:

* the only exception is ``IllegalMove`` (``MoveParseError`` is one), with a message;
* the input state is never changed;
* an accepted move leaves a state the game can go on from (``to_act``, ``view``)
  and can be written in notation (``format_move``), as the write path does.
"""

from __future__ import annotations

import copy
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import IllegalMove, Rules, canonical_json, game_slugs, get_rules
from tests.property import states, strategies
from tests.property.profiles import examples

SLUGS = game_slugs()


def refused_or(fn, what: str):
    """Run ``fn``; an IllegalMove (with a message) is a clean refusal and gives None."""
    try:
        return fn()
    except IllegalMove as refusal:
        assert str(refusal).strip(), f"{what}: IllegalMove without a message"
        return None


def check_accepted(rules: Rules, state: dict, seat: int, move, new: dict, players: int) -> None:
    """What the write path does with an accepted move must work too."""
    assert isinstance(new, dict), f"apply returned {type(new).__name__}"
    text = rules.format_move(state, seat, move)
    assert isinstance(text, str) and text.strip()
    awaited = rules.to_act(new)
    assert all(isinstance(s, int) and 0 <= s < players for s in awaited), awaited
    for viewer in (None, *range(players)):
        rules.view(new, viewer)


@pytest.mark.parametrize("slug", SLUGS)
@examples(2500)
@given(data=st.data())
def test_parse_move_gives_a_move_or_illegal_move(slug: str, data: st.DataObject) -> None:
    rules = get_rules(slug)
    pool = states.samples(slug)
    sample = pool[data.draw(st.integers(0, len(pool) - 1), label="state index")]
    seat = data.draw(st.integers(0, sample.players - 1), label="seat")
    legal = [text for s, _, text in sample.moves if s == seat] or [text for _, _, text in sample.moves]
    text = data.draw(strategies.move_texts(states.vocabulary(slug), legal), label="text")
    before = canonical_json(sample.state)
    started = time.perf_counter()
    move = refused_or(lambda: rules.parse_move(sample.state, seat, text), f"parse_move({text[:80]!r})")
    # A 5000-digit number is refused at once, not parsed (no parser may be quadratic in the text).
    assert time.perf_counter() - started < 2.0, f"parse_move took {time.perf_counter() - started:.1f}s"
    if move is not None:
        refused_or(lambda: rules.warnings(sample.state, seat, move), "warnings")
        new = refused_or(lambda: rules.apply(sample.state, seat, move), f"apply({move!r})")
        if new is not None:
            check_accepted(rules, sample.state, seat, move, new, sample.players)
    assert canonical_json(sample.state) == before, "parsing or applying changed the input state"


@pytest.mark.parametrize("slug", SLUGS)
@examples(1500)
@given(data=st.data())
def test_apply_gives_a_state_or_illegal_move(slug: str, data: st.DataObject) -> None:
    rules = get_rules(slug)
    pool = states.samples(slug)
    sample = pool[data.draw(st.integers(0, len(pool) - 1), label="state index")]
    seat = data.draw(st.one_of(st.integers(0, sample.players - 1), st.integers(-3, 8)), label="seat")
    legal = [move for s, move, _ in sample.moves if s == seat] or [move for _, move, _ in sample.moves]
    keys, values = states.move_parts(slug)
    move = data.draw(strategies.move_data(legal, keys, values), label="move")
    before, move_before = canonical_json(sample.state), copy.deepcopy(move)
    new = refused_or(lambda: rules.apply(sample.state, seat, move), f"apply({move!r})")
    if new is not None:
        check_accepted(rules, sample.state, seat, move, new, sample.players)
    refused_or(lambda: rules.warnings(sample.state, seat, move), "warnings")
    assert canonical_json(sample.state) == before, "apply changed its input state"
    assert repr(move) == repr(move_before), "apply changed the move it was given"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_states_in_several_phases(slug: str) -> None:
    """The examples above start from many states, the end of a game included."""
    rules = get_rules(slug)
    pool = states.samples(slug)
    assert len(pool) >= 100
    kinds = {states.decision_kind(rules, s.state) for s in pool}
    assert "over" in kinds and len(kinds) >= 3, kinds


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("control", ["\x00", "\x1b", "\x7f", "\x85"])
def test_control_characters_are_refused_by_every_notation(slug: str, control: str) -> None:
    """A NUL inside a word (which a parser might skip over) is refused, and the refusal quotes it escaped."""
    rules = get_rules(slug)
    for sample in states.samples(slug)[:: 10]:
        for seat, _, text in sample.moves:
            with pytest.raises(IllegalMove) as refused:
                rules.parse_move(sample.state, seat, text[:3] + control + text[3:])
            assert "contains a control character" in str(refused.value)
            assert control not in str(refused.value)
