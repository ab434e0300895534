"""Notation round trips and errors, views that hide secrets, describe, help."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.base import IllegalMove, MoveParseError
from games.rules.five_tribes import RULES

from .util import position

ESCAPE = {"F4": "Y", "F5": "Y"}


def _random_states(n: int, seed: int, limit: int = 400):
    s = RULES.setup(n, {}, f"nv{seed}")
    rng = random.Random(seed)
    for _ in range(limit):
        if RULES.result(s) is not None:
            return
        seat = RULES.to_act(s)[0]
        yield s, seat, rng
        s = RULES.apply(s, seat, RULES.random_move(s, seat, rng))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_parse_format_round_trip_on_random_games(n: int, seed: int) -> None:
    for s, seat, rng in _random_states(n, seed):
        moves = [RULES.random_move(s, seat, rng), RULES.default_move(s, seat)]
        moves += [m for _, m in zip(range(20), RULES.legal_moves(s, seat))]
        for m in moves:
            text = RULES.format_move(s, seat, m)
            assert RULES.parse_move(s, seat, text) == m, text
            assert json.loads(json.dumps(m)) == m


def test_canonical_texts() -> None:
    s = position(meeples={"C3": "WGB", "D4": "B", **ESCAPE})
    fmt = lambda m: RULES.format_move(s, 0, m)  # noqa: E731
    assert fmt({"t": "move", "from": "C3", "path": ["C4", "D4", "D4"], "drops": "WGB"}) == \
        "move C3 C4 D4 D4 drop white green blue"
    assert fmt({"t": "bid", "cost": 8, "fakirs": 2}) == "bid 8 kumarbi 2"
    assert fmt({"t": "kill", "seat": 1, "meeples": "YW"}) == "kill P2 vizier elder"
    assert fmt({"t": "kill", "tile": "D2", "meeples": "W"}) == "kill D2 white"
    assert fmt({"t": "take", "cards": [1, 3]}) == "take 1 3"
    assert fmt({"t": "take", "djinn": "Anun-Nak", "pay": "EF"}) == "take anun-nak pay elder fakir"
    assert fmt({"t": "djinn", "djinn": "Ba'al", "pay": "E"}) == "djinn ba'al pay elder"
    assert fmt({"t": "sell", "cards": ["Fish", "Ivory"]}) == "sell fish ivory"


def test_friendly_spellings() -> None:
    s = position(meeples={"C3": "WGB", "E4": "B", "B2": "Y", **ESCAPE}, p0={"fakirs": 1, "elders": 1})
    parse = lambda t: RULES.parse_move(s, 0, t)  # noqa: E731
    # Drops may be left out when only one colour can finish.
    assert parse("Move c3 c4 d4 e4") == {"t": "move", "from": "C3", "path": ["C4", "D4", "E4"], "drops": "WGB"}
    assert parse("move C3-C4-D4-D3 drop W G B")["drops"] == "WGB"
    assert parse("djinn Anun Nak D3")["pay"] == "F"  # Fakirs are spent before Elders by default
    assert parse("djinn anunnak D3 pay elder") == {"t": "djinn", "djinn": "Anun-Nak", "tile": "D3", "pay": "E"}
    assert parse("sell 2 fish ivory") == {"t": "sell", "cards": ["Fish", "Fish", "Ivory"]}
    assert parse("kill player 2 elder") == {"t": "kill", "seat": 1, "meeples": "W"}
    assert parse("kill d2 assassin") == {"t": "kill", "tile": "D2", "meeples": "R"}


def test_parse_errors_name_the_bad_word() -> None:
    s = position(meeples={"C3": "WB", "C4": "WB", **ESCAPE})
    cases = {
        "jump C3": "'jump' is not a move (bid, move, fakirs, kill, take, palm, palace, keep, djinn, sell, pass, done)",
        "move C3 C9": "'c9' is not a tile (tiles are named A1 to F5",
        "move C3 C4 D4 drop white pink": "'pink' is not a meeple colour",
        "kill Q7 white": "'q7' is neither a tile nor a player",
        "kill P2 builder": "'builder' cannot be killed in front of a player (vizier or elder)",
        "sell fish apples": "'apples' is not a merchandise card",
        "djinn zeus": "'zeus' is not a Djinn",
        "bid 3 please": "'please' is not understood after bid 3",
        "": "the move is empty",
    }
    for text, message in cases.items():
        with pytest.raises(MoveParseError) as exc:
            RULES.parse_move(s, 0, text)
        assert str(exc.value).startswith(message), (text, str(exc.value))


def test_ambiguous_short_move_asks_for_colours() -> None:
    s = position(meeples={"C3": "WBY", "D3": "WB", **ESCAPE})
    with pytest.raises(MoveParseError, match=r"more than one colour can finish on D3 \(white or blue\): add the drop"):
        RULES.parse_move(s, 0, "move C3 C4 D4 D3")
    assert RULES.parse_move(s, 0, "move C3 C4 D4 D3 drop Y B W")["drops"] == "YBW"


def test_compound_reply() -> None:
    s = position(meeples={"B3": "R", "C3": "R", "E3": "WG", **ESCAPE})
    moves = RULES.parse_sequence(s, 0, "move B3 C3; kill E3 white\npass")
    assert moves == [{"t": "move", "from": "B3", "path": ["C3"], "drops": "R"},
                     {"t": "kill", "tile": "E3", "meeples": "W"}, {"t": "pass"}]
    with pytest.raises(MoveParseError, match=r"in part 2 \('kill E3 pink'\): 'pink' is not a meeple colour"):
        RULES.parse_sequence(s, 0, "move B3 C3; kill E3 pink")


def test_view_hides_other_gold_decks_bag_and_seed() -> None:
    s = position(meeples={"A1": "Y", "A2": "Y", **ESCAPE})
    s["seats"][1]["gold"] = 37
    for seat in (None, 0, 1, 2):
        v = RULES.view(s, seat)
        assert json.loads(json.dumps(v)) == v
        text = json.dumps(v)
        assert "test-seed" not in text and "rng" not in v and "deck" not in v and "bag" not in v
        assert [p["gold"] for p in v["seats"]] == [p["gold"] if i == seat else None
                                                   for i, p in enumerate(s["seats"])]
    # Non-interference: another player's gold never changes what I see.
    t = json.loads(json.dumps(s))
    t["seats"][1]["gold"] = 3
    assert RULES.view(s, 0) == RULES.view(t, 0) and RULES.view(s, None) == RULES.view(t, None)
    assert RULES.describe(s, 0) == RULES.describe(t, 0)


def test_describe_shows_board_and_task() -> None:
    s = position(meeples={"A1": "Y", "A2": "YW", **ESCAPE}, p0={"gold": 42})
    text = RULES.describe(s, 0)
    assert "42 gold" in text and "Now: move meeples" in text and "For example: move" in text
    assert " 1 |SMkt 6r" in text and "Y W" in text
    assert "42 gold" not in RULES.describe(s, 1) and "Now: P1 is playing (move)." in RULES.describe(s, 1)
    assert "bid 3" in RULES.notation_help()


def test_example_moves_are_legal() -> None:
    for s, seat, _ in _random_states(3, 5, limit=60):
        for text in RULES.example_moves(s, seat):
            RULES.apply(s, seat, RULES.parse_move(s, seat, text))


def test_apply_never_mutates_its_input() -> None:
    for s, seat, rng in _random_states(4, 9, limit=300):
        before = json.dumps(s, sort_keys=True)
        RULES.apply(s, seat, RULES.random_move(s, seat, rng))
        assert json.dumps(s, sort_keys=True) == before


def test_game_over_refuses_moves() -> None:
    s = position(meeples={"A1": "Y", "F5": "W"}, others=[1, 2])
    assert s["phase"] == "over"
    with pytest.raises(IllegalMove, match="the game is over; no more moves are accepted"):
        RULES.apply(s, 0, {"t": "pass"})


def test_warnings() -> None:
    s = position(meeples={"A1": "B", "A2": "B", **ESCAPE})
    assert RULES.warnings(s, 0, RULES.parse_move(s, 0, "move A1 A2")) == [
        "your Builders will earn nothing: no blue tile around A2"]
    assert RULES.warnings(s, 0, {"t": "move", "from": "Z9"}) == []
    assert RULES.warnings(s, 1, {"t": "pass"}) == []


def test_malformed_moves_are_refused_cleanly() -> None:
    rng = random.Random(4)
    values = [None, -1, 0, 2, 99, "A1", "Z9", "", "YW", "EE", "X", [], [1, 2], ["Fish"], [[1]], {}, True, 2.5]
    kinds = ["bid", "move", "pass", "done", "builders", "kill", "take", "palm", "palace", "keep", "djinn", "sell"]
    keys = ["cost", "fakirs", "from", "path", "drops", "tile", "seat", "meeples", "cards", "djinn", "pay"]
    for s, seat, _ in _random_states(3, 11, limit=150):
        for _ in range(15):
            move = {"t": rng.choice(kinds)}
            for key in rng.sample(keys, rng.randint(0, 4)):
                move[key] = rng.choice(values)
            try:
                RULES.apply(s, seat, move)
            except IllegalMove as exc:
                assert str(exc)
