"""Narration and phase labels: what each move did, as each viewer may know it."""

from __future__ import annotations

import random
import re

from games.rules import fill_seats
from games.rules.revolution import RULES

from .helpers import bids, cubes, new_game, position, tokens

VIEWERS = (None, 0, 1, 2)
MARK = re.compile(r"\{seat\d\}")


def play(state: dict, seat: int, text: str) -> tuple[dict, dict, dict]:
    """(before, move, after) of ``text`` played by ``seat``."""
    move = RULES.parse_move(state, seat, text)
    return state, move, RULES.apply(state, seat, move)


def said(before: dict, seat: int, move: dict, after: dict, viewer: int | None) -> str:
    return RULES.narrate(before, seat, move, after, viewer)


def assert_line(text: str) -> None:
    assert text and "\n" not in text and not text.endswith(".") and text == text.strip(), text


# -- bids: sealed until the last one is in ------------------------------------------------------


def test_a_bid_narrates_its_content_only_to_its_author() -> None:
    before, move, after = play(new_game(3), 0, "apothecary b 3g; spy f")
    assert said(before, 0, move, after, 0) == "{seat0} placed a bid: spy f; apothecary b 3g"
    for viewer in (None, 1, 2):
        assert said(before, 0, move, after, viewer) == "{seat0} placed a bid"


def test_a_revised_bid_says_so_and_stays_sealed() -> None:
    state = play(new_game(3), 1, "printer f b 3g")[2]
    before, move, after = play(state, 1, "priest f; general b 3g")
    assert said(before, 1, move, after, 1) == "{seat1} revised their bid: general b 3g; priest f"
    for viewer in (None, 0, 2):
        assert said(before, 1, move, after, viewer) == "{seat1} revised their bid"


def test_two_different_sealed_bids_read_the_same_to_everyone_else() -> None:
    """Non-interference: another seat or a spectator cannot tell which bid was placed."""
    state = new_game(3)
    first = play(state, 0, "printer f b 3g")
    second = play(state, 0, "general b; mercenary 3g; innkeeper f")
    for viewer in (None, 1, 2):
        assert said(*first[:1], 0, *first[1:], viewer) == said(*second[:1], 0, *second[1:], viewer)
        assert RULES.view(first[2], viewer) == RULES.view(second[2], viewer)
    assert said(state, 0, first[1], first[2], 0) != said(state, 0, second[1], second[2], 0)


def test_the_last_bid_reveals_and_says_what_the_resolution_did() -> None:
    state = position(3, board={"harbor": [0, 2, 0]})
    state = play(state, 0, "spy f 3g; general b")[2]
    state = play(state, 1, "printer f b 3g")[2]
    before, move, after = play(state, 2, "priest f b 3g")
    lines = {said(before, 2, move, after, viewer) for viewer in VIEWERS}
    assert len(lines) == 1, "the reveal reads the same to every viewer"
    line = lines.pop()
    assert_line(line)
    assert line == ("{seat2} placed the last bid; bids revealed: {seat0} won the General (1 Support, 1 Force, "
                    "Fortress cube); {seat2} won the Priest (6 Support, Cathedral cube); {seat1} won the Printer "
                    "(10 Support); {seat0} won the Spy; the resolution waits for {seat0}'s Spy choice")
    # What was sealed before is public now: Red's bid is on everyone's board.
    assert RULES.view(after, 1)["bids"]["0"] == {"general": {"blackmail": 1}, "spy": {"force": 1, "gold": 3}}


def test_the_reveal_names_ties_lost_tokens_refunds_and_patronage() -> None:
    state = new_game(3, bid_refunds=True)
    state = play(state, 0, "priest f b 3g")[2]
    state = play(state, 1, "priest f b 3g")[2]
    before, move, after = play(state, 2, "general f; printer b 3g")
    line = said(before, 2, move, after, None)
    assert line == ("{seat2} placed the last bid; bids revealed: {seat2} lost 1 Force on the General (immune); "
                    "Priest tied; {seat2} won the Printer (10 Support); losing bids went back to their owners; "
                    "patronage: {seat2} 5 Gold")


