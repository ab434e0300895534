"""Game-independent machinery for the conformance suite: seeded random playouts with checks.

Every registered game gets the same treatment (see ``test_conformance.py``):

* ``playout(..., deep=False)`` plays one seeded random game to the end and checks
  the cheap invariants on every move (the notation round-trips, ``result`` is
  None until the end, the move cap is respected).
* ``deep=True`` adds the expensive checks on every move: ``apply`` leaves its
  input untouched, ``apply_stored`` of the move as the log gives it back reaches
  the same state, states, views and moves survive a JSON round trip, no view
  contains the seed, garbage and out-of-turn input raise ``IllegalMove`` and change
  nothing, and hidden input does not leak into other seats' views. A deep playout
  also continues from the JSON-reloaded state (keys sorted, as a database gives it
  back), so replays from storage are covered. It also checks the protocol's
  presentation side on every move: each viewer's narration is one line without
  the seed, and a hidden move narrates the same for every other viewer; each
  awaited seat's ``choices`` lists legal, round-tripping options (every legal
  move when it says it is complete); ``phase_label`` is a short line.

Games may declare, as optional attributes on their rules object:

* ``conformance_max_moves`` (int): the move cap of one playout (default 10,000).
* ``conformance_options(players, options)``: the options to play with that many
  seats, for a game whose options depend on the seat count (default: as drawn).
* ``conformance_share(players)`` (float, at most 1): the part of a player count's
  playouts to run, for a seat count whose games are many times longer than the
  others' (default 1). The suite's time stays within CI's budget; a game's own
  tests carry the long runs.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from games.rules import IllegalMove, Rules, canonical_json, state_hash

DEFAULT_MAX_MOVES = 10_000
# Characters that no game uses to start a word of its notation, so text built from
# them can never be a legal move by accident.
_GARBAGE_ALPHABET = "qxzj#@!~%^"
_GARBAGE_TEXTS = ["", "   ", "\n\n", "qzx", "@@@ ###", "\x00\x01\x02", "99999999999999999999999", "💣💣💣",
                  "qq " * 200, "zz; xx, jj"]
_GARBAGE_MOVES: list[Any] = [None, 0, 3.5, "", "qzx", [], [None], {}, {"qzx": 1}, {"action": "qzx"},
                             {"action": None}, True]


def seed_for(slug: str, players: int, index: int) -> str:
    """A long, unique seed: long enough that finding it in a view cannot be a coincidence."""
    return hashlib.sha256(f"conformance:{slug}:{players}:{index}".encode()).hexdigest()


def random_options(rules: Rules, rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for opt in rules.options:
        if opt.choices:
            options[opt.key] = rng.choice(list(opt.choices))
        elif isinstance(opt.default, bool):
            options[opt.key] = rng.random() < 0.5
        else:
            options[opt.key] = opt.default
    return options


def fit_options(rules: Rules, players: int, options: dict[str, Any]) -> dict[str, Any]:
    fit = getattr(rules, "conformance_options", None)
    return dict(fit(players, options)) if fit is not None else options


def playout_share(rules: Rules, players: int) -> float:
    share = getattr(rules, "conformance_share", None)
    return min(1.0, max(0.0, float(share(players)))) if share is not None else 1.0


def max_moves(rules: Rules) -> int:
    return int(getattr(rules, "conformance_max_moves", DEFAULT_MAX_MOVES))


def open_seats(rules: Rules, state: dict[str, Any]) -> set[int]:
    return set(rules.open_seats(state))


def json_round_trip(data: Any) -> Any:
    return json.loads(json.dumps(data))


def as_stored(data: Any) -> Any:
    """``data`` as PostgreSQL's jsonb gives it back: a fresh copy whose objects list their keys shorter first,
    then in byte order, whatever order they were written in."""
    if isinstance(data, dict):
        return {key: as_stored(data[key]) for key in sorted(data, key=lambda k: (len(k.encode()), k.encode()))}
    if isinstance(data, list):
        return [as_stored(item) for item in data]
    return data


@dataclass
class Playout:
    seed: str
    players: int
    options: dict[str, Any]
    moves: list[tuple[int, Any]] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    final: dict[str, Any] | None = None
    non_interference_checks: int = 0


def playout(rules: Rules, players: int, index: int, *, deep: bool) -> Playout:
    seed = seed_for(rules.slug, players, index)
    rng = random.Random(seed)
    options = fit_options(rules, players, random_options(rules, rng))
    state = rules.setup(players, options, seed)
    record = Playout(seed, players, options)
    cap = max_moves(rules)
    if deep:
        record.hashes.append(state_hash(state))
        _check_state_and_views(rules, state, seed, players)
    while True:
        awaited = rules.to_act(state)
        if not awaited:
            break
        assert rules.result(state) is None, "result() must be None while moves are awaited"
        assert len(record.moves) < cap, f"{rules.slug}: no end after {cap} moves (seed {seed})"
        assert awaited == sorted(set(awaited)), f"to_act must list distinct seats in order, got {awaited}"
        assert all(0 <= s < players for s in awaited), awaited
        seat = rng.choice(awaited)
        move = rules.random_move(state, seat, rng)
        text = rules.format_move(state, seat, move)
        assert isinstance(text, str) and text.strip(), f"format_move gave {text!r} for {move!r}"
        parsed = rules.parse_move(state, seat, text)
        assert parsed == move, f"parse(format(m)) != m: {move!r} -> {text!r} -> {parsed!r}"
        if deep:
            assert json_round_trip(move) == move, f"move does not survive JSON: {move!r}"
            _check_bad_input(rules, state, seat, move, rng, players)
            for chooser in awaited:
                _check_choices(rules, state, chooser, seed, rng)
            if len(awaited) > 1:
                record.non_interference_checks += _check_non_interference(rules, state, seat, rng, players)
            before = canonical_json(state)
            new = rules.apply(state, seat, move)
            assert canonical_json(state) == before, f"apply mutated its input state (move {text!r})"
            assert json_round_trip(move) == parsed, "apply mutated the move"
            stored = rules.apply_stored(state, seat, as_stored(move))
            assert canonical_json(state) == before, f"apply_stored mutated its input state (move {text!r})"
            assert canonical_json(stored) == canonical_json(new), (
                f"apply_stored of {text!r} as read back from the log differs from apply")
            _check_narration(rules, state, seat, move, new, seed, players)
            # Continue from the state as a database gives it back: JSON, keys sorted.
            reloaded = json.loads(canonical_json(new))
            assert reloaded == new, "state does not survive a JSON round trip"
            state = reloaded
            record.hashes.append(state_hash(state))
            _check_state_and_views(rules, state, seed, players)
        else:
            state = rules.apply(state, seat, move)
        record.moves.append((seat, move))
    result = rules.result(state)
    assert result is not None, "to_act is empty but result() is None"
    _check_result(result, players)
    record.final = state
    return record


def replay_hashes(rules: Rules, record: Playout) -> list[str]:
    state = rules.setup(record.players, record.options, record.seed)
    hashes = [state_hash(state)]
    for seat, move in record.moves:
        state = rules.apply(state, seat, move)
        hashes.append(state_hash(state))
    return hashes


def _check_result(result: dict[str, Any], players: int) -> None:
    assert json_round_trip(result) == result, "result does not survive JSON"
    assert len(result["scores"]) == players, result
    winners = result["winners"]
    # Nobody wins only a game that everyone lost together (a co-op game the table lost).
    assert winners or result["detail"].get("outcome") == "lost", result
    assert all(0 <= w < players for w in winners), result
    assert winners == sorted(set(winners)), result
    assert isinstance(result.get("detail"), dict), result


def _check_state_and_views(rules: Rules, state: dict[str, Any], seed: str, players: int) -> None:
    for viewer in [None, *range(players)]:
        view = rules.view(state, viewer)
        text = canonical_json(view)
        assert seed not in text, f"the seed leaks into the view of seat {viewer}"
        assert json.loads(text) == view, f"view of seat {viewer} does not survive JSON"
        label = rules.phase_label(state, viewer)
        assert isinstance(label, str) and label.strip() and "\n" not in label, f"phase_label gave {label!r}"


def _check_narration(rules: Rules, before: dict[str, Any], seat: int, move: Any, after: dict[str, Any],
                     seed: str, players: int) -> None:
    """Every viewer gets one non-empty line, without the seed, and narrating changes no state."""
    snapshot = canonical_json(before), canonical_json(after)
    readers = rules.narration_readers(before, seat, move, after)
    public = rules.narrate(before, seat, move, after, None)
    for viewer in [None, *range(players)]:
        text = rules.narrate(before, seat, move, after, viewer)
        assert isinstance(text, str) and text.strip(), f"narrate gave {text!r} for {move!r}"
        assert "\n" not in text, f"narrate must give one line, not {text!r}"
        assert seed not in text, f"the seed leaks into the narration for seat {viewer}"
        if readers is not None and viewer is not None and viewer not in readers:
            # The move path stores the spectator's line for such a seat: it must be the seat's own.
            assert text == public, (f"narration_readers leaves out seat {viewer}, who reads {move!r} as "
                                    f"{text!r}, not the spectator's {public!r}")
    assert (canonical_json(before), canonical_json(after)) == snapshot, "narrate mutated a state"


# Past this many legal moves a complete decision is compared by a sample, not in full.
_CHOICES_FULL_COMPARE = 3000
_CHOICES_APPLIED = 25


def _check_choices(rules: Rules, state: dict[str, Any], seat: int, seed: str, rng: random.Random) -> None:
    """The seat's decision: its options are legal and round-trip; a complete one lists every legal move."""
    decision = rules.choices(state, seat)
    assert decision is not None, f"seat {seat} is awaited but choices() says there is nothing to decide"
    assert decision.seat == seat and decision.prompt.strip(), decision
    data = json.dumps(decision.to_json())
    assert seed not in data, "the seed leaks into a decision"
    keys = [canonical_json(option.move) for option in decision.options]
    assert len(keys) == len(set(keys)), "a decision lists a move twice"
    groups = {key for key, _ in decision.groups}
    for option in decision.options:
        assert option.group == "" or option.group in groups, f"option {option.text!r} names an unknown group"
    sample = decision.options if len(decision.options) <= _CHOICES_APPLIED else rng.sample(
        list(decision.options), _CHOICES_APPLIED)
    for option in sample:
        assert rules.parse_move(state, seat, option.text) == option.move, f"option {option.text!r} does not parse back"
        rules.apply(state, seat, option.move)  # must not raise
    if decision.complete:
        legal = []
        for move in rules.legal_moves(state, seat):
            legal.append(canonical_json(move))
            if len(legal) > _CHOICES_FULL_COMPARE:
                break
        if len(legal) <= _CHOICES_FULL_COMPARE:
            assert sorted(keys) == sorted(legal), "a complete decision must list exactly the legal moves"


