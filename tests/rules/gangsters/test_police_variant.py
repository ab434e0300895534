"""The five-player Police variant, one test (or more) per numbered rule of the variant text.

shared rules: gangsters-five-player-variant.txt; the rulings G1-G51 fill what it leaves open.
Seat 5 (index 4) is the Police player; "P" below. Whether a held bribe is played (2a, 2b) is asked
in rules version 2: test_police_bribes.py.
"""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, OptionError
from games.rules.gangsters import copturn, police, rounds
from games.rules.gangsters.data import COMMISH_DIE, level_payoff, share_of

from .helpers import DICE, RULES, at_step, clear_board, events, fixed_dice, own, play, put, setup_game

P = 4


def police_game(seed: str = "police") -> dict:
    """A Police game past its set-up (gangs in seat order, each R5 T2 V1; P a Commissioner of 4)."""
    state = setup_game(5, {"police": True}, seed)
    while state["phase"] == "picks":
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.choices(state, seat).options[0].move)
    for seat in range(5):
        state = RULES.apply(state, seat, RULES.default_move(state, seat))
    return play(state, P, "face e")


def board(seed: str = "police") -> dict:
    """An empty board: no joints owned, no pieces, every seat $5,000, the Commissioner 4 at a1 facing e."""
    state = clear_board(police_game(seed))
    state["police"]["c"] = {"s": 4, "at": "a1", "f": "e"}
    state["police"]["salary"] = False
    return state


