"""The election phase's account (``state["log"]``): one template per kind of line, written and read back.

The engine tells what a resolution did in plain lines (the turn mail prints
them under "So far this election phase"). Each line is written from a
template of this module, so it can be read back into the facts it states::

    write(state, "passed", seat=1, position=2, moved=4)
    # appends "P2 passed 2nd: 4 rabble from the boroughs to the HQ"
    read("P2 passed 2nd: 4 rabble from the boroughs to the HQ")
    # -> Line("passed", {"seat": 1, "position": 2, "moved": 4})

``read`` is how :mod:`.narration` learns what a move's resolution did without
replaying it: ``format(read(line)) == line`` for every line the engine writes
(the tests check this over many playouts). A template field is written
``{name:type}``; the types below say how a value is printed and parsed.
The wording of the lines is part of the stored state, so changing a template
changes the states of every game: keep them as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from .city import cell_name

State = dict[str, Any]

_SEAT = r"P\d+"


def _seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def _seat_of(text: str) -> int:
    return int(text[1:]) - 1


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _a_colour(colour: str) -> str:
    return f"{'an' if colour[0] in 'aeiou' else 'a'} {colour}"


_TILE = re.compile(r"tile (\d+) \(([A-Z]+\d+), (\w+)\)")
_MARKER = re.compile(r"marker ([A-H]) \((.+)\)")


def _tile_text(tile: dict[str, Any]) -> str:
    return f"tile {tile['number']} ({tile['cell']}, {tile['colour']})"


def _tile_value(text: str) -> dict[str, Any]:
    found = _TILE.fullmatch(text)
    assert found is not None
    return {"number": int(found.group(1)), "cell": found.group(2), "colour": found.group(3)}


def _marker_value(text: str) -> dict[str, Any]:
    found = _MARKER.fullmatch(text)
    assert found is not None
    return {"letter": found.group(1), "label": found.group(2)}


def _winners_text(seats: list[int]) -> str:
    return " and ".join(_seat_name(s) for s in seats) or "nobody"


def _winners_value(text: str) -> list[int]:
    return [] if text == "nobody" else [_seat_of(s) for s in text.split(" and ")]


@dataclass(frozen=True)
class FieldType:
    """How one kind of template field is printed, matched and read back."""

    pattern: str
    show: Callable[[Any], str]
    value: Callable[[str], Any]


TYPES: dict[str, FieldType] = {
    "int": FieldType(r"\d+", str, int),
    "text": FieldType(r".+?", str, str),
    "cell": FieldType(r"[A-Z]+\d+", str, str),
    "colour": FieldType(r"[a-z]+", str, str),
    "colours": FieldType(r"[a-z]+(?:/[a-z]+)*", "/".join, lambda t: t.split("/")),
    "a_colour": FieldType(r"an? [a-z]+", _a_colour, lambda t: t.split(" ", 1)[1]),
    "nth": FieldType(r"\d+(?:st|nd|rd|th)", _ordinal, lambda t: int(t[:-2])),
    "seat": FieldType(_SEAT, _seat_name, _seat_of),
    "seats": FieldType(rf"nobody|{_SEAT}(?: and {_SEAT})*", _winners_text, _winners_value),
    "seat_list": FieldType(rf"{_SEAT}(?:, {_SEAT})*", lambda s: ", ".join(_seat_name(x) for x in s),
                           lambda t: [_seat_of(x) for x in t.split(", ")]),
    "tally": FieldType(rf"{_SEAT} \d+(?:, {_SEAT} \d+)*",
                       lambda votes: ", ".join(f"{_seat_name(s)} {v}" for s, v in enumerate(votes)),
                       lambda t: [int(part.split(" ")[1]) for part in t.split(", ")]),
    "tiles": FieldType(r"tile \d+(?: then tile \d+)*", lambda ts: " then ".join(f"tile {t}" for t in ts),
                       lambda t: [int(part.split(" ")[1]) for part in t.split(" then ")]),
    "tile": FieldType(_TILE.pattern, _tile_text, _tile_value),
    "marker": FieldType(r"marker [A-H] \(.+?\)", lambda m: f"marker {m['letter']} ({m['label']})",
                        _marker_value),
    "election": FieldType(r"election|special election", str, str),
}

# Kind -> template, in the order ``read`` tries them (the more specific first).
TEMPLATES: dict[str, str] = {
    # the pass table, bids and the end of the round
    "passed": "{seat:seat} passed {position:nth}: {moved:int} rabble from the boroughs to the HQ",
    "boss_rabble": "{seat:seat}: {moved:int} rabble to the HQ for bosses on the board",
    "game_end": "the game end was triggered: final scoring",
    # manipulation markers
    "discarded": "{marker:marker}: no bids, discarded",
    "marker_votes": "{marker:marker} won by {seat:seat}: +{amount:int} in every election",
    "marker_colour_votes": "{marker:marker} won by {seat:seat}: +{amount:int} in {colours:colours} elections",
    "marker_boss_votes": "{marker:marker} won by {seat:seat}: +1 vote per boss on the "
                         "board in every election",
    "majority": "{marker:marker} won by {seat:seat}: controls most "
                "{colour:colour} ({count:int}), +{vp:int} VP",
    "no_majority": "{marker:marker} won by {seat:seat}: does not control the most {colour:colour} "
                   "neighbourhoods, no VP",
    "vp_per_control": "{marker:marker} won by {seat:seat}: controls {count:int} "
                      "neighbourhood(s), +{vp:int} VP",
    # buildings
    "building_unused": "{building:text}: nobody has the majority, unused",
    "building_vp": "{building:text} ({seat:seat}): +{vp:int} VP",
    "building_rabble": "{building:text} ({seat:seat}): {moved:int} rabble from the boroughs to the HQ",
    "building_votes": "{building:text} ({seat:seat}): +{amount:int} in every election",
    "building_end": "{building:text} ({seat:seat}): no effect during the game "
                    "({points:int} points at the end)",
    # elections and the control markers of the neighbours
    "no_election": "no neighbourhood holds rabble: no normal election",
    "election": "{kind:election} in {tile:tile}: votes {votes:tally}; boss placed by {winners:seats}",
    "neighbour_marker": "  {tile:tile}: {seat:seat} takes {colour:a_colour} control marker",
    "neighbour_empty": "  {tile:tile}: {seat:seat} takes no {colour:colour} (pile empty) control marker",
    "neighbour_tie": "  {tile:tile}: tie between {seats:seat_list}, {vp:int} VP each",
    "five_bosses": "{seats:seats} has all {bosses:int} bosses on the board and wins",
    # choices made by a player (or for them when only one answer exists)
    "elect": "{seat:seat} (last to pass) chooses elections in {tiles:tiles}",
    "nothing": "{source:text}: nothing can be done",
    "skip": "{source:text}: {seat:seat} chooses not to use it",
    "special": "{source:text}: {seat:seat} calls a special election in {tile:tile}",
    "move": "{source:text}: {seat:seat} moves tile {tile:int} from "
            "{origin:cell} to {to:cell} (now {now:cell})",
    "smuggle": "{source:text}: {seat:seat} moves a rabble of {owner:seat} "
               "from tile {origin:int} to tile {to:int}",
    "take": "{source:text}: {seat:seat} takes {colour:a_colour} control marker",
}

_FIELD = re.compile(r"\{(\w+):(\w+)\}")


@dataclass(frozen=True)
class Line:
    """One line of the account, read back: its kind and the values of its fields."""

    kind: str
    values: dict[str, Any]


@dataclass(frozen=True)
class _Template:
    kind: str
    text: str
    regex: re.Pattern[str]
    fields: tuple[tuple[str, str], ...]
    form: str  # the text as a str.format pattern: "{seat} passed {position}: ..."


def _compile(kind: str, text: str) -> _Template:
    parts: list[str] = []
    fields: list[tuple[str, str]] = []
    position = 0
    for found in _FIELD.finditer(text):
        parts.append(re.escape(text[position:found.start()]))
        name, kind_of = found.group(1), found.group(2)
        parts.append(f"(?P<{name}>{TYPES[kind_of].pattern})")
        fields.append((name, kind_of))
        position = found.end()
    parts.append(re.escape(text[position:]))
    return _Template(kind, text, re.compile("".join(parts)), tuple(fields), _FIELD.sub(r"{\1}", text))


_COMPILED: tuple[_Template, ...] = tuple(_compile(k, t) for k, t in TEMPLATES.items())
_BY_KIND: dict[str, _Template] = {t.kind: t for t in _COMPILED}


def format_line(kind: str, /, **values: Any) -> str:
    """The text of a line of ``kind`` with these field values."""
    template = _BY_KIND[kind]
    return template.form.format_map({name: TYPES[kind_of].show(values[name]) for name, kind_of in template.fields})


def write(state: State, kind: str, /, **values: Any) -> None:
    """Append a line to the account of the election phase (``state`` is a private copy)."""
    state["log"].append(format_line(kind, **values))


def read(line: str) -> Line:
    """The kind and values of a line the engine wrote; kind ``"text"`` for anything else."""
    for template in _COMPILED:
        found = template.regex.fullmatch(line)
        if found is not None:
            return Line(template.kind, {name: TYPES[kind_of].value(found.group(name))
                                        for name, kind_of in template.fields})
    return Line("text", {"text": line})


def tile_ref(state: State, index: int) -> dict[str, Any]:
    """The ``tile`` field value of tile ``index`` as it is now (number, cell, colour)."""
    tile = state["tiles"][index]
    return {"number": index + 1, "cell": cell_name(*tile["pos"]), "colour": tile["colour"]}


def marker_ref(letter: str, label: str) -> dict[str, Any]:
    """The ``marker`` field value of a marker of the row."""
    return {"letter": letter, "label": label}
