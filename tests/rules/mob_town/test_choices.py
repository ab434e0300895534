"""``choices``: the seat's decision, its legal options, and the detail the page's builders use."""

from __future__ import annotations

from .helpers import RULES, coop_table, table

ROW = ["res2", "cas3", "hot1", "the2", "fac1"]


def test_the_agenda_decision_lists_all_28_pairs():
    s = RULES.setup(2, {}, "choices")
    decision = RULES.choices(s, 0)
    assert decision.kind == "agendas" and decision.complete and len(decision.options) == 28
    assert decision.find("agendas casinos, types").label == (
        "Control the most Casinos + Control the most different types of business")


def test_the_turn_decision_and_its_take_over_detail():
    s = table(ROW, players=3, hands=[["foxes1", "cash", "rats1", "snakes2", "sharks3"], [], []],
              tokens={"res2": [0], "hot1": [2]})
    decision = RULES.choices(s, 0)
    assert decision.kind == "turn" and RULES.choices(s, 1) is None
    groups = {o.group for o in decision.options}
    assert {"draw", "trade", "cashin", "swap", "openlot"} <= groups
    for option in decision.options:
        assert RULES.parse_move(s, 0, option.text) == option.move
        RULES.apply(s, 0, option.move)
    detail = decision.detail
    targets = {t["label"]: t for t in detail["targets"]}
    fac1 = next(t for t in detail["targets"] if t["name"] == "Knuckle-Duster Works")
    assert fac1["cost"] == 1 and fac1["connection"] == 3 and fac1["suits"] == ["weasels", "foxes"]
    assert fac1["walks"] == [[{"cell": [3, 0], "label": "E2", "to": None}, {"cell": [2, 0], "label": "D2", "to": 2},
                              {"cell": [1, 0], "label": "C2", "to": None}]]
    assert fac1["affordable"]
    assert "B2" not in targets  # res2 is hers
    assert detail["hand"] == s["hands"][0] and detail["cash_in"] == 2
    assert {c["label"] for c in detail["lot_cells"]} >= {"A2", "G2", "B1", "B3"}


def test_a_decision_that_lists_everything_says_so():
    s = table(ROW, hands=[[], []])
    decision = RULES.choices(s, 0)
    legal = [RULES.format_move(s, 0, m) for m in RULES.legal_moves(s, 0)]
    assert decision.complete == (len(legal) <= 150)
    if decision.complete:
        assert sorted(o.text for o in decision.options) == sorted(legal)


def test_coop_decisions():
    s = RULES.setup(3, {"mode": "coop"}, "coop-choices")
    roles = RULES.choices(s, 0)
    assert roles.kind == "role" and len(roles.options) == 6 and RULES.choices(s, 1) is None
    s = RULES.apply(s, 0, {"action": "role", "role": "patrol"})
    assert len(RULES.choices(s, 1).options) == 5 and not RULES.choices(s, 1).find("role patrol")
    s = coop_table(2)
    decision = RULES.choices(s, 0)
    assert decision.kind == "action" and decision.prompt.startswith("Action 1 of 3")
    assert decision.detail["pawn"]["name"] and decision.detail["role"]["id"] == "detective"
    for option in decision.options[:40]:
        RULES.apply(s, 0, option.move)


def test_example_moves_are_kept_per_position_and_a_changed_position_gets_its_own():
    from games.rules.mob_town import decisions
    from games.rules.mob_town.notation import format_move

    s = table(ROW, players=3, hands=[["foxes1", "cash", "rats1", "snakes2", "sharks3"], [], []],
              tokens={"res2": [0], "hot1": [2]})
    fresh = [format_move(s, 0, m) for m in decisions.example_moves(s, 0, 5)]
    assert RULES.example_moves(s, 0) == fresh
    for limit in (0, 1, 4, 9):
        assert RULES.example_moves(s, 0, limit) == [format_move(s, 0, m)
                                                    for m in decisions.example_moves(s, 0, limit)]
    kept = RULES.example_moves(s, 0)
    kept.clear()  # the caller's own list
    assert RULES.example_moves(s, 0) == fresh
    assert fresh[0] == "take over cas3 with sharks 3"
    # The same position object, changed in place: cas3 taken over by seat 0 meanwhile. Nothing kept for it.
    s["city"][1]["tokens"] = [0]
    s["supply"][0] -= 1
    changed = RULES.example_moves(s, 0)
    assert changed == [format_move(s, 0, m) for m in decisions.example_moves(s, 0, 5)]
    assert changed != fresh and not any(e.startswith("take over cas3") for e in changed)
    assert decisions._examples.cache_info().maxsize is not None
