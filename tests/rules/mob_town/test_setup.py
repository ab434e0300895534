"""Game and round set-up (rulebook: Game Setup, Round Setup 1-7; rulings R1-R5, R42)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules import IllegalMove, OptionError
from games.rules.mob_town.city import lay_out, next_cell
from games.rules.mob_town.data import (
    AGENDA_IDS,
    CASH_CARDS,
    HENCHMEN_PER_SUIT,
    LANDMARK_IDS,
    LAW,
    PROPERTIES,
    PROPERTY_LIST,
    SUITS,
    TYPE_SUITS,
    draw_cards,
)

from .helpers import RULES, chosen


def test_the_stand_in_data_keeps_every_known_fact():
    # 20 property cards: five types, values 1-4; two suits each; restaurants take rats.
    assert len(PROPERTY_LIST) == 20
    assert Counter(p.type for p in PROPERTY_LIST) == {t: 4 for t in TYPE_SUITS}
    assert sorted({p.value for p in PROPERTY_LIST}) == [1, 2, 3, 4]
    assert all(len(p.suits or ()) == 2 for p in PROPERTY_LIST)
    assert "rats" in TYPE_SUITS["restaurant"]
    # Balanced: each suit pays for exactly two types; five cards point each way.
    assert Counter(s for suits in TYPE_SUITS.values() for s in suits) == {s: 2 for s in SUITS}
    assert Counter(p.arrow for p in PROPERTY_LIST) == {"up": 5, "right": 5, "down": 5, "left": 5}
    # 56 resource cards plus the Law make the 57 draw cards (R1); henchmen are worth 1 to 3.
    cards = draw_cards()
    assert len(cards) + 1 == 57 and cards.count("cash") == CASH_CARDS
    assert sorted(HENCHMEN_PER_SUIT) == [1, 2, 3]
    assert len(AGENDA_IDS) == 8 and {"casinos", "types"} <= set(AGENDA_IDS)
    assert len(LANDMARK_IDS) == 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_setup_lays_out_the_round(players):
    s = RULES.setup(players, {}, f"setup-{players}")
    assert s["round"] == 1 and s["phase"] == "agendas"
    # Property stack: 10 plus one per player, all in the city; three open lot cards; the rest face down.
    assert len(s["city"]) == 10 + players
    assert len(s["lot"]) == 3
    assert len(s["city"]) + len(s["lot"]) + len(s["unused"]) == 20
    # Three cards each, a lineup of five, and the Law among the bottom eleven cards (ten plus itself).
    assert [len(h) for h in s["hands"]] == [3] * players
    assert len(s["lineup"]) == 5 and LAW not in s["lineup"]
    assert s["deck"].count(LAW) == 1 and s["deck"].index(LAW) < 11  # the deck's top is its end
    assert len(s["deck"]) == 57 - 3 * players - 5
    everything = Counter(s["deck"]) + Counter(s["lineup"]) + sum((Counter(h) for h in s["hands"]), Counter())
    assert everything == Counter(draw_cards()) + Counter([LAW])
    assert s["briefcases"] == [3] * players and s["scores"] == [0] * players and s["supply"] == [12] * players
    # Everyone chooses agendas at once, secretly (R4).
    assert RULES.to_act(s) == list(range(players))


def test_the_law_is_always_in_the_bottom_ten():
    for index in range(40):
        s = RULES.setup(2, {}, f"law-{index}")
        assert s["deck"].index(LAW) <= 10


def test_the_city_follows_each_cards_arrow_to_the_first_open_space():
    # res1 points right, cas1 down, hot1 left, the1 up: the fifth card passes (0, 0), already taken,
    # and lands on the first open space further up (R3).
    assert [PROPERTIES[c].arrow for c in ("res1", "cas1", "hot1", "the1")] == ["right", "down", "left", "up"]
    city, last = lay_out(["res1", "cas1", "hot1", "the1", "fac1"], tokens=[])
    assert [(e["card"], e["x"], e["y"]) for e in city] == [
        ("res1", 0, 0), ("cas1", 1, 0), ("hot1", 1, 1), ("the1", 0, 1), ("fac1", 0, -1)]
    assert last == (0, -1)
    assert next_cell({(0, 0), (0, -1), (0, -2)}, (0, 0), "up") == (0, -3)


def test_agendas_are_chosen_secretly_and_at_once_then_seat_one_plays():
    s = RULES.setup(3, {}, "agendas")
    s = RULES.apply(s, 2, {"action": "agendas", "agendas": ["types", "casinos"]})
    assert s["agendas"][2] == ["casinos", "types"]  # kept in agenda order
    assert RULES.to_act(s) == [0, 1]
    with pytest.raises(IllegalMove, match="chosen your agendas"):
        RULES.apply(s, 2, {"action": "agendas", "agendas": ["hotels", "big"]})
    with pytest.raises(IllegalMove, match="two different agendas"):
        RULES.apply(s, 0, {"action": "agendas", "agendas": ["hotels", "hotels"]})
    with pytest.raises(IllegalMove, match="exactly two"):
        RULES.apply(s, 0, {"action": "agendas", "agendas": ["hotels"]})
    with pytest.raises(IllegalMove, match="first choose your two agendas"):
        RULES.apply(s, 0, {"action": "draw"})
    s = chosen(s)
    assert s["phase"] == "turn" and RULES.to_act(s) == [0]  # seat 1 takes the first turn (R2)


def test_options_are_checked():
    with pytest.raises(OptionError, match="takes one of competitive, coop"):
        RULES.setup(2, {"mode": "solitaire"}, "x")
    with pytest.raises(OptionError):
        RULES.setup(2, {"starting_city": 5}, "x")
    with pytest.raises(IllegalMove):
        RULES.setup(5, {}, "x")
    assert RULES.setup(2, {"mode": "coop"}, "x")["mode"] == "coop"


def test_same_seed_same_table_different_seed_different_table():
    a, b, c = (RULES.setup(4, {}, seed) for seed in ("one", "one", "two"))
    assert a == b
    assert a["city"] != c["city"] or a["deck"] != c["deck"]
