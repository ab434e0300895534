"""Log lines and phase labels: every event a move caused, as one line per viewer.

Each move logs events (see :mod:`.state`); ``narrate`` reads the events added
between ``before`` and ``after`` and joins their sentences with "; ". Nothing
is recomputed. A sealed gang order reads "placed their gang order" to everyone
but its author until the reveal, a bribe's marker is named only to its buyer,
and an answer to a bribe question only to the seat that gave it
(``views.visible_event``)::

    {seat1} moved T d7 d8 ICE and extorted $200 there
    {seat0} bought a bribe for $300 (bribe 4)      <- to the buyer
    {seat0} bought a bribe for $300                 <- to everyone else
"""

from __future__ import annotations

from typing import Any, Mapping

from games.rules.base import seat_ref

from .data import BUILDING, PIECE_NAME
from .engine import step_of, to_act
from .notation import end_text, format_move
from .state import State
from .views import SECRET_EVENTS, visible_event

Event = Mapping[str, Any]


def _who(seat: int) -> str:
    return seat_ref(seat)


def _piece(seat: int, kind: str) -> str:
    return f"{seat_ref(seat)}'s {PIECE_NAME[kind]}"


def _dice(dice: list[int]) -> str:
    return "[" + " ".join(str(d) for d in dice) + "]"


