"""Rules versions 1 and 2: a Djinn power with a cost once per play (v1) or once per round (v2).

The rulebook calls the whole round a "Turn" (bid for turn order, every
player's actions, clean-up), so "can only be used once per turn" means once per
round; in a 2-player game, where each seat has two Turn markers and plays twice
a round, version 1 let a seat use such a power in both plays.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.records import replay_record
from games.rules import IllegalMove, get_rules, state_hash
from games.rules.five_tribes import RULES, RULES_V1, FiveTribesRules
from games.rules.five_tribes.decisions import djinn_options

from .util import at, play, position

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
# Two plays for seat 0 in this round (markers 0, 0, then seat 1), Iblis in hand.
MEEPLES = {"A1": "YW", "A3": "W", "F1": "GY", "F3": "Y", "C5": "Y", "D5": "Y", "C2": "R", "C3": "R"}


def two_plays(rules: FiveTribesRules) -> dict[str, Any]:
    s = position(2, seat=0, others=[0, 1], meeples=MEEPLES, rules=rules,
                 p0={"djinns": ["Iblis"], "elders": 0, "fakirs": 3})
    # First play: Iblis, then a movement (two Elders on A3, a Small Market: pass).
    # (C2 and C3 keep a movement possible after everyone played, so the game goes on.)
    s = play(s, "djinn iblis pay fakir", "move A1 A2 A3 drop yellow white", "pass", rules=rules)
    assert s["turn"]["seat"] == 0 and s["turn"]["step"] == "move" and s["queue"] == [1]
    return s


def test_the_registry_keeps_version_1_and_gives_new_games_version_2() -> None:
    assert get_rules("five_tribes") is RULES and RULES.version == 2
    assert get_rules("five_tribes", 1) is RULES_V1 and RULES_V1.version == 1
    assert "round_used" in RULES.setup(2, {}, "s") and "round_used" not in RULES_V1.setup(2, {}, "s")
    # Apart from that bookkeeping, both versions set up the same game.
    v2 = RULES.setup(3, {}, "same")
    del v2["round_used"]
    assert v2 == RULES_V1.setup(3, {}, "same")


def test_version_1_lets_a_two_play_seat_use_a_djinn_power_in_both_plays() -> None:
    s = two_plays(RULES_V1)
    assert {"t": "djinn", "djinn": "Iblis", "pay": "F"} in djinn_options(s, 0)
    s = play(s, "djinn iblis pay fakir", rules=RULES_V1)
    assert s["seats"][0]["fakirs"] == 1 and s["turn"]["iblis"]


def test_version_2_allows_it_once_per_round_and_says_why() -> None:
    s = two_plays(RULES)
    assert djinn_options(s, 0) == []
    decision = RULES.choices(s, 0)
    assert decision is not None and not any(o.move["t"] == "djinn" for o in decision.options)
    with pytest.raises(IllegalMove) as refused:
        play(s, "djinn iblis pay fakir")
    assert str(refused.value) == ("Iblis has already been used this round: a Djinn power with a cost works "
                                  "once per round, even for a player who plays twice")
    assert s["round_used"] == [["Iblis"], []]
    # The round's record is public, and cleared for the next round.
    assert RULES.view(s, 1)["round_used"] == [["Iblis"], []]
    s = play(s, "move F1 F2 F3 drop green yellow", "pass", rules=RULES)  # seat 0's second play ends
    s = play(s, "move C5 D5", "pass", rules=RULES)  # seat 1 plays: the round ends
    assert s["phase"] == "bid" and s["round"] == 2 and s["round_used"] == [[], []]


def test_version_2_counts_the_redirect_djinns_per_round_too() -> None:
    tiles = {"A3": ("oasis", 8), "F3": ("oasis", 8)}
    for rules, offered in ((RULES_V1, True), (RULES, False)):
        s = position(2, seat=0, others=[0, 1], meeples=MEEPLES, tiles=tiles, rules=rules,
                     p0={"djinns": ["Lamia"], "elders": 0, "fakirs": 3})
        s = play(s, "move A1 A2 A3 drop yellow white", rules=rules)
        assert s["turn"]["step"] == "palm"
        s = play(s, "palm B3 pay fakir", rules=rules)
        assert s["palms"][at("B3")] == 1 and s["palms"][at("A3")] == 0
        assert s["turn"]["seat"] == 0 and s["turn"]["step"] == "move"
        s = play(s, "move F1 F2 F3 drop green yellow", rules=rules)
        # Lamia is offered again in the second play under version 1 only; under version 2 the
        # palm tree goes on the Oasis itself and seat 1 plays.
        assert (s["turn"]["seat"], s["turn"]["step"]) == ((0, "palm") if offered else (1, "move"))
        assert s["palms"][at("F3")] == (0 if offered else 1)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("five-tribes-*.json")), ids=lambda p: p.name)
def test_golden_records_replay_under_the_version_they_were_made_with(path: Path) -> None:
    record = json.loads(path.read_text())
    version = record["events"][0]["payload"]["rules_version"]
    state = replay_record(record)
    assert state is not None and state_hash(state) == record["final_state_hash"]
    assert ("round_used" in state) == (version == 2)
    if version == 1:
        # Under the new rules an old record refuses a move or ends elsewhere: the version matters.
        created = record["events"][0]["payload"]
        new = RULES.setup(created["num_players"], created["options"], created["seed"])
        try:
            for event in record["events"]:
                if event["kind"] in ("move", "timeout"):
                    new = RULES.apply(new, event["seat"], event["payload"]["move"])
        except IllegalMove:
            return
        assert state_hash(new) != record["final_state_hash"]
