"""The game log in words: what a move did (``narrate``) and where the game stands (``phase_label``).

A placement narrates itself: where the rabble went, which marker it bid on and
how much, or the pass and what it will bring back. A choice in the election
phase says what was chosen (the tile moved and where, the marker taken, the
special election's neighbourhood, the tied elections' order, the smuggled
rabble). When a move sets the election phase going (the last pass, or any
choice, since the resolution runs on until the next choice), the line goes on
with what the resolution did, read back from the lines it wrote to
``state["log"]`` with :func:`.journal.read`: who won each marker and what it
gave, what the buildings gave, each election's votes and winners and the
control markers of its neighbours, the new round's markers, or the end of the
game and its scores. Nothing is replayed and nothing is copied. (Should every
HQ be empty when the next round starts, that round's election phase runs in the
same move and restarts the account; the line then tells that later phase and
says so.)

Five Points hides nothing once play begins (see :mod:`.views`): the buildings
are revealed before the first turn and the marker row is drawn face up from a
pool that is reshuffled whole every round, so no draw order is ever stored.
Every viewer, spectators included, therefore gets the same line.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import seat_ref

from . import city, data
from .journal import Line, read
from .markers import letter

State = dict[str, Any]
Move = dict[str, Any]


def narrate(before: State, seat: int, move: Move, after: State) -> str:
    """One line: what ``move`` by ``seat`` did, and what the resolution it set going did."""
    lines = _new_lines(before, after)
    if before["phase"] == "placement":
        parts = [_placement(before, seat, move, after)]
    else:
        own = lines.pop(0) if lines and lines[0].kind == _OWN_LINE.get(move.get("action", "")) else None
        parts = [_choice(own, seat, move)]
    parts += [text for text in (_fact(line) for line in _grouped(lines)) if text]
    parts += _aftermath(before, after)
    return "; ".join(parts)


def phase_label(state: State, seat: int | None) -> str:
    """A few words for subjects and banners: "your placement, round 3", "elections, round 3", "game over"."""
    phase = state["phase"]
    if phase == "over":
        return "game over"
    round_no = f"round {state['round']}"
    if phase == "placement":
        if seat is not None and seat == state["current"]:
            return f"your {'last turn' if state['last_turn'] else 'placement'}, {round_no}"
        return f"placement, {round_no}"
    pending = state["pending"]
    if seat is not None and pending is not None and pending["seat"] == seat:
        return f"your {_CHOICE_LABEL[pending['kind']]}, {round_no}"
    return f"elections, {round_no}"


_CHOICE_LABEL = {
    "move_tile": "tile move",
    "take": "control marker",
    "special": "special election",
    "elect": "tied elections",
    "smuggle": "Smuggler's Tunnel",
}

# The journal line each resolution choice writes first.
_OWN_LINE = {"skip": "skip", "move": "move", "take": "take", "special": "special", "elect": "elect",
             "smuggle": "smuggle"}


# -- which lines are new -----------------------------------------------------------------
def _new_lines(before: State, after: State) -> list[Line]:
    """The account lines the move added (the account restarts when an election phase starts)."""
    if before["phase"] == "placement" and after["phase"] == "placement" and after["round"] == before["round"]:
        return []
    old: list[str] = before["log"] if before["phase"] == "resolution" else []
    new: list[str] = after["log"]
    if new[:len(old)] == old:
        new = new[len(old):]
    return [read(line) for line in new]


def _grouped(lines: list[Line]) -> list[Line]:
    """Lines with the pass-table and boss retrievals each merged into one ``rabble_back`` line."""
    out: list[Line] = []
    for line in lines:
        if line.kind in ("passed", "boss_rabble"):
            reason = "passing" if line.kind == "passed" else "bosses on the board"
            if out and out[-1].kind == "rabble_back" and out[-1].values["reason"] == reason:
                out[-1].values["seats"].append((line.values["seat"], line.values["moved"]))
                continue
            first = (line.values["seat"], line.values["moved"])
            out.append(Line("rabble_back", {"reason": reason, "seats": [first]}))
        else:
            out.append(line)
    return out


# -- the move itself ---------------------------------------------------------------------
def _tile_text(state: State, number: int) -> str:
    tile = state["tiles"][number - 1]
    return f"tile {number} ({city.cell_name(*tile['pos'])}, {tile['colour']})"


def _placement(before: State, seat: int, move: Move, after: State) -> str:
    who = seat_ref(seat)
    if move["action"] == "pass":
        position = len(before["passed"]) + 1
        back = data.PASS_RETRIEVAL[before["players"]][position - 1]
        text = f"{who} passed {_ordinal(position)} (up to {back} rabble back to the HQ)"
    else:
        text = f"{who} placed a rabble on {_tile_text(before, move['tile'])}"
        if "bid" in move:
            index = "ABCDEFGH".index(move["marker"])
            label = data.MARKERS_BY_ID[before["markers"][index]]["label"]
            total = before["bids"][index][seat] + move["bid"]
            text += (f" and bid {move['bid']} on marker {move['marker']} ({label}), "
                     f"leading it with {total}")
        if before["last_turn"]:
            text += " in the last turn of the placement phase"
    if after["phase"] == "placement" and after["round"] == before["round"]:
        expected = len(before["passed"]) + (1 if move["action"] == "pass" or before["last_turn"] else 0)
        for position, other in enumerate(after["passed"][expected:], start=expected + 1):
            text += f"; {seat_ref(other)} passed {_ordinal(position)} (empty HQ)"
        if after["last_turn"] and not before["last_turn"]:
            text += f"; {seat_ref(after['current'])} has one last turn"
    elif before["phase"] == "placement":
        text += "; the election phase began"
    return text


def _source(source: str) -> str:
    """A choice's source as the log names it: "marker B (move a neighbourhood)" or a building."""
    return source if source.startswith("marker ") or source == "tied neighbourhoods" else _the(source)


