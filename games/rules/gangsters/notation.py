"""The Gangsters move notation: one parser and one printer that round-trip.

Places are street spaces named like chess squares (``d7``: column d, row 7,
rows counted from the north), buildings by their three-letter code (``BRI``),
and subways also as ``s1``-``s6``. Pieces are ``R`` (Racketeer), ``T`` (Thug)
and ``V`` (Vamp); gangs ``P1``-``P4``; facings ``n e s w``. Case does not
matter; commas and a final full stop are ignored. Canonical forms::

    buy BRI                          gang R5 BRI T2 BUS V1 BUS
    improve BRI   wheels   heaters   roll
    bribe   pass   cop 3 d7 d8 d9    cop in e   cop in BRI   donuts 3
    stop   allow
    move T d7 d8 BRI                 move T d7 d8 BRI hit joint
    move R c4 d4 hit P2 T            move V e4 e5 seduce P3 R      move T c1 c2 ICE extort
    extort T   recruit T 2   recruit V 1 facing e
    public in e   public in BRI      public 4 d7 d8 BRI
    show 3   done   assign P2 T 1 P3 R 1   sell BRI

The five-player Police variant adds (P5 is the Police player, C his Commissioner)::

    commish 4                        face e                         (set-up)
    cop 3 d7 d8 d9   cop 3 in e      (a gang playing bribe 3 in the cop portion)
    hq   roll                        (Cop Turn purchases)
    chit 2   informant 3 d7 d8 BRI flip joint   informant 3 flip P2 T
    commish d7 d8 d9   commish in e   commish in ICE   recruit C 2   hire
    play   keep                      (may a held bribe double or share a cop's payoff?)

The parser checks the shape only; ``apply`` checks that the move is legal.
"""

from __future__ import annotations

import re
from typing import Any

from games.rules.base import MoveParseError, State

from .board import DOORS, STREETS
from .data import DIRECTIONS, PIECES, SUBWAYS

MAX_TEXT = 600
MAX_WORDS = 60
_SPACE = re.compile(r"^[a-p](1[0-6]|[1-9])$")
_PIECE_WORDS = {"r": "R", "racketeer": "R", "t": "T", "thug": "T", "v": "V", "vamp": "V",
                "c": "C", "commish": "C", "commissioner": "C"}
_FACINGS = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w", "west": "w"}
_PIECE_ORDER = {k: i for i, k in enumerate(PIECES)}
# Moves that are one word.
SIMPLE = frozenset({"wheels", "heaters", "roll", "bribe", "pass", "stop", "allow", "done", "hq", "hire", "play",
                    "keep"})

HELP = """\
Places: street spaces like d7 (column a-p, row 1-16 from the north), buildings by code (BRI), subways s1-s6.
Pieces: R Racketeer, T Thug, V Vamp. Gangs: P1-P4. Facings: n e s w.
Set-up: buy BRI | gang R5 BRI T2 BUS V1 BUS (strength and starting joint of each piece you buy)
Purchases: buy BRI | improve BRI | wheels | heaters | roll
Cops: bribe | cop 3 d7 d8 d9 (move cop 3 the blue count) | cop in e | cop in BRI | donuts 3 | pass
  (when a cop whose bribe you hold is moved: stop | allow)
Movement: move T d7 d8 BRI [hit joint | hit P2 R | seduce P2 T | extort] | extort T | recruit T 2 [facing e]
  public in e | public in BRI | public 4 d7 d8 | show 3 | done
Police hits: assign P2 T 1 P3 R 1. Forced recruit: recruit R 2 facing e | sell BRI
Police variant (P5): set-up commish 4, then face e | a gang's cop portion: bribe | cop 3 d7 d8 d9 or
  cop 3 in e (playing bribe 3) | pass (defer to the Police)
  Cop Turn: hq | wheels | heaters | roll | chit 2 | informant 3 d7 d8 BRI flip joint | informant 3 flip P2 T
  cop 3 d7 d8 d9 | cop in e | commish d7 d8 d9 | commish in e | recruit C 2 | hire | public 4 d7 d8 | done
  When a cop's raid or shootout pays, everyone who may hold its bribe is asked: play | keep"""


def help_for(state: State) -> str:
    """HELP for one game as set up: its examples name only the gangs in it, the Police only if it plays."""
    gangs = sum(1 for kind in state["seats"] if kind == "gang")
    text = HELP.replace("Gangs: P1-P4.", f"Gangs: P1-P{gangs}." if gangs > 1 else "Gang: P1.")
    if gangs < 3:  # the example's second target is a gang of the game
        text = text.replace("assign P2 T 1 P3 R 1", "assign P1 T 1 P2 R 1")
    if "police" not in state["seats"]:
        text = text[:text.index("\nPolice variant (P5)")]
    return text