def event_text(e: Event, viewer: int | None, order: Mapping[str, Any] | None = None) -> str:
    """One event as a clause (empty for bookkeeping events)."""
    k = e["k"]
    seat: int = e.get("seat", -1)
    if k == "pick_order":
        return "set-up: joints are bought in the order " + ", ".join(seat_ref(s) for s in e["order"])
    if k == "pick":
        return f"{_who(seat)} bought {e['joint']} ({BUILDING[e['joint']].name}) for ${e['cost']}"
    if k == "gang_orders":
        return "every gang now writes its sealed gang order"
    if k == "order":
        if viewer == seat and order is not None:
            return f"{_who(seat)} placed their gang order: {format_move(dict(order))}"
        return f"{_who(seat)} placed their gang order"
    if k == "reveal":
        parts = []
        for key, o in sorted(e["orders"].items(), key=lambda kv: int(kv[0])):
            parts.append(f"{seat_ref(int(key))} " + format_move(o).removeprefix("gang "))
        return "gang orders revealed: " + "; ".join(parts)
    if k == "round":
        return f"round {e['round']} begins; order " + ", ".join(seat_ref(s) for s in e["order"])
    if k == "turn":
        return f"{_who(seat)}'s turn"
    if k == "forced":
        return f"{_who(seat)} has lost its Racketeer and must recruit a new one"
    if k == "roll":
        d = e["dice"]
        return (f"{_who(seat)} rolled green {d['green']}, red {d['red']}, black {d['black']}, "
                f"blue {d['blue']}, white {d['white']}")
    if k == "squirt":
        return f"three sixes: {_who(seat)} may use the squirt gun on a rival"
    if k == "buy":
        return f"{_who(seat)} bought {e['joint']} for ${e['cost']}"
    if k == "improve":
        return f"{_who(seat)} raised {e['joint']} to level {e['level']} for ${e['cost']}"
    if k in ("wheels", "heaters"):
        return f"{_who(seat)} bought {k.capitalize()} for ${e['cost']}"
    if k == "no_cop_action":
        return "no cop action was possible"
    if k == "cop_pass":
        return f"{_who(seat)} left the cops alone"
    if k == "bribe":
        marker = e.get("marker")
        what = "" if marker is None else (" (the UNTouchables)" if marker == 10 else f" (bribe {marker})")
        return f"{_who(seat)} bought a bribe for ${e['cost']}{what}"
    if k == "cop_announced":
        return (f"{_who(seat)} moves cop {e['cop']} along {' '.join(e['path'])}; {seat_ref(e['holder'])} "
                "holds "
                "its bribe and may stop it")
    if k == "stopped":
        return f"{_who(seat)} played bribe {e['cop']}: cop {e['cop']} stays put"
    if k == "allowed":
        return f"{_who(seat)} let cop {e['cop']} go"
    if k == "cop_moved":
        return f"cop {e['cop']} moved {' '.join(e['path'])}"
    if k == "shift":
        if e["new"] is None:
            return f"cop {e['cop']} rode the subway (no other cop to change shift with)"
        return f"cop {e['cop']} changed shift: cop {e['new']} takes over"
    if k == "cop_in":
        where = f"into {e['to']}" if e["to"] in BUILDING else f"facing {e['to']}"
        return f"cop {e['cop']} came on {where}"
    if k == "raid":
        owner = "" if e["owner"] is None else f" ({seat_ref(e['owner'])}'s)"
        result = "lost" if e["lost"] else f"down to level {e['level'] - 1}"
        freed = f", Public {', '.join(str(p) for p in e['public'])} sent home" if e["public"] else ""
        return f"cop {e['cop']} raided {e['joint']}{owner}: {result}{freed}"
    if k == "donuts":
        return f"{_who(seat)} lured cop {e['cop']} off its beat with donuts for ${e['cost']}"
    if k == "move":
        tail = end_text(e["act"], e["target"]).strip()
        declared = f" and declared: {tail}" if tail else ""
        return f"{_who(seat)} moved {e['piece']} {' '.join(e['path'])}{declared}"
    if k == "extort_here":
        return f"{_who(seat)}'s {PIECE_NAME[e['piece']]} extorts where it stands"
    if k == "extort":
        return f"{_piece(seat, e['piece'])} extorted ${e['amount']} at {e['at']}"
    if k == "seduce":
        t_seat, t_kind = e["target"]
        return (f"{_who(seat)}'s Vamp tried to seduce {_piece(t_seat, t_kind)} {_dice(e['dice'])}: "
                f"{e['moved']} strength changed sides")
    if k == "recruit":
        return f"{_who(seat)} recruits {e['n']} {PIECE_NAME[e['piece']]} strength for ${e['cost']}"
    if k == "recruited":
        at = f", on at {e['at']}" if e.get("at") else ""
        return f"{_who(seat)}'s {PIECE_NAME[e['piece']]} gained {e['n']} strength (${e['cost']}){at}"
    if k == "public_in":
        where = f"into {e['to']}" if e["to"] in BUILDING else f"at the subway facing {e['to']}"
        return f"{_who(seat)} brought Public {e['public']} (x{e['mult']}) {where}"
    if k == "public_moved":
        return f"{_who(seat)} moved Public {e['public']} {' '.join(e['path'])}"
    if k == "show":
        return f"{_who(seat)} showed bribe {e['marker']}"
    if k == "done":
        return f"{_who(seat)} ended the movement"
    if k == "payoff":
        paid = ", ".join(f"Public {p} in {code} ${amount}" for p, code, amount in e["paid"])
        return f"{_who(seat)} collected ${e['total']} of organized crime ({paid})"
    if k == "hit_void":
        return f"{_who(seat)}'s {PIECE_NAME[e['piece']]} found no fight ({e['why']})"
    if k == "hit":
        t_seat, t_kind = e["target"]
        back = f", return fire {_dice(e['back'])}" if e["back"] else ""
        return (f"hit: {_piece(seat, e['piece'])} shot at {_piece(t_seat, t_kind)} {_dice(e['dice'])}{back}: "
                f"{e['dealt']} down, {e['took']} lost")
    if k == "hit_joint":
        if e["fell"]:
            result = f"it fell to {_who(seat)}" if e["taken"] else "it fell to no one"
        else:
            result = f"level {e['from']} to {e['to']}"
        return (f"hit: {_piece(seat, e['piece'])} attacked {e['joint']} {_dice(e['dice'])}, guards fired "
                f"{_dice(e['back'])}: {e['took']} lost, {result}")
    if k == "cop_fire":
        targets = ", ".join(_piece(s, kd) for s, kd in e["targets"])
        return f"cop {e['cop']} opened fire at {e['at']} on {targets} {_dice(e['dice'])}: {e['hits']} hits"
    if k == "cop_hits":
        lost = ", ".join(f"{_piece(s, kd)} -{n}" for s, kd, n in e["lost"] if n)
        return f"cop {e['cop']} went back to the cup" + (f" ({lost})" if lost else "")
    if k == "public_flee":
        return "Public " + ", ".join(str(p) for p in e["public"]) + " fled the criminals"
    if k == "cops_off":
        return "cops " + ", ".join(str(c) for c in e["cops"]) + " left the buildings for the cup"
    if k == "round_end":
        return f"round {e['round']} ends; crime level {e['crime']}"
    if k == "sold":
        return f"{_who(seat)} sold {e['joint']} to the bank for ${e['price']}"
    if k == "eliminated":
        return f"{_who(seat)} cannot pay for a Racketeer and is out of the game"
    if k == "win":
        winners = ", ".join(seat_ref(s) for s in e["seats"])
        how = {"cash": "with $10,000", "monopoly": f"with a {e.get('colour')} monopoly",
               "joints": "with ten joints", "last": "as the last gang standing",
               "closing": "at closing time, worth the most",
               "precincts": "with seven precincts and a loyal officer"}.get(e["how"], e["how"])
        return f"{winners} won {how}"
    return police_text(e)


