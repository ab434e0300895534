"""The Five Points reply notation: parsing text into moves and printing moves as text.

Case does not matter; commas and a trailing full stop are ignored. Canonical
forms (what :func:`format_move` prints)::

    place 3                         put a rabble on tile 3
    place 3 bid 2 on marker B       ... and bid 2 more rabble on marker B
    pass
    move tile 7 to C4               move a neighbourhood (marker / Zoning Commission)
    skip                            do not use an optional effect
    take red                        take a red control marker (marker / Newspaper)
    special 5                       the special election is on tile 5
    elect 4 2                       tied neighbourhoods: tile 4 votes, then tile 2
    smuggle player 2 from 5 to 7    Smuggler's Tunnel

Tiles are named by their number (fixed for the game); where a tile is expected
its grid cell is accepted too (``place c3`` when tile 3 is at C3). Also accepted:
``place 3 bid 2 on b``, ``move 7 to c4``, ``special election in 5``,
``elect 4 then 2``, ``smuggle p2 from 5 to 7``; ``no``/``none``/``decline`` for skip.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import MoveParseError
from games.rules.text import TextError, check_text, int_or_none, is_digits, parse_int, shown

from . import city, data
from .markers import letter

State = dict[str, Any]
Move = dict[str, Any]

HELP = """Five Points replies (one move per reply, case does not matter):
  place 3                       put one rabble from your HQ on tile 3
  place 3 bid 2 on marker B     ...and bid 2 more rabble on marker B (you must then lead it)
  pass                          stop placing this round (earlier passes retrieve more rabble)
During the election phase, when the mail asks you to choose:
  move tile 7 to C4   or  skip  move a neighbourhood to an empty cell next to another one
  take red                      take a control marker (blue, green, red or orange)
  special 5                     hold the special election on tile 5
  elect 4 2                     tied neighbourhoods: tile 4 votes first, then tile 2
  smuggle player 2 from 5 to 7  or  skip   Smuggler's Tunnel
