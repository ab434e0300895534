"""Five Points' page pieces: the city map, the decision forms and turning those forms into moves.

The board is built from the seat's ``rules.view(...)`` only, so the same code
draws the live page, spectators and every replay step. The forms are built from
the seat's :class:`games.rules.Decision` (``rules.choices``), computed by the
rules on the real state: placement comes as the product of tiles and marker
bids in its ``detail``, the Smuggler's Tunnel as its sources and tiles, the
other decisions as complete lists of options. :func:`decision_options` turns a
decision into the JSON the map script reads (``#fp-options``).

The forms post to ``games:play`` and the server builds the canonical move,
checked against the same decision before the rules check it again::

    action=place tile=3 [marker=B bid=2]   {"action": "place", "tile": 3, "marker": "B", "bid": 2}
    action=pass / action=skip              {"action": "pass"} / {"action": "skip"}
    action=move tile_to=7:C4               {"action": "move", "tile": 7, "to": "C4"}
    action=take colour=red                 {"action": "take", "colour": "red"}
    action=special tile=5                  {"action": "special", "tile": 5}
    action=elect order=4,2                 {"action": "elect", "tiles": [4, 2]}
    action=smuggle player=2 from=5 to=7    {"action": "smuggle", "seat": 1, "from": 5, "to": 7}
    action=choice choice=<notation>        any option of the decision (the generic buttons)

The map itself is part of the forms: during placement and the special-election
choice each neighbourhood is a submit button (no script needed); moving a tile,
ordering tied elections and the Smuggler's Tunnel take several clicks, which
``static/five_points.js`` turns into the form's select boxes (the selects alone
also work without it).
"""

from __future__ import annotations

import string
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString

from games.rules import Decision, Move, text
from games.rules.five_points import BOSSES_PER_PLAYER, COLOURS
from games.ui.base import BadForm, GameUI
from games.ui.five_points import board_html, mail, play_html, render

# What each building does, in a line: printed on the face-up tiles, so safe to show.
BUILDING_TEXT = {
    "board_of_elections": "2 VP to its controller each round",
    "newspaper": "its controller takes a control marker of a colour of their choice",
    "theater": "its controller moves 2 rabble from the boroughs to the HQ",
    "mission": "its controller moves 1 rabble per boss on the board from the boroughs to the HQ",
    "polling_place": "+1 vote in every election this round for its controller",
    "sixth_ward": "+2 votes in every election this round for its controller",
    "zoning": "its controller may move a neighbourhood",
    "tammany": "5 points at the end of the game for its controller",
    "smuggler": "its controller may move one rabble of any player to another neighbourhood (resolved last)",
}

KIND_TITLE = {
    "placement": "Place a rabble or pass",
    "move_tile": "Move a neighbourhood",
    "take": "Take a control marker",
    "special": "Call the special election",
    "elect": "Choose the tied elections",
    "smuggle": "Smuggler's Tunnel",
}

# What the awaited seat is doing, for the board's "Now:" line (from the view's pending choice).
KIND_DOING = {
    "move_tile": "move a neighbourhood or skip",
    "take": "take a control marker",
    "special": "choose the special election's neighbourhood",
    "elect": "choose which tied neighbourhoods vote, in order",
    "smuggle": "move one rabble or skip",
}

MAX_NUMBER = 999  # no count in the game comes near; anything above is a tampered form


# The players' colours: none of the neighbourhoods' (blue, green, red, orange), so a rabble cube or a
# bid chip is never mistaken for a district. Each carries white text at 4.5:1 and stands 3:1 on white.
PLAYER_COLORS: tuple[str, ...] = ("purple", "black", "teal", "pink", "brown")


def seat_color(seat: int) -> str:
    """A player's colour on the Five Points pages (chips, dots, rabble cubes, bosses)."""
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def player_label(seat: int) -> str:
    """How the engine names seats in its log and emails (``P1`` for seat 0)."""
    return f"P{seat + 1}"