def _the(building: str) -> str:
    """A building's name in a sentence: "the Theater", but "Tammany Hall"."""
    return building if building == "Tammany Hall" else f"the {building}"


def _choice(line: Line | None, seat: int, move: Move) -> str:
    """The choice a player made, from the line it wrote (or the move, should the line be missing)."""
    if line is None:
        return f"{seat_ref(seat)} chose {move.get('action', 'something')}"
    return _choice_text(line)


def _choice_text(line: Line) -> str:
    v = line.values
    kind = line.kind
    if kind == "elect":
        order = ", then ".join(f"tile {t}" for t in v["tiles"])
        return f"{seat_ref(v['seat'])} chose the tied elections: {order}"
    who = seat_ref(v["seat"])
    source = _source(v["source"])
    if kind == "skip":
        return f"{who} chose not to use {source}"
    if kind == "move":
        where = v["to"] if v["now"] == v["to"] else f"{v['to']} (the grid shifted: now {v['now']})"
        return f"{who} moved tile {v['tile']} from {v['origin']} to {where} with {source}"
    if kind == "take":
        return f"{who} took {_a(v['colour'])} control marker with {source}"
    if kind == "special":
        return f"{who} called a special election in {_tile(v['tile'])} with {source}"
    if kind == "smuggle":
        own = v["owner"] == v["seat"]
        whose = "one of their own rabble" if own else f"a rabble of {seat_ref(v['owner'])}"
        return f"{who} moved {whose} from tile {v['origin']} to tile {v['to']} with {source}"
    raise ValueError(f"not a choice line: {kind}")  # pragma: no cover - callers pass choice lines only


# -- what the resolution did ---------------------------------------------------------------
def _fact(line: Line) -> str:
    """One fact of the resolution in words ("" for lines said elsewhere)."""
    v = line.values
    kind = line.kind
    if kind in _OWN_LINE.values():
        return _choice_text(line)
    if kind == "rabble_back":
        seats = ", ".join(f"{seat_ref(s)} {n}" for s, n in v["seats"])
        return f"rabble back to the HQ for {v['reason']}: {seats}"
    if kind == "nothing":
        return f"{_source(v['source'])} did nothing: no choice was possible"
    if kind == "game_end":
        return ""  # the final scores follow in the aftermath
    if kind == "discarded":
        return f"{_marker(v['marker'])} had no bids"
    if kind.startswith("marker_") or kind in ("majority", "no_majority", "vp_per_control"):
        return f"{seat_ref(v['seat'])} won {_marker(v['marker'])}: {_marker_effect(line)}"
    if kind == "building_unused":
        return f"nobody controlled {_the(v['building'])}"
    if kind.startswith("building_"):
        return f"{_the(v['building'])} gave {seat_ref(v['seat'])} {_building_effect(line)}"
    if kind == "no_election":
        return "no neighbourhood held rabble, so there was no normal election"
    if kind == "election":
        return _election(v)
    if kind == "neighbour_marker":
        return f"{seat_ref(v['seat'])} took {_a(v['colour'])} control marker for {_tile(v['tile'])}"
    if kind == "neighbour_empty":
        return f"{seat_ref(v['seat'])} led {_tile(v['tile'])} but the {v['colour']} pile was empty"
    if kind == "neighbour_tie":
        names = _and([seat_ref(s) for s in v["seats"]])
        return f"{names} tied in {_tile(v['tile'])}: {v['vp']} VP each"
    if kind == "five_bosses":
        return ""  # the win is told in the aftermath
    return str(v.get("text", ""))


