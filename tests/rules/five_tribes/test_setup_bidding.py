"""Setup, the Turn Order auction (aisle of zeros, three zeros at most) and the 2-player double turn."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.base import IllegalMove
from games.rules.five_tribes import RULES

from .util import play


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_components(n: int) -> None:
    s = RULES.setup(n, {}, "seed")
    assert len(s["tiles"]) == 30
    kinds = Counter(k for k, _ in s["tiles"])
    assert kinds == {"small_market": 8, "oasis": 6, "village": 5, "large_market": 4, "sacred": 7}
    assert sum(v for _, v in s["tiles"]) == 198
    assert all(len(m) == 3 for m in s["meeples"])
    assert Counter("".join(s["meeples"])) == {"Y": 16, "W": 20, "G": 18, "B": 18, "R": 18}
    assert sum(s["bag"]) == 0
    assert len(s["row"]) == 9 and len(s["deck"]) == 45
    assert len(s["djinns"]) == 3 and len(s["djinn_deck"]) == 19
    assert all(p["gold"] == 50 for p in s["seats"])
    assert all(p["camels"] == (11 if n == 2 else 8) for p in s["seats"])
    assert Counter(s["bid_order"]) == {seat: (2 if n == 2 else 1) for seat in range(n)}
    assert RULES.to_act(s) == [s["bid_order"][0]]


def test_setup_is_deterministic() -> None:
    assert RULES.setup(3, {}, "x") == RULES.setup(3, {}, "x")
    assert RULES.setup(3, {}, "x") != RULES.setup(3, {}, "y")


def test_player_count_checked() -> None:
    with pytest.raises(IllegalMove, match="for 2 to 4 players, not 5"):
        RULES.setup(5, {}, "x")


def _bid_state(n: int = 4, order: list[int] | None = None) -> dict:
    s = RULES.setup(n, {}, "bids")
    s["bid_order"] = order or list(range(n))
    return s


def test_costs_are_paid_and_order_is_highest_first_then_zeros_latest_first() -> None:
    s = _bid_state()
    s = play(s, "bid 0", "bid 3", "bid 0", "bid 0")
    assert [p["gold"] for p in s["seats"]] == [50, 47, 50, 50]
    # P2 paid 3 and plays first; then the zeros, the latest zero bidder first.
    assert s["phase"] == "play"
    assert RULES.to_act(s) == [1]
    assert s["queue"] == [3, 2, 0]


def test_at_most_three_on_zero() -> None:
    s = play(_bid_state(), "bid 0", "bid 0", "bid 0")
    with pytest.raises(IllegalMove, match="all three 0 spots are taken, so you must bid at least 1"):
        RULES.apply(s, 3, {"t": "bid", "cost": 0})
    s = play(s, "bid 1")
    assert s["seats"][3]["gold"] == 49
    assert s["queue"] == [2, 1, 0] and s["turn"]["seat"] == 3


def test_paid_spot_holds_one_marker() -> None:
    s = play(_bid_state(), "bid 5")
    with pytest.raises(IllegalMove, match=r"the 5 spot is already taken by P1 \(free spots: 0, 1, 3, 8, 12, 18\)"):
        RULES.apply(s, 1, {"t": "bid", "cost": 5})


def test_bid_needs_gold_and_a_real_spot() -> None:
    s = _bid_state()
    s["seats"][0]["gold"] = 7
    with pytest.raises(IllegalMove, match="the 8 spot costs 8 gold and you cannot afford it"):
        RULES.apply(s, 0, {"t": "bid", "cost": 8})
    with pytest.raises(IllegalMove, match="there is no spot costing 4"):
        RULES.apply(s, 0, {"t": "bid", "cost": 4})
    with pytest.raises(IllegalMove, match="it is not your turn"):
        RULES.apply(s, 1, {"t": "bid", "cost": 0})


def test_broke_marker_with_zeros_full_takes_cheapest_spot() -> None:
    s = play(_bid_state(), "bid 0", "bid 0", "bid 0")
    s["seats"][3]["gold"] = 0
    assert RULES.legal_moves(s, 3) is not None
    assert list(RULES.legal_moves(s, 3)) == [{"t": "bid", "cost": 1}]
    s = play(s, "bid 1")
    assert s["seats"][3]["gold"] == 0 and s["turn"]["seat"] == 3


def test_next_round_bids_in_play_order() -> None:
    from games.rules.five_tribes.turn import clean_up

    s = play(_bid_state(), "bid 0", "bid 3", "bid 0", "bid 0")
    s["played"] = [1, 3, 2, 0]
    s["queue"] = []
    clean_up(s)
    assert s["phase"] == "bid" and s["round"] == 2
    assert s["bid_order"] == [1, 3, 2, 0]
    assert len(s["row"]) == 9 and len(s["djinns"]) == 3


def test_two_players_have_two_markers_and_may_play_twice_in_a_row() -> None:
    s = RULES.setup(2, {}, "two")
    s["bid_order"] = [0, 1, 0, 1]
    # P1 takes 12 and 8, P2 the zeros: P1 plays two turns in a row, first.
    s = play(s, "bid 12", "bid 0", "bid 8", "bid 0")
    assert s["seats"][0]["gold"] == 30
    assert s["turn"]["seat"] == 0 and s["queue"] == [0, 1, 1]
    s = play(s, RULES.format_move(s, 0, RULES.default_move(s, 0)))
    while s["turn"] and s["turn"]["seat"] == 0 and s["played"] == [0]:
        s = RULES.apply(s, 0, RULES.default_move(s, 0))
    assert s["played"][:2] == [0, 0] and s["turn"]["seat"] == 0


def test_kumarbi_lowers_the_price() -> None:
    s = _bid_state()
    s["seats"][0].update(djinns=["Kumarbi"], fakirs=3)
    assert {"t": "bid", "cost": 8, "fakirs": 2} in RULES.legal_moves(s, 0)
    s2 = play(s, "bid 8 kumarbi 2")
    # 8 is two spots above 3: pays 3, discards 2 Fakirs.
    assert s2["seats"][0]["gold"] == 47 and s2["seats"][0]["fakirs"] == 1
    assert s2["discard"].count("Fakir") == 2 and s2["kumarbi_used"][0]
    with pytest.raises(IllegalMove, match=r"2 Fakirs already bring the 3 spot down to 0 \(kumarbi 1 to 2\)"):
        RULES.apply(s, 0, {"t": "bid", "cost": 3, "fakirs": 3})
    s3 = play(s, "bid 1 kumarbi 1")
    assert s3["seats"][0]["gold"] == 50
    with pytest.raises(IllegalMove, match="only the owner of Kumarbi"):
        RULES.apply(play(s, "bid 0"), 1, {"t": "bid", "cost": 5, "fakirs": 1})
