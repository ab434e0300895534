"""The reply notation: parse text into moves and print moves as text.

Canonical forms (``format_move`` prints these; ``parse_move`` reads them and a
few friendlier spellings)::

    bid 3                         bid 8 kumarbi 2
    move C3 C4 D4 E4 drop green blue blue      (drop colours may be left out
                                               when only one colour can finish)
    fakirs 2                      (Builders: Fakirs added; "pass" = fakirs 0)
    kill D2 white                 kill D2 white blue   (Iblis)
    kill P2 vizier                kill P2 vizier elder (Iblis)
    take 1 3                      (market: card positions in the row)
    take jafaar pay elder fakir   (Sacred Place)
    palm      palm D4 pay fakir   (Lamia)      palace    palace C2 pay elder (Hagis)
    keep jafaar                   (Sibittis)
    djinn bouraq B2 pay elder     djinn echidna pay elder fakir
    sell ivory fish fish          pass          done

Several moves may be sent at once separated by ";" or new lines:
:func:`parse_sequence` parses them one after the other, each against the
state the previous ones lead to.
"""

from __future__ import annotations

import re
from typing import Any

from games.rules.base import IllegalMove, MoveParseError
from games.rules.text import TextError, check_text, int_or_none, is_digits, parse_int, shown

from .board import TILE_INDEX
from .data import COLOUR_NAMES, COLOURS, DJINNS, MERCHANDISE, SPOT_COSTS
from .djinns import cost_options, payable
from .state import MoveDict, State
from .tiles import sacred_payments

COLOUR_WORDS = {}
for _c, _words in {
    "Y": ("y", "yellow", "vizier", "viziers"),
    "W": ("w", "white", "elder", "elders"),
    "G": ("g", "green", "merchant", "merchants"),
    "B": ("b", "blue", "builder", "builders"),
    "R": ("r", "red", "assassin", "assassins"),
}.items():
    for _w in _words:
        COLOUR_WORDS[_w] = _c
PLAYER_KILL_WORDS = {"vizier": "Y", "viziers": "Y", "yellow": "Y", "y": "Y",
                     "elder": "W", "elders": "W", "white": "W", "w": "W"}
PAY_WORDS = {"elder": "E", "elders": "E", "e": "E", "fakir": "F", "fakirs": "F", "f": "F"}
KILL_NAMES = {"Y": "vizier", "W": "elder"}


def _key(word: str) -> str:
    return re.sub(r"[^a-z]", "", word.lower())


DJINN_KEYS = {_key(name): name for name in DJINNS}
DJINN_KEYS.update({"ibus": "Iblis", "jaafar": "Jafaar", "sibitis": "Sibittis", "boaraq": "Bouraq"})
GOODS_KEYS = {_key(k): k for k in MERCHANDISE}
GOODS_KEYS.update({"jewel": "Jewels", "papyri": "Papyrus", "spices": "Spice", "wheats": "Wheat",
                   "potteries": "Pottery", "fishes": "Fish", "silks": "Silk", "golds": "Gold"})

DJINN_LIST = ", ".join(name.lower() for name in DJINNS)


def djinn_word(name: str) -> str:
    return name.lower()


def colour_word(c: str) -> str:
    return COLOUR_NAMES[c]


def pay_words(pay: str) -> str:
    return "pay " + " ".join("elder" if c == "E" else "fakir" for c in pay)


# -- printing ------------------------------------------------------------------