def words(text: Any) -> list[str]:
    if not isinstance(text, str):
        raise MoveParseError("a move is a line of text", accepted="for example: move T d7 d8 BRI")
    if len(text) > MAX_TEXT:
        raise MoveParseError("that line is too long to be a move", accepted="one move per line")
    cleaned = text.replace(",", " ").strip().rstrip(".").lower()
    found = cleaned.split()
    if not found:
        raise MoveParseError("the line is empty", accepted="for example: done")
    if len(found) > MAX_WORDS:
        raise MoveParseError("that line has too many words to be a move", accepted="one move per line")
    return found


def _number(word: str, what: str, top: int = 99) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 3 or not 0 <= int(word) <= top:
        raise MoveParseError(f"'{word[:12]}' is not a {what}", accepted=f"a number from 0 to {top}")
    return int(word)


def node(word: str) -> str:
    """A place word as its node id: ``d7``, ``BRI``, or ``s4`` (the space of subway 4)."""
    if _SPACE.match(word) and word in STREETS:
        return word
    if len(word) == 2 and word[0] == "s" and word[1] in "123456":
        return SUBWAYS[int(word[1])]
    code = word.upper()
    if code in DOORS:
        return code
    if _SPACE.match(word):
        raise MoveParseError(f"{word} is not a street space (it is inside a block or the river)",
                             accepted="streets run along rows 1 4 7 10 13 16 and columns a d g j m p")
    raise MoveParseError(f"'{word[:12]}' is not a place",
                         accepted="a space like d7, a building like BRI, or s1-s6")


def _path(ws: list[str]) -> list[str]:
    if not ws:
        raise MoveParseError("the path is missing", accepted="the spaces entered, one per step")
    return [node(w) for w in ws]


def _piece(word: str) -> str:
    kind = _PIECE_WORDS.get(word)
    if kind is None:
        raise MoveParseError(f"'{word[:12]}' is not a gang piece", accepted="R, T or V")
    return kind


def _seat(word: str) -> int:
    if len(word) == 2 and word[0] == "p" and word[1] in "1234":
        return int(word[1]) - 1
    raise MoveParseError(f"'{word[:12]}' is not a gang", accepted="P1, P2, P3 or P4")


def _facing(word: str) -> str:
    facing = _FACINGS.get(word)
    if facing is None:
        raise MoveParseError(f"'{word[:12]}' is not a facing", accepted="n, e, s or w")
    return facing


def _place_or_facing(word: str) -> str:
    if word in _FACINGS:
        return _FACINGS[word]
    code = word.upper()
    if code in DOORS:
        return code
    raise MoveParseError(f"'{word[:12]}' is neither a facing nor a building",
                         accepted="n, e, s, w or a joint code")


def _end(ws: list[str], move: dict[str, Any]) -> list[str]:
    """Split a trailing action (hit / seduce / extort) off a path."""
    for i, w in enumerate(ws):
        if w == "extort":
            if i != len(ws) - 1:
                raise MoveParseError("extort ends the move", accepted="move T d7 d8 ICE extort")
            move.update(act="extort", target=None)
            return ws[:i]
        if w in ("hit", "seduce"):
            rest = ws[i + 1:]
            if w == "hit" and rest == ["joint"]:
                move.update(act="hit", target="joint")
            elif len(rest) == 2:
                move.update(act=w, target=[_seat(rest[0]), _piece(rest[1])])
            else:
                raise MoveParseError(f"{w} names its target", accepted="hit P2 R, hit joint or seduce P2 T")
            return ws[:i]
    move.update(act="none", target=None)
    return ws