def police_text(e: Event) -> str:
    """The Police variant's events (seat 5 is the Police player)."""
    k = e["k"]
    seat: int = e.get("seat", -1)
    if k == "commish_placed":
        return f"green {e['roll']}: {_who(seat)}'s Commissioner comes on at subway {e['roll']} ({e['at']})"
    if k == "commish_facing":
        return f"{_who(seat)}'s Commissioner faces {e['to']}"
    if k == "cop_defer":
        why = " (no other choice)" if e["auto"] else ""
        return f"{_who(seat)} deferred the cop move to the Police{why}"
    if k == "bribe_played":
        return f"{_who(seat)} played bribe {e['cop']} to move cop {e['cop']}"
    if k == "doubled":
        return f"{_who(seat)} played bribe {e['cop']}: cop {e['cop']}'s payoff is doubled"
    if k == "police_paid":
        src = "the Commissioner" if e["cop"] is None else f"cop {e['cop']}"
        note = f" ({e['note']})" if e.get("note") else ""
        return f"{_who(seat)} collected ${e['amount']}{note} for {src}'s {e['what']} at {e['at']}"
    if k == "police_shared":
        how = "automatically" if e["automatic"] else f"playing bribe {e['cop']}"
        return (f"{_who(seat)} took ${e['share']} of cop {e['cop']}'s ${e['amount']} {e['what']} payoff "
                f"({how}); {seat_ref(e['police'])} kept ${e['amount'] - e['share']}")
    if k == "bribe_question":
        asked = ", ".join(seat_ref(s) for s in e["seats"])
        if e["what"] == "double":
            return (f"before cop {e['cop']} fires at {e['at']}, {asked} is asked whether to play bribe "
                    f"{e['cop']} to double its payoff")
        pays = f"cop {e['cop']}'s {e['what']} at {e['at']} pays ${e['amount']}"
        return f"{pays}; asked who plays bribe {e['cop']}: {asked} (everyone who may hold it)"
    if k == "answered":
        if "play" not in e:
            return f"{_who(seat)} answered about bribe {e['cop']}"
        return f"{_who(seat)} answered: {'play' if e['play'] else 'keep'} bribe {e['cop']}"
    if k == "bribe_kept":
        return f"bribe {e['cop']} was not played"
    if k == "salary":
        return f"{_who(seat)} drew a salary bonus of ${e['amount']} (crime level {e['crime']})"
    if k == "cop_turn":
        return f"{_who(seat)}'s Cop Turn"
    if k == "hq":
        return f"{_who(seat)} bought {e['joint']} as a precinct HQ for ${e['cost']}"
    if k == "chit":
        public = ", ".join(str(p) for p in e["public"]) or "none"
        return f"{_who(seat)} displayed the x{e['mult']} chit: Public {public} are Informants"
    if k == "hire":
        chit = e.get("chit")
        what = "" if chit is None else f" (the x{chit} chit)"
        return f"{_who(seat)} hired an informant for ${e['cost']}{what}"
    if k == "informant_moved":
        return f"{_who(seat)} moved Informant {e['public']} {' '.join(e['path'])}"
    if k == "informant_flip":
        if "joint" in e:
            return f"Informant {e['public']} turned {e['joint']} criminal"
        t_seat, t_kind = e["target"]
        return f"Informant {e['public']} exposed {_piece(t_seat, t_kind)} as criminal and went home"
    if k == "commish_moved":
        return f"{_who(seat)}'s Commissioner moved {' '.join(e['path'])}"
    if k == "commish_in":
        return f"{_who(seat)}'s Commissioner came on at {e['at']}"
    if k == "commish_fire":
        targets = ", ".join(_piece(s, kd) for s, kd in e["targets"])
        back = f", return fire {_dice(e['back'])}" if e["back"] else ""
        return f"the Commissioner opened fire at {e['at']} on {targets} {_dice(e['dice'])}{back}"
    if k == "commish_hits":
        lost = ", ".join(f"{_piece(s, kd)} -{n}" for s, kd, n in e["lost"] if n)
        return (f"the Commissioner lost {e['took']} strength (now {e['left']}) and left the board"
                + (f" ({lost})" if lost else ""))
    if k == "hit_hq":
        result = "it fell" if e["fell"] else "it held"
        return (f"hit: {_piece(seat, e['piece'])} attacked the HQ {e['joint']} {_dice(e['dice'])}, the "
                f"precinct fired {_dice(e['back'])}: {e['took']} lost, {result}")
    return ""


