"""Elections: which neighbourhoods vote, counting votes, bosses and control markers.

Special elections (from markers) come first, in marker order, and do not count
against the limit. Then the neighbourhood with the most rabble votes; when
several tie, the last player to pass picks up to two of them and their order.
Votes are the rabble there plus every bonus of the round, even for a player with
no rabble there. All rabble and bosses leave the neighbourhood, each top vote
getter places a boss, and the orthogonal neighbours award control markers.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from . import city, data
from .scoring import five_boss_result
from .journal import tile_ref, write
from .shared import bosses_on_board, check_end_trigger, take_control

State = dict[str, Any]


def normal_candidates(state: State) -> list[int]:
    """Tiles tied for the most rabble (all players together); none when the city is empty.

    Decision: if no neighbourhood holds any rabble, no normal election is held.
    """
    totals = [sum(t["rabble"]) for t in state["tiles"]]
    best = max(totals)
    if best <= 0:
        return []
    return [i for i, n in enumerate(totals) if n == best]


def choose_normal(state: State) -> list[dict[str, Any]]:
    """Election steps for the normal election, or [] after setting a pending choice."""
    tied = normal_candidates(state)
    if not tied:
        write(state, "no_election")
        return []
    if len(tied) == 1:
        return [{"step": "election", "tile": tied[0], "special": False}]
    chooser = state["passed"][-1]
    state["pending"] = {
        "kind": "elect",
        "seat": chooser,
        "source": "tied neighbourhoods",
        "tiles": [i + 1 for i in tied],
        "count": min(data.MAX_TIED_ELECTIONS, len(tied)),
    }
    return []


def elect_options(pending: dict[str, Any]) -> list[list[int]]:
    """Every ordered choice of ``count`` tied tiles (tile numbers)."""
    return [list(p) for p in permutations(pending["tiles"], pending["count"])]


def votes(state: State, index: int) -> list[int]:
    """Each seat's votes in an election on tile ``index``: rabble there plus bonuses."""
    tile = state["tiles"][index]
    result = list(tile["rabble"])
    for effect in state["effects"]:
        seat = effect["seat"]
        kind = effect["kind"]
        if kind == "votes":
            result[seat] += effect["amount"]
        elif kind == "colour_votes":
            if tile["colour"] in effect["colours"]:
                result[seat] += effect["amount"]
        elif kind == "boss_votes":
            result[seat] += bosses_on_board(state, seat)
    return result


def hold(state: State, index: int, special: bool) -> None:
    """Resolve one election on tile ``index``; may end the game with five bosses."""
    counted = votes(state, index)
    tile = state["tiles"][index]
    best = max(counted)
    # Decision: a top score of zero (a special election where nobody has rabble
    # or a bonus) elects nobody; the neighbourhood is still cleared.
    winners = [s for s, v in enumerate(counted) if v == best] if best > 0 else []
    for seat in range(state["players"]):
        state["boroughs"][seat] += tile["rabble"][seat]
    tile["rabble"] = [0] * state["players"]
    tile["bosses"] = [0] * state["players"]
    placed = []
    for seat in winners:
        if bosses_on_board(state, seat) < data.BOSSES_PER_PLAYER:
            tile["bosses"][seat] += 1
            placed.append(seat)
    write(state, "election", kind="special election" if special else "election", tile=tile_ref(state, index),
          votes=counted, winners=placed)
    five = [s for s in range(state["players"]) if bosses_on_board(state, s) >= data.BOSSES_PER_PLAYER]
    if five:
        finish_five_bosses(state, five)
        return
    _award_neighbours(state, index)
    check_end_trigger(state)


def _award_neighbours(state: State, index: int) -> None:
    """Control markers (or a VP each on a tie) for the neighbours of an election tile."""
    for other in city.neighbours(state["tiles"], index):
        tile = state["tiles"][other]
        rabble = tile["rabble"]
        best = max(rabble)
        if best <= 0:
            continue  # decision: an empty neighbour gives nothing to anyone
        leaders = [s for s, n in enumerate(rabble) if n == best]
        if len(leaders) == 1:
            got = take_control(state, leaders[0], tile["colour"])
            write(state, "neighbour_marker" if got else "neighbour_empty", tile=tile_ref(state, other),
                  seat=leaders[0], colour=tile["colour"])
        else:
            for seat in leaders:
                state["vp"][seat] += data.TIE_VP
            write(state, "neighbour_tie", tile=tile_ref(state, other), seats=leaders, vp=data.TIE_VP)


def finish_five_bosses(state: State, seats: list[int]) -> None:
    """Someone has every boss on the board: the game ends at once (no scoring)."""
    state["phase"] = "over"
    state["pending"] = None
    state["queue"] = []
    state["current"] = None
    state["result"] = five_boss_result(state, seats)
    write(state, "five_bosses", seats=seats, bosses=data.BOSSES_PER_PLAYER)
