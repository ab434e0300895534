"""The fault run's judgement (faults.run.judge): what it counts as lost, duplicated, delayed, and what fails a run.

The run itself (``make faults``) takes minutes; here its counting is fed by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from faults.run import Fault, Tally, judge


def outcome(quick: bool = False, **changes: Any) -> tuple[list[str], str]:
    tally = Tally()
    tally.web_keys[1] += ["k1", "k2"]
    tally.mail_ids[1] += ["m1"]
    facts: dict[str, Any] = dict(
        quick=quick, tally=tally, events={1: 3}, recorded_keys={"k1", "k2"},
        timeouts=[(2, 0, 100.0), (2, 1, 100.0), (2, 0, 106.5)],
        # pk, kind, status, maybe_duplicate, created_at, Message-ID
        mail_rows=[[1, "your_turn", "sent", False, 100.0, "<a>"], [2, "your_turn", "sent", True, 100.0, "<b>"],
                   [3, "your_turn", "folded", False, 100.0, "<c>"]],
        arrivals={"<a>": [105.0], "<b>": [101.0, 110.0]},
        faults=[Fault("celery worker kill -9", start=100.9, end=101.2)],
        exited=[], verify="verified 2 games: 0 differences", play_end=200.0, driver_errors=[])
    for key, value in changes.items():
        if key in ("web_keys", "mail_ids"):
            getattr(tally, key).update(value)
        elif key == "move_times":
            tally.move_times.extend(value)
        else:
            facts[key] = value
    result = judge(**facts)
    return result.failures, "\n".join(result.lines)


def test_a_clean_run_passes_and_counts_the_marked_duplicate_for_its_fault() -> None:
    failures, table = outcome()
    assert failures == [], table
    assert "lost 0   duplicated 0" in table
    assert "missing 0   duplicated 1 (marked 1)" in table
    fault_line = next(line for line in table.splitlines() if line.startswith("celery worker kill -9"))
    # <a> waited until 3.8 s after the fault; <b> had reached the ESP before (its copy is no delay).
    assert fault_line.split()[-2:] == ["3.8", "1"], fault_line
    assert table.endswith("PASS")


@pytest.mark.parametrize("quick", [True, False])
def test_a_lost_or_duplicated_move_or_a_double_timeout_fails_even_the_quick_run(quick: bool) -> None:
    assert any("lost" in f for f in outcome(quick, recorded_keys={"k1"}, events={1: 2})[0])
    assert any("recorded twice" in f for f in outcome(quick, events={1: 4})[0])
    assert any("timeouts applied twice" in f for f in outcome(quick, timeouts=[(2, 0, 100.0), (2, 0, 100.2)])[0])
    assert any("exited" in f for f in outcome(quick, exited=["celery -A config worker (pid 7, status 1)"])[0])
    assert any("verify" in f for f in outcome(quick, verify="verified 2 games: 1 differences")[0])


def test_missing_or_unmarked_mail_fails_the_full_run_and_warns_in_the_quick_one() -> None:
    unmarked = {"mail_rows": [[1, "your_turn", "sent", False, 100.0, "<a>"]], "arrivals": {"<a>": [100.5, 109.0]}}
    failures, table = outcome(False, **unmarked)
    assert any("without the possible-duplicate mark" in f for f in failures), table
    failures, table = outcome(True, **unmarked)
    assert failures == [] and "warning: 1 mails delivered twice without" in table
    failures, _ = outcome(False, arrivals={"<a>": [105.0]})
    assert any("never delivered" in f for f in failures)
    failures, _ = outcome(False, arrivals={"<a>": [105.0], "<b>": [130.0]})
    assert any("delayed 28.8 s" in f for f in failures)
    redis = [Fault("Redis down 25 s", start=120.0, end=145.0)]
    failures, _ = outcome(False, faults=redis, move_times=[(130.0, 0.4), (150.0, 3.0)])
    assert failures == [], "a slow move after the outage is no wait on the broker"
    failures, _ = outcome(False, faults=redis, move_times=[(130.0, 2.5)])
    assert any("a move took 2.5 s while Redis was down" in f for f in failures)


def test_a_fault_may_cost_one_duplicate_per_mail_in_flight_and_mail_written_after_play_is_not_counted() -> None:
    two_copies = {"mail_rows": [[1, "your_turn", "sent", True, 100.0, "<a>"], [2, "your_turn", "sent", True, 100.0,
                                                                               "<b>"]],
                  "arrivals": {"<a>": [101.0, 110.0], "<b>": [101.0, 110.0]}}
    failures, _ = outcome(False, **two_copies)
    assert any("2 duplicate mails for 'celery worker kill -9'" in f for f in failures)
    both_sending = [Fault("celery worker kill -9", start=100.9, end=101.2, in_flight=2)]
    assert outcome(False, faults=both_sending, **two_copies)[0] == []
    late = [[1, "your_turn", "sent", False, 100.0, "<a>"], [9, "your_turn", "pending", False, 250.0, "<z>"]]
    assert outcome(False, mail_rows=late, arrivals={"<a>": [105.0]})[0] == []
