"""Component counts and tables for Five Points: every number the engine reads.

The rulebook gives the pass table and the tile-count table but not the printed
component list, so several counts below are **stand-ins** for the printed
components, chosen so the rulebook's tables work. They are labelled
``STAND-IN`` here and in ``docs/players/five-points.md`` ("Stand-ins and
decisions"). The engine reads everything from this module and never assumes a
particular number, so changing a stand-in here changes the game consistently.
"""

from __future__ import annotations

from typing import Any

# The four neighbourhood colours, in the order the rulebook lists them. Control
# markers come in the same four colours and a "set" is one of each.
COLOURS: tuple[str, ...] = ("blue", "green", "red", "orange")

# One-letter colour codes for the text grid in emails.
COLOUR_CODES: dict[str, str] = {"blue": "b", "green": "g", "red": "r", "orange": "o"}

# STAND-IN: neighbourhood tiles printed per colour. Five of each (20 tiles) is
# enough for the 17 tiles of a five-player game after one of each colour is set
# aside, which is all the tile table needs.
TILES_PER_COLOUR = 5

# Rulebook table: neighbourhoods added to the four (one of each colour).
EXTRA_TILES: dict[int, int] = {3: 7, 4: 10, 5: 13}

# Rulebook pass table: rabble retrieved from the boroughs to HQ by the 1st,
# 2nd, ... player to pass.
PASS_RETRIEVAL: dict[int, tuple[int, ...]] = {
    3: (6, 4, 2),
    4: (6, 5, 4, 2),
    5: (7, 6, 5, 4, 2),
}

# STAND-IN: rabble cubes per player (the rulebook only says "take all of the
# pieces of one colour"). Twenty leaves eleven in the boroughs after the nine on
# the HQ, enough for every row of the pass table.
RABBLE_PER_PLAYER = 20
# Rulebook: nine rabble on the HQ tile, the rest in the boroughs.
HQ_START = 9
# Rulebook: three of those HQ rabble are drawn onto the city at setup, so a
# player starts the first placement phase with six on the HQ (decision: the
# text says "take three rabble from the player's HQ").
SETUP_RABBLE_PER_PLAYER = 3
# Rulebook: five bosses each; all five on the board wins at once.
BOSSES_PER_PLAYER = 5

# STAND-IN: control markers per colour, by player count. The rulebook says to
# sort out "the correct number of pieces for play" from a components page we do
# not have; fewer markers for fewer players keeps the game length (the game ends
# when one pile runs out) roughly in step with the smaller city. Smaller piles
# than this make the pile-out end come in a handful of rounds; larger ones leave
# the five-boss win as practically the only way a game ends.
CONTROL_MARKERS_PER_COLOUR: dict[int, int] = {3: 6, 4: 7, 5: 8}

# STAND-IN: victory point markers are unlimited (the printed chips are change,
# not a limit the rules use).

# Rulebook: four manipulation markers drawn each round, two buildings placed.
MARKERS_PER_ROUND = 4
BUILDINGS_IN_PLAY = 2
# Rulebook: up to two normal elections when several neighbourhoods tie.
MAX_TIED_ELECTIONS = 2

# Scoring (rulebook).
POINTS_PER_BOSS = 5
POINTS_PER_CONTROL_MARKER = 2
POINTS_PER_COLOUR_SET = 5
TAMMANY_HALL_POINTS = 5
# Ties for a neighbour's control give each tied player one victory point.
TIE_VP = 1


def _marker(mid: str, kind: str, label: str, dots: bool = False, **extra: Any) -> dict[str, Any]:
    return {"id": mid, "kind": kind, "label": label, "dots": dots, **extra}