def _marker_effect(line: Line) -> str:
    v = line.values
    kind = line.kind
    if kind == "marker_votes":
        return f"+{v['amount']} in every election"
    if kind == "marker_colour_votes":
        return f"+{v['amount']} in {' and '.join(v['colours'])} elections"
    if kind == "marker_boss_votes":
        return "+1 vote per boss on the board in every election"
    if kind == "majority":
        return f"controls the most {v['colour']} neighbourhoods ({v['count']}), +{v['vp']} VP"
    if kind == "no_majority":
        return f"does not control the most {v['colour']} neighbourhoods, no VP"
    return f"controls {v['count']} neighbourhood{'s' if v['count'] != 1 else ''}, +{v['vp']} VP"


def _building_effect(line: Line) -> str:
    v = line.values
    if line.kind == "building_vp":
        return f"{v['vp']} VP"
    if line.kind == "building_rabble":
        if not v["moved"]:
            return "no rabble (the boroughs were empty)"
        return f"{v['moved']} rabble from the boroughs to the HQ"
    if line.kind == "building_votes":
        return f"+{v['amount']} in every election"
    return f"nothing now ({v['points']} points at the end if still held)"


def _election(v: dict[str, Any]) -> str:
    votes: list[int] = v["votes"]
    tally = ", ".join(f"{seat_ref(s)} {n}" for s, n in enumerate(votes))
    where = f"the {v['kind']} in {_tile(v['tile'])}"
    winners: list[int] = v["winners"]
    if not winners:
        return f"nobody had a vote in {where}, so no boss was placed"
    names = _and([seat_ref(s) for s in winners])
    top = votes[winners[0]]
    count = f"{top} vote{'s' if top != 1 else ''}"
    if len(winners) == 1:
        return f"{names} won {where} with {count} ({tally}) and placed a boss"
    return f"{names} tied for {where} with {count} each ({tally}) and each placed a boss"


def _aftermath(before: State, after: State) -> list[str]:
    """The decision the resolution stopped for, the new round, or the end of the game."""
    out: list[str] = []
    if after["phase"] == "resolution" and after["pending"] is not None:
        pending = after["pending"]
        who = seat_ref(pending["seat"])
        if pending["kind"] == "elect":
            tied = _and([str(t) for t in pending["tiles"]])
            out.append(f"tiles {tied} tied for the most rabble: {who} chooses which {pending['count']} vote")
        elif pending["source"].startswith("marker "):
            out.append(f"{who} won {pending['source']} and {_PENDING[pending['kind']]}")
        else:
            out.append(f"{who} controls {_the(pending['source'])} and {_PENDING[pending['kind']]}")
    if after["end_triggered"] and not before["end_triggered"] and after["phase"] != "over":
        out.append("the end of the game is triggered: this round is the last")
    if after["round"] > before["round"] and after["phase"] != "over":
        if after["round"] > before["round"] + 1 or after["phase"] == "resolution":
            out.append(f"every HQ was empty in round {before['round'] + 1}, "
                       "so its election phase followed at once")
        if after["phase"] == "placement":
            row = ", ".join(f"{letter(i)}: {data.MARKERS_BY_ID[m]['label']}"
                            for i, m in enumerate(after["markers"]))
            out.append(f"round {after['round']} began with markers {row}; {seat_ref(after['start'])} starts")
    if after["phase"] == "over" and before["phase"] != "over":
        result = after["result"]
        scores = ", ".join(f"{seat_ref(s)} {n}" for s, n in enumerate(result["scores"]))
        names = _and([seat_ref(s) for s in result["winners"]])
        if result["detail"]["reason"] == "five bosses":
            out.append(f"{names} had all five bosses on the board and won the game "
                       f"(points for information: {scores})")
        else:
            out.append(f"the game is over after final scoring: {scores}; {names} won")
    return out


_PENDING = {
    "move_tile": "may now move a neighbourhood",
    "take": "now takes a control marker",
    "special": "now picks the special election's neighbourhood",
    "smuggle": "may now move one rabble",
}


# -- small words -----------------------------------------------------------------------------
def _tile(tile: dict[str, Any]) -> str:
    return f"tile {tile['number']} ({tile['cell']}, {tile['colour']})"


def _marker(marker: dict[str, Any]) -> str:
    return f"marker {marker['letter']} ({marker['label']})"


def _a(colour: str) -> str:
    return f"{'an' if colour[0] in 'aeiou' else 'a'} {colour}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")