def parse_move(text: Any) -> dict[str, Any]:
    ws = words(text)
    head, rest = ws[0], ws[1:]
    if head in SIMPLE:
        if rest:
            raise MoveParseError(f"'{head}' takes nothing after it", accepted=head)
        return {"a": head}
    if head in ("buy", "improve", "sell"):
        if len(rest) != 1:
            raise MoveParseError(f"{head} names one joint", accepted=f"{head} BRI")
        code = rest[0].upper()
        if code not in DOORS:
            raise MoveParseError(f"'{rest[0][:12]}' is not a building code", accepted=f"{head} BRI")
        return {"a": head, "joint": code}
    if head == "gang":
        return _parse_gang(rest)
    if head == "cop":
        if len(rest) == 2 and rest[0] == "in":
            return {"a": "newcop", "to": _place_or_facing(rest[1])}
        if len(rest) == 3 and rest[1] == "in":
            return {"a": "bcop", "cop": _number(rest[0], "cop number", 9), "to": _place_or_facing(rest[2])}
        if len(rest) >= 2:
            return {"a": "cop", "cop": _number(rest[0], "cop number", 9), "path": _path(rest[1:])}
        raise MoveParseError("name the cop and its path, or 'cop in' and a facing",
                             accepted="cop 3 d7 d8 d9, cop in e")
    if head == "donuts":
        if len(rest) != 1:
            raise MoveParseError("donuts names one cop", accepted="donuts 3")
        return {"a": "donuts", "cop": _number(rest[0], "cop number", 9)}
    if head == "move":
        if len(rest) < 2:
            raise MoveParseError("name the piece and its path", accepted="move T d7 d8 BRI")
        move: dict[str, Any] = {"a": "move", "piece": _piece(rest[0])}
        path = _end(rest[1:], move)
        move["path"] = _path(path)
        return {"a": "move", "piece": move["piece"], "path": move["path"], "act": move["act"],
                "target": move["target"]}
    if head == "extort":
        if len(rest) != 1:
            raise MoveParseError("name the piece that extorts where it stands", accepted="extort T")
        return {"a": "extort", "piece": _piece(rest[0])}
    if head == "recruit":
        return _parse_recruit(rest)
    if head == "public":
        if len(rest) == 2 and rest[0] == "in":
            return {"a": "newpublic", "to": _place_or_facing(rest[1])}
        if len(rest) >= 2:
            return {"a": "public", "id": _number(rest[0], "Public number", 9), "path": _path(rest[1:])}
        raise MoveParseError("name the Public and its path, or 'public in' and a facing",
                             accepted="public 4 d7 d8, public in e")
    if head == "commish":
        if len(rest) == 1 and rest[0].isascii() and rest[0].isdigit():
            return {"a": "commish", "n": _number(rest[0], "strength", 12)}
        if len(rest) == 2 and rest[0] == "in":
            return {"a": "centry", "to": _place_or_facing(rest[1])}
        if rest:
            return {"a": "cmove", "path": _path(rest)}
        raise MoveParseError("commish takes a strength, a path, or 'in' and a facing",
                             accepted="commish 4, commish d7 d8 d9, commish in e")
    if head == "face":
        if len(rest) != 1:
            raise MoveParseError("face names one facing", accepted="face e")
        return {"a": "face", "to": _facing(rest[0])}
    if head == "chit":
        if len(rest) != 1:
            raise MoveParseError("chit names one multiplier", accepted="chit 2")
        return {"a": "chit", "mult": _number(rest[0], "chit multiplier", 3)}
    if head == "informant":
        return _parse_informant(rest)
    if head == "show":
        if len(rest) != 1:
            raise MoveParseError("show names one bribe", accepted="show 3")
        return {"a": "show", "bribe": _number(rest[0], "bribe number", 10)}
    if head == "assign":
        return _parse_assign(rest)
    raise MoveParseError(f"'{head[:12]}' is not a Gangsters move",
                         accepted="buy, improve, roll, bribe, cop, pass, move, extort, recruit, public, done")


def _parse_gang(rest: list[str]) -> dict[str, Any]:
    strengths = {k: 0 for k in PIECES}
    at: dict[str, str] = {}
    seen: set[str] = set()
    i = 0
    while i < len(rest):
        word = rest[i]
        kind = _PIECE_WORDS.get(word[0]) if word else None
        digits = word[1:]
        if kind is None or word[0] not in "rtv":
            raise MoveParseError(f"'{word[:12]}' is not a piece strength like R5",
                                 accepted="gang R5 BRI T2 BUS V1 BUS")
        if not digits:
            if i + 1 >= len(rest):
                raise MoveParseError("a strength is missing", accepted="gang R5 BRI T2 BUS V1 BUS")
            digits = rest[i + 1]
            i += 1
        if kind in seen:
            raise MoveParseError(f"{kind} is named twice", accepted="each piece once")
        seen.add(kind)
        strengths[kind] = _number(digits, "strength", 12)
        if i + 1 >= len(rest):
            raise MoveParseError(f"say which of your joints the {kind} starts in",
                                 accepted=f"{kind}{digits} BRI")
        code = rest[i + 1].upper()
        if code not in DOORS:
            raise MoveParseError(f"'{rest[i + 1][:12]}' is not a joint", accepted=f"{kind}{digits} BRI")
        if strengths[kind] > 0:
            at[kind] = code
        i += 2
    return {"a": "gang", **strengths, "at": {k: at[k] for k in PIECES if k in at}}