# STAND-IN: the manipulation marker set (24 markers, two of them with dots). Every kind the
# rulebook lists is present; the numbers of each are our choice. Markers with
# dots are removed at setup as the rulebook says, so they never come into play;
# they are listed so the set matches the printed rule "remove the markers with
# dots" and the engine really filters them.
#
# Decision: each "+3 votes" marker shows ONE neighbourhood colour; its +3 counts
# in every election held this phase in a neighbourhood of that colour (the "(s)"
# in "neighborhood(s) shown on the tile" is read as "every neighbourhood of the
# type shown"). The engine accepts a list of colours, so a two-colour marker
# would work too.
# Decision: "bosses as votes" counts the bosses the player has on the board at
# the moment each election is counted (before that neighbourhood is cleared).
# Decision: "4 VP for most of a colour" and "1 VP per neighbourhood controlled"
# use the rulebook's definition of control (more rabble than any other player,
# bosses do not count) at the moment the marker is resolved.
MARKERS: tuple[dict[str, Any], ...] = (
    _marker("vote1a", "votes", "+1 vote", amount=1),
    _marker("vote1b", "votes", "+1 vote", amount=1),
    _marker("vote1c", "votes", "+1 vote", amount=1),
    _marker("vote2a", "votes", "+2 votes", amount=2),
    _marker("vote2b", "votes", "+2 votes", amount=2),
    _marker("blue3", "colour_votes", "+3 votes in blue", amount=3, colours=["blue"]),
    _marker("green3", "colour_votes", "+3 votes in green", amount=3, colours=["green"]),
    _marker("red3", "colour_votes", "+3 votes in red", amount=3, colours=["red"]),
    _marker("orange3", "colour_votes", "+3 votes in orange", amount=3, colours=["orange"]),
    _marker("bossesa", "boss_votes", "+1 vote per boss"),
    _marker("bossesb", "boss_votes", "+1 vote per boss"),
    _marker("movea", "move_tile", "move a neighbourhood"),
    _marker("moveb", "move_tile", "move a neighbourhood"),
    _marker("controla", "take_control", "take a control marker"),
    _marker("controlb", "take_control", "take a control marker"),
    _marker("mostblue", "colour_majority", "4 VP for most blue", colour="blue", vp=4),
    _marker("mostgreen", "colour_majority", "4 VP for most green", colour="green", vp=4),
    _marker("mostred", "colour_majority", "4 VP for most red", colour="red", vp=4),
    _marker("mostorange", "colour_majority", "4 VP for most orange", colour="orange", vp=4),
    _marker("speciala", "special_election", "special election"),
    _marker("specialb", "special_election", "special election"),
    _marker("vpcontrola", "vp_per_control", "1 VP per neighbourhood controlled", vp=1),
    # Dotted markers: removed before play (rulebook setup).
    _marker("vote2dot", "votes", "+2 votes (dotted)", dots=True, amount=2),
    _marker("specialdot", "special_election", "special election (dotted)", dots=True),
)

MARKERS_BY_ID: dict[str, dict[str, Any]] = {m["id"]: m for m in MARKERS}

# The nine buildings of the rulebook (one tile each; STAND-IN for the count, the
# rulebook describes nine and prints no count). "kind" is what the engine does.
# Decisions, each also in the docs:
# - Theater and Five Points Mission say "may"; moving rabble from the boroughs
#   to the HQ never hurts, so the engine applies them without asking.
# - Polling Place gives +1 vote in every election of the phase, including one
#   held in the building's own neighbourhood (the second sentence of its text is
#   read as that clarification, mirroring Sixth Ward Offices' "even if").
# - Newspaper: "choose a neighbourhood, receive a control marker of that colour"
#   - every colour is always on the map, so the choice is a colour with markers
#   left in its pile, written like the take-a-control-marker choice.
# - Zoning Commission moves a tile exactly like the move-a-neighbourhood marker.
# - Smuggler's Tunnel moves one rabble of any player from any neighbourhood to
#   any other neighbourhood (adjacency not required); it is optional.
# - Tammany Hall's 5 points go at final scoring to the player with more rabble
#   than any other in its neighbourhood then (nobody on a tie); no points if the
#   game ends by five bosses.
BUILDINGS: tuple[dict[str, Any], ...] = (
    {"id": "board_of_elections", "name": "Board of Elections", "kind": "vp", "vp": 2},
    {"id": "newspaper", "name": "Newspaper", "kind": "take_control"},
    {"id": "theater", "name": "Theater", "kind": "retrieve", "amount": 2},
    {"id": "mission", "name": "Five Points Mission", "kind": "retrieve_per_boss", "amount": 1},
    {"id": "polling_place", "name": "Polling Place", "kind": "votes", "amount": 1},
    {"id": "sixth_ward", "name": "Sixth Ward Offices", "kind": "votes", "amount": 2},
    {"id": "zoning", "name": "Zoning Commission", "kind": "move_tile"},
    {"id": "tammany", "name": "Tammany Hall", "kind": "end_points", "points": TAMMANY_HALL_POINTS},
    {"id": "smuggler", "name": "Smuggler's Tunnel", "kind": "smuggle", "last": True},
)

BUILDINGS_BY_ID: dict[str, dict[str, Any]] = {b["id"]: b for b in BUILDINGS}


def tile_total(num_players: int) -> int:
    """Neighbourhood tiles in play: one of each colour plus the table's extras."""
    return len(COLOURS) + EXTRA_TILES[num_players]
