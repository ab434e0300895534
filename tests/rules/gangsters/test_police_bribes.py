"""Rules version 2 of the Police variant: playing a held bribe to double (2a) or share (2b) is a choice.

Every seat that may hold the cop's bribe, as far as the table knows, is asked the same sealed question
(``play`` or ``keep``); only the holder's answer counts, and nothing shows another seat who holds it.
Version 1 (always played) is tested in test_police_variant.py.
"""

from __future__ import annotations

import random

from games.rules.base import canonical_json
from games.rules.gangsters import police_bot

from .helpers import RULES, at_step, events, fixed_dice, own, play, put
from .test_police_variant import P, board


def hands(state: dict, **held: list[int]) -> dict:
    """Give seats bribes (``p1=[5]`` ... ``p5=[2]``), taken out of the bribe cup."""
    for key, markers in held.items():
        seat = int(key[1:]) - 1
        state["gangs"][seat]["bribes"] = sorted(markers)
        for m in markers:
            state["bribe_cup"].remove(m)
    return state


def shootout(holder: int = 2, **held: list[int]) -> dict:
    """P1 ends its movement with cop 5 beside P2's criminal Thug 3. By default bribe 5 is with ``holder``
    (P1 or P3), bribe 7 with the other of the two and bribe 2 with the Police; ``held`` gives other hands."""
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    put(state, 1, "T", "d3", s=3, c=True)
    state["cops"] = {"5": {"at": "d3", "f": "s"}}
    other = 2 if holder == 0 else 0
    hands(state, **(held or {f"p{holder + 1}": [5], f"p{other + 1}": [7], "p5": [2]}))
    return at_step(state, 0, "move")


def to_share_question(state: dict, monkeypatch) -> dict:
    """The movement ends; the Police keep (before the dice); cop 5 hits twice: $500, half of it $300."""
    state = play(state, 0, "done")
    assert RULES.to_act(state) == [P] and state["turn"]["ask"]["what"] == "double"
    fixed_dice(monkeypatch, [6, 6])
    state = play(state, P, "keep")
    assert state["gangs"][1]["pieces"]["T"]["s"] == 1
    return state


def test_a_paying_shootout_asks_every_gang_that_may_hold_the_bribe_the_same_question(monkeypatch):
    seen = {}
    for holder in (0, 2):
        state = to_share_question(shootout(holder), monkeypatch)
        assert RULES.to_act(state) == [0, 2], "P2 and P4 hold no bribe; P1 and P3 each hold one"
        assert state["turn"]["step"] == "bribes" and not events(state, "police_paid")
        for seat in (0, 2):
            decision = RULES.choices(state, seat)
            assert decision.kind == "bribes" and decision.complete
            assert [o.text for o in decision.options] == ["play", "keep"]
            assert [o.label for o in decision.options] == ["Play bribe 5",
                                                           "Keep bribe 5 (or: I do not hold it)"]
            assert "cop 5's shootout at d3 pays the police $500" in decision.prompt.lower()
            assert decision.detail["holds"] is (seat == holder)
            assert RULES.default_move(state, seat) == RULES.skip_move(state, seat) == {"a": "keep"}
        seen[holder] = state
    # Non-interference: who holds bribe 5 changes nothing any other seat sees (nor a spectator).
    for viewer in (1, 3, P, None):
        assert canonical_json(RULES.view(seen[0], viewer)) == canonical_json(RULES.view(seen[2], viewer))
        assert RULES.describe(seen[0], viewer) == RULES.describe(seen[2], viewer)
        assert RULES.phase_label(seen[0], viewer) == RULES.phase_label(seen[2], viewer)


def test_the_holders_play_takes_half_and_returns_the_bribe_and_keep_keeps_it(monkeypatch):
    outcomes = {}
    for mine in ("play", "keep"):
        for theirs in ("play", "keep"):
            state = to_share_question(shootout(holder=2), monkeypatch)
            state = play(state, 0, theirs)  # P1 does not hold bribe 5: its answer changes nothing
            assert RULES.to_act(state) == [2] and state["gangs"][P]["cash"] == 5000
            after = play(state, 2, mine)
            assert "ask" not in (after["turn"] or {}) and after["turn"]["seat"] != 0  # the turn went on
            outcomes[mine, theirs] = after
    played = outcomes["play", "keep"]
    assert played["gangs"][2]["cash"] == 5000 + 300 and played["gangs"][P]["cash"] == 5000 + 200
    assert played["gangs"][2]["bribes"] == [] and 5 in played["bribe_cup"]
    shared = events(played, "police_shared")[0]
    assert (shared["seat"], shared["share"], shared["automatic"]) == (2, 300, False)
    kept = outcomes["keep", "keep"]
    assert kept["gangs"][2]["cash"] == 5000 and kept["gangs"][P]["cash"] == 5000 + 500
    assert kept["gangs"][2]["bribes"] == [5] and 5 not in kept["bribe_cup"]
    assert events(kept, "bribe_kept") and not events(kept, "police_shared")
    for mine in ("play", "keep"):
        a, b = outcomes[mine, "play"], outcomes[mine, "keep"]
        assert (a["gangs"], a["bribe_cup"], a["rng"]) == (b["gangs"], b["bribe_cup"], b["rng"])