def cop_turn(state: dict, **dice: int) -> dict:
    """The Police player's Cop Turn at its timed portion (step c) with the given dice."""
    state["phase"] = "play"
    state["round"] = max(1, state["round"])
    state["order"] = [0, 1, 2, 3]
    state["index"] = 4
    t = copturn.new_cop_turn(P)
    c = state["police"]["c"]
    t.update(step="cmove", allow=max(c["s"] // 2, 1), lone=c["s"] == 1, enter=c["at"] is None, began=c["at"])
    state["turn"] = t
    state["dice"] = {**DICE, **dice}
    return state


# -- set-up: the option (G1, G37) and 7.2 -----------------------------------------------------------


def test_option_only_with_five_players_and_five_players_only_with_it():
    with pytest.raises(OptionError, match="needs exactly five players"):
        RULES.setup(4, {"police": True}, "x")
    with pytest.raises(OptionError, match="five players need the Police option"):
        RULES.setup(5, {}, "x")
    state = RULES.setup(5, {"police": True}, "x")
    assert state["seats"] == ["gang", "gang", "gang", "gang", "police"]
    assert sorted(state["order"]) == [0, 1, 2, 3]  # the Police buy no joints


def test_rule_8_random_order_always_and_donuts_never():
    with pytest.raises(OptionError, match="Random Movement Order"):
        RULES.setup(5, {"police": True, "random_order": False}, "x")
    with pytest.raises(OptionError, match="never uses Donuts"):
        RULES.setup(5, {"police": True, "donuts": True}, "x")
    RULES.setup(5, {"police": True, "wheels": True, "heaters": True, "squirt_gun": True}, "x")


def test_rule_7_2_police_set_up_1700_a_commissioner_of_at_least_one_on_the_green_subway():
    state = setup_game(5, {"police": True}, "setup")
    assert state["gangs"][P]["cash"] == 1700
    while state["phase"] == "picks":
        assert RULES.to_act(state) != [P]
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.choices(state, seat).options[0].move)
    assert P in RULES.to_act(state)
    with pytest.raises(IllegalMove, match="strength must be 1 to"):
        play(state, P, "commish 0")
    state = play(state, P, "commish 4")
    assert "commish" not in RULES.view(state, 0)["narration"] if "narration" in RULES.view(state, 0) else True
    assert RULES.view(state, 0)["orders"] == {}  # sealed
    for seat in range(4):
        state = RULES.apply(state, seat, RULES.default_move(state, seat))
    assert RULES.to_act(state) == [P] and state["phase"] == "facing"
    placed = events(state, "commish_placed")[0]
    c = state["police"]["c"]
    assert c["s"] == 4 and c["at"] == placed["at"] and state["gangs"][P]["cash"] == 1700 - 1000
    assert state["police"]["hqs"] == []
    state = play(state, P, "face s")
    assert state["police"]["c"]["f"] == "s" and state["phase"] == "play"


# -- 1. the cop portion of a gang turn, 3. where bribes are paid ------------------------------------


def test_rule_1_gang_defers_and_the_police_move_a_cop():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    state["cops"] = {"3": {"at": "d1", "f": "s"}}
    state = at_step(state, 0, "cop", {"blue": 2})
    state = play(state, 0, "pass")
    assert RULES.to_act(state) == [P] and state["turn"]["step"] == "pcop"
    with pytest.raises(IllegalMove):
        play(state, 0, "pass")
    state = play(state, P, "cop 3 d2 d3")
    assert state["cops"]["3"]["at"] == "d3" and state["turn"]["step"] == "move"


def test_rule_1_gang_plays_a_bribe_to_move_its_cop_and_the_bribe_returns_to_the_cup():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    state["cops"] = {"3": {"at": "d1", "f": "s"}}
    state["gangs"][0]["bribes"] = [3]
    state["bribe_cup"].remove(3)
    state = at_step(state, 0, "cop", {"blue": 2})
    with pytest.raises(IllegalMove, match="you hold no bribe 5"):
        play(state, 0, "cop 5 d2 d3")
    after = play(state, 0, "cop 3 d2 d3")
    assert after["cops"]["3"]["at"] == "d3" and 3 in after["bribe_cup"] and after["gangs"][0]["bribes"] == []


def test_rule_1_a_bribed_officer_off_the_board_comes_on_when_the_crime_level_permits():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    state["gangs"][0]["bribes"] = [6]
    state["bribe_cup"].remove(6)
    state["cops"] = {"1": {"at": "a16", "f": "n"}}
    state = at_step(state, 0, "cop", {"blue": 4})
    with pytest.raises(IllegalMove, match="no cop may come on"):
        play(state, 0, "cop 6 in w")
    state["crime"] = 1
    after = play(state, 0, "cop 6 in w")
    assert after["cops"]["6"] == {"at": "k10", "f": "w"}


def test_rule_1_a_gang_stops_the_police_moving_its_cop():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    state["cops"] = {"3": {"at": "d1", "f": "s"}}
    state["gangs"][1]["bribes"] = [3]
    state["bribe_cup"].remove(3)
    state = at_step(state, 0, "cop", {"blue": 2})
    state = play(play(state, 0, "pass"), P, "cop 3 d2 d3")
    assert RULES.to_act(state) == [1]
    after = play(state, 1, "stop")
    assert after["cops"]["3"]["at"] == "d1" and 3 in after["bribe_cup"]


def test_rule_3_gang_bribes_are_paid_to_the_police_and_police_bribes_to_the_bank():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    state = at_step(state, 0, "cop", {"blue": 3})
    after = play(state, 0, "bribe")
    assert after["gangs"][0]["cash"] == 4700 and after["gangs"][P]["cash"] == 5300
    state = at_step(board(), 0, "cop", {"blue": 3})
    put(state, 0, "R", "a4", s=4, f="e")
    after = play(play(state, 0, "pass"), P, "bribe")
    assert after["gangs"][P]["cash"] == 4700 and sum(g["cash"] for g in after["gangs"]) == 5 * 5000 - 300


# -- 2. police cash -----------------------------------------------------------------------------------


def test_rule_2_worked_example_four_of_six_racketeer_levels_pay_1800(monkeypatch):
    assert level_payoff(6, 4) == 600 + 500 + 400 + 300 == 1800
    state = board()
    put(state, 0, "R", "e4", s=6, c=True)
    state["police"]["c"] = {"s": 4, "at": "e4", "f": None}
    state = cop_turn(state)
    fixed_dice(monkeypatch, [6, 6, 6, 6], [1, 1, 1, 1, 1, 1])  # he hits 4 times; the Racketeer misses
    after = play(state, P, "done")
    assert after["gangs"][0]["pieces"]["R"]["s"] == 2
    paid = [e for e in events(after, "police_paid") if e["what"] == "shootout"]
    assert paid[0]["amount"] == 1800
    assert after["police"]["c"]["at"] is None and after["police"]["c"]["s"] == 4  # 7.4: off, strength kept


def test_rule_2_a_raid_pays_face_value_times_level():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    own(state, 1, "BRI", level=2)
    state["joints"]["BRI"]["crim"] = True
    state = at_step(state, 0, "cop", {"blue": 4})
    state = play(state, 0, "pass")
    after = play(state, P, "cop in BRI")
    assert [e["amount"] for e in events(after, "police_paid")] == [500 * 2]
    assert after["gangs"][P]["cash"] == 6000


def rules_v1(state: dict) -> dict:
    """The same position under rules version 1, where a held bribe is always played (no question)."""
    state["police"].pop("asks")
    return state


def test_rule_2a_in_rules_version_1_the_police_always_double_with_the_cops_own_bribe():
    state = rules_v1(board())
    put(state, 0, "R", "a4", s=4, f="e")
    own(state, 1, "BRI", level=2)
    state["joints"]["BRI"]["crim"] = True
    state["cops"] = {"5": {"at": "k10", "f": "e"}}
    state["gangs"][P]["bribes"] = [5]
    state["bribe_cup"].remove(5)
    state["crime"] = 3
    state = at_step(state, 0, "cop", {"blue": 1})
    after = play(play(state, 0, "pass"), P, "cop 5 BRI")
    assert events(after, "police_paid")[0]["amount"] == 2000 and 5 in after["bribe_cup"]


def test_rule_2b_in_rules_version_1_a_gang_holding_the_bribe_always_takes_half_rounded_up():
    assert share_of(1100) == 600 and share_of(1000) == 500 and share_of(150) == 100
    state = rules_v1(board())
    put(state, 0, "R", "a4", s=4, f="e")
    own(state, 1, "BRI", level=2)
    state["joints"]["BRI"]["crim"] = True
    state["cops"] = {"5": {"at": "k10", "f": "e"}}
    state["gangs"][2]["bribes"] = [5]
    state["bribe_cup"].remove(5)
    state = at_step(state, 0, "cop", {"blue": 1})
    state = play(play(state, 0, "pass"), P, "cop 5 BRI")
    assert RULES.to_act(state) == [2]  # P3 may stop the move (G7) ...
    after = play(state, 2, "allow")  # ... lets it go, and claims its half of the raid
    shared = events(after, "police_shared")[0]
    assert shared["seat"] == 2 and shared["share"] == 500 and after["gangs"][2]["cash"] == 5500
    assert after["gangs"][P]["cash"] == 5500 and 5 in after["bribe_cup"]


def test_rule_2b_a_gang_moving_a_cop_with_its_bribe_collects_the_premium_and_assigns_the_hits(monkeypatch):
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    put(state, 1, "T", "d3", s=3, c=True)
    put(state, 2, "T", "d3", s=3, c=True)
    put(state, 0, "T", "d3", s=3, c=True)
    state["cops"] = {"3": {"at": "d1", "f": "s"}}
    state["gangs"][0]["bribes"] = [3]
    state["bribe_cup"].remove(3)
    state = at_step(state, 0, "cop", {"blue": 2})
    state = play(state, 0, "cop 3 d2 d3")
    fixed_dice(monkeypatch, [6, 6])
    state = play(state, 0, "done")
    # The mover's own Thug is spared (G46); the mover assigns the two hits.
    assert RULES.to_act(state) == [0] and state["turn"]["step"] == "assign"
    assert {t[0] for t in state["turn"]["fight"]["targets"]} == {1, 2}
    after = play(state, 0, "assign P2 T 2")
    shared = events(after, "police_shared")[0]
    assert shared["automatic"] and shared["amount"] == 300 + 200 and shared["share"] == 300


# -- 4. the salary bonus ------------------------------------------------------------------------------


@pytest.mark.parametrize(("crime", "bonus"), [(0, 400), (3, 100), (4, 0), (7, 0)])
def test_rule_4_salary_bonus_is_4_minus_the_crime_level_times_100(crime, bonus):
    state = board()
    state["police"]["salary"] = True
    state["crime"] = crime
    state = at_step(state, 0, "move")
    put(state, 0, "R", "a4", s=4, f="e")
    after = play(state, 0, "done")
    assert after["gangs"][P]["cash"] == 5000 + bonus


def test_rule_4_no_salary_before_the_police_players_first_turn():
    state = at_step(board(), 0, "move")
    put(state, 0, "R", "a4", s=4, f="e")
    assert play(state, 0, "done")["gangs"][P]["cash"] == 5000


# -- 5. the Cop Turn ----------------------------------------------------------------------------------


def test_rule_5_the_cop_turn_comes_once_every_gang_has_moved():
    state = board()
    for seat in range(4):
        put(state, seat, "R", "a4", s=4, f="e")
    state = at_step(state, 3, "move")
    state["order"], state["index"] = [0, 1, 2, 3], 3
    after = play(state, 3, "done")
    assert after["turn"]["seat"] == P and after["turn"]["cop_turn"]
    assert events(after, "cop_turn") and after["police"]["salary"] is True


def test_rule_5a_buy_phase_a_gray_hq_for_100_where_the_commissioner_began():
    state = board()
    state["police"]["c"] = {"s": 4, "at": "ICE", "f": None}
    state["turn"] = copturn.new_cop_turn(P)
    state["phase"], state["order"], state["index"] = "play", [0, 1, 2, 3], 4
    rounds.advance(state)
    assert state["turn"]["step"] == "cbuy"
    after = play(state, P, "hq")
    assert after["police"]["hqs"] == ["ICE"] and after["gangs"][P]["cash"] == 4900


def test_rule_7_3_no_hq_in_a_crime_scene():
    state = board()
    state["police"]["c"] = {"s": 4, "at": "ICE", "f": None}
    put(state, 0, "T", "ICE", s=2, c=True)
    state["turn"] = copturn.new_cop_turn(P)
    state["phase"], state["order"], state["index"] = "play", [0, 1, 2, 3], 4
    rounds.advance(state)
    assert state["turn"]["step"] == "cmove"  # nothing to buy: straight to the dice


def test_rule_5d_the_police_move_up_to_half_the_commissioners_strength():
    state = board()
    state["cops"] = {"1": {"at": "d1", "f": "s"}, "2": {"at": "g1", "f": "s"}, "3": {"at": "j1", "f": "s"}}
    state = cop_turn(state, blue=1, green=1)
    state = play(state, P, "cop 1 d2")
    state = play(state, P, "cop 2 g2")
    with pytest.raises(IllegalMove, match="used all 2 of your moves"):
        play(state, P, "cop 3 j2")


def test_rule_5e_hire_or_move_public_and_6_3_an_informant_move_skips_5e():
    state = board()
    own(state, 1, "BRI")
    state["public"] = {"1": {"at": "a4", "f": "e"}, "5": {"at": "a7", "f": "e"}}
    state["police"]["informants"] = [1]
    state = cop_turn(state, white=1)
    moved = play(state, P, "informant 1 b4")
    with pytest.raises(IllegalMove, match="an Informant moved"):
        play(moved, P, "hire")
    with pytest.raises(IllegalMove, match="may not move the Public"):
        play(moved, P, "public 5 b7")
    hired = play(state, P, "hire")
    with pytest.raises(IllegalMove, match="may not move the Public"):
        play(hired, P, "public 5 b7")


def test_rule_5h_public_beside_criminals_leave_at_the_shootout_step():
    state = board()
    put(state, 0, "T", "ICE", s=2, c=True)
    state["public"] = {"4": {"at": "ICE", "f": None}}
    after = play(cop_turn(state), P, "done")
    assert after["public"] == {}


# -- 6. informants ------------------------------------------------------------------------------------


def test_rule_6_1_hiring_costs_100_times_white_and_the_chit_is_secret():
    state = cop_turn(board(), white=5)
    after = play(state, P, "hire")
    assert after["gangs"][P]["cash"] == 4500 and len(after["police"]["chits"]) == 1
    assert RULES.view(after, P)["police"]["chits"] == after["police"]["chits"]
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(after, seat)
        assert view["police"]["chits"] is None and view["police"]["chit_count"] == 1
        line = RULES.narrate(state, P, {"a": "hire"}, after, seat)
        assert "chit" not in line, line
    assert "x" in RULES.narrate(state, P, {"a": "hire"}, after, P).split("informant")[-1]


def test_rule_6_2_the_x1_chit_turns_both_x1_public_into_informants():
    state = board()
    state["public"] = {"1": {"at": "a4", "f": "e"}, "2": {"at": "a7", "f": "e"}, "3": {"at": "a10", "f": "e"}}
    state["police"]["chits"] = [1]
    state["police"]["chit_cup"] = [2, 3]
    after = play(cop_turn(state), P, "chit 1")
    assert after["police"]["informants"] == [1, 2] and after["police"]["chit_cup"] == [1, 2, 3]


def test_rule_6_4_an_informant_flips_a_joint_that_the_police_then_raid():
    state = board()
    own(state, 1, "BRI")
    state["public"] = {"1": {"at": "BRI", "f": None}}
    state["police"]["informants"] = [1]
    state["police"]["c"] = {"s": 4, "at": "k10", "f": "e"}  # subway 4, a door of BRI (k11)
    state = cop_turn(state, green=1)
    state = play(state, P, "informant 1 flip joint")
    after = play(state, P, "commish BRI")
    raid = events(after, "raid")[0]
    assert raid["joint"] == "BRI" and raid["lost"] and after["public"] == {}  # the Informant goes home
    assert [e["amount"] for e in events(after, "police_paid")] == [500]


def test_rule_6_4_an_informant_flips_a_gang_member_and_goes_home():
    state = board()
    put(state, 2, "V", "d4", s=1)
    state["public"] = {"7": {"at": "d4", "f": "e"}}
    state["police"]["informants"] = [7]
    after = play(cop_turn(state), P, "informant 7 flip P3 V")
    assert after["gangs"][2]["pieces"]["V"]["c"] is True and after["public"] == {}


# -- 7. the Commissioner and precincts ----------------------------------------------------------------


def test_rule_7_1_the_commissioner_moves_green_into_any_building():
    state = board()
    state["police"]["c"] = {"s": 4, "at": "b1", "f": "e"}
    state = cop_turn(state, green=2)
    with pytest.raises(IllegalMove, match="exactly 2"):
        play(state, P, "commish c1")
    after = play(state, P, "commish c1 ICE")  # a gray building, no crime there
    assert after["police"]["c"]["at"] == "ICE"


def test_rule_7_1_the_commissioner_recruits_with_the_green_die_paid_after_the_timed_portion():
    state = cop_turn(board(), green=3)
    state = play(state, P, "recruit C 2")
    assert state["police"]["c"]["s"] == 4
    after = play(state, P, "done")
    assert after["police"]["c"]["s"] == 6 and after["gangs"][P]["cash"] == 5000 - (500 + 600) * 3


def test_rule_7_21_an_eliminated_commissioner_is_recruited_selling_hqs_or_given_free():
    state = board()
    state["police"]["c"] = {"s": 0, "at": None, "f": None}
    state["police"]["hqs"] = ["ICE"]
    state["gangs"][P]["cash"] = 0
    state["turn"] = copturn.new_cop_turn(P)
    state["phase"], state["order"], state["index"] = "play", [0, 1, 2, 3], 4
    rounds.advance(state)
    assert state["turn"]["step"] == "cforced"
    with pytest.raises(IllegalMove, match="sell an HQ first"):
        play(state, P, "recruit C 1 facing e")
    after = play(state, P, "sell ICE")  # $100 is not enough for green x $100 above 1 ...
    if after["turn"] and after["turn"]["step"] == "cforced":
        after = play(after, P, "recruit C 1 facing e")
    assert after["police"]["c"]["s"] == 1 and after["police"]["c"]["at"] is not None
    assert after["police"]["hqs"] == []


def test_rule_7_21_the_forced_recruit_may_come_on_at_an_hq_whose_entry_digit_is_green():
    state = board()
    state["police"]["c"] = {"s": 0, "at": None, "f": None}
    state["police"]["hqs"] = ["ICE"]  # a gray building: it enters on a 1
    state["gangs"][P]["cash"] = 5000
    state["turn"] = copturn.new_cop_turn(P)
    state["phase"], state["order"], state["index"] = "play", [0, 1, 2, 3], 4
    rounds.advance(state)
    assert state["turn"]["step"] == "cforced"
    state["dice"][COMMISH_DIE] = 1
    after = play(state, P, "recruit C 2 at ICE")
    assert after["police"]["c"]["s"] == 2 and after["police"]["c"]["at"] == "ICE"
    assert RULES.format_move(state, P, {"a": "recruit", "piece": "C", "n": 2, "facing": "ICE"}) == "recruit C 2 at ICE"
    state["dice"][COMMISH_DIE] = 2  # ICE is not the green die's: only the subway
    with pytest.raises(IllegalMove, match="Commissioner is gone"):
        play(state, P, "recruit C 2 at ICE")


def test_rule_7_31_cops_enter_at_an_hq_whose_first_price_digit_is_blue():
    state = board()
    own(state, P, "AMB")
    state["police"]["hqs"] = ["AMB", "ICE"]
    state["crime"] = 5
    state = cop_turn(state, blue=4)
    assert "AMB" in police.entry_joints(state) and "ICE" not in police.entry_joints(state)
    after = play(state, P, "cop in AMB")
    (cop,) = after["cops"].values()
    assert cop["at"] == "AMB"
    state["dice"]["blue"] = 1
    assert "ICE" in police.entry_joints(state)


def test_rule_7_32_an_hq_defends_with_two_dice_hitting_on_4_to_6(monkeypatch):
    state = board()
    state["police"]["hqs"] = ["ICE"]
    put(state, 0, "R", "a4", s=4, f="e")
    put(state, 0, "T", "c1", s=3, f="e")
    state = at_step(state, 0, "move", {"red": 1})
    state = play(state, 0, "move T ICE hit joint")
    fixed_dice(monkeypatch, [1, 1, 1], [4, 6])
    after = play(state, 0, "done")
    hit = events(after, "hit_hq")[0]
    assert hit["took"] == 2 and not hit["fell"] and after["police"]["hqs"] == ["ICE"]


def test_rule_7_33_a_cop_passing_through_an_hq_changes_shift():
    state = board()
    own(state, P, "HUF")
    state["police"]["hqs"] = ["HUF"]
    state["cops"] = {"2": {"at": "a1", "f": "s"}}
    state = cop_turn(state, blue=3)
    after = play(state, P, "cop 2 a2 HUF b1")
    assert "2" not in after["cops"] and len(after["cops"]) == 1
    assert events(after, "shift")[0]["cop"] == 2


def test_rule_7_4_the_commissioner_is_immune_to_vamps():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    put(state, 0, "V", "b1", s=2, f="e")
    state["police"]["c"] = {"s": 4, "at": "c1", "f": "e"}
    state = at_step(state, 0, "move", {"black": 1})
    options = [m for m in RULES.legal_moves(state, 0) if m["a"] == "move" and m["piece"] == "V"]
    assert options and all(m["act"] != "seduce" for m in options)


def test_rule_7_41_an_off_board_commissioner_must_come_on_first():
    state = board()
    state["police"]["c"] = {"s": 2, "at": None, "f": None}
    state["cops"] = {"1": {"at": "d1", "f": "s"}}
    state = cop_turn(state, blue=1, green=5)
    with pytest.raises(IllegalMove, match="must bring him on"):
        play(state, P, "cop 1 d2")
    after = play(state, P, "commish in s")
    assert after["police"]["c"]["at"] == "h4"  # subway 5
    # If the timed portion ends without it, the engine puts him on at the green subway.
    assert play(state, P, "done")["police"]["c"]["at"] == "h4"


# -- 8. options for the Police ------------------------------------------------------------------------


def test_rule_8_1_and_8_2_wheels_and_heaters_for_the_police_at_1000_in_an_unowned_gray_building():
    state = board()
    state["options"].update(wheels=True, heaters=True)
    state["police"]["c"] = {"s": 4, "at": "ICE", "f": None}
    state["turn"] = copturn.new_cop_turn(P)
    state["phase"], state["order"], state["index"] = "play", [0, 1, 2, 3], 4
    rounds.advance(state)
    state = play(play(state, P, "wheels"), P, "heaters")
    assert state["gangs"][P]["wheels"] and state["gangs"][P]["heaters"] and state["gangs"][P]["cash"] == 3000


def test_rule_8_3_the_commissioner_buys_no_dress():
    with pytest.raises(IllegalMove):
        RULES.parse_move({}, P, "dress")


# -- 9. time limits -----------------------------------------------------------------------------------


def test_rule_9_a_lapsed_cop_portion_passes_and_a_lapsed_cop_turn_ends():
    state = board()
    put(state, 0, "R", "a4", s=4, f="e")
    state["cops"] = {"3": {"at": "d1", "f": "s"}}
    state = play(at_step(state, 0, "cop", {"blue": 2}), 0, "pass")
    assert RULES.default_move(state, P) == {"a": "pass"}
    assert RULES.default_move(cop_turn(board()), P) == {"a": "done"}


# -- 10. the Police victory ---------------------------------------------------------------------------


def test_rule_10_the_police_win_with_10000_and_a_loyal_officers_bribe():
    state = board()
    state["gangs"][P]["cash"] = 10_000
    state["cops"] = {"4": {"at": "p16", "f": "n"}}
    state = cop_turn(state)
    assert play(state, P, "done")["result"] is None  # no loyal officer's bribe
    state["gangs"][P]["bribes"] = [4]
    state["bribe_cup"].remove(4)
    after = play(state, P, "done")
    assert after["result"]["winners"] == [P] and after["result"]["detail"]["win"] == "cash"


def test_rule_10_seven_precincts_win_but_not_with_the_commissioner_off_the_board():
    state = board()
    state["police"]["hqs"] = ["ICE", "COA", "BOA", "TAN", "MIL", "FRE", "GAS"]
    state["cops"] = {"4": {"at": "p16", "f": "n"}}
    state["gangs"][P]["bribes"] = [4]
    state["bribe_cup"].remove(4)
    state["police"]["c"]["at"] = None
    state["police"]["c"]["s"] = 1
    off = cop_turn(state)
    off["turn"]["enter"] = False  # (he left after a fight this turn)
    assert play(off, P, "done")["result"] is None
    state["police"]["c"]["at"] = "a1"
    after = play(cop_turn(state), P, "done")
    assert after["result"]["detail"]["win"] == "precincts"
