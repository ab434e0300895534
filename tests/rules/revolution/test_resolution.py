"""Resolution: rewards, full areas, the bank's limits, patronage, Spy, Apothecary, the end, options."""

from __future__ import annotations

import random

import pytest

from games.rules import IllegalMove, MoveParseError
from games.rules.revolution import RULES
from games.rules.revolution.data import AREAS, TOKENS_TOTAL

from .helpers import bid, bids, character_event, cubes, events, new_game, position, token_census, tokens


def test_winner_gets_support_tokens_set_aside_and_a_cube() -> None:
    state = bids(new_game(3), "merchant f b 3g", "printer f b 3g", "general b 3g; innkeeper f")
    assert state["round"] == 2 and state["phase"] == "bidding"
    assert state["support"] == [3, 10, 4]
    assert state["board"]["market"] == [1, 0, 0]
    assert state["board"]["fortress"] == [0, 0, 1] and state["board"]["tavern"] == [0, 0, 1]
    # Patronage: Red holds the Merchant's 5 Gold; Blue had nothing (+5); Green 1 Force 1 Blackmail (+3).
    assert state["hands"] == [tokens(0, 0, 5), tokens(0, 0, 5), tokens(1, 1, 3)]
    assert [(e["seat"], e["gold"]) for e in events(state, "patronage")] == [(1, 5), (2, 3)]
    assert state["aside"] == [tokens()] * 3


def test_a_full_area_takes_no_cube_but_the_other_rewards_still_apply() -> None:
    state = position(3, board={"tavern": [2, 1, 1]})
    state = bids(state, "innkeeper f 3g; general b", "printer f b 3g", "priest f b 3g")
    event = character_event(state, "innkeeper")
    assert event["winner"] == 0 and event["cube"] is None and event["cube_note"] == "full"
    assert state["board"]["tavern"] == [2, 1, 1]
    assert state["support"][0] == 3 + 1  # Innkeeper 3, General 1
    assert state["hands"][0]["blackmail"] == 1  # the Innkeeper's Blackmail (no patronage needed for it)


def test_a_reward_the_bank_cannot_pay_is_paid_in_part_and_the_rest_is_lost() -> None:
    state = position(3, hands=[tokens(1, 0, 0), tokens(1, 0, 0), tokens(1, 0, 0)],
                     bank={"force": 0, "blackmail": 0, "gold": 7})
    state = bids(state, "printer f", "priest f", "innkeeper f")
    innkeeper = character_event(state, "innkeeper")
    assert innkeeper["winner"] == 2 and innkeeper["tokens"] == {} and innkeeper["short"] == {"blackmail": 1}
    assert innkeeper["support"] == 3 and state["board"]["tavern"] == [0, 0, 1]
    # Patronage from 7 Gold: Red takes 5, Blue the last 2, Green nothing.
    assert [(e["seat"], e["gold"], e.get("short")) for e in events(state, "patronage")] == [
        (0, 5, None), (1, 2, 3), (2, 0, 5)]
    assert state["hands"] == [tokens(0, 0, 5), tokens(0, 0, 2), tokens(0, 0, 0)]
    # Green holds nothing, so its empty bid is entered for it.
    assert RULES.to_act(state) == [0, 1]
    assert state["bids"] == {"2": {}}
    text = RULES.describe(state, None)
    assert "the bank could not pay 1 Blackmail" in text and "the bank was 5 short" in text