def _refused(fn: Any, what: str) -> None:
    """``fn`` must raise IllegalMove (or its MoveParseError subclass) with a message."""
    try:
        fn()
    except IllegalMove as exc:
        assert str(exc).strip(), f"{what}: IllegalMove without a message"
    else:
        raise AssertionError(f"{what}: accepted, but IllegalMove was expected")


def _garbage_text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(_GARBAGE_TEXTS)
    return "".join(rng.choice(_GARBAGE_ALPHABET + "  ") for _ in range(rng.randint(1, 30)))


def _check_bad_input(rules: Rules, state: dict[str, Any], seat: int, move: Any,
                     rng: random.Random, players: int) -> None:
    before = canonical_json(state)
    text = _garbage_text(rng)
    _refused(lambda: rules.parse_move(state, seat, text), f"parse_move({text!r})")
    junk = rng.choice(_GARBAGE_MOVES)
    _refused(lambda: rules.apply(state, seat, junk), f"apply(seat {seat}, {junk!r})")
    for bad_seat in (players, -1):
        _refused(lambda: rules.apply(state, bad_seat, move), f"apply from seat {bad_seat}")
    allowed = set(rules.to_act(state)) | open_seats(rules, state)
    for other in range(players):
        if other not in allowed:
            _refused(lambda: rules.apply(state, other, move), f"seat {other} playing while only {sorted(allowed)} may")
    assert canonical_json(state) == before, "refused input changed the state"


