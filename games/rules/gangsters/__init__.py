"""Gangsters (Avalon Hill 1992, Don Greenwood) for 2-4 gangs, reconstructed, and the five-player Police
variant: the pure rules engine.

``RULES`` (rules version 2) and ``RULES_V1`` are the registered rules objects
(:mod:`.rules`; they differ only in Police games, where version 2 asks a bribe's
holder whether to play it to double or share a payoff, :mod:`.bribes`). The package reads
like the rulebook: :mod:`.data` the printed components and every house number,
:mod:`.board` the map as a graph, :mod:`.movement` exact-count paths,
:mod:`.setup` the set-up, :mod:`.turn` a gang's turn and the rounds,
:mod:`.police` cops, bribes, raids and shootouts, :mod:`.violence` hits and
seduction, :mod:`.engine` who acts and ``apply``, :mod:`.notation` the move
text, :mod:`.moves` and :mod:`.bot` move generation, :mod:`.views` what a seat
sees and the text map, :mod:`.narration` log lines and phase labels,
:mod:`.decisions` the decisions for interfaces. Player documentation, with
every decision taken where the public record is silent: docs/players/gangsters.md.

The Police variant (option ``police``, five seats, seat 5 the Police player)
adds :mod:`.police_setup` (the option's checks and the Police set-up),
:mod:`.copportion` (a gang turn's cop portion with the Police),
:mod:`.copturn` (the Cop Turn), :mod:`.commissioner`, :mod:`.precincts` (HQs),
:mod:`.informants`, :mod:`.payoffs` (police cash) and :mod:`.police_bot`.

The web UI imports only the names in ``__all__``.
"""

from __future__ import annotations

from .board import BRIDGES, DOORS, STREETS, SUBWAY_OF, cell_pos
from .data import (
    BUILDING,
    BUILDINGS,
    COLOUR_JOINTS,
    COLOURS,
    COLUMNS,
    DIRECTION_NAME,
    DIRECTIONS,
    GANG_LABEL,
    GROUP_SIZE,
    PIECE_NAME,
    PIECES,
    RIVER_ROWS,
    ROWS,
    STREET_NAMES,
    SUBWAYS,
)
from .rules import GangstersRules
from .textmap import legend_lines, map_lines, occupants

RULES_V1 = GangstersRules(version=1)
RULES = GangstersRules(version=2)

__all__ = [
    "BRIDGES",
    "BUILDING",
    "BUILDINGS",
    "COLOURS",
    "COLOUR_JOINTS",
    "COLUMNS",
    "DIRECTIONS",
    "DIRECTION_NAME",
    "DOORS",
    "GANG_LABEL",
    "GROUP_SIZE",
    "GangstersRules",
    "PIECES",
    "PIECE_NAME",
    "RIVER_ROWS",
    "ROWS",
    "RULES",
    "RULES_V1",
    "STREETS",
    "STREET_NAMES",
    "SUBWAYS",
    "SUBWAY_OF",
    "cell_pos",
    "legend_lines",
    "map_lines",
    "occupants",
]
