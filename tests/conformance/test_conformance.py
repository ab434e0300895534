"""The conformance suite: the same checks against every registered game.

Per game, at least ``RAVENPOST_PLAYOUTS`` (default 1000) seeded random playouts
are spread over the allowed player counts and split into chunks so pytest-xdist
can run them in parallel. One playout in ``DEEP_EVERY`` runs the expensive
per-move checks (see ``harness``) and is replayed for determinism.
"""

from __future__ import annotations

import math
import os
import random

import pytest

from games.rules import IllegalMove, OptionError, all_rules, get_rules

from . import harness

PLAYOUTS = int(os.environ.get("RAVENPOST_PLAYOUTS", "1000"))
# Small chunks: a long game's chunk must not be the one test left running on one core at the end.
CHUNK = 50
# The per-move checks (every view, every narration for every viewer) cost most of a deep playout.
DEEP_EVERY = 20


def _chunks() -> list[object]:
    params = []
    for rules in all_rules():
        counts = list(range(rules.min_players, rules.max_players + 1))
        per_count = math.ceil(PLAYOUTS / len(counts))
        for players in counts:
            planned = math.ceil(per_count * harness.playout_share(rules, players))
            planned = max(1, math.ceil(planned / CHUNK)) * CHUNK  # whole chunks: each has its deep playouts
            for start in range(0, planned, CHUNK):
                stop = min(start + CHUNK, planned)
                params.append(pytest.param(rules.slug, players, start, stop,
                                           id=f"{rules.slug}-{players}p-{start}-{stop}"))
    return params


SLUGS = [pytest.param(r.slug, id=r.slug) for r in all_rules()]


def test_some_game_is_registered() -> None:
    assert SLUGS, "no games registered: the conformance suite would test nothing"


@pytest.mark.parametrize(("slug", "players", "start", "stop"), _chunks())
def test_random_playouts(slug: str, players: int, start: int, stop: int) -> None:
    rules = get_rules(slug)
    compared = 0
    for index in range(start, stop):
        deep = index % DEEP_EVERY == 0
        record = harness.playout(rules, players, index, deep=deep)
        assert rules.to_act(record.final) == []
        if deep:
            assert harness.replay_hashes(rules, record) == record.hashes, (
                f"replaying the same moves from seed {record.seed} gave different states")
            compared += record.non_interference_checks
    if len(rules.to_act(rules.setup(players, harness.fit_options(rules, players, {}), "probe"))) > 1:
        # A game that starts with simultaneous input must have had its secrets compared: if the chunk's deep
        # playouts happened to offer no comparison, its other playouts are checked deeply until one does.
        for index in range(start, stop):
            if compared:
                break
            if index % DEEP_EVERY:
                compared += harness.playout(rules, players, index, deep=True).non_interference_checks
        assert compared > 0, "no non-interference comparison was possible in this chunk"


@pytest.mark.parametrize("slug", SLUGS)
def test_protocol_description(slug: str) -> None:
    rules = get_rules(slug)
    assert rules.slug == slug and rules.name
    assert 1 <= rules.min_players <= rules.max_players
    assert isinstance(rules.version, int) and rules.version >= 1
    assert rules.notation_help().strip(), "notation_help() is empty"
    keys = [opt.key for opt in rules.options]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("slug", SLUGS)
def test_setup_validates_players_and_options(slug: str) -> None:
    rules = get_rules(slug)
    for bad in (rules.min_players - 1, rules.max_players + 1):
        with pytest.raises(IllegalMove):
            rules.setup(bad, {}, "seed")
    with pytest.raises(OptionError):
        rules.setup(rules.min_players, {"no_such_option_qzx": True}, "seed")


@pytest.mark.parametrize("slug", SLUGS)
def test_same_seed_same_game(slug: str) -> None:
    rules = get_rules(slug)
    a = harness.playout(rules, rules.min_players, 7, deep=False)
    b = harness.playout(rules, rules.min_players, 7, deep=False)
    assert a.moves == b.moves
    assert harness.replay_hashes(rules, a) == harness.replay_hashes(rules, b)