def format_move(move: MoveDict) -> str:
    kind = move["t"]
    if kind == "bid":
        return f"bid {move['cost']}" + (f" kumarbi {move['fakirs']}" if move.get("fakirs") else "")
    if kind == "move":
        drops = " ".join(colour_word(c) for c in move["drops"])
        return f"move {move['from']} {' '.join(move['path'])} drop {drops}"
    if kind in ("pass", "done"):
        return str(kind)
    if kind == "builders":
        return f"fakirs {move['fakirs']}"
    if kind == "kill":
        if "tile" in move:
            return f"kill {move['tile']} " + " ".join(colour_word(c) for c in move["meeples"])
        return f"kill P{move['seat'] + 1} " + " ".join(KILL_NAMES[c] for c in move["meeples"])
    if kind == "take":
        if "cards" in move:
            return "take " + " ".join(str(c) for c in move["cards"])
        return f"take {djinn_word(move['djinn'])} {pay_words(move['pay'])}"
    if kind in ("palm", "palace"):
        if "tile" in move:
            return f"{kind} {move['tile']} {pay_words(move['pay'])}"
        return str(kind)
    if kind == "keep":
        return f"keep {djinn_word(move['djinn'])}"
    if kind == "djinn":
        tile = f" {move['tile']}" if "tile" in move else ""
        return f"djinn {djinn_word(move['djinn'])}{tile} {pay_words(move['pay'])}"
    if kind == "sell":
        return "sell " + " ".join(c.lower() for c in move["cards"])
    raise ValueError(f"unknown move {move!r}")


# -- parsing -------------------------------------------------------------------


