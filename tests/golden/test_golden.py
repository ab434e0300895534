"""Golden game records replay, with the rules alone, to their recorded final-state hash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.records import replay_record, verify_chain
from games.rules import all_rules, get_rules

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