def _name(names: list[str] | None, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return player_label(seat)


# -- the decision, shaped for the map --------------------------------------------------------
def decision_options(decision: Decision) -> dict[str, Any]:
    """The decision's options as the map script and the forms use them (``#fp-options``).

    ``kind`` is the decision's kind (``placement`` for the rules' ``place``);
    placement gives the tiles and, per marker, the bids that would lead it;
    the Smuggler's Tunnel gives, per player number and source tile, the tiles
    a rabble may go to; the other kinds list their options' notation
    (``moves``) with what the map needs to make them clickable.
    """
    detail = decision.detail
    moves = [o.move for o in decision.options]
    if decision.kind == "place":
        return {"kind": "placement", "tiles": list(detail["tiles"]),
                "bids": {b["marker"]: list(range(b["min"], b["max"] + 1)) for b in detail["bids"]},
                "pass": any(m["action"] == "pass" for m in moves)}
    options: dict[str, Any] = {"kind": decision.kind, "skip": any(m["action"] == "skip" for m in moves)}
    if decision.kind == "smuggle":
        tiles = list(detail["tiles"])
        routes: dict[str, dict[str, list[int]]] = {}
        for source in detail["sources"]:
            routes.setdefault(str(source["player"]), {})[str(source["tile"])] = [
                t for t in tiles if t != source["tile"]]
        options["routes"] = routes
        return options
    options["moves"] = [o.text for o in decision.options]
    if decision.kind == "move_tile":
        options["targets"] = {tile: list(cells) for tile, cells in detail["targets"].items()}
    elif decision.kind == "take":
        options["colours"] = [m["colour"] for m in moves if m["action"] == "take"]
    elif decision.kind == "special":
        options["tiles"] = [m["tile"] for m in moves if m["action"] == "special"]
    elif decision.kind == "elect":
        options["tiles"] = list(detail["tiles"])
        options["count"] = detail["count"]
        options["orders"] = [m["tiles"] for m in moves if m["action"] == "elect"]
    return options


# -- the board --------------------------------------------------------------------------------
def board(view: Mapping[str, Any] | None, names: list[str] | None = None,
          play: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Rows for the board partial: the map grid, markers, players, piles, the decision.

    ``play`` is the seat's decision options (only on the live page of the awaited
    seat); it makes the matching tiles and cells buttons.
    """
    if not view:
        return {}
    n = view["players"]
    me = view.get("seat")
    options = (play.get("options") if isinstance(play, Mapping) else None) or {}
    kind = options.get("kind")
    place_tiles = set(options.get("tiles", [])) if kind in ("placement", "special") else set()
    click_tiles: set[int] = set()
    if kind == "move_tile":
        click_tiles = {int(t) for t in options.get("targets", {})}
    elif kind == "elect":
        click_tiles = set(options.get("tiles", []))
    elif kind == "smuggle":
        click_tiles = {t["number"] for t in view["tiles"]}
    move_cells: set[str] = set()
    if kind == "move_tile":
        move_cells = {c for cells in options.get("targets", {}).values() for c in cells}

    by_pos = {(t["pos"][0], t["pos"][1]): t for t in view["tiles"]}
    columns, rows = view["grid"]["columns"], view["grid"]["rows"]
    special = set(view.get("special") or [])
    grid = []
    for r in range(rows):
        row = []
        for c in range(columns):
            cell = f"{string.ascii_uppercase[c]}{r + 1}"
            t = by_pos.get((c, r))
            if t is None:
                row.append({"empty": True, "cell": cell, "target": cell in move_cells})
                continue
            building = t["building"]
            row.append({
                "empty": False,
                "cell": cell,
                "number": t["number"],
                "colour": t["colour"],
                "rabble": [{"seat": s, "count": k, "color": seat_color(s), "label": player_label(s),
                            "name": _name(names, s)} for s, k in enumerate(t["rabble"]) if k],
                "total": sum(t["rabble"]),
                "bosses": [{"seat": s, "count": k, "color": seat_color(s), "label": player_label(s),
                            "name": _name(names, s)} for s, k in enumerate(t["bosses"]) if k],
                "building": {**building, "text": BUILDING_TEXT.get(building["id"], "")} if building else None,
                "controller": t["controller"],
                "controller_label": player_label(t["controller"]) if t["controller"] is not None else "",
                "special": t["number"] in special,
                "submit": t["number"] in place_tiles,
                "clickable": t["number"] in click_tiles,
            })
        margin = all(c["empty"] and not c["target"] for c in row)
        grid.append({"label": r + 1, "cells": row, "margin": margin})

    # Rows and columns with no tile are the free margin (and gaps): drawn thin unless a
    # tile may move into them, so the city itself gets the width.
    used_cols = {t["pos"][0] for t in view["tiles"]}
    used_cols |= {string.ascii_uppercase.index(c[0]) for c in move_cells}
    col_sizes = " ".join("minmax(0, 1fr)" if c in used_cols else "1.6rem" for c in range(columns))

    markers = []
    for m in view["markers"]:
        markers.append({
            "letter": m["letter"], "label": m["label"], "kind": m["kind"],
            "bids": [{"seat": s, "count": b, "color": seat_color(s), "label": player_label(s), "name": _name(names, s),
                      "is_me": s == me} for s, b in enumerate(m["bids"]) if b],
            "leader": _name(names, m["leader"]) if m["leader"] is not None else "",
            "leader_color": seat_color(m["leader"]) if m["leader"] is not None else "",
        })

    passed = list(view["passed"])
    table = list(view["pass_retrieval"])
    result = view.get("result") or None
    breakdown = (result or {}).get("detail", {}).get("breakdown") or []
    winners = set((result or {}).get("winners") or [])
    players = []
    for s in range(n):
        position = passed.index(s) if s in passed else None
        players.append({
            "seat": s, "label": player_label(s), "name": _name(names, s), "color": seat_color(s),
            "is_me": s == me, "to_act": s in view["to_act"],
            "hq": view["hq"][s], "boroughs": view["boroughs"][s],
            "bosses": view["bosses_on_board"][s], "bosses_max": BOSSES_PER_PLAYER,
            "control": [{"colour": c, "count": view["control"][s][c]} for c in COLOURS],
            "vp": view["vp"][s],
            "passed": position + 1 if position is not None else None,
            "retrieves": table[position] if position is not None else None,
            "start": s == view["start"],
            "winner": s in winners,
            "score": breakdown[s] if s < len(breakdown) else None,
        })

    pending = view.get("pending")
    if view["phase"] == "over":
        decision = "The game is over."
    elif view["phase"] == "placement":
        who = view["current"]
        extra = " (the single last turn)" if view["last_turn"] else ""
        decision = f"{player_label(who)} ({_name(names, who)}) to place a rabble or pass{extra}."
    elif pending:
        who = pending["seat"]
        what = KIND_DOING.get(pending["kind"], "choose")
        decision = f"{player_label(who)} ({_name(names, who)}) to {what} — {pending['source']}."
    else:
        decision = ""

    model: dict[str, Any] = {
        "columns": columns,
        "col_sizes": col_sizes,
        "column_labels": list(string.ascii_uppercase[:columns]),
        "grid": grid,
        "markers": markers,
        "buildings": [{"name": t["building"]["name"], "number": t["number"], "cell": t["cell"],
                       "text": BUILDING_TEXT.get(t["building"]["id"], ""),
                       "controller": _name(names, t["controller"]) if t["controller"] is not None else ""}
                      for t in view["tiles"] if t["building"]],
        "players": players,
        "piles": [{"colour": c, "count": view["control_supply"][c]} for c in COLOURS],
        "pass_order": [{"label": player_label(s), "name": _name(names, s), "color": seat_color(s),
                        "retrieves": table[i]} for i, s in enumerate(passed)],
        "pass_table": table,
        "effects": [{"label": player_label(e["seat"]), "name": _name(names, e["seat"]), "color": seat_color(e["seat"]),
                     "source": e.get("source", ""), "text": _effect_text(e)}
                    for e in view.get("effects") or []],
        "decision": decision,
        "pending": pending,
        "log": list(view.get("log") or []),
        "round": view["round"],
        "phase": view["phase"],
        "end_triggered": view["end_triggered"],
        "result": result,
        "reason": (result or {}).get("detail", {}).get("reason", ""),
        "interactive": bool(kind),
        "kind": kind or "",
        # The grid's cells as HTML (render.py): as a template loop it was most of the board's time.
        "grid_html": render.grid_html(grid, special_election=(play or {}).get("kind") == "special"),
    }
    model["markers_html"] = render.markers_html(model["markers"])
    model["players_html"] = render.players_html(model["players"])
    model["buildings_html"] = render.buildings_html(model["buildings"])
    return model


def _effect_text(effect: Mapping[str, Any]) -> str:
    kind = effect["kind"]
    if kind == "votes":
        return f"+{effect['amount']} in every election"
    if kind == "colour_votes":
        return f"+{effect['amount']} in {'/'.join(effect['colours'])} elections"
    if kind == "boss_votes":
        return "+1 vote per boss on the board"
    return kind.replace("_", " ")


# -- the adapter ------------------------------------------------------------------------------
class FivePointsUI(GameUI):
    board_template = "ui/five_points/board.html"
    play_template = "ui/five_points/play.html"
    seat_colors = PLAYER_COLORS

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        fp_play = play.get("fp_play") if play else None
        model = board(view, names, fp_play if isinstance(fp_play, Mapping) else None)
        # The template prints the board built in one pass (see board_html).
        model["board_html"] = board_html.board_html(model, names)
        return model

    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        """The city, the markers and the players as tables for a mail (see ``mail``)."""
        return mail.mail_situation(view, names, description, chip=self.mail_chip)

    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        if not view or seat is None or decision is None:
            return {}
        options = decision_options(decision)
        kind = options["kind"]
        fp: dict[str, Any] = {"options": options, "kind": kind, "title": KIND_TITLE[kind],
                              "prompt": decision.prompt, "hq": view["hq"][seat]}
        if decision.detail.get("source"):
            fp["source"] = decision.detail["source"]
        if kind == "placement":
            fp["markers"] = [{"letter": b["marker"], "label": b["label"], "min": b["min"], "max": b["max"]}
                             for b in decision.detail["bids"]]
            fp["max_bid"] = max((m["max"] for m in fp["markers"]), default=0)
            if posted is not None:
                fp["posted_marker"] = str(posted.get("marker", ""))[:2]
                fp["posted_bid"] = str(posted.get("bid", ""))[:4]
            fp["markers_html"] = play_html.markers_html(fp["markers"], fp.get("posted_marker"))
        elif kind == "move_tile":
            fp["choices"] = [{"value": f"{o.move['tile']}:{o.move['to']}", "label": o.label}
                             for o in decision.options if o.move["action"] == "move"]
        elif kind == "elect":
            fp["choices"] = [{"value": ",".join(str(t) for t in o.move["tiles"]), "label": o.label}
                             for o in decision.options if o.move["action"] == "elect"]
        elif kind == "smuggle":
            fp["players"] = [{"number": int(p), "seat": int(p) - 1, "label": f"P{p}", "color": seat_color(int(p) - 1)}
                             for p in options["routes"]]
            fp["tiles"] = list(decision.detail["tiles"])
        if "choices" in fp:  # a tile move's or election order's drop-down, built in one pass
            fp["choices_html"] = play_html.choices_html(fp["choices"])
        return {"fp_play": fp, "can_move": True}

    # -- forms to moves -----------------------------------------------------------------
    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any],
                   decision: Decision | None) -> Move:
        """The canonical move a posted form means, checked against the seat's decision."""
        action = str(data.get("action") or "")
        if action == "choice":
            return self.chosen(data, decision)
        if action not in ("pass", "skip", "place", "move", "take", "special", "elect", "smuggle"):
            raise BadForm("the form did not say what it is for "
                          "(place, pass, move, take, special, elect, smuggle or skip)")
        if decision is None:
            raise BadForm("nothing is awaited from you now; reload the page")
        if action == "place":
            return self._placement(data, view, decision)
        if action == "smuggle":
            return self._smuggle(data, view, decision)
        return self._listed(self._form_move(action, data, view), decision)

    def _form_move(self, action: str, data: Mapping[str, Any], view: Mapping[str, Any]) -> Move:
        """The move of a form whose answers the decision lists in full (or pass / skip)."""
        if action in ("pass", "skip"):
            return {"action": action}
        if action == "move":
            raw = str(data.get("tile_to") or "")
            tile_raw, _, cell = raw.partition(":")
            cell = cell.strip().upper()
            if not tile_raw or not cell:
                raise BadForm("choose a neighbourhood and where it goes (click the tile, then an empty cell)")
            if (len(cell) < 2 or cell[0] not in string.ascii_uppercase
                    or text.int_or_none(cell[1:], low=1, high=MAX_NUMBER) is None):
                raise BadForm(f"'{cell[:6]}' is not a cell of the grid (a column letter and a row number, "
                              "like C4)")
            return {"action": "move", "tile": self._tile(tile_raw, view, "the neighbourhood to move"),
                    "to": cell}
        if action == "take":
            colour = str(data.get("colour") or "").lower()
            if colour not in COLOURS:
                raise BadForm(f"'{colour[:10]}' is not a colour (blue, green, red or orange)")
            return {"action": "take", "colour": colour}
        if action == "special":
            return {"action": "special",
                    "tile": self._tile(data.get("tile"), view, "the special election's neighbourhood")}
        order = str(data.get("order") or "").replace(",", " ").split()
        if not order:
            raise BadForm("choose the tied neighbourhoods that vote, in order (click them on the map)")
        # More than the tied count is not an option anyway; eight is only a bound on the work.
        return {"action": "elect", "tiles": [self._tile(t, view, "a tied neighbourhood") for t in order[:8]]}

    def _listed(self, move: Move, decision: Decision) -> Move:
        """``move`` if it is one of the decision's options, else a message saying what is open now."""
        for option in decision.options:
            if option.move == move:
                return option.move
        what = {"pass": "passing", "skip": "skipping", "move": "that tile move",
                "take": "that control marker", "special": "that neighbourhood",
                "elect": "that choice of elections"}[move["action"]]
        raise BadForm(f"{what} is not one of your choices now ({decision.prompt[:1].lower()}"
                      f"{decision.prompt[1:]}); reload the page")

    def _placement(self, data: Mapping[str, Any], view: Mapping[str, Any], decision: Decision) -> Move:
        tile = self._tile(data.get("tile"), view, "the neighbourhood")
        if decision.kind != "place":
            raise BadForm("it is not the placement phase now; reload the page")
        if tile not in decision.detail["tiles"]:
            raise BadForm("you have no rabble on your HQ to place; pass instead")
        move: dict[str, Any] = {"action": "place", "tile": tile}
        marker = str(data.get("marker") or "").strip().upper()
        bid_raw = str(data.get("bid") or "").strip()
        bid = self._number(bid_raw, "the bid") if bid_raw else 0
        if marker and bid:
            letters = [m["letter"] for m in view.get("markers", [])]
            if marker not in letters:
                raise BadForm(f"there is no marker '{marker[:2]}' (markers are {', '.join(letters)})")
            ranges = {b["marker"]: (b["min"], b["max"]) for b in decision.detail["bids"]}
            if marker not in ranges:
                open_now = ", ".join(f"{m} {lo}–{hi}" for m, (lo, hi) in ranges.items()) or "none"
                raise BadForm(f"you cannot take the lead on marker {marker} with the rabble on your HQ "
                              f"(bids open to you: {open_now})")
            low, high = ranges[marker]
            if not low <= bid <= high:
                raise BadForm(f"on marker {marker} you may bid {low} to {high} rabble now, not {bid} "
                              f"(you have {decision.detail['hq']} on your HQ and place one of them)")
            move["marker"] = marker
            move["bid"] = bid
        elif bid and not marker:
            raise BadForm(f"you bid {bid} rabble but chose no marker; choose one, or clear the bid")
        return move

    def _smuggle(self, data: Mapping[str, Any], view: Mapping[str, Any], decision: Decision) -> Move:
        number = self._number(str(data.get("player") or ""), "the player")
        if not 1 <= number <= view.get("players", 0):
            raise BadForm(f"there is no player {number}")
        src = self._tile(data.get("from"), view, "the neighbourhood to move from")
        dst = self._tile(data.get("to"), view, "the neighbourhood to move to")
        if decision.kind != "smuggle":
            raise BadForm("the Smuggler's Tunnel is not yours to use now; reload the page")
        sources = {(s["player"], s["tile"]) for s in decision.detail["sources"]}
        if (number, src) not in sources:
            raise BadForm(f"P{number} has no rabble on tile {src}")
        if src == dst:
            raise BadForm("the rabble must go to a different neighbourhood")
        return {"action": "smuggle", "seat": number - 1, "from": src, "to": dst}

    def _number(self, raw: str, what: str) -> int:
        raw = raw.strip()
        try:
            return text.parse_int(raw, low=0, high=MAX_NUMBER)
        except text.TextError as error:
            if error.kind == "too_large":
                raise BadForm(f"{what}: {text.shown(raw, 10)} is far more than the game has") from None
            if error.kind == "too_small":
                raise BadForm(f"{what}: {text.shown(raw, 10)} cannot be negative") from None
            raise BadForm(f"{what}: '{text.shown(raw, 10)}' is not a whole number "
                          "(write it with the digits 0-9)") from None

    def _tile(self, raw: Any, view: Mapping[str, Any], what: str) -> int:
        entered = str(raw or "").strip()
        if not entered:
            raise BadForm(f"choose {what} (click it on the map)")
        number = self._number(entered, what)
        count = len(view.get("tiles", []))
        if not 1 <= number <= count:
            raise BadForm(f"{what}: there is no neighbourhood {number} (tiles are 1 to {count})")
        return number