def test_a_sealed_answer_looks_the_same_to_everyone_else(monkeypatch):
    state = to_share_question(shootout(holder=2), monkeypatch)
    after = {answer: play(state, 0, answer) for answer in ("play", "keep")}
    for viewer in (1, 2, 3, P, None):
        views = [canonical_json(RULES.view(after[a], viewer)) for a in ("play", "keep")]
        assert views[0] == views[1]
        told = {a: RULES.narrate(state, 0, {"a": a}, after[a], viewer) for a in after}
        assert told["play"] == told["keep"] == "{seat0} answered about bribe 5"
    assert RULES.narrate(state, 0, {"a": "play"}, after["play"], 0) == "{seat0} answered: play bribe 5"
    assert RULES.view(after["play"], 0)["ask"]["mine"] == "play"
    assert RULES.view(after["play"], 2)["ask"] == {"cop": 5, "what": "shootout", "at": "d3", "amount": 500,
                                                   "seats": [0, 2], "answered": [0], "mine": None}


def test_the_police_double_a_shootout_only_before_the_dice(monkeypatch):
    for police_hand in ([5], [2]):
        state = play(shootout(p1=[7], p5=police_hand), 0, "done")
        assert RULES.to_act(state) == [P] and not events(state, "cop_fire")  # asked before any die is rolled
        assert state["turn"]["ask"]["what"] == "double" and state["turn"]["ask"]["amount"] is None
    fixed_dice(monkeypatch, [6, 6])
    state = play(play(shootout(p1=[7], p5=[5]), 0, "done"), P, "play")
    assert events(state, "doubled") and 5 in state["bribe_cup"] and state["gangs"][P]["bribes"] == []
    paid = events(state, "police_paid")[0]
    assert (paid["amount"], paid["note"]) == (1000, "doubled") and state["gangs"][P]["cash"] == 6000
    assert not [e for e in events(state, "bribe_question") if e["what"] == "shootout"]  # no gang may hold it


def raid(police_answer: str) -> dict:
    """The Police move cop 5 into P2's criminal BRI (level 2, $1,000); they hold bribe 5, P2 bribe 7."""
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    own(state, 1, "BRI", level=2)
    state["joints"]["BRI"]["crim"] = True
    state["cops"] = {"5": {"at": "k10", "f": "e"}}
    hands(state, p2=[7], p5=[5])
    state["crime"] = 3
    state = play(play(at_step(state, 0, "cop", {"blue": 1}), 0, "pass"), P, "cop 5 BRI")
    assert RULES.to_act(state) == [1, P] and state["turn"]["ask"]["what"] == "raid"
    assert state["joints"]["BRI"]["level"] == 1 and not events(state, "police_paid")
    return play(play(state, 1, "play"), P, police_answer)


def test_a_raid_asks_the_police_and_the_gangs_at_once_and_the_police_may_keep_their_bribe():
    doubled = raid("play")
    assert events(doubled, "police_paid")[0]["amount"] == 2000 and 5 in doubled["bribe_cup"]
    assert doubled["gangs"][1]["cash"] == 5000  # P2's "play" without the bribe did nothing
    kept = raid("keep")
    assert events(kept, "police_paid")[0]["amount"] == 1000 and kept["gangs"][P]["bribes"] == [5]
    assert kept["turn"]["step"] == "move" and kept["turn"]["seat"] == 0  # the gang turn goes on


def test_a_shown_bribe_is_asked_of_its_holder_only_and_no_bribe_out_means_no_question(monkeypatch):
    state = shootout(holder=2)
    state["gangs"][2]["shown"] = [5]
    fixed_dice(monkeypatch, [6, 6])
    state = play(state, 0, "done")  # the table knows P3 has it: no question for the Police before the dice
    assert RULES.to_act(state) == [2] and state["turn"]["ask"]["what"] == "shootout"
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    put(state, 1, "T", "d3", s=3, c=True)
    state["cops"] = {"5": {"at": "d3", "f": "s"}}
    fixed_dice(monkeypatch, [6, 6])
    after = play(at_step(state, 0, "move"), 0, "done")  # no one holds a bribe: nothing to ask
    assert not events(after, "bribe_question") and events(after, "police_paid")[0]["amount"] == 500


def test_the_bots_answer(monkeypatch):
    state = to_share_question(shootout(holder=2), monkeypatch)
    assert police_bot.answer(state, 0) == {"a": "keep"}  # not the holder
    assert police_bot.answer(state, 2) == {"a": "play"}  # a $300 share
    state["turn"]["ask"]["amount"] = 200
    assert police_bot.answer(state, 2) == {"a": "keep"}  # $100: better keep the bribe for the cop
    state = play(shootout(p1=[7], p5=[5]), 0, "done")
    assert police_bot.answer(state, P) == {"a": "play"}
    state["gangs"][P]["cash"] = 8000
    assert police_bot.answer(state, P) == {"a": "keep"}  # its only loyal officer's bribe, near victory
    rng = random.Random(1)
    assert {RULES.random_move(state, 0, rng)["a"] for _ in range(40)} <= {"play", "keep"}
