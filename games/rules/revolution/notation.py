"""The text notation of Revolution! moves: parsing (forgiving) and printing (canonical).

Bids::

    general b g; printer f; merchant 2g        <- the canonical printed form
    Gen: B, G / print F / merch 2 gold          <- also accepted

* Groups are separated by ``;``, ``,`` or new lines, but a character name also
  starts a new group, so ``general b g printer f`` works too.
* A character is its name, any unique prefix (``gen``, ``prin``, ``apo``) or its
  number 1-12 in resolution order.
* Tokens are ``f``/``b``/``g`` (or ``force``/``blackmail``/``gold``) with an
  optional count joined to the letter (``2g``, ``g2``, ``3gold``) or as a separate
  number before the letter inside a group (``general 2 g``). Runs of letters
  count each letter: ``fbgg`` = 1 Force, 1 Blackmail, 2 Gold.
* A bare number at the start of a group is a character number: ``7 2g`` is 2
  Gold on the Merchant, and ``general b, 2 g`` puts a Gold on the Captain.
* ``nothing`` is the empty bid (only for a player holding no tokens).

Choices (only for the winner of the Spy or the Apothecary)::

    spy blue harbor                         replace a Blue cube in the Harbor with yours
    swap cathedral blue tavern green        Apothecary: exchange those two cubes
    pass                                    decline

Moves as data::

    {"action": "bid", "bid": {"general": {"blackmail": 1, "gold": 1}, "printer": {"force": 1}}}
    {"action": "spy", "area": "harbor", "color": "blue"}
    {"action": "swap", "cubes": [{"area": "cathedral", "color": "blue"},
                                 {"area": "tavern", "color": "yellow"}]}
    {"action": "pass"}

Bids keep characters in resolution order and drop zero counts; the two cubes of
a swap are sorted in board order, so equal moves are equal data.
"""

from __future__ import annotations

import re
from typing import Any

from games.rules.base import IllegalMove, MoveParseError, State
from games.rules.text import TextError, check_text, int_or_none, is_digits, parse_int, shown

from .data import (
    AREA_INDEX,
    AREA_LIST,
    CHARACTER_IDS,
    CHARACTERS,
    COLORS,
    KIND_LETTER,
    KINDS,
)
from .engine import normalize_bid

AREA_WORD: dict[str, str] = {a.id: a.name.lower().replace(" ", "") for a in AREA_LIST}
_AREA_BY_WORD: dict[str, str] = {w: a for a, w in AREA_WORD.items()}
_AREA_ALIASES = {"harbour": "harbor", "hall": "town_hall", "townhall": "town_hall", "church": "cathedral",
                 "fort": "fortress", "inn": "tavern"}

_CHARACTER_ALIASES = {"apo": "apothecary", "doctor": "apothecary", "inn": "innkeeper"}
_KIND_WORDS = {
    "f": "force", "force": "force", "forces": "force",
    "b": "blackmail", "bm": "blackmail", "blackmail": "blackmail", "blackmails": "blackmail",
    "g": "gold", "gold": "gold", "golds": "gold",
}
_LETTER_KIND = {"f": "force", "b": "blackmail", "g": "gold"}
# ASCII digits only: "\d" would also match "٣" (and str.isdigit "²"); counts go through games.rules.text.
_COUNT_FIRST = re.compile(r"^([0-9]+)x?([a-z]+)$")
_COUNT_LAST = re.compile(r"^([fbg])x?([0-9]+)$")
# More tokens of one kind than the whole game has (the adapter's box holds 99 too): a typing slip.
MAX_TOKEN_COUNT = 99
_LETTER_RUN = re.compile(r"^[fbg]+$")
_GROUP_SPLIT = re.compile(r"[;,\n]+")
_WORD_SPLIT = re.compile(r"[\s:=+.()/&*\-]+")
_TOWN_HALL = re.compile(r"town[\s_\-]*hall")
_FILLER = {"in", "the", "at", "a", "cube", "cubes", "with", "and", "for", "of", "from", "to", "on", "'s", "s"}
PASS_WORDS = frozenset({"pass", "decline", "skip", "no"})
SWAP_WORDS = frozenset({"swap", "apothecary", "apo", "exchange", "switch", "trade"})
_EMPTY_BID_WORDS = {"nothing", "none"}

_CHARACTER_HELP = "characters: " + ", ".join(CHARACTER_IDS) + " (or a prefix such as 'gen', or a number 1-12)"
_TOKEN_HELP = "tokens: f, b, g (Force, Blackmail, Gold) with counts such as 2g"


# -- bids --------------------------------------------------------------------------


