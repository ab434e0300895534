"""Golden game records replay, with the rules alone, to their recorded final-state hash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.records import replay_record, verify_chain
from games.rules import all_rules, get_rules, state_hash

GOLDEN = sorted(Path(__file__).resolve().parent.glob("*.json"))


def test_every_hosted_game_has_at_least_three_golden_games():
    per_game: dict[str, int] = {}
    for path in GOLDEN:
        slug = json.loads(path.read_text())["events"][0]["payload"]["rules"]
        per_game[slug] = per_game.get(slug, 0) + 1
    for rules in all_rules():
        assert per_game.get(rules.slug, 0) >= 3, f"{rules.slug} needs golden games in tests/golden/"


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_golden_game_replays_to_its_recorded_final_state(path: Path):
    record = json.loads(path.read_text())
    verify_chain(record["events"])
    state = replay_record(record)  # raises if the final state hash differs
    created = record["events"][0]["payload"]
    rules = get_rules(created["rules"], created["rules_version"])
    assert rules.to_act(state) == [], "a golden game must be complete"
    assert rules.result(state) == record["game"]["result"]


def test_five_tribes_records_keep_the_rules_version_they_were_made_with():
    """Games recorded before the Djinn ruling replay under version 1; new ones are version 2."""
    versions = {path.name: json.loads(path.read_text())["events"][0]["payload"]["rules_version"]
                for path in GOLDEN if path.name.startswith("five-tribes-")}
    assert versions == {"five-tribes-2p.json": 1, "five-tribes-3p.json": 1, "five-tribes-4p.json": 1,
                        "five-tribes-2p-v2.json": 2}
    assert get_rules("five_tribes").version == 2


def test_gangsters_records_keep_the_rules_version_they_were_made_with():
    """Games recorded before the bribe questions replay under version 1; new ones are version 2."""
    versions = {path.name: json.loads(path.read_text())["events"][0]["payload"]["rules_version"]
                for path in GOLDEN if path.name.startswith("gangsters-")}
    assert versions == {"gangsters-2p.json": 1, "gangsters-3p-options.json": 1,
                        "gangsters-4p-options.json": 1, "gangsters-5p-police.json": 1, "gangsters-5p-police-options.json": 1,
                        "gangsters-5p-police-v2.json": 2}
    assert get_rules("gangsters").version == 2


def test_a_gangsters_game_without_the_police_plays_the_same_under_both_versions():
    """Version 2 changes only Police games: a version 1 gangs-only record reaches the same state under it."""
    record = json.loads((Path(__file__).resolve().parent / "gangsters-3p-options.json").read_text())
    created = record["events"][0]["payload"]
    rules = get_rules("gangsters", 2)
    state = rules.setup(created["num_players"], created["options"], created["seed"])
    for event in record["events"]:
        if event["kind"] == "move":
            state = rules.apply(state, event["seat"], event["payload"]["move"])
    assert state_hash(state) == record["final_state_hash"]


def test_the_version_2_police_record_has_a_held_bribe_kept_and_one_played():
    record = json.loads((Path(__file__).resolve().parent / "gangsters-5p-police-v2.json").read_text())
    created = record["events"][0]["payload"]
    rules = get_rules("gangsters", created["rules_version"])
    state = rules.setup(created["num_players"], created["options"], created["seed"])
    answers = set()
    for event in record["events"]:
        if event["kind"] != "move":
            continue
        move, seat = event["payload"]["move"], event["seat"]
        if move["a"] in ("play", "keep") and state["turn"]["ask"]["cop"] in state["gangs"][seat]["bribes"]:
            answers.add(move["a"])  # the holder's own answer
        state = rules.apply(state, seat, move)
    assert answers == {"play", "keep"}
