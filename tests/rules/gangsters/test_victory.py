"""Victory at the end of a gang's own turn, the forced recruit of a lost Racketeer, closing time."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.gangsters import rounds
from games.rules.gangsters.data import COLOUR_JOINTS

from .helpers import RULES, at_step, clear_board, events, fixed_dice, own, play, put, through_setup


def _full_gang(players: int = 2) -> dict:
    state = through_setup(players)
    clear_board(state)
    for seat in range(players):
        put(state, seat, "R", "a1", s=4, f="e")
        put(state, seat, "T", "p16", s=1, f="w")
        put(state, seat, "V", "a16", s=1, f="e")
    return at_step(state, 0, "move")


def test_ten_thousand_dollars_wins_at_the_end_of_the_gangs_own_turn():
    state = _full_gang()
    state["gangs"][0]["cash"] = 10_000
    state["gangs"][1]["cash"] = 20_000  # not its turn: it does not win now
    after = play(state, 0, "done")
    assert RULES.to_act(after) == [] and after["phase"] == "over"
    assert after["result"]["winners"] == [0] and after["result"]["detail"]["win"] == "cash"
    assert events(after, "win")[0]["how"] == "cash"


def test_a_win_needs_a_racketeer_a_vamp_and_a_thug():
    state = _full_gang()
    state["gangs"][0]["cash"] = 12_000
    state["gangs"][0]["pieces"]["V"].update(s=0, at=None)
    after = play(state, 0, "done")
    assert after["phase"] == "play" and after["result"] is None


def test_a_monopoly_wins():
    state = _full_gang()
    own(state, 0, *COLOUR_JOINTS["red"])
    after = play(state, 0, "done")
    assert after["result"]["detail"]["win"] == "monopoly" and after["result"]["detail"]["colour"] == "red"


def test_ten_joints_of_any_colours_win():
    state = _full_gang()
    own(state, 0, *COLOUR_JOINTS["brown"][:5], *COLOUR_JOINTS["yellow"][:4])
    assert play(state, 0, "done")["result"] is None
    own(state, 0, COLOUR_JOINTS["green"][0])
    assert play(state, 0, "done")["result"]["detail"]["win"] == "joints"


def test_a_gang_without_its_racketeer_must_recruit_one_next_turn():
    state = _full_gang()
    state["gangs"][1]["pieces"]["R"].update(s=0, at=None, f=None)
    after = play(state, 0, "done")
    assert RULES.to_act(after) == [1] and after["turn"]["step"] == "forced"
    green = after["dice"]["green"]
    options = RULES.choices(after, 1).options
    assert {o.move["a"] for o in options} == {"recruit"} and options[0].text == "recruit R 1 facing n"
    with pytest.raises(IllegalMove, match="you may only recruit a new one"):
        play(after, 1, "recruit T 1 facing n")
    done = play(after, 1, "recruit R 2 facing s")
    assert done["gangs"][1]["pieces"]["R"]["s"] == 2
    assert done["gangs"][1]["cash"] == 5000 - 300 * green
    assert events(done, "recruited")[-1]["at"] is not None


def _forced_turn_of_p2(monkeypatch, green: int, cash: int, *joints: str) -> dict:
    state = _full_gang(3)
    state["gangs"][1]["pieces"]["R"].update(s=0, at=None, f=None)
    state["gangs"][1]["cash"] = cash
    own(state, 1, *joints)
    state["order"] = [0, 1, 2]
    state["index"] = 0
    fixed_dice(monkeypatch, [green, 1, 1, 1, 1])  # P2's roll: green first
    return play(state, 0, "done")


def test_a_gang_short_of_cash_sells_joints_for_half_their_price(monkeypatch):
    state = _forced_turn_of_p2(monkeypatch, 2, 0, "HUF", "BRT")  # strength 1 costs $200
    assert RULES.to_act(state) == [1] and state["turn"]["step"] == "forced"
    assert [o.text for o in RULES.choices(state, 1).options] == ["sell HUF", "sell BRT"]
    sold = play(state, 1, "sell HUF")  # $200 joint: $100
    assert sold["gangs"][1]["cash"] == 100 and sold["joints"]["HUF"]["owner"] is None
    assert sold["turn"]["step"] == "forced"
    sold = play(sold, 1, "sell BRT")  # $100 joint: $100
    assert sold["gangs"][1]["cash"] == 200
    assert [o.text for o in RULES.choices(sold, 1).options][:4] == [
        "recruit R 1 facing n", "recruit R 1 facing e", "recruit R 1 facing s", "recruit R 1 facing w"]
    done = play(sold, 1, "recruit R 1 facing s")
    assert done["gangs"][1]["pieces"]["R"] == {"s": 1, "at": "n4", "f": "s", "c": False}  # subway 2 (green)
    assert done["gangs"][1]["cash"] == 0


def test_a_gang_that_cannot_pay_even_after_selling_everything_is_out(monkeypatch):
    state = _forced_turn_of_p2(monkeypatch, 6, 0, "BRT")  # $600 needed, BRT sells for $100
    out = play(state, 1, "sell BRT")
    assert out["gangs"][1]["out"] and events(out, "eliminated")[0]["seat"] == 1
    assert all(p["s"] == 0 for p in out["gangs"][1]["pieces"].values())
    assert RULES.to_act(out) == [2]


def test_the_last_gang_standing_wins():
    state = _full_gang(2)
    state["gangs"][1]["pieces"]["R"].update(s=0, at=None, f=None)
    state["gangs"][1]["cash"] = 0
    after = play(state, 0, "done")
    assert after["result"]["winners"] == [0] and after["result"]["detail"]["win"] == "last"


def test_at_closing_time_the_gang_worth_most_wins():
    state = _full_gang()
    state["round"] = 40
    state["index"] = 1
    state["order"] = [1, 0]
    state["gangs"][0]["cash"] = 3000
    state["gangs"][1]["cash"] = 1000
    own(state, 1, "HAV", level=2)  # $1,000 x 2
    after = play(state, 0, "done")
    result = after["result"]
    assert result["detail"]["win"] == "closing" and result["winners"] == [0, 1]
    assert result["scores"] == [3000, 3000]


def test_rounds_draw_a_fresh_order_or_keep_seat_order_from_the_first_buyer():
    state = through_setup(4, {"random_order": False})
    first = state["first"]
    assert state["order"] == [(first + i) % 4 for i in range(4)]
    drawn = through_setup(4, {"random_order": True}, seed="shuffle")
    orders = set()
    for _ in range(6):
        orders.add(tuple(drawn["order"]))
        rounds.end_round(drawn)
    assert len(orders) > 1