def _token_word(word: str) -> list[tuple[str, int]] | None:
    """The (kind, count) pairs a token word stands for, or None if it is not one."""
    if word in _KIND_WORDS:
        return [(_KIND_WORDS[word], 1)]
    if _LETTER_RUN.match(word):
        return [(_LETTER_KIND[ch], 1) for ch in word]
    m = _COUNT_FIRST.match(word)
    if m and m.group(2) in _KIND_WORDS:
        return [(_KIND_WORDS[m.group(2)], _token_count(m.group(1), word))]
    m = _COUNT_LAST.match(word)
    if m:
        return [(_LETTER_KIND[m.group(1)], _token_count(m.group(2), word))]
    return None


def _token_count(digits: str, word: str) -> int:
    """A count of tokens, in ASCII digits and at most :data:`MAX_TOKEN_COUNT`, else MoveParseError."""
    try:
        return parse_int(digits, low=0, high=MAX_TOKEN_COUNT, what="a count of tokens")
    except TextError:
        raise MoveParseError(f"'{shown(word)}' is more tokens than the game has",
                             accepted=f"counts from 1 to {MAX_TOKEN_COUNT}, e.g. 2g") from None


def _character_word(word: str) -> str:
    if word in CHARACTERS:
        return word
    if word in _CHARACTER_ALIASES:
        return _CHARACTER_ALIASES[word]
    matches = [cid for cid in CHARACTER_IDS if cid.startswith(word)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        names = " or the ".join(CHARACTERS[c].name for c in matches)
        raise MoveParseError(f"'{word}' could be the {names}", accepted="type more letters of the name")
    raise MoveParseError(f"'{word}' is not a character or a token", accepted=f"{_CHARACTER_HELP}; {_TOKEN_HELP}")


def _character_number(word: str) -> str:
    number = int_or_none(word, low=1, high=len(CHARACTER_IDS))
    if number is None:
        raise MoveParseError(f"there is no character number {shown(word)}",
                             accepted="characters are numbered 1 (General) to 12 (Mercenary)")
    return CHARACTER_IDS[number - 1]


def parse_bid(text: str) -> dict[str, dict[str, int]]:
    words_seen = False
    counts: dict[str, dict[str, int]] = {}
    current: str | None = None
    for group in _GROUP_SPLIT.split(text):
        words = [w for w in _WORD_SPLIT.split(group) if w]
        i = 0
        while i < len(words):
            word = words[i]
            words_seen = True
            if is_digits(word):
                following = _KIND_WORDS.get(words[i + 1]) if i + 1 < len(words) else None
                if i > 0 and current is not None and following is not None:
                    # "general 2 g": a count written apart from its letter.
                    kind_counts = counts[current]
                    kind_counts[following] = kind_counts.get(following, 0) + _token_count(word, word)
                    i += 2
                    continue
                current = _character_number(word)
                counts.setdefault(current, {})
            else:
                tokens = _token_word(word)
                if tokens is None:
                    current = _character_word(word)
                    counts.setdefault(current, {})
                elif current is None:
                    raise MoveParseError(f"'{word}' must follow a character",
                                         accepted="for example 'printer 2g'")
                else:
                    for kind, n in tokens:
                        counts[current][kind] = counts[current].get(kind, 0) + n
            i += 1
    if not words_seen:
        raise MoveParseError("the bid is empty", accepted="for example 'general b g; printer f; merchant 2g'")
    for cid, given in counts.items():
        if not any(given.values()):
            raise MoveParseError(f"no tokens given for the {CHARACTERS[cid].name}",
                                 accepted=f"write them after the name, e.g. '{cid} 2g'")
    return normalize_bid(counts)


def format_bid(bid: dict[str, dict[str, int]]) -> str:
    groups = []
    for cid in CHARACTER_IDS:
        tokens = bid.get(cid)
        if not tokens:
            continue
        parts = []
        for kind in KINDS:
            n = tokens.get(kind, 0)
            if n:
                parts.append(KIND_LETTER[kind] if n == 1 else f"{n}{KIND_LETTER[kind]}")
        groups.append(f"{cid} {' '.join(parts)}")
    return "; ".join(groups) if groups else "nothing"


# -- choices -------------------------------------------------------------------------


def _area_word(word: str) -> str | None:
    if word in _AREA_BY_WORD:
        return _AREA_BY_WORD[word]
    if word in _AREA_ALIASES:
        return _AREA_ALIASES[word]
    matches = [a for w, a in _AREA_BY_WORD.items() if w.startswith(word)]
    if len(matches) > 1:
        names = " or the ".join(AREA_LIST[AREA_INDEX[a]].name for a in matches)
        raise MoveParseError(f"'{word}' could be the {names}", accepted="type more letters of the area")
    return matches[0] if matches else None


def _color_word(word: str, players: int) -> str | None:
    matches = [c for c in COLORS[:players] if c.startswith(word)]
    return matches[0] if len(matches) == 1 else None


def _spots(words: list[str], players: int, wanted: int, example: str) -> list[dict[str, str]]:
    """Read (area, colour) pairs, each pair in either order."""
    spots: list[dict[str, str]] = []
    partial: dict[str, str] = {}
    for word in words:
        if word in _FILLER:
            continue
        area = _area_word(word)
        color = None if area else _color_word(word, players)
        if area is None and color is None:
            raise MoveParseError(
                f"'{word}' is not an area or a colour",
                accepted="areas: " + ", ".join(AREA_WORD.values()) + "; colours: " + ", ".join(COLORS[:players]),
            )
        key, value = ("area", area) if area else ("color", color)
        if key in partial:
            raise MoveParseError(f"two {'areas' if key == 'area' else 'colours'} in a row near '{word}'",
                                 accepted=f"name each cube by area and colour, e.g. '{example}'")
        partial[key] = value  # type: ignore[assignment]
        if len(partial) == 2:
            spots.append(partial)
            partial = {}
    if partial or len(spots) != wanted:
        raise MoveParseError(f"expected {'one cube' if wanted == 1 else 'two cubes'}, each as an area and a colour",
                             accepted=f"for example '{example}'")
    return spots


def _spot_key(spot: dict[str, str]) -> tuple[int, int]:
    return AREA_INDEX.get(spot["area"], 99), COLORS.index(spot["color"]) if spot["color"] in COLORS else 99


def normalize_swap(cubes: list[dict[str, str]]) -> list[dict[str, str]]:
    return sorted(({"area": c["area"], "color": c["color"]} for c in cubes), key=_spot_key)


def parse_choice(words: list[str], players: int) -> dict[str, Any]:
    head, rest = words[0], words[1:]
    if head in PASS_WORDS:
        if rest:
            raise MoveParseError(f"'pass' takes nothing after it, not '{' '.join(rest)}'", accepted="just 'pass'")
        return {"action": "pass"}
    if head == "spy":
        spot = _spots(rest, players, 1, "spy blue harbor")[0]
        return {"action": "spy", "area": spot["area"], "color": spot["color"]}
    if head in SWAP_WORDS:
        return {"action": "swap", "cubes": normalize_swap(_spots(rest, players, 2, "swap cathedral blue tavern green"))}
    raise MoveParseError(f"'{head}' is not a choice",
                         accepted="'spy blue harbor', 'swap cathedral blue tavern green' or 'pass'")


# -- entry points ----------------------------------------------------------------------


def _clean(text: str) -> str:
    return _TOWN_HALL.sub("townhall", text.strip().lower())


def split_words(text: str) -> list[str]:
    """The words of a line as the parser reads them: lower case, separators dropped."""
    return [w for w in _WORD_SPLIT.split(_GROUP_SPLIT.sub(" ", _clean(text))) if w]


def parse_move(state: State, seat: int, text: str) -> dict[str, Any]:
    try:
        check_text(text)
    except TextError as error:
        raise MoveParseError(error.message if isinstance(text, str) else "a move is a line of text",
                             accepted="for example 'general b g; printer f'") from None
    clean = _clean(text)
    words = split_words(text)
    phase = state["phase"]
    if phase == "over":
        raise IllegalMove("the game is over; no more moves are accepted")
    if phase == "choice":
        pending = state["resolution"]["pending"]
        if seat != pending["seat"]:
            who = COLORS[pending["seat"]].capitalize()
            raise IllegalMove(f"the bids are revealed; the resolution waits for {who} to choose",
                              accepted="you can bid again when the next round starts")
        if not words:
            raise MoveParseError("the reply is empty", accepted="'spy blue harbor', 'swap ...' or 'pass'")
        return parse_choice(words, state["players"])
    if words and words[0] in PASS_WORDS:
        raise MoveParseError("you cannot pass a bid: every token you hold must be bid",
                             accepted="for example 'printer f b 3g'")
    if len(words) == 1 and words[0] in _EMPTY_BID_WORDS:
        return {"action": "bid", "bid": {}}
    return {"action": "bid", "bid": parse_bid(clean)}


def format_move(state: State, seat: int, move: Any) -> str:
    action = move.get("action") if isinstance(move, dict) else None
    if action == "bid":
        return format_bid(move["bid"])
    if action == "spy":
        return f"spy {move['color']} {AREA_WORD[move['area']]}"
    if action == "swap":
        return "swap " + " ".join(f"{AREA_WORD[c['area']]} {c['color']}" for c in normalize_swap(move["cubes"]))
    if action == "pass":
        return "pass"
    raise IllegalMove(f"{move!r} is not a Revolution! move")