def _tokens(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", text.strip().lower().rstrip(".!")) if w]


def _tile(word: str) -> str:
    if word.upper() in TILE_INDEX:
        return word.upper()
    raise MoveParseError(f"'{word}' is not a tile", accepted="tiles are named A1 to F5: column A-F, row 1-5")


def _djinn(words: list[str]) -> tuple[str, list[str]]:
    """A Djinn name at the front of *words* (one or two words); returns it and the rest."""
    if not words:
        raise MoveParseError("name the Djinn", accepted=DJINN_LIST)
    for n in (1, 2):
        key = _key("".join(words[:n]))
        if key in DJINN_KEYS:
            return DJINN_KEYS[key], words[n:]
    raise MoveParseError(f"'{words[0]}' is not a Djinn", accepted=DJINN_LIST)


def _pay(words: list[str], default: str | None = None) -> str:
    if not words:
        if default is None:
            raise MoveParseError("say how you pay", accepted="pay elder, pay fakir or pay elder fakir")
        return default
    if words[0] in ("pay", "with", "paying"):
        words = words[1:]
    codes = []
    for w in words:
        if w not in PAY_WORDS:
            raise MoveParseError(f"'{w}' is not a payment", accepted="elder or fakir, e.g. pay elder fakir")
        codes.append(PAY_WORDS[w])
    if not codes:
        raise MoveParseError("say how you pay", accepted="pay elder or pay fakir")
    # Canonical order: Elders before Fakirs ("EF", never "FE").
    return "".join(sorted(codes))


# No count in the game (Fakirs, card positions, spot costs, cards of a kind) comes near this.
MAX_NUMBER = 99


def _int(word: str, what: str) -> int:
    """A whole number in ASCII digits, at most :data:`MAX_NUMBER`; ``what`` says what is accepted."""
    try:
        return parse_int(word, low=0, high=MAX_NUMBER)
    except TextError as error:
        problem = "is too large" if error.kind == "too_large" else "is not a number"
        raise MoveParseError(f"'{shown(word)}' {problem}", accepted=what) from None


def _player(word: str, s: State) -> int | None:
    m = re.fullmatch(r"p(?:layer)?([0-9]+)", word)
    number = int_or_none(m.group(1), low=1, high=s["num_players"]) if m else None
    return None if number is None else number - 1


def _step(s: State, seat: int) -> str:
    if s["phase"] == "bid":
        return "bid"
    if s["phase"] == "play" and s["turn"] and s["turn"]["seat"] == seat:
        return str(s["turn"]["step"])
    return ""


def _default_pay(s: State, seat: int, name: str) -> str:
    """Payment when none is written: Fakirs before Elders (Elders score, Fakirs rarely do)."""
    opts = payable(s["seats"][seat], name) or list(cost_options(name))
    return sorted(opts, key=lambda p: -p.count("F"))[0]


def parse_move(s: State, seat: int, text: str) -> MoveDict:
    try:
        check_text(text)
    except TextError as error:
        raise MoveParseError(error.message, accepted="one move, e.g. " + HELP_EXAMPLES) from None
    words = _tokens(text)
    if not words:
        raise MoveParseError("the move is empty", accepted="for example " + HELP_EXAMPLES)
    verb, rest = words[0], words[1:]
    step = _step(s, seat)
    if verb == "bid" or (step == "bid" and is_digits(verb)):
        if is_digits(verb):
            rest = words
        return _parse_bid(rest)
    if verb in ("move", "m"):
        return _parse_movement(s, rest)
    if verb in ("pass", "done", "end", "no", "skip", "none"):
        if step == "end":
            return {"t": "done"}
        if step == "builders":
            return {"t": "builders", "fakirs": 0}
        if step in ("palm", "palace"):
            return {"t": step}
        return {"t": "pass"}
    if verb in ("fakirs", "fakir", "builders"):
        rest = [w for w in rest if w not in ("fakir", "fakirs")]
        return {"t": "builders", "fakirs": _int(rest[0], "a number of Fakirs, e.g. fakirs 1") if rest else 0}
    if verb == "kill":
        return _parse_kill(s, rest)
    if verb in ("take", "buy", "summon"):
        if rest and is_digits(rest[0]):
            return {"t": "take", "cards": sorted(_int(w, "card positions, e.g. take 1 3") for w in rest)}
        if not rest:
            raise MoveParseError("say what to take", accepted="take 2 (a card), or take jafaar (a Djinn)")
        name, more = _djinn(rest)
        return {"t": "take", "djinn": name, "pay": _pay(more, _sacred_default(s, seat))}
    if verb in ("palm", "palace"):
        if not rest or rest[0] in ("here", "normal"):
            return {"t": verb}
        tile = _tile(rest[0])
        name = "Lamia" if verb == "palm" else "Hagis"
        return {"t": verb, "tile": tile, "pay": _pay(rest[1:], _default_pay(s, seat, name))}
    if verb == "keep":
        name, more = _djinn(rest)
        if more:
            raise MoveParseError(f"'{more[0]}' is not understood after keep {name.lower()}")
        return {"t": "keep", "djinn": name}
    if verb in ("djinn", "use", "invoke"):
        return _parse_djinn(s, seat, rest)
    if verb == "sell":
        return _parse_sell(rest)
    raise MoveParseError(f"'{verb}' is not a move", accepted=ACCEPTED_VERBS)


ACCEPTED_VERBS = "bid, move, fakirs, kill, take, palm, palace, keep, djinn, sell, pass, done"
HELP_EXAMPLES = "bid 3, move C3 C4 D4, kill D2 white, take 1 3, djinn enki E1 pay elder, sell fish ivory, done"


def _sacred_default(s: State, seat: int) -> str:
    pays = sacred_payments(s["seats"][seat])
    return "EF" if "EF" in pays else "EE"


def _parse_bid(rest: list[str]) -> MoveDict:
    if not rest:
        raise MoveParseError("say which spot you bid on", accepted="bid 0, 1, 3, 5, 8, 12 or 18")
    cost = _int(rest[0], "bid 0, 1, 3, 5, 8, 12 or 18")
    if cost not in SPOT_COSTS:
        raise MoveParseError(f"there is no spot costing {rest[0]}", accepted="bid 0, 1, 3, 5, 8, 12 or 18")
    move: MoveDict = {"t": "bid", "cost": cost}
    more = rest[1:]
    if more:
        if more[0] != "kumarbi":
            raise MoveParseError(f"'{more[0]}' is not understood after bid {rest[0]}",
                                 accepted="bid N, or bid N kumarbi F to pay F Fakirs with Kumarbi")
        fakirs = _int(more[1], "kumarbi 1, kumarbi 2, ...") if len(more) > 1 else 1
        if len(more) > 2:
            raise MoveParseError(f"'{more[2]}' is not understood", accepted="bid N kumarbi F")
        if fakirs:
            move["fakirs"] = fakirs
    return move


def _parse_movement(s: State, rest: list[str]) -> MoveDict:
    words = [w for part in rest for w in re.split(r"[-–>]+", part) if w]
    if "drop" in words:
        i = words.index("drop")
        tiles, colours = words[:i], words[i + 1:]
    else:
        tiles, colours = words, []
    if len(tiles) < 2:
        raise MoveParseError("name the start tile and then each tile a meeple is dropped on",
                             accepted="for example move C3 C4 D4 E4")
    names = [_tile(w) for w in tiles]
    drops = ""
    for w in colours:
        if w in COLOUR_WORDS:
            drops += COLOUR_WORDS[w]
        elif all(ch in "ywgbr" for ch in w):
            drops += w.upper()
        else:
            raise MoveParseError(f"'{w}' is not a meeple colour",
                                 accepted="yellow, white, green, blue, red (or Y W G B R)")
    if not colours:
        drops = _infer_drops(s, names)
    return {"t": "move", "from": names[0], "path": names[1:], "drops": drops}


def _infer_drops(s: State, names: list[str]) -> str:
    """Drops for a move written without colours: only when one colour can finish."""
    start, path = TILE_INDEX[names[0]], [TILE_INDEX[n] for n in names[1:]]
    hand = s["meeples"][start]
    if not hand or len(path) != len(hand):
        return "".join(sorted(hand, key=COLOURS.index))  # apply() reports the real problem
    final = path[-1]
    here = "" if final == start else s["meeples"][final]
    finishers = [c for c in COLOURS if c in hand and c in here]
    if len(finishers) > 1:
        options = " or ".join(colour_word(c) for c in finishers)
        raise MoveParseError(
            f"more than one colour can finish on {names[-1]} ({options}): add the drop colours",
            accepted=f"move {' '.join(names)} drop " + " ".join(colour_word(c) for c in _order(hand, finishers[0])),
        )
    if not finishers:
        return _order(hand, hand[0])  # apply() explains why nothing can finish there
    return _order(hand, finishers[0])


def _order(hand: str, last: str) -> str:
    rest = list(hand)
    rest.remove(last)
    return "".join(sorted(rest, key=COLOURS.index)) + last


def _parse_kill(s: State, rest: list[str]) -> MoveDict:
    if not rest:
        raise MoveParseError("say what to kill", accepted="kill D2 white, or kill P2 vizier")
    target, words = rest[0], rest[1:]
    victim = _player(target, s)
    if victim is None and target == "player" and words and is_digits(words[0]):
        victim = _player("p" + words[0], s)
        words = words[1:]
    if not words:
        raise MoveParseError("say which meeple to kill", accepted="for example kill D2 white")
    if victim is not None:
        codes = ""
        for w in words:
            if w not in PLAYER_KILL_WORDS:
                raise MoveParseError(f"'{w}' cannot be killed in front of a player", accepted="vizier or elder")
            codes += PLAYER_KILL_WORDS[w]
        return {"t": "kill", "seat": victim, "meeples": "".join(sorted(codes, key=COLOURS.index))}
    if target.upper() not in TILE_INDEX:
        raise MoveParseError(f"'{target}' is neither a tile nor a player",
                             accepted="a tile A1-F5 or a player P1-P" + str(s["num_players"]))
    codes = ""
    for w in words:
        if w not in COLOUR_WORDS:
            raise MoveParseError(f"'{w}' is not a meeple colour", accepted="yellow, white, green, blue or red")
        codes += COLOUR_WORDS[w]
    return {"t": "kill", "tile": target.upper(), "meeples": "".join(sorted(codes, key=COLOURS.index))}


def _parse_djinn(s: State, seat: int, rest: list[str]) -> MoveDict:
    name, more = _djinn(rest)
    move: MoveDict = {"t": "djinn", "djinn": name}
    if more and more[0].upper() in TILE_INDEX:
        move["tile"] = more[0].upper()
        more = more[1:]
    move["pay"] = _pay(more, _default_pay(s, seat, name) if name in DJINNS and DJINNS[name][1] else "")
    return move


_GOODS_WITH_COUNT = re.compile(r"([0-9]+)?x?([a-z]+?)(?:x([0-9]+))?")


def _parse_sell(rest: list[str]) -> MoveDict:
    cards: list[str] = []
    count = 1
    for w in rest:
        if is_digits(w):
            count = _int(w, "a number of cards, e.g. sell 2 fish")
            continue
        m = _GOODS_WITH_COUNT.fullmatch(w)
        key = _key(w)
        if m and (m.group(1) or m.group(3)):
            # "2fish", "2xfish" and "fishx2" carry their own count (it used to be dropped silently).
            key = m.group(2)
            count = _int(m.group(1) or m.group(3), "a number of cards, e.g. sell 2 fish")
        elif key not in GOODS_KEYS and m:
            key = m.group(2)
        if key not in GOODS_KEYS:
            raise MoveParseError(f"'{shown(w)}' is not a merchandise card",
                                 accepted=", ".join(k.lower() for k in MERCHANDISE))
        cards.extend([GOODS_KEYS[key]] * count)
        count = 1
    if not cards:
        raise MoveParseError("say which cards to sell", accepted="for example sell ivory fish")
    return {"t": "sell", "cards": sorted(cards)}


def parse_sequence(rules: Any, s: State, seat: int, text: str) -> list[MoveDict]:
    """Parse several moves (separated by ';' or new lines), each against the state before it."""
    parts = [p.strip() for p in re.split(r"[;\n]+", text) if p.strip()]
    moves = []
    state = s
    for n, part in enumerate(parts, 1):
        try:
            move = rules.parse_move(state, seat, part)
            state = rules.apply(state, seat, move)
        except IllegalMove as exc:
            prefix = f"in part {n} ('{part}'): " if len(parts) > 1 else ""
            raise type(exc)(prefix + exc.message, accepted=exc.accepted) from None
        moves.append(move)
        if seat not in rules.to_act(state) and n < len(parts):
            raise IllegalMove(f"your turn ended after part {n} ('{part}'); the rest was not used",
                              accepted="send the remaining moves when it is your turn again")
    return moves


NOTATION_HELP = """\
Tiles: columns A-F (left to right), rows 1-5 (top to bottom), e.g. C4.
Meeple colours: yellow (Vizier), white (Elder), green (Merchant), blue (Builder), red (Assassin).
  bid 3                      bid for the Turn Order spot costing 3 (0, 1, 3, 5, 8, 12, 18)
  bid 8 kumarbi 2            with Kumarbi: pay 2 Fakirs, the spot costs 2 spots less
  move C3 C4 D4 drop white blue     pick up C3, drop white on C4, blue on D4 (the last must match)
  move C3 C4 D4              colours may be left out when only one colour can finish
  fakirs 1                   add Fakirs to your Builders (fakirs 0 for none)
  kill D2 white | kill P2 vizier    your Assassins' target (two meeples with Iblis)
  take 1 3                   market: cards by position in the row
  take jafaar pay elder fakir       Sacred Place: take a Djinn
  djinn enki E1 pay elder    use a Djinn power (djinn echidna pay elder elder, ...)
  palm | palm D4 pay fakir   place a palm (Lamia may move it); palace works the same (Hagis)
  keep jafaar                Sibittis: the Djinn you keep
  sell ivory fish fish       sell merchandise (suits are valued for you)
  pass | done                skip a choice / end your turn
Several moves in one reply: separate them with ';' or new lines."""
