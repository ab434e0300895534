"""The competitive game's frame: Game Setup, Round Setup, the agenda choice, round end and game end.

State (competitive; plain JSON)::

    {"mode": "competitive", "players": 3, "options": {...}, "rng": {...},
     "round": 1, "phase": "agendas" | "turn" | "over", "turn": 0, "first": 0,
     "city": [...], "last": [x, y],          # see city.py
     "lot": ["fac3", ...], "unused": [...],   # open lot; face-down property pile (secret order)
     "deck": [...], "lineup": [...], "discard": [...], "hands": [[...], ...],
     "agendas": [[...], ...],                 # each seat's two (secret until scored); [] until chosen
     "briefcases": [3, 3, 3], "scores": [0, 0, 0], "supply": [12, 12, 12],
     "pros": null | {"row": [...], "deck": [...], "discard": [...], "kept": [[...], ...]},
     "city_card": null | "boom", "city_deck": [...], "city_discard": [...],
     "rounds": [...],                         # each scored round, agendas revealed
     "events": [...],                         # what the last move did (public)
     "result": null | {...}}

Round Setup follows the rulebook's steps: (city card, R28) property stack of
10 + one per player shuffled from all twenty (with Landmarks, 8 + players and
two landmarks, R29), the city laid out by arrows, three open lot cards, the
draw deck shuffled and three cards dealt each, a lineup of five, the Law
shuffled into the bottom ten cards, then every player secretly chooses two
agendas (R4). Everything is gathered between rounds (R5).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import GameRng, State

from .city import lay_out
from .common import city_perk, refill_lineup
from .data import (
    BRIEFCASES,
    CITY_BASE,
    CITY_CARD_IDS,
    LANDMARK_IDS,
    LANDMARKS_PER_ROUND,
    LAW,
    OPEN_LOT,
    PROFESSIONAL_IDS,
    PROFESSIONAL_ROW,
    PROPERTY_IDS,
    ROUNDS,
    TOKENS_PER_PLAYER,
    draw_cards,
    sort_cards,
)
from .scoring import final_scores, score_round


def setup(n: int, options: dict[str, Any], seed: str) -> State:
    rng = GameRng(seed)
    s: State = {
        "mode": "competitive",
        "players": n,
        "options": dict(options),
        "round": 0,
        "phase": "agendas",
        "turn": 0,
        "first": 0,  # seat 1 takes the first turn of round 1 (R2)
        "briefcases": [BRIEFCASES] * n,
        "scores": [0] * n,
        "pros": None,
        "city_card": None,
        "city_deck": [],
        "city_discard": [],
        "rounds": [],
        "events": [],
        "result": None,
    }
    if options.get("professionals"):
        deck = rng.shuffled(PROFESSIONAL_IDS)
        s["pros"] = {"row": deck[:PROFESSIONAL_ROW], "deck": deck[PROFESSIONAL_ROW:], "discard": [],
                     "kept": [[] for _ in range(n)]}
    if options.get("city_cards"):
        s["city_deck"] = rng.shuffled(CITY_CARD_IDS)
    rng.store(s)
    start_round(s)
    return s


def start_round(s: State) -> None:
    """Round Setup, steps 1-7 (the agendas are then chosen by moves)."""
    rng = GameRng.from_state(s)
    n = s["players"]
    s["round"] += 1
    if s["options"].get("city_cards"):
        s["city_card"] = s["city_deck"].pop() if s["city_deck"] else None
    perk = city_perk(s)
    size = CITY_BASE + n + perk.city_extra
    properties = rng.shuffled(PROPERTY_IDS)
    if s["options"].get("landmarks"):
        landmarks = rng.shuffled(LANDMARK_IDS)[:LANDMARKS_PER_ROUND]
        stack = rng.shuffled(properties[:size - LANDMARKS_PER_ROUND] + landmarks)
        unused = properties[size - LANDMARKS_PER_ROUND:]
    else:
        stack = properties[:size]
        unused = properties[size:]
    city, last = lay_out(stack, tokens=[])
    s["city"] = city
    s["last"] = list(last)
    s["lot"] = unused[:OPEN_LOT]
    s["unused"] = unused[OPEN_LOT:]
    deck = rng.shuffled(draw_cards())
    hands: list[list[str]] = [[] for _ in range(n)]
    for _ in range(perk.deal):
        for seat in range(n):
            hands[seat].append(deck.pop())
    s["hands"] = [sort_cards(h) for h in hands]
    s["deck"] = deck
    s["lineup"] = []
    s["discard"] = []
    refill_lineup(s)  # the Law is not in the deck yet
    depth = min(perk.law_depth, len(s["deck"]))
    bottom = s["deck"][:depth] + [LAW]
    rng.shuffle(bottom)
    s["deck"] = bottom + s["deck"][depth:]
    s["agendas"] = [[] for _ in range(n)]
    s["supply"] = [TOKENS_PER_PLAYER] * n
    s["phase"] = "agendas"
    s["turn"] = s["first"]
    rng.store(s)


def end_round(s: State, drawer: int) -> None:
    """The Law was drawn: score from its drawer, then the next round (or the end of the game)."""
    record = score_round(s, drawer)
    s["rounds"].append(record)
    s["events"].append({"kind": "scored", "round": s["round"], "law": drawer})
    pros = s.get("pros")
    if pros:  # professionals kept "for the round" leave after scoring (R25)
        for seat in range(s["players"]):
            pros["discard"].extend(pros["kept"][seat])
            pros["kept"][seat] = []
    if s["city_card"]:
        s["city_discard"].append(s["city_card"])
        s["city_card"] = None
    if s["round"] >= ROUNDS:
        s["result"] = final_scores(s)
        s["phase"] = "over"
        s["events"].append({"kind": "over"})
        return
    s["first"] = next_first(s)
    s["events"].append({"kind": "next_round", "round": s["round"] + 1, "first": s["first"]})
    start_round(s)


def next_first(s: State) -> int:
    """The player in last place starts the next round; ties by the game's generator (R6)."""
    low = min(s["scores"])
    last = [seat for seat, score in enumerate(s["scores"]) if score == low]
    if len(last) == 1:
        return last[0]
    rng = GameRng.from_state(s)
    pick: int = last[rng.randbelow(len(last))]
    rng.store(s)
    return pick