def _check_non_interference(rules: Rules, state: dict[str, Any], seat: int,
                            rng: random.Random, players: int) -> int:
    """Two different moves by ``seat`` must look the same to everyone else until revealed.

    Returns 1 if a comparison was made (the phase did not end with either move), else 0.
    """
    first = rules.random_move(state, seat, rng)
    second = None
    for _ in range(20):
        candidate = rules.random_move(state, seat, rng)
        if candidate != first:
            second = candidate
            break
    if second is None:
        return 0
    after_first = rules.apply(state, seat, first)
    after_second = rules.apply(state, seat, second)
    still_waiting = [s for s in rules.to_act(state) if s != seat]
    if rules.to_act(after_first) != still_waiting or rules.to_act(after_second) != still_waiting:
        return 0  # the phase moved on (e.g. a reveal): nothing is hidden any more
    for viewer in [None, *range(players)]:
        if viewer == seat:
            continue
        a = canonical_json(rules.view(after_first, viewer))
        b = canonical_json(rules.view(after_second, viewer))
        assert a == b, f"seat {seat}'s hidden move shows in the view of seat {viewer}"
        told_a = rules.narrate(state, seat, first, after_first, viewer)
        told_b = rules.narrate(state, seat, second, after_second, viewer)
        assert told_a == told_b, f"seat {seat}'s hidden move shows in the narration for seat {viewer}"
    return 1