def test_patronage_never_gives_force_or_blackmail() -> None:
    state = bids(new_game(4), "printer f b 3g", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")
    assert state["hands"] == [tokens(0, 0, 5), tokens(0, 0, 5), tokens(0, 0, 5), tokens(0, 0, 5)]


# -- Spy ----------------------------------------------------------------------------------


def _spy_pending() -> dict:
    state = position(3, board={"harbor": [0, 2, 0]})
    state = bids(state, "spy f 3g; general b", "printer f b 3g", "priest f b 3g")
    assert state["phase"] == "choice"
    return state


def test_the_spy_winner_chooses_during_resolution() -> None:
    state = _spy_pending()
    assert RULES.to_act(state) == [0]
    assert state["resolution"]["pending"] == {"seat": 0, "character": "spy"}
    # Characters after the Spy are not evaluated yet; the reveal is public.
    assert RULES.view(state, 1)["bids"]["0"] == {"general": {"blackmail": 1}, "spy": {"force": 1, "gold": 3}}
    state = RULES.apply(state, 0, RULES.parse_move(state, 0, "spy blue harbor"))
    assert state["board"]["harbor"] == [1, 1, 0]
    assert events(state, "spy") == [{"kind": "spy", "seat": 0, "area": "harbor", "color": "blue"}]
    assert state["phase"] == "bidding" and state["round"] == 2


def test_the_spy_choice_errors_say_what_would_be_accepted() -> None:
    state = _spy_pending()
    with pytest.raises(IllegalMove) as err:
        RULES.apply(state, 1, {"action": "pass"})
    assert str(err.value) == ("the bids are revealed; the resolution waits for Red (seat 1), who won the Spy, "
                              "to choose (you can bid again when the next round starts)")
    cases = {
        "spy red fortress": "the Spy replaces an opponent's cube, not your own (choose blue or green)",
        "spy blue tavern": "Blue has no cube in the Tavern (the Tavern is empty)",
        "spy green harbor": "Green has no cube in the Harbor (cubes there: blue)",
        "swap harbor blue fortress red": "you won the Spy and must choose first (reply like 'spy blue harbor' "
                                         "to replace a Blue cube in the Harbor with yours, or 'pass')",
    }
    for text, message in cases.items():
        with pytest.raises(IllegalMove) as err:
            RULES.apply(state, 0, RULES.parse_move(state, 0, text))
        assert str(err.value) == message
    with pytest.raises(MoveParseError, match="'purple' is not an area or a colour"):
        RULES.parse_move(state, 0, "spy purple harbor")
    with pytest.raises(MoveParseError, match="'yellow' is not an area or a colour"):
        RULES.parse_move(state, 0, "spy yellow harbor")  # three players: no yellow


def test_the_spy_may_be_declined() -> None:
    state = RULES.apply(_spy_pending(), 0, RULES.parse_move(_spy_pending(), 0, "pass"))
    assert state["board"]["harbor"] == [0, 2, 0]
    assert events(state, "pass") == [{"kind": "pass", "seat": 0, "character": "spy"}]


def test_the_spy_with_nothing_to_take_does_not_stop_the_resolution() -> None:
    state = bids(new_game(3), "spy f 3g; general b", "printer f b 3g", "rogue 3g; printer f b")
    # Red's own Fortress cube is the only cube on the board.
    assert state["phase"] == "bidding"
    assert events(state, "no_target") == [{"kind": "no_target", "seat": 0, "character": "spy"}]


def test_the_spy_needs_a_cube_in_supply() -> None:
    board = {"fortress": [8, 0, 0], "town_hall": [7, 0, 0], "harbor": [6, 0, 0], "cathedral": [4, 1, 0]}
    state = position(3, board=board)
    state = bids(state, "spy f 3g; printer b", "priest f b 3g", "merchant f b 3g")
    assert events(state, "no_target") and state["phase"] == "bidding"


# -- Apothecary ---------------------------------------------------------------------------


def _apothecary_pending(**options: bool) -> dict:
    board = {"cathedral": cubes(red=3, blue=3, green=1), "tavern": cubes(red=2, yellow=2)}
    state = position(4, board=board, **options)
    state = bids(state, "apothecary b 3g; printer f", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")
    assert RULES.to_act(state) == [0] and state["resolution"]["pending"]["character"] == "apothecary"
    return state


def test_the_rulebook_apothecary_example() -> None:
    """'Red has traded one of Blue's pieces in the Cathedral for one of Yellow's pieces in the Tavern.'"""
    state = _apothecary_pending()
    move = RULES.parse_move(state, 0, "swap cathedral blue tavern yellow")
    assert move == RULES.parse_move(state, 0, "Apothecary: yellow tavern with blue cathedral")
    state = RULES.apply(state, 0, move)
    assert state["board"]["cathedral"] == cubes(red=3, blue=2, green=1, yellow=1)
    assert state["board"]["tavern"] == cubes(red=2, blue=1, yellow=1)
    # "Now Red has the most cubes in the Cathedral, and also the most in the Tavern."
    for area in ("cathedral", "tavern"):
        counts = state["board"][area]
        assert counts[0] == max(counts) and counts.count(counts[0]) == 1


def test_no_op_swaps_are_refused() -> None:
    state = _apothecary_pending()
    cases = {
        "swap cathedral blue cathedral red": "both cubes are in the Cathedral: swapping within one area changes "
                                             "nothing (pick cubes in two different areas)",
        "swap cathedral red tavern red": "both cubes are Red: swapping cubes of one colour changes nothing "
                                         "(pick cubes of two different colours)",
        "swap cathedral yellow tavern red": "Yellow has no cube in the Cathedral (cubes there: red, blue, green)",
    }
    for text, message in cases.items():
        with pytest.raises(IllegalMove) as err:
            RULES.apply(state, 0, RULES.parse_move(state, 0, text))
        assert str(err.value) == message
    state = RULES.apply(state, 0, {"action": "pass"})
    assert state["board"]["tavern"] == cubes(red=2, yellow=2)


def test_area_control_bonus_protects_a_wholly_held_area() -> None:
    board = {"cathedral": cubes(red=3, blue=3, green=1), "tavern": cubes(yellow=4)}
    state = position(4, board=board, area_control_bonus=True)
    state = bids(state, "apothecary b 3g; printer f", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")
    with pytest.raises(IllegalMove) as err:
        RULES.apply(state, 0, RULES.parse_move(state, 0, "swap cathedral blue tavern yellow"))
    assert str(err.value) == ("Yellow holds every space of the Tavern, so the Apothecary cannot touch those "
                              "cubes (Area Control Bonus) (pick a cube in another area)")
    # Without the option the same swap is fine.
    plain = bids(position(4, board=board), "apothecary b 3g; printer f", "priest f b 3g",
                 "merchant f b 3g", "aristocrat f b 3g")
    after = RULES.apply(plain, 0, RULES.parse_move(plain, 0, "swap cathedral blue tavern yellow"))
    assert after["board"]["tavern"] == cubes(blue=1, yellow=3)


# -- end of the game --------------------------------------------------------------------------

_NEARLY_FULL = {
    "fortress": [3, 3, 1],     # 7 of 8: the General's cube fills the board
    "town_hall": [2, 2, 3],
    "harbor": [3, 3, 0],       # tied: nobody scores it
    "cathedral": [0, 7, 0],
    "plantation": [1, 2, 3],
    "market": [5, 0, 0],
    "tavern": [1, 1, 2],
}
_LAST_BIDS = ("general b 3g; printer f", "general 3g; priest f b", "printer b 3g; merchant f")


def _final(**options: bool) -> dict:
    state = position(3, board=_NEARLY_FULL, support=[10, 20, 5], **options)
    state = bids(state, *_LAST_BIDS)
    assert state["phase"] == "over" and RULES.to_act(state) == []
    return state


def test_the_game_ends_when_every_space_is_full_and_is_scored_by_hand() -> None:
    state = _final()
    assert all(sum(state["board"][a]) == AREAS[a].spaces for a in AREAS)
    assert not events(state, "patronage"), "no patronage after the last resolution"
    result = RULES.result(state)
    # Track: Red 10+1+10, Blue 20+6, Green 5+3. Tokens: Red 1 Force = 5, Green 5 Gold = 5.
    # Areas: Red Fortress 50 + Market 25; Blue Cathedral 35; Green Town Hall 45 + Plantation 30 + Tavern 20.
    assert result["scores"] == [21 + 5 + 75, 26 + 0 + 35, 8 + 5 + 95]
    assert result["winners"] == [2]
    red = result["detail"]["seats"][0]
    assert red["track"] == 21 and red["tokens"] == 5 and red["areas"] == {"fortress": 50, "market": 25}
    assert red["bonus"] == {} and red["total"] == 101
    with pytest.raises(IllegalMove, match="the game is over"):
        RULES.apply(state, 0, {"action": "pass"})


def test_area_control_bonus_adds_ten_per_wholly_held_area() -> None:
    result = RULES.result(_final(area_control_bonus=True))
    assert result["scores"] == [101 + 10, 61 + 10, 108]
    assert result["winners"] == [0]
    assert result["detail"]["seats"][1]["bonus"] == {"cathedral": 10}


def test_bid_refunds_count_at_the_end() -> None:
    result = RULES.result(_final(bid_refunds=True))
    # Blue's losing 3 Gold on the General comes back; Green's losing Blackmail and 3 Gold on the Printer too.
    assert result["detail"]["seats"][1]["tokens_held"] == tokens(0, 0, 3)
    assert result["scores"] == [101, 61 + 3, 108 + 3 + 3]


def test_equal_top_scores_share_the_victory() -> None:
    state = position(3, board=_NEARLY_FULL, support=[17, 20, 5])
    result = RULES.result(bids(state, *_LAST_BIDS))
    assert result["scores"][0] == result["scores"][2] == 108
    assert result["winners"] == [0, 2]


def test_bid_refunds_return_losing_and_tied_bids_but_not_discarded_ones() -> None:
    state = bids(new_game(3, bid_refunds=True),
                 "priest f b 3g", "priest b 3g; printer f", "printer b 3g; general f")
    assert character_event(state, "priest")["refunded"] == {"1": {"blackmail": 1, "gold": 3}}
    assert character_event(state, "printer")["refunded"] == {"2": {"blackmail": 1, "gold": 3}}
    # Green's Force on the General was immune: lost, not refunded. Patronage tops 4 up to 5.
    assert state["hands"] == [tokens(0, 0, 5), tokens(0, 1, 4), tokens(0, 1, 4)]
    tied = bids(new_game(3, bid_refunds=True), "priest f b 3g", "priest f b 3g", "printer f b 3g")
    assert tied["hands"][:2] == [tokens(1, 1, 3), tokens(1, 1, 3)]


# -- invariants over random games ---------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"bid_refunds": True, "area_control_bonus": True}])
def test_tokens_and_cubes_are_conserved_in_random_games(options: dict) -> None:
    for game in range(12):
        rng = random.Random(game)
        state = RULES.setup(3 + game % 2, options, f"conserve-{game}")
        while RULES.to_act(state):
            assert token_census(state) == dict(TOKENS_TOTAL)
            for area, counts in state["board"].items():
                assert sum(counts) <= AREAS[area].spaces
            assert all(RULES.view(state, s)["supply"][s] >= 0 for s in range(state["players"]))
            seat = rng.choice(RULES.to_act(state))
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))
        assert token_census(state) == dict(TOKENS_TOTAL)
