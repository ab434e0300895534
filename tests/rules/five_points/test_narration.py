"""narrate says what each move did (and what the resolution it set going did); phase_label; the account lines.

Seats are written ``{seatN}`` (``seat_ref``); generic code puts player names there.
"""

from __future__ import annotations

import json
import random

import pytest

from games.rules.base import fill_seats
from games.rules.five_points import RULES
from games.rules.five_points.journal import TEMPLATES, format_line, read

from .helpers import bid, blank, building, play, put

# Map (helpers.MAP3):   B    C    D    E
#                  2    1r   2b   3g   4o
#                  3    5r   6b   7g   8o
#                  4    9r  10b  11g
FILLER = ["vote1a", "vote1b", "vote1c", "vote2a"]  # nobody bids: all discarded
NO_BIDS = "marker A (+1 vote) had no bids; marker B (+1 vote) had no bids; marker C (+1 vote) had no bids; " \
          "marker D (+2 votes) had no bids"
PASSES = ("{seat2} passed 3rd (up to 2 rabble back to the HQ); the election phase began; "
          "rabble back to the HQ for passing: {seat0} 6, {seat1} 4, {seat2} 2")


def step(state: dict, text: str) -> tuple[dict, str]:
    """Play ``text`` for the awaited seat; the new state and the move's narration (as a spectator sees it)."""
    seat = RULES.to_act(state)[0]
    move = RULES.parse_move(state, seat, text)
    after = RULES.apply(state, seat, move)
    return after, RULES.narrate(state, seat, move, after, None)


def last_pass(state: dict) -> tuple[dict, str]:
    """Everyone passes; the state and the narration of the pass that ends the placement phase."""
    text = ""
    start = state["round"]
    while state["phase"] == "placement" and state["round"] == start:
        state, text = step(state, "pass")
    return state, text


# -- the placement phase ----------------------------------------------------------------------
def test_placements_say_where_which_marker_and_what_bid() -> None:
    state = blank(3, markers=["vote1a", "red3", "movea", "mostblue"])
    state, text = step(state, "place 6 bid 2 on marker A")
    assert text == ("{seat0} placed a rabble on tile 6 (C3, blue) and bid 2 on marker A (+1 vote), "
                    "leading it with 2")
    state, text = step(state, "place 3")
    assert text == "{seat1} placed a rabble on tile 3 (D2, green)"
    state, text = step(state, "place 1 bid 3 on marker A")
    assert text == ("{seat2} placed a rabble on tile 1 (B2, red) and bid 3 on marker A (+1 vote), "
                    "leading it with 3")
    state, text = step(state, "place 6 bid 2 on marker A")  # P1 adds to the 2 already there
    assert text.endswith("bid 2 on marker A (+1 vote), leading it with 4")


def test_a_pass_says_its_place_in_the_pass_table_and_the_last_turn() -> None:
    state = blank(3, markers=FILLER)
    state, text = step(state, "pass")
    assert text == "{seat0} passed 1st (up to 6 rabble back to the HQ)"
    state, text = step(state, "pass")
    assert text == "{seat1} passed 2nd (up to 4 rabble back to the HQ); {seat2} has one last turn"
    assert RULES.phase_label(state, 2) == "your last turn, round 1"
    put(state, 6, 0, rabble=1)
    state, text = step(state, "place 5")
    assert text.startswith("{seat2} placed a rabble on tile 5 (B3, red) in the last turn of the placement "
                           "phase; the election phase began; rabble back to the HQ for passing: "
                           "{seat0} 6, {seat1} 4, {seat2} 2; " + NO_BIDS + "; ")


def test_automatic_passes_of_empty_hqs_are_told() -> None:
    state = blank(3, markers=FILLER)
    state["hq"] = [6, 0, 6]
    state, text = step(state, "place 4")
    assert text == "{seat0} placed a rabble on tile 4 (E2, orange); {seat1} passed 1st (empty HQ)"


