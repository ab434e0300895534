"""Bids: strength, immunities, the six-character limit, all tokens, revising, secrecy."""

from __future__ import annotations

import json

import pytest

from games.rules import IllegalMove
from games.rules.revolution import RULES
from games.rules.revolution.data import AREAS, CHARACTERS, TOTAL_SPACES

from .helpers import bid, bids, character_event, events, new_game, position, tokens


def test_component_data_follows_the_reference() -> None:
    assert TOTAL_SPACES == 43
    assert CHARACTERS["magistrate"].support == 1
    assert AREAS["tavern"].spaces == 4
    assert CHARACTERS["rogue"].allowed == ("gold",)
    assert CHARACTERS["mercenary"].allowed == ("gold",)
    assert CHARACTERS["general"].allowed == ("blackmail", "gold")
    assert [c.number for c in CHARACTERS.values()] == list(range(1, 13))


def test_setup_gives_everyone_one_force_one_blackmail_three_gold() -> None:
    state = new_game(4)
    assert state["hands"] == [tokens(1, 1, 3)] * 4
    assert state["bank"] == tokens(8, 8, 20)
    assert RULES.to_act(state) == [0, 1, 2, 3]


def test_force_beats_any_amount_of_blackmail_and_gold() -> None:
    state = bids(new_game(3),
                 "priest f; general b; mercenary 3g",
                 "priest b 3g; printer f",
                 "printer b 3g; innkeeper f")
    assert character_event(state, "priest")["winner"] == 0
    assert character_event(state, "printer")["winner"] == 1
    assert state["board"]["cathedral"] == [1, 0, 0]
    # Priest 6 + General 1 + Mercenary 3; Printer 10; Innkeeper 3.
    assert state["support"] == [10, 10, 3]


def test_more_of_the_highest_kind_wins() -> None:
    state = position(3, hands=[tokens(2, 0, 0), tokens(1, 0, 3), tokens(0, 0, 5)])
    state = bids(state, "printer 2f", "printer f 3g", "rogue 5g")
    assert character_event(state, "printer")["winner"] == 0


def test_lesser_tokens_break_equal_highest_tokens() -> None:
    state = position(3, hands=[tokens(1, 1, 0), tokens(1, 0, 1), tokens(0, 1, 3)])
    state = bids(state, "printer f b", "printer f g", "general b 3g")
    assert character_event(state, "printer")["winner"] == 0
    state = position(3, hands=[tokens(0, 1, 3), tokens(0, 1, 2), tokens(0, 0, 5)])
    state = bids(state, "general b 3g", "general b 2g", "rogue 5g")
    assert character_event(state, "general")["winner"] == 0


def test_ties_win_nothing_and_the_tokens_still_go_to_the_bank() -> None:
    state = new_game(3)
    bank_before = dict(state["bank"])
    state = bids(state, "priest f b 3g", "priest f b 3g", "printer f b 3g")
    event = character_event(state, "priest")
    assert event["winner"] is None
    assert state["board"]["cathedral"] == [0, 0, 0] and state["support"][:2] == [0, 0]
    # All 15 tokens bid reach the bank (the Printer gives no tokens); patronage then pays 5 Gold to each.
    assert state["bank"]["force"] == bank_before["force"] + 3
    assert state["bank"]["gold"] == bank_before["gold"] + 9 - 15


def test_no_bids_on_a_character_means_no_log_entry() -> None:
    state = bids(new_game(3), "printer f b 3g", "printer f b 3g", "priest f b 3g")
    assert {e["character"] for e in events(state, "character")} == {"printer", "priest"}


def test_every_token_must_be_bid() -> None:
    state = new_game(3)
    with pytest.raises(IllegalMove) as err:
        bid(state, 0, "printer f b 2g")
    assert str(err.value) == ("you hold 1 Force, 1 Blackmail, 3 Gold but your bid uses 1 Force, 1 Blackmail, "
                              "2 Gold: every token must be bid (bid exactly the tokens you hold)")
    with pytest.raises(IllegalMove, match="your bid uses 1 Force, 1 Blackmail, 4 Gold"):
        bid(state, 0, "printer f b 4g")


def test_immune_tokens_are_accepted_with_a_warning_and_removed_at_resolution() -> None:
    state = new_game(3)
    move = RULES.parse_move(state, 0, "general f b; mercenary 3g")
    assert RULES.warnings(state, 0, move) == [
        "the General is immune to Force: your 1 Force there will be removed at resolution and go to "
        "the bank (bid Blackmail or Gold there)"]
    state = RULES.apply(state, 0, move)
    state = bids(state, "general f b; mercenary 3g", "general 3g; printer f b", "priest f b 3g")
    # Red's remaining Blackmail still beats Blue's Gold.
    event = character_event(state, "general")
    assert event["winner"] == 0 and event["bids"]["0"] == {"blackmail": 1}
    assert events(state, "discard") == [{"kind": "discard", "seat": 0, "character": "general",
                                         "tokens": {"force": 1}, "reason": "immune"}]


