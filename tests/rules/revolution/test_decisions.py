"""choices (the next decision for interfaces), skip_move and reply_moves."""

from __future__ import annotations

import json
import random

import pytest

from games.rules import IllegalMove, canonical_json
from games.rules.revolution import RULES

from .helpers import bids, cubes, new_game, position, tokens


def _spy_pending() -> dict:
    state = position(3, board={"harbor": [0, 2, 0], "tavern": [1, 0, 1]})
    return bids(state, "spy f 3g; general b", "printer f b 3g", "priest f b 3g")


def _apothecary_pending(**options: bool) -> dict:
    board = {"cathedral": cubes(red=3, blue=3, green=1), "tavern": cubes(red=2, yellow=2)}
    state = position(4, board=board, **options)
    return bids(state, "apothecary b 3g; printer f", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")


# -- choices ----------------------------------------------------------------------------------------


def test_a_bid_is_a_free_form_decision_with_the_bid_board_as_detail() -> None:
    state = new_game(3)
    decision = RULES.choices(state, 1)
    assert decision is not None and decision.kind == "bid" and not decision.complete and decision.options == ()
    assert decision.prompt == "Bid all your tokens (1 Force, 1 Blackmail, 3 Gold) on at most 6 characters"
    detail = decision.detail
    assert detail["tokens"] == tokens(1, 1, 3) and detail["max_characters"] == 6 and detail["round"] == 1
    assert detail["current"] is None and detail["current_text"] is None and detail["awaited"] is True
    assert [c["id"] for c in detail["characters"]][:3] == ["general", "captain", "innkeeper"]
    assert detail["characters"][0] == {"id": "general", "number": 1, "name": "General", "immune": ["force"],
                                       "allowed": ["blackmail", "gold"],
                                       "reward": "1 Support, 1 Force, a cube in the Fortress"}
    rogue = detail["characters"][8]
    assert rogue["immune"] == ["force", "blackmail"] and rogue["allowed"] == ["gold"]


def test_a_seat_whose_bid_is_in_gets_its_bid_back_to_revise_and_nobody_elses() -> None:
    state = RULES.apply(new_game(3), 0, RULES.parse_move(new_game(3), 0, "printer f b 3g"))
    mine = RULES.choices(state, 0)
    assert mine is not None and mine.kind == "bid"
    assert mine.detail["current"] == {"printer": {"force": 1, "blackmail": 1, "gold": 3}}
    assert mine.detail["current_text"] == "printer f b 3g" and mine.detail["awaited"] is False
    assert mine.prompt == "Your bid is in (printer f b 3g); you may change it until the last bid is in"
    other = RULES.choices(state, 1)
    assert other is not None and other.detail["current"] is None
    assert "printer f b 3g" not in json.dumps(other.to_json())
    # Another bid by seat 0 leaves seat 1's decision exactly as it was.
    alt = RULES.apply(new_game(3), 0, RULES.parse_move(new_game(3), 0, "general b; priest f 3g"))
    assert RULES.choices(alt, 1) == other


def test_a_seat_without_tokens_has_nothing_to_decide() -> None:
    state = position(3, hands=[tokens(1, 0, 0), tokens(1, 0, 0), tokens(1, 0, 0)],
                     bank={"force": 0, "blackmail": 0, "gold": 7})
    state = bids(state, "printer f", "priest f", "innkeeper f")
    assert state["hands"][2] == tokens() and RULES.choices(state, 2) is None
    assert RULES.choices(state, 0) is not None


def test_the_spy_lists_every_target_and_pass() -> None:
    state = _spy_pending()
    decision = RULES.choices(state, 0)
    assert decision is not None and decision.kind == "spy" and decision.complete
    assert [(o.text, o.label, o.group) for o in decision.options] == [
        ("pass", "Pass (change nothing)", "pass"),
        ("spy blue harbor", "Blue cube in the Harbor", "spy"),
        ("spy green cathedral", "Green cube in the Cathedral", "spy"),
        ("spy green tavern", "Green cube in the Tavern", "spy"),
    ]
    assert decision.groups == (("spy", "Replace a cube"), ("pass", "Or decline"))
    assert decision.find("SPY  Blue Harbor").move == {"action": "spy", "area": "harbor", "color": "blue"}
    assert RULES.choices(state, 1) is None and RULES.choices(state, 2) is None


def test_the_apothecary_lists_every_pair_and_the_cubes_it_may_move() -> None:
    decision = RULES.choices(_apothecary_pending(), 0)
    assert decision is not None and decision.kind == "apothecary" and decision.complete
    texts = [o.text for o in decision.options]
    assert texts[0] == "pass" and "swap cathedral blue tavern yellow" in texts
    assert "swap cathedral red tavern red" not in texts  # no no-op swaps
    swap = decision.find("swap cathedral blue tavern yellow")
    assert swap.label == "Blue cube in the Cathedral ↔ Yellow cube in the Tavern" and swap.group == "swap"
    # The Priest's cube (won by Blue before the Apothecary) is on the board too.
    assert decision.detail["cubes"] == [
        {"area": "cathedral", "color": "red", "seat": 0}, {"area": "cathedral", "color": "blue", "seat": 1},
        {"area": "cathedral", "color": "green", "seat": 2}, {"area": "plantation", "color": "yellow", "seat": 3},
        {"area": "market", "color": "green", "seat": 2},
        {"area": "tavern", "color": "red", "seat": 0}, {"area": "tavern", "color": "yellow", "seat": 3},
    ]


def test_protected_areas_are_left_out_of_the_apothecary_options() -> None:
    board = {"cathedral": cubes(red=3, blue=3, green=1), "tavern": cubes(yellow=4)}
    state = bids(position(4, board=board, area_control_bonus=True),
                 "apothecary b 3g; printer f", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")
    decision = RULES.choices(state, 0)
    assert all("tavern" not in o.text for o in decision.options)
    assert all(c["area"] != "tavern" for c in decision.detail["cubes"])


def _check_decision(state: dict, seat: int, seed: str) -> None:
    decision = RULES.choices(state, seat)
    accepted = seat in RULES.to_act(state) or seat in RULES.open_seats(state)
    if decision is None:
        assert not accepted or sum(state["hands"][seat].values()) == 0
        return
    assert accepted
    data = json.dumps(decision.to_json())
    assert seed not in data
    for option in decision.options:
        RULES.apply(state, seat, option.move)  # must not raise
        assert RULES.parse_move(state, seat, option.text) == option.move
    if decision.complete:
        listed = sorted(canonical_json(o.move) for o in decision.options)
        assert listed == sorted(canonical_json(m) for m in RULES.legal_moves(state, seat))
    else:
        assert decision.kind == "bid" and decision.detail["tokens"] == state["hands"][seat]
        assert decision.detail["current"] == state["bids"].get(str(seat))


@pytest.mark.parametrize("options", [{}, {"bid_refunds": True, "area_control_bonus": True}])
def test_choices_over_random_games(options: dict) -> None:
    checked = {"bid": 0, "spy": 0, "apothecary": 0}
    for game in range(10):
        rng = random.Random(game)
        players = 3 + game % 2
        seed = f"choices-{game}-" + "c" * 40
        state = RULES.setup(players, options, seed)
        while RULES.to_act(state):
            for seat in range(players):
                _check_decision(state, seat, seed)
                decision = RULES.choices(state, seat)
                if decision is not None:
                    checked[decision.kind] += 1
            seat = rng.choice(RULES.to_act(state))
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))
        assert all(RULES.choices(state, seat) is None for seat in range(players))
    assert all(checked.values()), checked