@pytest.mark.parametrize("slug", SLUGS)
def test_default_moves_finish_the_game(slug: str) -> None:
    """A game where every deadline passes must still end (default_move is always legal)."""
    rules = get_rules(slug)
    for players in range(rules.min_players, rules.max_players + 1):
        options = harness.fit_options(rules, players, {})
        state = rules.setup(players, options, harness.seed_for(slug, players, -1))
        rng = random.Random(players)
        for step in range(harness.max_moves(rules)):
            awaited = rules.to_act(state)
            if not awaited:
                break
            seat = awaited[0]
            # Mix defaults with random moves: all-default games may never fill the board.
            move = rules.default_move(state, seat) if step % 2 else rules.random_move(state, seat, rng)
            assert rules.parse_move(state, seat, rules.format_move(state, seat, move)) == move
            state = rules.apply(state, seat, move)
        assert rules.to_act(state) == [] and rules.result(state) is not None


@pytest.mark.parametrize("slug", SLUGS)
def test_examples_and_description_are_legal(slug: str) -> None:
    rules = get_rules(slug)
    rng = random.Random(1)
    state = rules.setup(rules.max_players, harness.fit_options(rules, rules.max_players, {}), "examples")
    for _ in range(60):
        awaited = rules.to_act(state)
        if not awaited:
            break
        for seat in awaited:
            for text in rules.example_moves(state, seat):
                rules.apply(state, seat, rules.parse_move(state, seat, text))  # must not raise
            assert isinstance(rules.describe(state, seat), str)
        assert isinstance(rules.describe(state, None), str)
        seat = rng.choice(awaited)
        state = rules.apply(state, seat, rules.random_move(state, seat, rng))


@pytest.mark.parametrize("slug", SLUGS)
def test_legal_moves_are_accepted(slug: str) -> None:
    rules = get_rules(slug)
    rng = random.Random(2)
    state = rules.setup(rules.min_players, {}, "legal")
    for _ in range(40):
        awaited = rules.to_act(state)
        if not awaited:
            break
        seat = awaited[0]
        for i, move in enumerate(rules.legal_moves(state, seat)):
            if i >= 50:
                break
            rules.apply(state, seat, move)
            assert rules.parse_move(state, seat, rules.format_move(state, seat, move)) == move
        seat = rng.choice(awaited)
        state = rules.apply(state, seat, rules.random_move(state, seat, rng))


def test_the_harness_catches_a_narration_that_tells_a_secret() -> None:
    from games.rules import seat_ref
    from tests.toy_game import ToyRules

    class Leaky(ToyRules):
        def narrate(self, before, seat, move, after, viewer):  # noqa: ANN001, ANN201
            return f"{seat_ref(seat)} picked {move}"  # the sealed pick, to everyone

    with pytest.raises(AssertionError, match="hidden move shows in the narration"):
        for index in range(20):
            harness.playout(Leaky(), 3, index, deep=True)


def test_the_harness_catches_narration_readers_that_leave_out_a_seat() -> None:
    from tests.toy_game import ToyRules

    class Forgetful(ToyRules):
        def narration_readers(self, before, seat, move, after):  # noqa: ANN001, ANN201
            return ()  # but the toy game tells a pick's author what they picked

    with pytest.raises(AssertionError, match="narration_readers leaves out seat"):
        for index in range(20):
            harness.playout(Forgetful(), 3, index, deep=True)


def test_the_harness_catches_a_choice_that_is_not_legal() -> None:
    from games.rules import Choice, Decision
    from tests.toy_game import ToyRules

    class Wrong(ToyRules):
        def choices(self, state, seat):  # noqa: ANN001, ANN201
            return Decision(seat=seat, kind="pick", prompt="pick", options=(Choice(4, "4"),))

    with pytest.raises((AssertionError, IllegalMove)):
        harness.playout(Wrong(), 2, 0, deep=True)
