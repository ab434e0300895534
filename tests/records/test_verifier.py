"""The standalone verifier: untampered records verify; one changed byte is found and named."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.exports import export_record
from games.records import event_hash
from ravenpost_verify import verify
from tests.records.conftest import finished_game

ROOT = Path(__file__).resolve().parents[2]


def flip_one_byte(record: dict[str, Any], value: str) -> dict[str, Any]:
    """The record with one character of ``value`` (a hex string in it) changed, as a file edit would."""
    text = json.dumps(record)
    at = text.index(value) + 5
    changed = "0" if text[at] != "0" else "1"
    return json.loads(text[:at] + changed + text[at + 1:])


def rechain(record: dict[str, Any]) -> dict[str, Any]:
    """Recompute every hash after an edit: a forger's chain, consistent but for what it claims."""
    prev = "0" * 64
    for event in record["events"]:
        event["prev_hash"] = prev
        event["hash"] = prev = event_hash(prev, event)
    return record


def event_of(record: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(e for e in record["events"] if e["kind"] == kind)


def test_an_untampered_record_verifies(toy_record):
    report = verify(toy_record)
    assert report.ok, report.failure
    assert report.result == toy_record["game"]["result"]
    assert "VERIFIED" in report.text()


def test_one_byte_changed_in_a_move_is_named(toy_record):
    move = next(e for e in toy_record["events"] if e["kind"] == "move")
    tampered = flip_one_byte(toy_record, move["hash"])
    report = verify(tampered)
    assert not report.ok
    assert report.failure.startswith(f"event {move['seq']} (move by seat {move['seat'] + 1}): altered")


def test_one_byte_changed_in_the_reveal_is_named(toy_record):
    reveal = event_of(toy_record, "seed_revealed")
    report = verify(flip_one_byte(toy_record, reveal["payload"]["server_seed"]))
    assert report.failure == f"event {reveal['seq']} (seed_revealed): altered, its content does not hash to its " \
                             "recorded hash"
    forged = rechain(flip_one_byte(toy_record, reveal["payload"]["server_seed"]))
    assert verify(forged).failure == (f"event {reveal['seq']} (seed_revealed): the revealed server seed does not "
                                      "match the commitment made in event 1 (game_created)")


def test_one_byte_changed_in_the_commitment_is_named(toy_record):
    commitment = toy_record["events"][0]["payload"]["seed_commitment"]
    assert verify(flip_one_byte(toy_record, commitment)).failure.startswith("event 1 (game_created): altered")
    reveal = event_of(toy_record, "seed_revealed")
    forged = verify(rechain(flip_one_byte(toy_record, commitment)))
    assert forged.failure.startswith(f"event {reveal['seq']} (seed_revealed): the revealed server seed does not "
                                     "match the commitment")


def test_forged_entropy_seed_and_moves_are_each_named(toy_record):
    started = event_of(toy_record, "game_started")
    forged = json.loads(json.dumps(toy_record))
    event_of(forged, "game_started")["payload"]["entropy"][0] = "chosen-by-the-server"
    assert verify(rechain(forged)).failure == (f"event {started['seq']} (game_started): its entropy is not what "
                                               "the seated players sent when they joined")
    forged = json.loads(json.dumps(toy_record))
    event_of(forged, "game_started")["payload"]["seed"] = "f" * 64
    assert "seed is not derived" in verify(rechain(forged)).failure
    forged = json.loads(json.dumps(toy_record))
    last_move = [e for e in forged["events"] if e["kind"] == "move"][-1]
    last_move["payload"]["move"] = "not a move"
    assert verify(rechain(forged)).failure.startswith(f"event {last_move['seq']} (move by seat "
                                                      f"{last_move['seat'] + 1}): the rules refuse this move")


def test_a_broken_link_a_removed_event_and_a_changed_final_hash_are_named(toy_record):
    cut = json.loads(json.dumps(toy_record))
    del cut["events"][3]
    assert verify(cut).failure.startswith("event 5 (")
    assert "out of sequence, expected event 4" in verify(cut).failure
    wrong_end = dict(toy_record, final_state_hash="0" * 64)
    assert "final state" in verify(wrong_end).failure
    assert verify({"events": []}).failure == "the record has no list of events"


@pytest.mark.django_db
def test_the_command_line_verifier_needs_no_django(tmp_path):
    record = export_record(finished_game("revolution", 3))
    good = tmp_path / "game.json"
    good.write_text(json.dumps(record))
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(flip_one_byte(record, event_of(record, "seed_revealed")["payload"]["server_seed"])))
    # Django is made unimportable: the verifier must run on the pure rules alone.
    script = ("import sys, runpy; sys.modules['django'] = None; sys.argv = ['ravenpost_verify', *sys.argv[1:]]; "
              "runpy.run_module('ravenpost_verify', run_name='__main__')")
    run = subprocess.run([sys.executable, "-c", script, str(good)], capture_output=True, text=True, cwd=ROOT,
                         env={"PATH": "/usr/bin:/bin"}, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "VERIFIED: result scores" in run.stdout
    run = subprocess.run([sys.executable, "-c", script, str(bad)], capture_output=True, text=True, cwd=ROOT,
                         env={"PATH": "/usr/bin:/bin"}, timeout=120)
    assert run.returncode == 1
    assert "BROKEN: event" in run.stdout and "(seed_revealed): altered" in run.stdout


def test_any_garbled_record_gets_a_verdict_never_a_crash(toy_record):
    import random

    rng = random.Random(5)
    text = json.dumps(toy_record)
    verdicts = 0
    for _ in range(300):
        at = rng.randrange(len(text))
        garbled = text[:at] + rng.choice('0a"{}[],:9x-') + text[at + 1:]
        try:
            record = json.loads(garbled)
        except ValueError:
            continue
        report = verify(record)
        assert isinstance(report.ok, bool) and (report.ok or report.failure)
        verdicts += 1
    assert verdicts > 50
    for odd in ({}, {"events": "x"}, {"events": [1, 2]}, {"events": [{"seq": 1}]}, []):
        assert not verify(odd).ok