# -- what a resolution did -----------------------------------------------------------------
def test_the_last_pass_tells_the_whole_election_phase() -> None:
    state = blank(3, markers=["vote1a", "red3", "mostblue", "vpcontrola"])
    building(state, 6, "theater")
    building(state, 11, "board_of_elections")
    bid(state, 0, 0, 1)
    bid(state, 1, 2, 2)
    bid(state, 3, 1, 1)
    put(state, 6, 0, rabble=3)
    put(state, 6, 1, rabble=1)
    put(state, 5, 1, rabble=1)
    put(state, 7, 2, rabble=1)
    put(state, 7, 0, rabble=1)
    put(state, 10, 2, rabble=1)
    put(state, 11, 1, rabble=1)
    put(state, 11, 2, rabble=1)
    state, text = last_pass(state)
    assert text == "; ".join([
        PASSES,
        "{seat0} won marker A (+1 vote): +1 in every election",
        "{seat2} won marker B (+3 votes in red): +3 in red elections",
        "marker C (4 VP for most blue) had no bids",
        "{seat1} won marker D (1 VP per neighbourhood controlled): controls 1 neighbourhood, +1 VP",
        "nobody controlled the Board of Elections",
        "the Theater gave {seat0} 2 rabble from the boroughs to the HQ",
        "{seat0} won the election in tile 6 (C3, blue) with 4 votes ({seat0} 4, {seat1} 1, {seat2} 0) "
        "and placed a boss",
        "{seat1} took a red control marker for tile 5 (B3, red)",
        "{seat0} and {seat2} tied in tile 7 (D3, green): 1 VP each",
        "{seat2} took a blue control marker for tile 10 (C4, blue)",
        "rabble back to the HQ for bosses on the board: {seat0} 1",
        "round 2 began with markers A: 4 VP for most green, B: 4 VP for most red, C: special election, "
        "D: take a control marker; {seat1} starts",
    ])


def test_marker_and_building_effects_in_words() -> None:
    state = blank(3, markers=["bossesa", "mostred", "mostgreen", "vote2a"])
    building(state, 2, "polling_place")
    building(state, 3, "tammany")
    building(state, 4, "mission")
    bid(state, 0, 1, 1)
    bid(state, 1, 1, 1)
    bid(state, 2, 2, 1)
    put(state, 1, 1, rabble=1)
    put(state, 5, 1, rabble=1)  # P2 controls both red tiles of the three with rabble
    put(state, 2, 0, rabble=1)
    put(state, 3, 2, rabble=1)
    put(state, 7, 0, rabble=1)  # P1 and P3 one green tile each: no majority
    put(state, 4, 0, rabble=1)
    put(state, 9, 0, bosses=1)
    state["boroughs"] = [0, 11, 11]  # P1 passes first and retrieves nothing; the Mission finds nothing either
    state, text = last_pass(state)
    assert text == (PASSES.replace("{seat0} 6", "{seat0} 0") + "; " + "; ".join([
        "{seat1} won marker A (+1 vote per boss): +1 vote per boss on the board in every election",
        "{seat1} won marker B (4 VP for most red): controls the most red neighbourhoods (2), +4 VP",
        "{seat2} won marker C (4 VP for most green): does not control the most green neighbourhoods, no VP",
        "marker D (+2 votes) had no bids",
        "the Polling Place gave {seat0} +1 in every election",
        "the Five Points Mission gave {seat0} no rabble (the boroughs were empty)",
        "Tammany Hall gave {seat2} nothing now (5 points at the end if still held)",
        "tiles 1, 2, 3, 4, 5 and 7 tied for the most rabble: {seat2} chooses which 2 vote",
    ]))


def test_choices_in_the_election_phase() -> None:
    state = blank(3, markers=["speciala", "controla", "movea", "vote1b"])
    bid(state, 0, 2, 1)
    bid(state, 1, 1, 1)
    bid(state, 2, 0, 1)
    building(state, 2, "smuggler")
    put(state, 2, 0, rabble=1)
    put(state, 6, 0, rabble=2)
    put(state, 8, 1, rabble=2)
    put(state, 9, 2, rabble=1)
    state, text = last_pass(state)
    assert text == PASSES + "; {seat2} won marker A (special election) and now picks the special election's " \
                            "neighbourhood"
    assert RULES.phase_label(state, 2) == "your special election, round 1"
    assert RULES.phase_label(state, 0) == RULES.phase_label(state, None) == "elections, round 1"
    state, text = step(state, "special 9")
    assert text == ("{seat2} called a special election in tile 9 (B4, red) with marker A (special election); "
                    "{seat1} won marker B (take a control marker) and now takes a control marker")
    state, text = step(state, "take red")
    assert text == ("{seat1} took a red control marker with marker B (take a control marker); "
                    "{seat0} won marker C (move a neighbourhood) and may now move a neighbourhood")
    state, text = step(state, "move tile 4 to a2")
    assert text == ("{seat0} moved tile 4 from E2 to A2 (the grid shifted: now B2) with marker C "
                    "(move a neighbourhood); marker D (+1 vote) had no bids; "
                    "{seat0} controls the Smuggler's Tunnel and may now move one rabble")
    state, text = step(state, "smuggle player 2 from 8 to 7")
    assert text.startswith("{seat0} moved a rabble of {seat1} from tile 8 to tile 7 with the Smuggler's Tunnel; "
                           "{seat2} won the special election in tile 9 (C4, red) with 1 vote "
                           "({seat0} 0, {seat1} 0, {seat2} 1) and placed a boss; ")


