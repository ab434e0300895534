"""Hidden information in every channel (R41), narration per viewer, phase labels, turn-mail text."""

from __future__ import annotations

import json
import random

from games.rules import canonical_json, fill_seats
from games.rules.mob_town.data import LAW

from .helpers import RULES, chosen, play, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]


def everything_for(state, viewer, before=None, move=None, seat=None):
    """All a viewer is shown: view, description, phase label, narration, decision and examples."""
    parts = [canonical_json(RULES.view(state, viewer)), RULES.describe(state, viewer), RULES.phase_label(state, viewer)]
    if before is not None:
        parts.append(RULES.narrate(before, seat, move, state, viewer))
    if viewer is not None:
        decision = RULES.choices(state, viewer)
        if decision is not None:
            parts.append(json.dumps(decision.to_json()))
        parts.extend(RULES.example_moves(state, viewer))
    return "\n".join(parts)


def test_a_view_shows_your_own_hand_and_agendas_and_only_counts_of_the_rest():
    s = table(ROW, players=3, hands=[["rats1", "cash"], ["foxes3"], []],
              agendas=[["casinos", "types"], ["hotels", "big"], ["block", "factories"]])
    mine = RULES.view(s, 0)
    assert mine["hand"] == ["rats1", "cash"] and mine["agendas"] == ["casinos", "types"]
    assert mine["hand_counts"] == [2, 1, 0]
    assert "hands" not in mine and isinstance(mine["deck"], int) and isinstance(mine["unused"], int)
    assert sorted(mine["agenda_stack"]) == sorted(set(mine["agenda_stack"]))
    spectator = RULES.view(s, None)
    assert spectator["hand"] is None and spectator["agendas"] is None
    text = canonical_json(spectator)
    assert "foxes3" not in text and "hotels" not in text and "block" not in text
    assert LAW not in canonical_json(mine)


def test_another_players_secret_choices_look_the_same_to_everyone_else():
    s = table(ROW, players=3, hands=[["rats1", "cash"], ["foxes3"], []],
              agendas=[["casinos", "types"], ["hotels", "big"], ["block", "factories"]])
    swap_a = {"action": "swap", "give": "casinos", "take": "hotels"}
    swap_b = {"action": "swap", "give": "types", "take": "block"}
    after_a, after_b = RULES.apply(s, 0, swap_a), RULES.apply(s, 0, swap_b)
    for viewer in (None, 1, 2):
        assert everything_for(after_a, viewer, s, swap_a, 0) == everything_for(after_b, viewer, s, swap_b, 0)
    assert RULES.narrate(s, 0, swap_a, after_a, 0) == "{seat0} swapped an agenda (returned casinos, took hotels)"
    # Agenda choice at set-up: a sealed choice told only to its author.
    fresh = RULES.setup(3, {}, "sealed")
    one = {"action": "agendas", "agendas": ["casinos", "types"]}
    two = {"action": "agendas", "agendas": ["hotels", "block"]}
    a, b = RULES.apply(fresh, 1, one), RULES.apply(fresh, 1, two)
    for viewer in (None, 0, 2):
        assert everything_for(a, viewer, fresh, one, 1) == everything_for(b, viewer, fresh, two, 1)
    assert RULES.narrate(fresh, 1, one, a, 1) == "{seat1} chose their agendas: casinos, types"


def test_what_a_draw_brings_is_told_only_to_the_drawer():
    s = table(ROW, hands=[[], ["foxes3"]], deck=["snakes1", LAW, "rats1", "foxes1", "sharks2"])
    other = table(ROW, hands=[[], ["foxes3"]], deck=["snakes1", LAW, "rats1", "weasels3", "cash"])
    move = {"action": "draw"}
    a, b = RULES.apply(s, 0, move), RULES.apply(other, 0, move)
    assert RULES.narrate(s, 0, move, a, 0) == "{seat0} drew 2 cards (sharks 2, foxes 1)"
    for viewer in (None, 1):
        assert RULES.narrate(s, 0, move, a, viewer) == "{seat0} drew 2 cards"
        assert RULES.view(a, viewer) == RULES.view(b, viewer)