def new_events(before: State, after: State) -> list[Event]:
    start = before["evn"]
    return [e for e in after["events"] if e["n"] >= start]


def readers(before: State, seat: int, after: State) -> set[int]:
    """Who may read a move differently from a spectator: its author (their sealed order) and the seat of
    each secret event it caused (a bribe's marker, an informant's chit)."""
    return {seat} | {e["seat"] for e in new_events(before, after) if e["k"] in SECRET_EVENTS and "seat" in e}


def narrate(before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
    events = new_events(before, after)
    order = after["orders"].get(str(seat)) if isinstance(move, dict) and move.get("a") == "gang" else None
    if order is None and isinstance(move, dict) and move.get("a") == "gang" and viewer == seat:
        order = move
    parts = []
    for e in events:
        text = event_text(visible_event(e, viewer), viewer, order if e["k"] == "order" else None)
        if text:
            parts.append(text)
    if not parts:
        return f"{seat_ref(seat)} moved"
    return "; ".join(parts)


def recent_lines(state: State, viewer: int | None, limit: int = 12) -> list[str]:
    """The last events as sentences, for the turn mail and the page."""
    lines = []
    for e in state["events"][-limit:]:
        text = event_text(visible_event(e, viewer), viewer)
        if text:
            lines.append(text[0].upper() + text[1:] if text[0] != "{" else text)
    return lines


STEP_WORDS = {
    "buy": "purchases",
    "cop": "cop portion",
    "stop": "bribe decision",
    "bribes": "bribe question",
    "move": "movement",
    "assign": "police hits",
    "forced": "recruit a Racketeer",
    "shootout": "shootouts",
    "pcop": "the Police cop move",
    "cbuy": "Cop Turn purchases",
    "cmove": "Cop Turn",
    "cforced": "recruit a Commissioner",
}


def phase_label(state: State, seat: int | None) -> str:
    step = step_of(state)
    if step == "over":
        return "game over"
    awaited = to_act(state)
    mine = seat is not None and seat in awaited
    if step == "pick":
        return "set-up: your joint purchase" if mine else "set-up: joint purchases"
    if step == "facing":
        return "set-up: your Commissioner's facing" if mine else "set-up: the Commissioner's facing"
    if step == "order":
        if mine:
            return "set-up: your Commissioner order" if state["seats"][seat] == "police" else \
                "set-up: your gang order"
        if seat is not None and str(seat) in state["orders"]:
            return "set-up: your gang order is in"
        return "set-up: gang orders"
    t = state["turn"]
    words = STEP_WORDS.get(step, step)
    if step == "bribes":
        cop = t["ask"]["cop"]
        if mine:
            return f"play bribe {cop}? round {state['round']}"
        return f"bribe {cop} question, round {state['round']}"
    if step == "stop":
        cop = t["pending"]["cop"]
        if mine:
            return f"stop cop {cop}? round {state['round']}"
        return f"P{t['pending']['holder'] + 1} may stop cop {cop}, round {state['round']}"
    if mine:
        return f"your turn: {words}, round {state['round']}"
    return f"P{awaited[0] + 1}'s turn: {words}, round {state['round']}"