def test_skip_tied_elections_and_a_choice_made_for_nobody() -> None:
    state = blank(3, markers=["moveb", "controla", "vote1c", "vote2a"])
    bid(state, 0, 1, 1)
    bid(state, 1, 2, 1)
    state["control_supply"] = {"blue": 0, "green": 0, "red": 0, "orange": 0}
    put(state, 6, 0, rabble=2)
    put(state, 8, 1, rabble=2)
    put(state, 10, 2, rabble=2)
    state, _ = last_pass(state)
    state, text = step(state, "skip")
    assert text == ("{seat1} chose not to use marker A (move a neighbourhood); marker B (take a control marker) "
                    "did nothing: no choice was possible; marker C (+1 vote) had no bids; marker D (+2 votes) had "
                    "no bids; tiles 6, 8 and 10 tied for the most rabble: {seat2} chooses which 2 vote")
    assert RULES.phase_label(state, 2) == "your tied elections, round 1"
    state, text = step(state, "elect 8 6")
    assert text.startswith("{seat2} chose the tied elections: tile 8, then tile 6; {seat1} won the election in "
                           "tile 8 (E3, orange) with 2 votes ({seat0} 0, {seat1} 2, {seat2} 0) and placed a boss; "
                           "{seat0} won the election in tile 6 (C3, blue)")


def test_elections_nobody_wins_empty_piles_and_the_end_trigger() -> None:
    state = blank(3, markers=["speciala", "vote1b", "vote1c", "vote2a"])
    bid(state, 0, 1, 1)
    state["control_supply"]["red"] = 1
    state["control_supply"]["green"] = 0
    put(state, 1, 0, rabble=1)
    put(state, 3, 2, rabble=1)
    put(state, 6, 1, rabble=2)
    put(state, 8, 2, rabble=2)
    state, _ = last_pass(state)
    state, text = step(state, "special 2")
    assert ("nobody had a vote in the special election in tile 2 (C2, blue), so no boss was placed; "
            "{seat0} took a red control marker for tile 1 (B2, red); "
            "{seat2} led tile 3 (D2, green) but the green pile was empty; "
            "{seat1} took a blue control marker for tile 6 (C3, blue); "
            "tiles 6 and 8 tied for the most rabble: {seat2} chooses which 2 vote; "
            "the end of the game is triggered: this round is the last") in text


def test_tied_election_and_final_scoring() -> None:
    state = blank(3, markers=FILLER)
    state["end_triggered"] = True
    put(state, 6, 0, rabble=2)
    put(state, 6, 2, rabble=2)
    put(state, 5, 1, rabble=1)
    state, text = last_pass(state)
    assert text.endswith("; ".join([
        NO_BIDS,
        "{seat0} and {seat2} tied for the election in tile 6 (C3, blue) with 2 votes each "
        "({seat0} 2, {seat1} 0, {seat2} 2) and each placed a boss",
        "{seat1} took a red control marker for tile 5 (B3, red)",
        "the game is over after final scoring: {seat0} 5, {seat1} 2, {seat2} 5; {seat0} and {seat2} won",
    ]))
    assert RULES.phase_label(state, 0) == RULES.phase_label(state, None) == "game over"


def test_five_bosses_end_the_game_in_the_narration() -> None:
    state = blank(3, markers=FILLER)
    for tile in (1, 3, 9, 11):
        put(state, tile, 0, bosses=1)
    put(state, 6, 0, rabble=3)
    put(state, 8, 1, rabble=3)
    state, _ = last_pass(state)
    state, text = step(state, "elect 6 8")
    assert text == ("{seat2} chose the tied elections: tile 6, then tile 8; {seat0} won the election in tile 6 "
                    "(C3, blue) with 3 votes ({seat0} 3, {seat1} 0, {seat2} 0) and placed a boss; {seat0} had all "
                    "five bosses on the board and won the game (points for information: {seat0} 25, {seat1} 0, "
                    "{seat2} 0)")


