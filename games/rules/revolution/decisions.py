"""What a seat decides next, for interfaces and the API; the skip policy's pass; mail replies.

``choices(state, seat)`` gives one of three decisions (``Decision.kind``):

``"bid"`` (every seat holding tokens, while the bidding lasts)
    A free-form bid: ``complete`` is False and ``options`` is empty, since every
    way of spreading the tokens over twelve characters is legal. ``detail``::

        {"round": 3,
         "tokens": {"force": 1, "blackmail": 1, "gold": 3},   # all of them must be bid
         "max_characters": 6,                                 # characters counted per bid
         "characters": [{"id": "general", "number": 1, "name": "General",
                         "immune": ["force"], "allowed": ["blackmail", "gold"],
                         "reward": "1 Support, 1 Force, a cube in the Fortress"}, ...],
         "current": null | {"general": {"blackmail": 1}, ...},  # the seat's bid, if it is in
         "current_text": null | "general b; printer f 3g",
         "awaited": true}                                      # false: revising a bid already in

    A seat whose bid is in is not awaited but may still revise it (``open_seats``),
    so it gets the decision too, with its current bid. The bid is typed in
    notation or built by a form; ``apply`` checks it.

``"spy"`` / ``"apothecary"`` (only the seat that won it, while the resolution waits)
    Every legal move listed (``complete``): ``pass`` (group ``"pass"``) and each
    cube to replace (``spy blue harbor``) or pair to exchange
    (``swap cathedral blue tavern yellow``), group ``"spy"`` / ``"swap"``.
    The Apothecary's ``detail["cubes"]`` lists the cubes that may be moved
    (``{"area", "color", "seat"}``), for a form with two drop-downs.

Nothing here is secret from the seat it is computed for: the seat's own bid
and the public board only.

``skip_move``: the rulebook's bidding has no pass (every token must be bid), so
there is none; the Spy and the Apothecary may be declined, so a timed-out
winner passes.

``reply_moves``: a bid may be written over several lines of a mail; lines that
are Spy, Apothecary or pass choices stand alone, and each run of other lines is
one bid (``general b g`` / ``printer f`` -> ``general b g; printer f``).
"""

from __future__ import annotations

from typing import Any, Sequence

from games.rules.base import Choice, Decision, IllegalMove, State

from .data import AREA_LIST, AREAS, CHARACTER_LIST, CHARACTERS, COLORS, KINDS, MAX_CHARACTERS_PER_BID, SPY
from .engine import SEAT_KEYS, area_protected, cubes_in_supply, to_act, token_count, tokens_text
from .moves import choice_moves
from .notation import PASS_WORDS, SWAP_WORDS, format_bid, format_move, parse_choice, split_words

PASS: dict[str, Any] = {"action": "pass"}
# Words that start a choice and never a bid ("spy", "apothecary" and "apo" also name characters).
_AMBIGUOUS_HEADS = frozenset({"spy", "apothecary", "apo"})
_CHOICE_HEADS = (PASS_WORDS | SWAP_WORDS) - _AMBIGUOUS_HEADS


def choices(state: State, seat: int) -> Decision | None:
    phase = state["phase"]
    if not isinstance(seat, int) or not 0 <= seat < state["players"]:
        return None
    if phase == "bidding":
        if token_count(state["hands"][seat]) == 0:
            return None  # its empty bid is entered for it: nothing to decide
        return _bid_decision(state, seat)
    if phase == "choice" and state["resolution"]["pending"]["seat"] == seat:
        return _choice_decision(state, seat)
    return None


def character_table() -> list[dict[str, Any]]:
    """The bid board as data: each character's id, number, name, immunities and reward text."""
    return [{"id": c.id, "number": c.number, "name": c.name, "immune": [k for k in KINDS if k in c.immune],
             "allowed": list(c.allowed), "reward": c.reward_text()} for c in CHARACTER_LIST]


def _bid_decision(state: State, seat: int) -> Decision:
    hand = state["hands"][seat]
    current = state["bids"].get(SEAT_KEYS[seat])
    awaited = seat in to_act(state)
    if current is None:
        prompt = f"Bid all your tokens ({tokens_text(hand)}) on at most {MAX_CHARACTERS_PER_BID} characters"
    else:
        prompt = f"Your bid is in ({format_bid(current)}); you may change it until the last bid is in"
    detail = {
        "round": state["round"],
        "tokens": dict(hand),
        "max_characters": MAX_CHARACTERS_PER_BID,
        "characters": character_table(),
        "current": {cid: dict(tokens) for cid, tokens in current.items()} if current is not None else None,
        "current_text": format_bid(current) if current is not None else None,
        "awaited": awaited,
    }
    return Decision(seat=seat, kind="bid", prompt=prompt, complete=False, detail=detail)


def _cube_label(area: str, color: str) -> str:
    return f"{color.capitalize()} cube in the {AREAS[area].name}"


def _choice_decision(state: State, seat: int) -> Decision:
    character = state["resolution"]["pending"]["character"]
    options: list[Choice] = []
    for move in choice_moves(state, seat):
        text = format_move(state, seat, move)
        if move["action"] == "pass":
            options.append(Choice(move, text, label="Pass (change nothing)", group="pass"))
        elif move["action"] == "spy":
            options.append(Choice(move, text, label=_cube_label(move["area"], move["color"]), group="spy"))
        else:
            first, second = move["cubes"]
            label = f"{_cube_label(first['area'], first['color'])} ↔ {_cube_label(second['area'], second['color'])}"
            options.append(Choice(move, text, label=label, group="swap"))
    detail: dict[str, Any] = {"round": state["round"], "character": character}
    if CHARACTERS[character].special == SPY:
        prompt = "You won the Spy: replace one opponent's cube with one of yours, or pass"
        groups = (("spy", "Replace a cube"), ("pass", "Or decline"))
        detail["supply"] = cubes_in_supply(state, seat)
    else:
        prompt = "You won the Apothecary: exchange two cubes of different colours in different areas, or pass"
        groups = (("swap", "Exchange two cubes"), ("pass", "Or decline"))
        detail["cubes"] = [{"area": area.id, "color": COLORS[other], "seat": other}
                           for area in AREA_LIST if not area_protected(state, area.id)
                           for other, count in enumerate(state["board"][area.id]) if count > 0]
    return Decision(seat=seat, kind=character, prompt=prompt, options=tuple(options), groups=groups,
                    detail=detail)


def skip_move(state: State, seat: int) -> dict[str, Any] | None:
    """Pass on the Spy or the Apothecary; bidding has no pass in the rulebook."""
    if state["phase"] == "choice" and state["resolution"]["pending"]["seat"] == seat:
        return dict(PASS)
    return None


def _is_choice_line(line: str, players: int) -> bool:
    words = split_words(line)
    if not words:
        return False
    if words[0] in _CHOICE_HEADS:
        return True
    if words[0] in _AMBIGUOUS_HEADS:
        # Also a character's name: a choice only if the rest names cubes ("spy blue harbor").
        try:
            parse_choice(words, players)
        except IllegalMove:
            return False
        return True
    return False


def reply_moves(state: State, seat: int, lines: Sequence[str]) -> list[str]:
    moves: list[str] = []
    bid: list[str] = []
    for line in lines:
        if _is_choice_line(line, state["players"]):
            if bid:
                moves.append("; ".join(bid))
                bid = []
            moves.append(line)
        else:
            bid.append(line.strip().rstrip(";,").strip())
    if bid:
        moves.append("; ".join(bid))
    return moves