def test_the_reveal_names_tokens_beyond_the_sixth_character_and_full_areas() -> None:
    state = position(3, hands=[tokens(1, 1, 6), tokens(1, 1, 3), tokens(1, 1, 3)], board={"tavern": [2, 1, 1]})
    state = play(state, 0, "innkeeper f; general b; priest g; aristocrat g; merchant g; printer g; "
                           "rogue g; mercenary g")[2]
    state = play(state, 1, "magistrate f b 3g")[2]
    before, move, after = play(state, 2, "captain b 3g; merchant f")
    line = said(before, 2, move, after, 1)
    assert "{seat0} lost 1 Gold on the Rogue (beyond the sixth character)" in line
    assert "{seat0} lost 1 Gold on the Mercenary (beyond the sixth character)" in line
    assert "{seat0} won the Innkeeper (3 Support, 1 Blackmail, no cube: Tavern full)" in line
    assert "{seat2} won the Merchant (3 Support, 5 Gold, Market cube)" in line


def test_a_spy_with_nothing_to_act_on_is_named() -> None:
    state = bids(new_game(3), "spy f 3g; general b", "printer f b 3g")
    before, move, after = play(state, 2, "rogue 3g; printer f b")
    assert "{seat0} won the Spy; the Spy had nothing to act on" in said(before, 2, move, after, None)


def test_a_bank_that_cannot_pay_is_named() -> None:
    state = position(3, hands=[tokens(1, 0, 0), tokens(1, 0, 0), tokens(1, 0, 0)],
                     bank={"force": 0, "blackmail": 0, "gold": 7})
    state = play(state, 0, "printer f")[2]
    state = play(state, 1, "priest f")[2]
    before, move, after = play(state, 2, "innkeeper f")
    line = said(before, 2, move, after, None)
    assert "{seat2} won the Innkeeper (3 Support, 1 Blackmail unpaid: bank empty, Tavern cube)" in line
    assert line.endswith("patronage: {seat0} 5 Gold, {seat1} 2 Gold (3 short: bank empty), "
                         "{seat2} 0 Gold (5 short: bank empty)")


# -- Spy, Apothecary and pass: what changed on the board --------------------------------------------


def _spy_pending() -> dict:
    state = position(3, board={"harbor": [0, 2, 0]})
    return bids(state, "spy f 3g; general b", "printer f b 3g", "priest f b 3g")


def test_the_spy_says_whose_cube_it_took_and_what_followed() -> None:
    before, move, after = play(_spy_pending(), 0, "spy blue harbor")
    for viewer in VIEWERS:
        line = said(before, 0, move, after, viewer)
        assert line == ("{seat0} used the Spy: replaced {seat1}'s cube in the Harbor with their own; then "
                        "patronage: {seat0} 4 Gold, {seat1} 5 Gold, {seat2} 5 Gold")
    assert fill_seats(line, ["Ada", "Brook", "Cyd"]).startswith("Ada used the Spy: replaced Brook's cube")


def test_a_pass_says_the_board_is_unchanged() -> None:
    before, move, after = play(_spy_pending(), 0, "pass")
    assert said(before, 0, move, after, 2).startswith("{seat0} passed on the Spy (the board is unchanged); then ")


def _apothecary_pending() -> dict:
    board = {"cathedral": cubes(red=3, blue=3, green=1), "tavern": cubes(red=2, yellow=2)}
    state = position(4, board=board)
    return bids(state, "apothecary b 3g; printer f", "priest f b 3g", "merchant f b 3g", "aristocrat f b 3g")


def test_the_apothecary_says_which_cubes_changed_places() -> None:
    before, move, after = play(_apothecary_pending(), 0, "swap tavern yellow cathedral blue")
    line = said(before, 0, move, after, None)
    assert line.startswith("{seat0} used the Apothecary: {seat1}'s cube in the Cathedral and {seat3}'s in the "
                           "Tavern changed places; then ")
    assert_line(line)
    before, move, after = play(_apothecary_pending(), 0, "pass")
    assert said(before, 0, move, after, 3).startswith("{seat0} passed on the Apothecary (the board is unchanged)")