# -- labels ------------------------------------------------------------------------------------
def test_phase_labels_for_awaited_seats_others_and_spectators() -> None:
    state = RULES.setup(4, {}, "labels")
    assert RULES.phase_label(state, 0) == "your placement, round 1"
    assert RULES.phase_label(state, 1) == "placement, round 1"
    assert RULES.phase_label(state, None) == "placement, round 1"
    state = blank(3, markers=["movea"] + FILLER[:3])
    bid(state, 0, 1, 1)
    put(state, 6, 0, rabble=1)
    state, _ = last_pass(state)
    assert RULES.phase_label(state, 1) == "your tile move, round 1"
    state = blank(3, markers=["controla"] + FILLER[:3])
    bid(state, 0, 1, 1)
    state, _ = last_pass(state)
    assert RULES.phase_label(state, 1) == "your control marker, round 1"
    state = blank(3, markers=FILLER)
    building(state, 2, "smuggler")
    put(state, 2, 0, rabble=1)
    put(state, 6, 1, rabble=2)
    state, _ = last_pass(state)
    assert RULES.phase_label(state, 0) == "your Smuggler's Tunnel, round 1"
    assert RULES.phase_label(state, 1) == "elections, round 1"


# -- no hidden information: every viewer gets the same line ----------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_viewer_gets_the_same_one_line_narration(players: int) -> None:
    """Five Points has nothing hidden once play begins, so a narration is the same for everyone.

    The two buildings are placed and revealed at setup (the state never holds a
    face-down building or the ones left out), and the manipulation-marker row
    is drawn face up from a pool reshuffled whole every round, so no draw order
    is stored. Bids are public. The only secret is the generator's seed, which
    no narration contains.
    """
    count = 0
    for game in range(3):
        seed = f"secret-seed-{players}-{game}-0123456789abcdef"
        state = RULES.setup(players, {}, seed)
        rng = random.Random(game)
        while RULES.to_act(state):
            seat = RULES.to_act(state)[0]
            move = RULES.random_move(state, seat, rng)
            after = RULES.apply(state, seat, move)
            texts = {RULES.narrate(state, seat, move, after, viewer) for viewer in [None, *range(players)]}
            assert len(texts) == 1, texts
            text = texts.pop()
            assert text.strip() and "\n" not in text and not text.endswith(".")
            assert seed not in text and "P1" not in fill_seats(text, ["Ann", "Bob", "Cid", "Dee", "Eve"])
            assert text.startswith("{seat%d}" % seat)
            state = after
            count += 1
    assert count > 100


def test_narration_does_not_change_the_states() -> None:
    state = blank(3, markers=FILLER)
    put(state, 6, 0, rabble=1)
    before = json.dumps(state, sort_keys=True)
    after = RULES.apply(state, 0, {"action": "pass"})
    after_json = json.dumps(after, sort_keys=True)
    RULES.narrate(state, 0, {"action": "pass"}, after, 1)
    assert json.dumps(state, sort_keys=True) == before and json.dumps(after, sort_keys=True) == after_json


# -- the account lines are data ---------------------------------------------------------------------
def test_every_account_line_reads_back_to_itself() -> None:
    """``format(read(line)) == line`` for every line of many playouts, and every kind of line occurs."""
    kinds: set[str] = set()
    for index in range(60):
        players = 3 + index % 3
        state = RULES.setup(players, {}, f"journal-{index}")
        rng = random.Random(index)
        while RULES.to_act(state):
            seat = RULES.to_act(state)[0]
            state = RULES.apply(state, seat, RULES.random_move(state, seat, rng))
            for line in state["log"]:
                parsed = read(line)
                assert parsed.kind != "text", line
                assert format_line(parsed.kind, **parsed.values) == line
                kinds.add(parsed.kind)
    rare = {"nothing", "neighbour_empty", "no_election", "game_end", "five_bosses"}
    assert set(TEMPLATES) - kinds <= rare, set(TEMPLATES) - kinds


def test_account_lines_read_into_their_facts() -> None:
    line = read("election in tile 6 (C3, blue): votes P1 1, P2 3, P3 0; boss placed by P2")
    assert line.kind == "election"
    assert line.values == {"kind": "election", "tile": {"number": 6, "cell": "C3", "colour": "blue"},
                           "votes": [1, 3, 0], "winners": [1]}
    # A cell named like a player (column P) stays a cell.
    line = read("marker A (move a neighbourhood): P2 moves tile 7 from P3 to P4 (now P4)")
    assert line.values == {"source": "marker A (move a neighbourhood)", "seat": 1, "tile": 7,
                           "origin": "P3", "to": "P4", "now": "P4"}
    assert read("something else").kind == "text"
