"""The log lines of Revolution! moves and the few words of its phase labels.

One line per move, past tense, seats written with ``seat_ref`` (the log puts
player names there)::

    {seat1} placed a bid                               <- to everyone but the bidder
    {seat1} placed a bid: general b g; printer f       <- to the bidder
    {seat1} revised their bid                          <- a new bid replacing one already in
    {seat2} placed the last bid; bids revealed: {seat0} won the General (1 Support, 1 Force,
        Fortress cube); Priest tied; {seat0} won the Spy; the resolution waits for {seat0}'s Spy
        choice                                         <- one line; the same for every viewer
    {seat0} used the Spy: replaced {seat1}'s cube in the Harbor with their own; then {seat2} won ...
    {seat0} used the Apothecary: {seat1}'s cube in the Cathedral and {seat2}'s in the Tavern
        changed places
    {seat0} passed on the Spy (the board is unchanged)

A bid is secret until the last one is in, so only its author reads its
content; the bid that completes the bidding says what the resolution did, and
the bids themselves are on the board and in the resolution log from then on.
Everything is read from ``before``, the move and ``after`` (the resolution's
own log in ``after["log"]``): no replay, no move generation, no copies.
"""

from __future__ import annotations

from typing import Any, Mapping

from games.rules.base import State, seat_ref

from .data import AREAS, CHARACTERS, COLORS
from .engine import SEAT_KEYS, to_act, tokens_text
from .notation import format_bid

Event = Mapping[str, Any]


def narrate(before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
    action = move.get("action") if isinstance(move, dict) else None
    who = seat_ref(seat)
    if action == "bid" and before["phase"] == "bidding":
        return _narrate_bid(before, seat, move, after, viewer)
    if action in ("spy", "swap", "pass") and before["phase"] == "choice":
        events = _new_events(before, after)
        if not events or events[0]["kind"] != action:  # never so for a move apply accepted; stay readable
            events = [{"kind": action, "seat": seat, "character": before["resolution"]["pending"]["character"],
                       **{k: v for k, v in move.items() if k != "action"}}, *events]
        tail = _events_text(events[1:], after)
        line = _choice_text(events[0])
        return f"{line}; then {tail}" if tail else line
    return f"{who} moved"


def _narrate_bid(before: State, seat: int, move: Mapping[str, Any], after: State, viewer: int | None) -> str:
    who = seat_ref(seat)
    bids = before["bids"]
    revised = SEAT_KEYS[seat] in bids
    if not revised and len(bids) == before["players"] - 1:
        # The last bid: everything is revealed and resolved (or stopped at a choice).
        done = _events_text(after["log"]["events"], after) or "nobody won anything"
        return f"{who} placed the last bid; bids revealed: {done}"
    verb = "revised their bid" if revised else "placed a bid"
    if viewer == seat:
        return f"{who} {verb}: {format_bid(move.get('bid') or {})}"
    return f"{who} {verb}"


def _new_events(before: State, after: State) -> list[Event]:
    """The log events a choice move added (the resolution's log grows until the next reveal)."""
    events: list[Event] = after["log"]["events"]
    if after["log"]["round"] != before["log"]["round"]:
        return list(events)
    return list(events[len(before["log"]["events"]):])


def _seat_of(color: str) -> int:
    return COLORS.index(color)


def _choice_text(event: Event) -> str:
    """A Spy, Apothecary or pass event: what changed on the board."""
    kind = event["kind"]
    who = seat_ref(event["seat"])
    if kind == "spy":
        target = seat_ref(_seat_of(event["color"]))
        return f"{who} used the Spy: replaced {target}'s cube in the {AREAS[event['area']].name} with their own"
    if kind == "swap":
        first, second = event["cubes"]
        return (f"{who} used the Apothecary: {seat_ref(_seat_of(first['color']))}'s cube in the "
                f"{AREAS[first['area']].name} and {seat_ref(_seat_of(second['color']))}'s in the "
                f"{AREAS[second['area']].name} changed places")
    return f"{who} passed on the {CHARACTERS[event['character']].name} (the board is unchanged)"


def _gains(event: Event) -> str:
    """A winner's reward in few words: "1 Support, 1 Force, Fortress cube"."""
    parts: list[str] = []
    if event.get("support"):
        parts.append(f"{event['support']} Support")
    if event.get("tokens"):
        parts.append(tokens_text(event["tokens"]))
    if event.get("short"):
        parts.append(f"{tokens_text(event['short'])} unpaid: bank empty")
    if "cube" in event:
        area = CHARACTERS[event["character"]].area
        if event["cube"]:
            parts.append(f"{AREAS[event['cube']].name} cube")
        elif event.get("cube_note") == "full" and area is not None:
            parts.append(f"no cube: {AREAS[area].name} full")
        else:
            parts.append("no cube: none left")
    special = CHARACTERS[event["character"]].special
    return ", ".join(parts) if parts else ("a choice" if special else "nothing")


def _events_text(events: list[Event], after: State) -> str:
    """The resolution log events, as clauses joined by "; ", and the choice it stopped for, if any."""
    clauses: list[str] = []
    patronage: list[str] = []
    refunded = False
    for e in events:
        kind = e["kind"]
        if kind == "discard":
            why = "immune" if e["reason"] == "immune" else "beyond the sixth character"
            clauses.append(f"{seat_ref(e['seat'])} lost {tokens_text(e['tokens'])} on the "
                           f"{CHARACTERS[e['character']].name} ({why})")
        elif kind == "character":
            name = CHARACTERS[e["character"]].name
            refunded = refunded or bool(e.get("refunded"))
            if e["winner"] is None:
                clauses.append(f"{name} tied")
            elif CHARACTERS[e["character"]].special:
                clauses.append(f"{seat_ref(e['winner'])} won the {name}")
            else:
                clauses.append(f"{seat_ref(e['winner'])} won the {name} ({_gains(e)})")
        elif kind in ("spy", "swap", "pass"):
            clauses.append(_choice_text(e))
        elif kind == "no_target":
            clauses.append(f"the {CHARACTERS[e['character']].name} had nothing to act on")
        elif kind == "patronage":
            short = f" ({e['short']} short: bank empty)" if e.get("short") else ""
            patronage.append(f"{seat_ref(e['seat'])} {e['gold']} Gold{short}")
        elif kind == "end":
            clauses.append("every space is full: game over")
    if refunded:
        clauses.append("losing bids went back to their owners")
    if patronage:
        clauses.append("patronage: " + ", ".join(patronage))
    if after["phase"] == "choice":
        clauses.append(pending_text(after))
    return "; ".join(clauses)


def pending_text(state: State) -> str:
    """The clause a narration ends with while the resolution waits for a choice."""
    pending = state["resolution"]["pending"]
    return f"the resolution waits for {seat_ref(pending['seat'])}'s {CHARACTERS[pending['character']].name} choice"


def phase_label(state: State, seat: int | None) -> str:
    phase = state["phase"]
    number = state["round"]
    if phase == "over":
        return "game over"
    if phase == "choice":
        pending = state["resolution"]["pending"]
        name = CHARACTERS[pending["character"]].name
        if seat == pending["seat"]:
            return f"your {name} choice, round {number}"
        return f"{name} choice, round {number}"
    if seat is not None and seat in to_act(state):
        return f"your bid, round {number}"
    if seat is not None and 0 <= seat < state["players"] and SEAT_KEYS[seat] in state["bids"]:
        return f"your bid is in, round {number}"
    return f"bidding, round {number}"