def test_a_choice_that_leads_to_another_choice_says_so() -> None:
    board = {"cathedral": cubes(red=3, blue=3, green=1), "tavern": cubes(red=2, yellow=2)}
    state = bids(position(4, board=board), "spy f 3g; general b", "apothecary b 3g; printer f",
                 "priest f b 3g", "merchant f b 3g")
    before, move, after = play(state, 0, "spy yellow tavern")
    assert said(before, 0, move, after, None) == (
        "{seat0} used the Spy: replaced {seat3}'s cube in the Tavern with their own; then {seat1} won the "
        "Apothecary; the resolution waits for {seat1}'s Apothecary choice")


def test_the_move_that_ends_the_game_says_so() -> None:
    board = {"fortress": [3, 3, 1], "town_hall": [2, 2, 3], "harbor": [3, 3, 0], "cathedral": [0, 7, 0],
             "plantation": [1, 2, 3], "market": [5, 0, 0], "tavern": [1, 1, 2]}
    state = bids(position(3, board=board), "general b 3g; printer f", "general 3g; priest f b")
    before, move, after = play(state, 2, "printer b 3g; merchant f")
    line = said(before, 2, move, after, None)
    assert line.endswith("every space is full: game over") and "patronage" not in line


# -- phase labels ---------------------------------------------------------------------------------


def test_phase_labels() -> None:
    state = new_game(3)
    assert RULES.phase_label(state, 0) == "your bid, round 1"
    assert RULES.phase_label(state, None) == "bidding, round 1"
    state = play(state, 0, "printer f b 3g")[2]
    assert RULES.phase_label(state, 0) == "your bid is in, round 1"
    assert RULES.phase_label(state, 1) == "your bid, round 1"
    spy = _spy_pending()
    assert RULES.phase_label(spy, 0) == "your Spy choice, round 1"
    assert RULES.phase_label(spy, 1) == RULES.phase_label(spy, None) == "Spy choice, round 1"
    apothecary = _apothecary_pending()
    assert RULES.phase_label(apothecary, 0) == "your Apothecary choice, round 1"
    after = RULES.apply(spy, 0, {"action": "pass"})
    assert RULES.phase_label(after, 2) == "your bid, round 2"
    board = {"fortress": [3, 3, 1], "town_hall": [2, 2, 3], "harbor": [3, 3, 0], "cathedral": [0, 7, 0],
             "plantation": [1, 2, 3], "market": [5, 0, 0], "tavern": [1, 1, 2]}
    over = bids(position(3, board=board), "general b 3g; printer f", "general 3g; priest f b",
                "printer b 3g; merchant f")
    assert all(RULES.phase_label(over, viewer) == "game over" for viewer in VIEWERS)


# -- every move of random games ---------------------------------------------------------------------


def test_every_narration_of_random_games_is_one_clean_line_without_secrets() -> None:
    for game in range(8):
        rng = random.Random(game)
        players = 3 + game % 2
        seed = f"narrate-{game}-" + "s" * 40
        state = RULES.setup(players, {"bid_refunds": game % 3 == 0, "area_control_bonus": game % 2 == 0}, seed)
        moves = 0
        while RULES.to_act(state):
            seat = rng.choice(sorted(set(RULES.to_act(state)) | RULES.open_seats(state)))
            move = RULES.random_move(state, seat, rng)
            after = RULES.apply(state, seat, move)
            sealed = move["action"] == "bid" and after["phase"] == "bidding" and after["round"] == state["round"]
            secret = RULES.format_move(state, seat, move)
            for viewer in (None, *range(players)):
                line = RULES.narrate(state, seat, move, after, viewer)
                assert_line(line)
                assert seed not in line
                assert all(0 <= int(m[5:-1]) < players for m in MARK.findall(line))
                if sealed and viewer != seat:
                    assert secret not in line and ":" not in line
            state = after
            moves += 1
        assert moves > 20