def _parse_informant(rest: list[str]) -> dict[str, Any]:
    if not rest:
        raise MoveParseError("name the Informant", accepted="informant 3 d7 d8 BRI flip joint")
    pid = _number(rest[0], "Public number", 9)
    ws = rest[1:]
    flip: Any = None
    if "flip" in ws:
        i = ws.index("flip")
        tail = ws[i + 1:]
        if tail == ["joint"]:
            flip = "joint"
        elif len(tail) == 2:
            flip = [_seat(tail[0]), _piece(tail[1])]
        else:
            raise MoveParseError("flip names the joint or a gang piece", accepted="flip joint, or flip P2 T")
        ws = ws[:i]
    path = [node(w) for w in ws]
    if not path and flip is None:
        raise MoveParseError("an Informant moves, flips, or both", accepted="informant 3 d7 d8, informant 3 "
                                                                         "flip P2 T")
    return {"a": "informant", "id": pid, "path": path, "flip": flip}


def _parse_recruit(rest: list[str]) -> dict[str, Any]:
    if len(rest) < 2:
        raise MoveParseError("name the piece and how many strength points", accepted="recruit T 2")
    kind = _piece(rest[0])
    n = _number(rest[1], "number of strength points", 12)
    tail = rest[2:]
    if tail and tail[0] in ("facing", "at"):
        tail = tail[1:]
    facing = None
    if len(tail) == 1:
        # The Commissioner may come on at a precinct HQ instead of the green subway (variant 7.21).
        facing = _place_or_facing(tail[0]) if kind == "C" else _facing(tail[0])
    elif tail:
        raise MoveParseError("recruit ends with at most a facing (or, for the Commissioner, an HQ)",
                             accepted="recruit T 2 facing e, recruit C 2 at ICE")
    return {"a": "recruit", "piece": kind, "n": n, "facing": facing}


def _parse_assign(rest: list[str]) -> dict[str, Any]:
    if not rest or len(rest) % 3:
        raise MoveParseError("assign lists gang, piece and hits for each target",
                             accepted="assign P2 T 1 P3 R 1")
    hits: list[list[Any]] = []
    for i in range(0, len(rest), 3):
        hits.append([_seat(rest[i]), _piece(rest[i + 1]), _number(rest[i + 2], "number of hits", 12)])
    hits.sort(key=lambda h: (h[0], _PIECE_ORDER[str(h[1])]))
    return {"a": "assign", "hits": hits}


# -- printing --------------------------------------------------------------------------------------


def format_move(move: dict[str, Any]) -> str:
    a = move["a"]
    if a in SIMPLE:
        return str(a)
    if a == "commish":
        return f"commish {move['n']}"
    if a == "centry":
        return f"commish in {move['to']}"
    if a == "cmove":
        return "commish " + " ".join(move["path"])
    if a == "face":
        return f"face {move['to']}"
    if a == "bcop":
        return f"cop {move['cop']} in {move['to']}"
    if a == "chit":
        return f"chit {move['mult']}"
    if a == "informant":
        text = f"informant {move['id']}" + "".join(f" {n}" for n in move["path"])
        flip = move["flip"]
        if flip == "joint":
            text += " flip joint"
        elif flip is not None:
            text += f" flip P{flip[0] + 1} {flip[1]}"
        return text
    if a in ("buy", "improve", "sell"):
        return f"{a} {move['joint']}"
    if a == "gang":
        parts = [f"{k}{move[k]} {move['at'][k]}" for k in PIECES if move[k] > 0]
        return "gang " + " ".join(parts)
    if a == "cop":
        return f"cop {move['cop']} " + " ".join(move["path"])
    if a == "newcop":
        return f"cop in {move['to']}"
    if a == "donuts":
        return f"donuts {move['cop']}"
    if a == "move":
        text = f"move {move['piece']} " + " ".join(move["path"])
        return text + end_text(move["act"], move["target"])
    if a == "extort":
        return f"extort {move['piece']}"
    if a == "recruit":
        where = move["facing"]
        facing = "" if not where else f" at {where}" if where in DOORS else f" facing {where}"
        return f"recruit {move['piece']} {move['n']}{facing}"
    if a == "newpublic":
        return f"public in {move['to']}"
    if a == "public":
        return f"public {move['id']} " + " ".join(move["path"])
    if a == "show":
        return f"show {move['bribe']}"
    if a == "assign":
        return "assign " + " ".join(f"P{s + 1} {k} {n}" for s, k, n in move["hits"])
    raise ValueError(f"unknown move {move!r}")


def end_text(act: str, target: Any) -> str:
    """The notation's tail for a move's end action: "", " extort", " hit joint", " hit P2 R"."""
    if act == "none":
        return ""
    if act == "extort":
        return " extort"
    if target == "joint":
        return " hit joint"
    return f" {act} P{target[0] + 1} {target[1]}"


__all__ = ["DIRECTIONS", "HELP", "format_move", "parse_move"]