def test_a_bid_of_only_immune_tokens_does_not_compete() -> None:
    state = position(3, hands=[tokens(1, 0, 0), tokens(0, 0, 1), tokens(0, 0, 5)])
    state = bids(state, "rogue f", "rogue g", "printer 5g")
    event = character_event(state, "rogue")
    assert event["winner"] == 1 and set(event["bids"]) == {"1"}


def test_only_the_first_six_characters_in_resolution_order_count() -> None:
    state = position(3, hands=[tokens(1, 1, 6), tokens(0, 0, 1), tokens(0, 0, 5)])
    text = "rogue g; general g; captain g; innkeeper g; magistrate g; priest g; printer f b"
    move = RULES.parse_move(state, 0, text)
    assert RULES.warnings(state, 0, move) == [
        "you bid on 7 characters but only the first six in resolution order count: your tokens on the "
        "Rogue will go to the bank"]
    state = RULES.apply(state, 0, move)
    # Red's Gold on the Rogue (9th) does not count, so Blue's single Gold wins instead of tying.
    state = bids(state, text, "rogue g", "mercenary 5g")
    assert character_event(state, "rogue")["winner"] == 1
    assert character_event(state, "printer")["winner"] == 0
    assert {(d["character"], d["reason"]) for d in events(state, "discard")} == {("rogue", "over_six")}


def test_a_seat_may_revise_its_bid_until_the_last_bid_is_in() -> None:
    state = new_game(3)
    state = bid(state, 0, "printer f b 3g")
    assert RULES.to_act(state) == [1, 2]
    state = bid(state, 1, "priest f b 3g")
    state = bid(state, 0, "merchant f b 3g")  # not awaited any more, but may still change its bid
    assert RULES.to_act(state) == [2]
    state = bid(state, 2, "rogue 3g; innkeeper f; general b")
    assert character_event(state, "merchant")["winner"] == 0
    assert "printer" not in {e["character"] for e in events(state, "character")}


def test_views_hide_other_seats_bids_until_the_reveal() -> None:
    state = new_game(3)
    state = bid(state, 0, "printer f b 3g")
    own = RULES.view(state, 0)
    assert own["bids"] == {"0": {"printer": {"force": 1, "blackmail": 1, "gold": 3}}}
    for viewer in (1, 2, None):
        view = RULES.view(state, viewer)
        assert view["bids"] == {} and view["submitted"] == [0]
        assert "printer" not in json.dumps(view)
    assert "Your bid" not in RULES.describe(state, 1)
    assert "Your bid: printer f b 3g" in RULES.describe(state, 0)


def test_bids_are_refused_with_readable_messages() -> None:
    state = new_game(3)
    with pytest.raises(IllegalMove, match="there is no character 'king' on the bid board"):
        RULES.apply(state, 0, {"action": "bid", "bid": {"king": {"gold": 3}}})
    with pytest.raises(IllegalMove, match="'silver' is not a token"):
        RULES.apply(state, 0, {"action": "bid", "bid": {"general": {"silver": 3}}})
    with pytest.raises(IllegalMove, match="it is time to bid"):
        RULES.apply(state, 0, {"action": "pass"})
    with pytest.raises(IllegalMove, match="there is no seat 3"):
        RULES.apply(state, 3, RULES.default_move(state, 0))


def test_apply_does_not_mutate_and_shares_nothing_it_changes() -> None:
    state = new_game(3)
    snapshot = json.dumps(state, sort_keys=True)
    move = RULES.parse_move(state, 0, "printer f b 3g")
    after = RULES.apply(state, 0, move)
    assert json.dumps(state, sort_keys=True) == snapshot and state["bids"] == {}
    move["bid"]["printer"]["gold"] = 99  # the caller reusing its move must not reach the state
    assert after["bids"]["0"]["printer"]["gold"] == 3


def test_default_move_never_warns() -> None:
    state = position(3, hands=[tokens(3, 2, 7), tokens(0, 0, 5), tokens(1, 1, 3)])
    for seat in range(3):
        move = RULES.default_move(state, seat)
        assert RULES.warnings(state, seat, move) == []
        for text in RULES.example_moves(state, seat):
            assert RULES.warnings(state, seat, RULES.parse_move(state, seat, text)) == []
        state = RULES.apply(state, seat, move)