def test_a_pickpockets_card_is_told_only_to_thief_and_victim():
    s = table(ROW, players=3, options={"professionals": True}, hands=[[], ["foxes3"], ["cash"]])
    s["pros"]["row"] = ["pickpocket", "bookie", "fence"]
    move = {"action": "hire", "pro": "pickpocket", "rob": 1}
    after = RULES.apply(s, 0, move)
    told = {viewer: RULES.narrate(s, 0, move, after, viewer) for viewer in (None, 0, 1, 2)}
    assert told[0] == told[1] == "{seat0} hired The Pickpocket: took a random card from {seat1} (foxes 3)"
    assert told[2] == told[None] == "{seat0} hired The Pickpocket: took a random card from {seat1}"


def test_public_moves_are_narrated_with_what_was_paid_and_to_whom():
    s = table(ROW, players=3, hands=[["foxes1", "foxes1", "cash", "rats1", "snakes2"], [], []],
              tokens={"res2": [0], "hot1": [2, 1], "fac1": [2]})
    move = RULES.parse_move(s, 0, "take over fac1 with foxes 1, foxes 1 via the2 cash, hot1 rats 1, cas3 snakes 2")
    after = RULES.apply(s, 0, move)
    line = RULES.narrate(s, 0, move, after, 2)
    assert line == ("{seat0} took over Knuckle-Duster Works (Factory 1, fac1) from {seat2}, paying foxes 1, foxes 1; "
                    "connection: cash discarded for Vixen Varieties, rats 1 to {seat1} for The Best-est, "
                    "snakes 2 discarded for Golden Shark")
    assert fill_seats(line, ["Ada", "Bo", "Cy"]).startswith("Ada took over")
    assert all(RULES.narrate(s, 0, move, after, v) == line for v in (None, 0, 1))


def test_the_round_end_is_told_in_the_same_line():
    s = table(ROW, hands=[[], []], deck=["snakes1", LAW], tokens={"res2": [0]},
              agendas=[["restaurants", "types"], ["hotels", "block"]])
    after = play(s, 0, "draw")
    line = RULES.narrate(s, 0, {"action": "draw"}, after, 1)
    assert line.startswith("{seat0} drew 0 cards and then the Law; the Law ends round 1: {seat0} 8 ")
    assert "round 2 set-up, {seat1} will start" in line
    assert "\n" not in line


def test_phase_labels():
    fresh = RULES.setup(2, {}, "labels")
    assert RULES.phase_label(fresh, 0) == "your agendas to choose, round 1 of 3"
    assert RULES.phase_label(fresh, None) == "choosing agendas, round 1 of 3"
    s = chosen(fresh)
    assert RULES.phase_label(s, 0) == "your turn, round 1 of 3"
    assert RULES.phase_label(s, 1) == "round 1 of 3, Red to play"


def test_the_turn_mail_text_shows_the_city_lineup_hand_agendas_and_examples():
    s = table(ROW, hands=[["rats2", "cash"], ["foxes3"]], tokens={"res2": [0], "cas3": [1]},
              agendas=[["casinos", "types"], ["hotels", "big"]])
    text = RULES.describe(s, 0)
    assert "res2:R" in text and "cas3:B" in text  # the map, with controllers
    assert "Golden Shark (Casino 3, sharks/rats" in text
    assert "Lineup: rats 1, sharks 2, snakes 3, weasels 1, cash" in text
    assert "Your hand: rats 2, cash" in text and "foxes 3" not in text
    assert "Your agendas: Control the most Casinos (casinos)" in text and "Control the most Hotels" not in text
    assert "For example:" in text
    for example in RULES.example_moves(s, 0):
        RULES.apply(s, 0, RULES.parse_move(s, 0, example))
    assert any(e.startswith("take over") for e in RULES.example_moves(s, 0))


def test_views_hold_no_seed_and_survive_json():
    rng = random.Random(2)
    s = RULES.setup(4, {"professionals": True, "city_cards": True, "landmarks": True}, "seed-that-is-secret-123")
    for _ in range(80):
        seat = rng.choice(RULES.to_act(s))
        s = RULES.apply(s, seat, RULES.random_move(s, seat, rng))
        for viewer in (None, 0, 1, 2, 3):
            text = canonical_json(RULES.view(s, viewer)) + RULES.describe(s, viewer)
            assert "seed-that-is-secret-123" not in text