Tiles are numbered on the map; a grid cell such as C3 also names the tile on it."""

_SKIP_WORDS = {"skip", "no", "none", "decline"}
# No count of rabble in the game comes near this; a larger one is a typing slip, refused before int().
MAX_NUMBER = 999
_FILLER = {"a", "rabble", "of"}


def format_move(move: Move) -> str:
    """The one canonical text of a move (the inverse of :func:`parse_move`)."""
    action = move.get("action")
    if action == "place":
        text = f"place {move['tile']}"
        if "bid" in move:
            text += f" bid {move['bid']} on marker {move['marker']}"
        return text
    if action == "pass":
        return "pass"
    if action == "skip":
        return "skip"
    if action == "move":
        return f"move tile {move['tile']} to {move['to']}"
    if action == "take":
        return f"take {move['colour']}"
    if action == "special":
        return f"special {move['tile']}"
    if action == "elect":
        return "elect " + " ".join(str(t) for t in move["tiles"])
    if action == "smuggle":
        return f"smuggle player {move['seat'] + 1} from {move['from']} to {move['to']}"
    raise ValueError(f"not a Five Points move: {move!r}")


def _words(text: str) -> list[str]:
    text = text.strip().lower().replace(",", " ").rstrip(".!")
    return text.split()


def parse_move(state: State, text: str) -> Move:
    """Read one move; raises MoveParseError naming the bad word and what would do."""
    try:
        check_text(text)
    except TextError as error:
        raise MoveParseError(error.message, accepted="one move, for example `place 3` or `pass`") from None
    words = _words(text)
    if not words:
        raise MoveParseError("the reply has no move in it", accepted="for example `place 3` or `pass`")
    head, rest = words[0], words[1:]
    if head == "pass":
        _no_more(rest, "pass")
        return {"action": "pass"}
    if head in _SKIP_WORDS:
        _no_more(rest, "skip")
        return {"action": "skip"}
    if head == "place":
        return _parse_place(state, rest)
    if head == "move":
        return _parse_move_tile(state, rest)
    if head == "take":
        return _parse_take(rest)
    if head == "special":
        return _parse_special(state, rest)
    if head == "elect":
        return _parse_elect(state, rest)
    if head == "smuggle":
        return _parse_smuggle(state, rest)
    raise MoveParseError(
        f'"{words[0]}" is not a Five Points move',
        accepted="moves start with place, pass, move, skip, take, special, elect or smuggle",
    )


def _no_more(rest: list[str], what: str) -> None:
    if rest:
        raise MoveParseError(f'unexpected "{rest[0]}" after {what}', accepted=f"just `{what}`")


def _need(rest: list[str], what: str, example: str) -> str:
    if not rest:
        raise MoveParseError(f"missing {what}", accepted=f"for example `{example}`")
    return rest.pop(0)


def _tile(state: State, word: str, example: str) -> int:
    """A tile number, or the cell of a tile on the map."""
    count = len(state["tiles"])
    if is_digits(word):
        number = int_or_none(word, low=1, high=count)
        if number is not None:
            return number
    else:
        cell = city.parse_cell(word)
        if cell is not None:
            for i, t in enumerate(state["tiles"]):
                if (t["pos"][0], t["pos"][1]) == cell:
                    return i + 1
            raise MoveParseError(f'no neighbourhood is at "{shown(word.upper())}"',
                                 accepted=f"for example `{example}`")
    raise MoveParseError(
        f'"{shown(word)}" is not a neighbourhood',
        accepted=f"a tile number from 1 to {count} or the cell of a tile, e.g. `{example}`",
    )


def _number(word: str, what: str, example: str) -> int:
    try:
        return parse_int(word, low=0, high=MAX_NUMBER)
    except TextError as error:
        problem = "is too large a number of" if error.kind == "too_large" else "is not a number of"
        raise MoveParseError(f'"{shown(word)}" {problem} {what}', accepted=f"for example `{example}`") from None


def _expect(rest: list[str], words: tuple[str, ...], example: str) -> None:
    word = _need(rest, f'"{words[0]}"', example)
    if word not in words:
        raise MoveParseError(f'expected "{words[0]}", not "{word}"', accepted=f"for example `{example}`")


def _parse_place(state: State, rest: list[str]) -> Move:
    example = "place 3 bid 2 on marker B"
    tile = _tile(state, _need(rest, "the tile to place on", "place 3"), "place 3")
    if not rest:
        return {"action": "place", "tile": tile}
    _expect(rest, ("bid",), example)
    bid = _number(_need(rest, "the number of rabble to bid", example), "rabble to bid", example)
    if rest and rest[0] == "on":
        rest.pop(0)
    if rest and rest[0] == "marker":
        rest.pop(0)
    mark = _need(rest, "the marker to bid on", example).upper()
    letters = [letter(i) for i in range(len(state["markers"]))]
    if mark not in letters:
        raise MoveParseError(f'"{mark}" is not a marker', accepted="markers are " + ", ".join(letters))
    _no_more(rest, "the bid")
    return {"action": "place", "tile": tile, "marker": mark, "bid": bid}


def _parse_move_tile(state: State, rest: list[str]) -> Move:
    example = "move tile 7 to C4"
    if rest and rest[0] == "tile":
        rest.pop(0)
    tile = _tile(state, _need(rest, "the tile to move", example), example)
    _expect(rest, ("to",), example)
    target = _need(rest, "the cell to move it to", example)
    cell = city.parse_cell(target)
    if cell is None:
        raise MoveParseError(f'"{target}" is not a grid cell', accepted="a column letter and row number like C4")
    _no_more(rest, "the cell")
    return {"action": "move", "tile": tile, "to": city.cell_name(*cell)}


def _parse_take(rest: list[str]) -> Move:
    colour = _need(rest, "the colour to take", "take red")
    if colour not in data.COLOURS:
        raise MoveParseError(f'"{colour}" is not a colour', accepted="blue, green, red or orange")
    if rest and rest[0] in ("marker", "control"):
        rest.clear()
    _no_more(rest, "the colour")
    return {"action": "take", "colour": colour}


def _parse_special(state: State, rest: list[str]) -> Move:
    if rest and rest[0] == "election":
        rest.pop(0)
    if rest and rest[0] in ("in", "on", "at"):
        rest.pop(0)
    tile = _tile(state, _need(rest, "the tile for the special election", "special 5"), "special 5")
    _no_more(rest, "the tile")
    return {"action": "special", "tile": tile}


def _parse_elect(state: State, rest: list[str]) -> Move:
    tiles = [_tile(state, w, "elect 4 2") for w in rest if w not in ("then", "and")]
    if not tiles:
        raise MoveParseError("missing the tiles that vote", accepted="for example `elect 4 2`")
    return {"action": "elect", "tiles": tiles}


def _parse_smuggle(state: State, rest: list[str]) -> Move:
    example = "smuggle player 2 from 5 to 7"
    rest = [w for w in rest if w not in _FILLER]
    word = _need(rest, "whose rabble to move", example)
    if word == "player":
        word = _need(rest, "the player number", example)
    elif word.startswith("p") and is_digits(word[1:]):
        word = word[1:]
    players = state["players"]
    number = int_or_none(word, low=1, high=players)
    if number is None:
        raise MoveParseError(f'"{shown(word)}" is not a player', accepted=f"player 1 to {players}, e.g. `{example}`")
    seat = number - 1
    _expect(rest, ("from",), example)
    src = _tile(state, _need(rest, "the tile to move from", example), example)
    _expect(rest, ("to",), example)
    dst = _tile(state, _need(rest, "the tile to move to", example), example)
    _no_more(rest, "the tiles")
    return {"action": "smuggle", "seat": seat, "from": src, "to": dst}
