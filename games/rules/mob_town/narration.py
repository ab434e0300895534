"""The log lines of Mob Town moves and the few words of its phase labels.

One line per move, seats written with ``seat_ref``. Public things are told to
everyone (payments, trades, cards taken from the lineup, connection cards
handed over, mob activity); secret ones only to whoever may know them::

    {seat1} chose their agendas                      <- to everyone else
    {seat1} chose their agendas: casinos, types      <- to seat 1
    {seat0} drew 2 cards                             <- rats 1, cash: only to seat 0
    {seat2} took over One-Eyed Jack's (Casino 1) at C3 from {seat0}, paying sharks 1;
        connection: rats 2 to {seat1} for D3
    {seat0} drew 1 card and then the Law: round 1 scored: {seat1} 9, {seat0} 6 ...; round 2: {seat2} starts
    {seat1} swapped an agenda                        <- the agendas only to seat 1

Everything is read from ``before``, the move and ``after`` (its ``events``):
no replay and no move generation.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.base import State, seat_ref

from .common import cards_text
from .data import (
    COLORS,
    COOP_LOSS,
    COOP_WIN,
    MOB_CARDS,
    PROFESSIONALS,
    PROPERTIES,
    ROLES,
    ROUNDS,
    TYPE_NAMES,
    sort_cards,
)
from .engine import to_act
from .notation import place_text


def _card(card_id: str) -> str:
    p = PROPERTIES[card_id]
    kind = TYPE_NAMES[p.type] if p.type else "Landmark"
    return f"{p.name} ({kind} {p.value}, {p.id})"


def _events(after: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in after["events"] if e["kind"] == kind]


def _gained(before: list[str], after: list[str]) -> list[str]:
    diff = Counter(after) - Counter(before)
    return sort_cards(list(diff.elements()))


def readers(seat: int, after: State) -> set[int]:
    """Who may read a move differently from a spectator: its author (their cards, their agendas) and a
    player robbed by the hire (the card taken)."""
    robbed = {e["rob"] for e in after["events"] if e["kind"] == "hire" and "rob" in e}
    return {seat} | robbed


def narrate(before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
    action = move.get("action") if isinstance(move, dict) else None
    if before["mode"] == "coop":
        return _narrate_coop(before, seat, move, after, viewer)
    who = seat_ref(seat)
    if action == "agendas":
        line = f"{who} chose their agendas"
        if viewer == seat:
            line += ": " + ", ".join(move["agendas"])
        if after["phase"] == "turn" and before["phase"] == "agendas":
            line += f"; round {after['round']} begins, {seat_ref(after['turn'])} plays first"
        return line
    line = _action_text(before, seat, move, after, viewer) or f"{who} played"
    if _events(after, "law"):
        line += "; " + _round_end_text(after)
    return line


def _action_text(before: State, seat: int, move: dict[str, Any], after: State, viewer: int | None) -> str:
    who = seat_ref(seat)
    action = move["action"]
    city = before["city"]
    law = bool(_events(after, "law"))
    if action == "draw":
        count = _events(after, "draw")[0]["count"]
        line = f"{who} drew {count} card{'s' if count != 1 else ''}"
        if law:
            return line + " and then the Law"
        if viewer == seat:
            line += f" ({cards_text(_gained(before['hands'][seat], after['hands'][seat]))})"
        return line
    if action == "trade":
        event = _events(after, "trade")[0]
        return (f"{who} traded {cards_text([event['give']])} for the lineup's {move['take']} "
                f"({cards_text(event['took'])})")
    if action == "cashin":
        return f"{who} cashed in for {cards_text(_events(after, 'cashin')[0]['took'])}"
    if action == "takeover":
        return who + " " + _takeover_text(city, _events(after, "takeover")[0])
    if action == "openlot":
        event = _events(after, "openlot")[0]
        line = (f"{who} spent a briefcase to open a lot: {_card(event['card'])} placed "
                f"{place_text(before, event['cell'])}")
        if event.get("takeover"):
            line += f" and taken over, paying {cards_text(event['takeover']['pay'])}"
        return line
    if action == "swap":
        line = f"{who} swapped an agenda"
        if viewer == seat:
            line += f" (returned {move['give']}, took {move['take']})"
        return line
    if action == "hire":
        return _hire_text(before, seat, move, after, viewer)
    return ""


def _takeover_text(city: list[dict[str, Any]], event: dict[str, Any]) -> str:
    line = f"took over {_card(event['card'])}"
    if event.get("from") is not None:
        line += f" from {seat_ref(event['from'])}"
    line += f", paying {cards_text(event['pay'])}"
    if event["via"]:
        parts = []
        for item in event["via"]:
            name = PROPERTIES[_at_city(city, tuple(item["cell"]))].name
            to = f"to {seat_ref(item['to'])}" if item["to"] is not None else "discarded"
            parts.append(f"{cards_text([item['card']])} {to} for {name}")
        line += "; connection: " + ", ".join(parts)
    return line


def _hire_text(before: State, seat: int, move: dict[str, Any], after: State, viewer: int | None) -> str:
    event = _events(after, "hire")[0]
    pro = PROFESSIONALS[event["pro"]]
    line = f"{seat_ref(seat)} hired {pro.name}"
    details = []
    if "took" in event:
        details.append(f"took {cards_text(event['took'])} from the lineup")
    if "rob" in event:
        text = f"took a random card from {seat_ref(event['rob'])}"
        if viewer in (seat, event["rob"]) and not _events(after, "law"):
            stolen = _gained(before["hands"][seat], after["hands"][seat])
            if stolen:
                text += f" ({cards_text(stolen)})"
        details.append(text)
    if "takeover" in event:
        details.append(_takeover_text(before["city"], event["takeover"]))
    if "drew" in event:
        details.append(f"drew {event['drew']} card{'s' if event['drew'] != 1 else ''}")
    if pro.keep is not None:
        details.append("kept for the round")
    return line + (": " + ", ".join(details) if details else "")


def _round_end_text(after: State) -> str:
    record = after["rounds"][-1]
    parts = []
    for entry in record["seats"]:
        done = [a["id"] for a in entry["agendas"] if a["done"]]
        agendas = "agendas " + ", ".join(a["id"] for a in entry["agendas"])
        parts.append(f"{seat_ref(entry['seat'])} {entry['round_points']} ({agendas}; "
                     f"{len(done)} accomplished)")
    line = f"the Law ends round {record['round']}: " + ", ".join(parts)
    if after["phase"] == "over":
        scores = after["result"]["scores"]
        winners = " and ".join(seat_ref(w) for w in after["result"]["winners"])
        line += "; game over with briefcases: " + ", ".join(
            f"{seat_ref(s)} {score}" for s, score in enumerate(scores)) + f"; {winners} won"
    else:
        line += f"; round {after['round']} set-up, {seat_ref(after['first'])} will start"
    return line


# -- co-op ---------------------------------------------------------------------------------------


def _narrate_coop(before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
    who = seat_ref(seat)
    action = move.get("action") if isinstance(move, dict) else None
    city = after["city"]
    line = f"{who} played"
    if action == "role":
        line = f"{who} became the {ROLES[move['role']].name}"
        if after["phase"] == "pawns" or (after["phase"] == "over" and before["phase"] == "roles"):
            opening = _events(after, "opening")[0]["cards"]
            placed = sum(e["placed"] for e in opening)
            line += (f"; the city of {len(city)} cards is laid out and the opening mob activity "
                     f"({', '.join(MOB_CARDS[e['card']].name for e in opening)}) placed {placed} tokens")
            if after["mob"]["track"]:
                line += f", {after['mob']['track']} overflowing onto the mob boss track"
    elif action == "pawn":
        cell = tuple(move["at"])
        line = f"{who} placed their pawn on {_card(_at(after, cell))}"
    elif action == "draw":
        line = f"{who} drew 2 cards"
        if viewer == seat and after["phase"] != "over":
            line += f" ({cards_text(_gained(before['hands'][seat], after['hands'][seat]))})"
    elif action == "trade":
        events = _events(after, "trade")
        if events:
            line = (f"{who} traded {cards_text([events[0]['give']])} for the lineup's {move['take']} "
                    f"({cards_text(events[0]['took'])})")
    elif action == "cashin":
        line = f"{who} cashed in for {cards_text(move['take'])}"
    elif action == "move":
        cell = tuple(move["to"])
        line = f"{who} moved to {_card(_at(after, cell))}"
    elif action == "clear":
        event = _events(after, "clear")[0]
        cell = tuple(event["cell"])
        line = (f"{who} cleared out {_card(_at(after, cell))}, paying "
                f"{cards_text(event['pay'])}: {event['removed']} token{'s' if event['removed'] != 1 else ''} "
                f"removed")
    elif action == "shutdown":
        event = _events(after, "shutdown")[0]
        cell = tuple(event["cell"])
        line = (f"{who} shut down {_card(_at(after, cell))}, paying "
                f"{cards_text(event['pay'])}: player track +{event['points']} (now {after['track']})")
        if event.get("expanded"):
            new = event["expanded"]
            line += f"; the mob expanded: {_card(new['card'])} placed {place_text(after, new['cell'])}"
    for event in _events(after, "mob"):
        line += "; " + _mob_text(event, after)
    if after["phase"] == "over":
        line += "; " + _coop_end_text(after)
    elif action not in ("role", "pawn") and before["turn"] != after["turn"]:
        line += f"; {seat_ref(after['turn'])}'s turn"
    return line


def _at(state: State, cell: tuple[Any, ...]) -> str:
    return _at_city(state["city"], cell)


def _at_city(city: list[dict[str, Any]], cell: tuple[Any, ...]) -> str:
    for e in city:
        if (e["x"], e["y"]) == cell:
            card: str = e["card"]
            return card
    return ""


def _mob_text(event: dict[str, Any], after: State) -> str:
    if not event["cards"]:
        return "no mob activity card left to draw"
    parts = []
    for item in event["cards"]:
        card = MOB_CARDS[item["card"]]
        text = card.name
        bits = []
        if "placed" in item:
            bits.append(f"{item['placed']} token{'s' if item['placed'] != 1 else ''}")
            if item["overflow"]:
                bits.append(f"{item['overflow']} onto the mob boss track")
        if item.get("expanded"):
            bits.append(f"{_card(item['expanded']['card'])} opened")
        if "burned" in item:
            bits.append("the lineup discarded and refilled")
        if bits:
            text += " (" + ", ".join(bits) + ")"
        parts.append(text)
    return f"mob activity: {', '.join(parts)}; mob boss track {after['mob']['track']}"


def _coop_end_text(after: State) -> str:
    end = after["end"]
    if end == "win":
        return f"the player track reaches {after['track']} of {COOP_WIN}: the players win"
    if end == "mob":
        return f"the mob boss track reaches {COOP_LOSS}: the players lose"
    return "the last draw card has left the deck: the players lose"


# -- phase labels ---------------------------------------------------------------------------------


def phase_label(s: State, seat: int | None) -> str:
    if s["phase"] == "over":
        if s["mode"] == "coop":
            return "game over: " + ("the players won" if s["end"] == "win" else "the players lost")
        return "game over"
    if s["mode"] == "coop":
        mine = seat is not None and seat == s["turn"]
        if s["phase"] == "roles":
            return "your role to choose" if mine else "choosing roles"
        if s["phase"] == "pawns":
            return "your pawn to place" if mine else "placing pawns"
        step = len(s["actions"]) + 1
        return f"your action {step} of 3" if mine else f"{ROLES[s['roles'][s['turn']]].name}'s turn"
    number = f"round {s['round']} of {ROUNDS}"
    if s["phase"] == "agendas":
        if seat is not None and seat in to_act(s):
            return f"your agendas to choose, {number}"
        return f"choosing agendas, {number}"
    if seat is not None and seat == s["turn"]:
        return f"your turn, {number}"
    return f"{number}, {COLORS[s['turn']].capitalize()} to play"