# -- skip_move ---------------------------------------------------------------------------------------


def test_bidding_has_no_pass_but_a_spy_or_apothecary_choice_may_be_declined() -> None:
    state = new_game(3)
    assert all(RULES.skip_move(state, seat) is None for seat in range(3))
    spy = _spy_pending()
    assert RULES.skip_move(spy, 0) == {"action": "pass"}
    assert RULES.skip_move(spy, 1) is None
    after = RULES.apply(spy, 0, RULES.skip_move(spy, 0))
    assert after["board"]["harbor"] == [0, 2, 0] and after["phase"] == "bidding"
    apothecary = _apothecary_pending()
    assert RULES.skip_move(apothecary, 0) == {"action": "pass"}
    assert RULES.apply(apothecary, 0, {"action": "pass"})["board"]["tavern"] == cubes(red=2, yellow=2)


# -- reply_moves --------------------------------------------------------------------------------------


def test_a_bid_written_over_several_lines_is_one_move() -> None:
    state = new_game(3)
    lines = ["general b g", "printer f", "merchant 2g"]
    assert RULES.reply_moves(state, 0, lines) == ["general b g; printer f; merchant 2g"]
    one = RULES.parse_move(state, 0, RULES.reply_moves(state, 0, lines)[0])
    assert one == RULES.parse_move(state, 0, "general b g; printer f; merchant 2g")
    RULES.apply(state, 0, one)
    # Numbers starting a line are still character numbers.
    joined = RULES.reply_moves(state, 0, ["1 b g", "7 2g", "8 f;"])
    assert RULES.parse_move(state, 0, joined[0]) == one


def test_a_single_line_bid_stays_as_it_is() -> None:
    state = new_game(3)
    assert RULES.reply_moves(state, 0, ["general b g; printer f 2g"]) == ["general b g; printer f 2g"]


def test_bids_on_the_spy_and_apothecary_characters_are_bid_lines() -> None:
    state = new_game(3)
    assert RULES.reply_moves(state, 0, ["spy f", "apothecary b", "apo 3g"]) == ["spy f; apothecary b; apo 3g"]


def test_choice_lines_stand_alone() -> None:
    state = _spy_pending()
    assert RULES.reply_moves(state, 0, ["spy blue harbor"]) == ["spy blue harbor"]
    assert RULES.reply_moves(state, 0, ["pass"]) == ["pass"]
    # A choice, then the next round's bid written over two lines.
    moves = RULES.reply_moves(state, 0, ["Spy Blue Harbor", "printer f", "priest 4g"])
    assert moves == ["Spy Blue Harbor", "printer f; priest 4g"]
    after = RULES.apply(state, 0, RULES.parse_move(state, 0, moves[0]))
    assert after["phase"] == "bidding" and after["hands"][0] == tokens(1, 0, 4)
    RULES.apply(after, 0, RULES.parse_move(after, 0, moves[1]))
    apothecary = _apothecary_pending()
    assert RULES.reply_moves(apothecary, 0, ["swap cathedral blue tavern yellow", "pass"]) == [
        "swap cathedral blue tavern yellow", "pass"]


def test_a_pass_while_bidding_stays_a_line_of_its_own_and_is_refused_clearly() -> None:
    state = new_game(3)
    moves = RULES.reply_moves(state, 0, ["printer f b 3g", "pass"])
    assert moves == ["printer f b 3g", "pass"]
    with pytest.raises(IllegalMove, match="you cannot pass a bid: every token you hold must be bid"):
        RULES.parse_move(state, 0, moves[1])
