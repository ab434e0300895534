"""Gangsters' page pieces: the city map with every piece, the decision forms, and turning forms into moves.

The board is built from ``rules.view(state, seat)`` alone, so it serves the live
page, spectators and every replay step. The forms come from the seat's
:class:`games.rules.Decision` (``rules.choices``), computed by the rules on the
real state; this module only shapes it:

* paths (a gang piece, a cop, a Public): ``detail`` holds the tree of legal
  paths of each mover; it is embedded as JSON and ``static/gangsters.js``
  walks it, so the map offers only legal next spaces and then only the legal
  endings (just move, extort, hit ..., seduce ...);
* every other option of the decision is a button (or a drop-down when many);
* recruits are a small form (piece, strength, facing when it comes back on);
* the sealed gang order is a form of strengths and starting joints.

Forms post to ``games:play``; :meth:`GangstersUI.build_move` builds the
canonical move, checked against the same decision, and the rules check it
again::

    action=path mover=T path="d7 d8 BRI" ending=2   a "move" of piece T, with the ending's act and target
    action=path mover=cop:3 path="d7 d8 d9"         {"a": "cop", "cop": 3, "path": [...]}
    action=path mover=public:4 path="d7 d8 BRI"     {"a": "public", "id": 4, "path": [...]}
    action=recruit piece=T n=2 [facing=e]           {"a": "recruit", "piece": "T", "n": 2, "facing": None|"e"}
    action=order R=5 T=2 V=1 at_R=BRI at_T=BUS at_V=BUS   {"a": "gang", "R": 5, ..., "at": {...}}
    action=choice choice=<notation>                 any listed option
"""

from __future__ import annotations

import functools
import json
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString

from games.rules import Decision
from games.rules.gangsters import (
    BRIDGES,
    BUILDING,
    BUILDINGS,
    COLOUR_JOINTS,
    COLOURS,
    COLUMNS,
    DIRECTION_NAME,
    DIRECTIONS,
    DOORS,
    GANG_LABEL,
    GROUP_SIZE,
    PIECE_NAME,
    PIECES,
    RIVER_ROWS,
    ROWS,
    STREET_NAMES,
    STREETS,
    SUBWAY_OF,
    legend_lines,
)
from games.templatetags.ravenpost import seat_color
from games.ui.base import MAX_BUTTONS, BadForm, GameUI
from games.ui.gangsters import html, mail, render
from games.ui.gangsters.pieces import Occupant, occupants

CELL = 30  # SVG units per map cell
DIE_USE = {"green": "Racketeer", "red": "Thug", "black": "Vamp", "blue": "cops", "white": "Public"}
COP_TURN_DIE_USE = {**DIE_USE, "green": "Commissioner", "red": "unused", "black": "unused",
                    "white": "Public, informants"}
STEP_TEXT = {
    "pick": "buys set-up joints", "order": "write their gang orders", "buy": "is buying before the dice",
    "cop": "is deciding about the cops", "stop": "may stop a cop with a bribe", "move": "is moving",
    "assign": "is assigning police hits", "forced": "must recruit a new Racketeer",
    "facing": "faces the Commissioner", "pcop": "may move a cop (the gang deferred)",
    "cbuy": "is buying before the Cop Turn's dice", "cmove": "is playing the Cop Turn",
    "cforced": "must recruit a new Commissioner",
    "bribes": "answer whether a bribe is played (sealed)",
}
MAX_PATH_WORDS = 40
FACINGS = [{"code": d, "name": DIRECTION_NAME[d]} for d in DIRECTIONS]


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else ""


def _seat_ref(seat: int | None, names: list[str]) -> dict[str, Any] | None:
    if seat is None:
        return None
    return {"seat": seat, "label": GANG_LABEL[seat], "name": _name(names, seat), "colour": seat_color(seat)}


# -- the board -------------------------------------------------------------------------------------


def _badge(o: Occupant) -> dict[str, Any]:
    """A map badge: the marker, its colour class and what it is, in words."""
    if o.role == "gang":
        crim = " criminal side" if o.criminal else ""
        return {"text": o.text, "cls": f"gx-piece c-{seat_color(o.seat or 0)}",
                "title": f"{o.label}'s {o.name} (strength {o.strength}{crim})"}
    if o.role == "commish":
        return {"text": o.text, "cls": f"gx-piece c-{seat_color(o.seat or 0)}",
                "title": f"the Police Commissioner (strength {o.strength})"}
    return {"text": o.text, "cls": "gx-cop" if o.role == "cop" else "gx-public", "title": o.name}


def _occupants(view: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Node -> badges: gang pieces (seat colour and text), cops, Public."""
    return {node: [_badge(o) for o in here] for node, here in occupants(view).items()}


@functools.cache
def _grid() -> tuple[tuple[Mapping[str, Any], Any], ...]:
    """Every cell of the map, row by row: its fixed part (place, kind, name), shared by every board and
    never changed, and its building (of ``BUILDINGS``) if it has one."""
    by_cell = {b.cell: b for b in BUILDINGS}
    grid = []
    for row in range(ROWS):
        for col in range(len(COLUMNS)):
            name = f"{COLUMNS[col]}{row + 1}"
            cell: dict[str, Any] = {"x": col * CELL, "y": row * CELL, "node": "", "kind": "lot", "text": "",
                                    "sub": "", "title": name, "badges": ()}
            building = None
            if name in STREETS:
                cell.update(node=name, kind="street")
                if name in SUBWAY_OF:
                    number = SUBWAY_OF[name]
                    cell.update(kind="subway", text=f"S{number}", title=f"{name}, subway {number}")
                elif name in BRIDGES:
                    cell.update(kind="bridge", title=f"{name}, bridge")
            elif name in by_cell:
                building = by_cell[name]
            elif row in RIVER_ROWS:
                cell.update(kind="river", title=f"{name}, the river")
            grid.append((MappingProxyType(cell), building))
    return tuple(grid)


@functools.lru_cache(maxsize=1024)  # 55 buildings, each with a few owners, levels and sides in a game
def _building_cell(code: str, joint: tuple[int | None, int, bool] | None, hq: bool,
                   police_seat: int | None) -> Mapping[str, Any]:
    """A building's cell as its owner (``joint``: owner, level, criminal side) or the Police's precinct HQ
    show it, without its pieces."""
    b = BUILDING[code]
    base = next(cell for cell, building in _grid() if building is b)
    owner = joint[0] if joint else None
    if hq and not joint:
        owner = police_seat
    level = joint[1] if joint else 1
    crim = bool(joint and joint[2])
    # The gang's number, as on its pieces ("1R"); the key beside the map names its player.
    sub = "" if owner is None else ("HQ" if hq else f"{owner + 1} L{level}")
    if owner is not None and crim:
        sub += "!"
    what = f"{b.colour} joint, ${b.value}" if b.is_joint else "gray building"
    if b.jump:
        what += f", one-jump {b.jump}"
    owned = "" if owner is None else f", {GANG_LABEL[owner]}'s, level {level}"
    if hq:
        owned = ", a precinct HQ of the Police"
    if crim:
        owned += ", showing its criminal side"
    return MappingProxyType({**base, "node": b.code, "kind": f"bld gx-{b.colour}", "text": b.code, "sub": sub,
                             "title": f"{b.code} {b.name} ({what}{owned})", "owner": _seat_color_or_none(owner)})


def _cells(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The map's cells, row by row: place, kind, building, pieces (three shown, how many more) and title.
    A cell without pieces is a shared read-only mapping (the board's model is only read)."""
    occ = _occupants(view)
    joints = view["joints"]
    police = view.get("police") or {}
    hqs = police.get("hqs") or ()
    cells: list[Mapping[str, Any]] = []
    for cell, building in _grid():
        if building is not None:
            code = building.code
            joint = joints.get(code)
            hq = code in hqs
            cell = _building_cell(code, (joint["owner"], joint["level"], joint["crim"]) if joint else None, hq,
                                  police["seat"] if hq and not joint else None)
        badges = occ.get(cell["node"]) if cell["node"] else None
        if not badges:
            cells.append(cell)
            continue
        x = cell["x"] + 1
        y = cell["y"] + (17 if cell["kind"].startswith("bld") else 2)
        shown = [{**badge, "x": x + (i % 2) * 14, "y": y + (i // 2) * 9} for i, badge in enumerate(badges[:3])]
        here = {**cell, "badges": shown, "title": cell["title"] + ": " + ", ".join(b["title"] for b in badges)}
        if len(badges) > 3:
            here["more"] = len(badges) - 3
        cells.append(here)
    return cells


def _seat_color_or_none(seat: int | None) -> str:
    return "none" if seat is None else seat_color(seat)


def _gangs(view: Mapping[str, Any], names: list[str]) -> list[dict[str, Any]]:
    me = view.get("seat")
    out = []
    police_seat = (view.get("police") or {}).get("seat")
    for g in view["gangs"]:
        if g["seat"] == police_seat:
            continue
        pieces = []
        for kind in PIECES:
            p = g["pieces"][kind]
            pieces.append({"kind": kind, "name": PIECE_NAME[kind], "s": p["s"], "at": p["at"] or "",
                           "crim": p["c"]})
        out.append({**(_seat_ref(g["seat"], names) or {}), "is_me": g["seat"] == me, "cash": g["cash"],
                    "pieces": pieces, "joints": g["joints"], "bribes": g["bribes"],
                    "bribe_count": g["bribe_count"],
                    "shown": g["shown"], "wheels": g["wheels"], "heaters": g["heaters"], "out": g["out"],
                    "to_act": g["seat"] in view["to_act"]})
    return out


def _joint_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for colour in COLOURS:
        joints = []
        for code in COLOUR_JOINTS[colour]:
            b = BUILDING[code]
            joint = view["joints"][code]
            owner = joint["owner"]
            joints.append({"code": code, "name": b.name, "value": b.value, "jump": b.jump, "guard": b.guard,
                           "owner": GANG_LABEL[owner] if owner is not None else "", "level": joint["level"],
                           "crim": joint["crim"], "colour": _seat_color_or_none(owner)})
        rows.append({"colour": colour, "size": GROUP_SIZE[colour], "joints": joints})
    return rows


def board_model(view: Mapping[str, Any] | None, names: list[str] | None = None,
                play: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What the board template prints, from the view alone (live page, spectators, replay)."""
    if not view:
        return {}
    names = list(names or [])
    dice = view.get("dice") or {}
    turn = view.get("turn") or {}
    step = view.get("step", "")
    deciding = [_seat_ref(s, names) for s in view["to_act"]]
    uses = COP_TURN_DIE_USE if turn.get("cop_turn") else DIE_USE
    model = {
        "round": view["round"],
        "phase": view["phase"],
        "step": step,
        "crime": view["crime"],
        "crime_track": list(range(10)),
        "cops_out": len(view["cops"]),
        "cups": view["cups"],
        "dice": [{"name": d, "value": dice[d], "use": uses[d]} for d in DIE_USE if d in dice],
        "turn_of": _seat_ref(turn.get("seat"), names) if turn else None,
        "deciding": deciding,
        "doing": STEP_TEXT.get(step, ""),
        "gangs": _gangs(view, names),
        "size": CELL * len(COLUMNS),
        "height": CELL * ROWS,
        "cells": _cells(view),
        "columns": [{"x": i * CELL + CELL // 2, "name": c} for i, c in enumerate(COLUMNS)],
        "rows": [{"y": r * CELL + CELL // 2 + 4, "name": r + 1} for r in range(ROWS)],
        "joints": _joint_rows(view),
        "where": [line.strip() for line in legend_lines(view)],
        "streets": [{"where": k, "name": v} for k, v in STREET_NAMES.items()],
        "clickable": bool(play and play.get("gx", {}).get("builder")),
        "police": _police(view, names),
    }
    # The map and the joint lists are written in Python (see render.py): as template loops they were
    # most of the page's rendering time.
    model["map_svg"] = render.map_svg(model, names)
    model["joints_html"] = render.joint_lists(model["joints"], names)
    # The rest of the board too: its template prints this one string (kept with the model, see _cached_board).
    model["html"] = html.board_html(model, names)
    return model


def _police(view: Mapping[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The Police player's row: Commissioner, HQs, Informants, chits (his own only), cash (his own only)."""
    police = view.get("police")
    if not police:
        return None
    seat = police["seat"]
    g = view["gangs"][seat]
    c = police["commish"]
    return {**(_seat_ref(seat, names) or {}), "is_me": view.get("seat") == seat, "cash": g["cash"],
            "commish": c["s"], "at": c["at"] or "", "hqs": police["hqs"], "informants": police["informants"],
            "chits": police["chits"], "chit_count": police["chit_count"], "bribes": g["bribes"],
            "bribe_count": g["bribe_count"], "shown": g["shown"], "wheels": g["wheels"],
            "heaters": g["heaters"],
            "to_act": seat in view["to_act"]}


@functools.lru_cache(maxsize=64)
def _cached_board(view_json: str, names: tuple[str, ...], clickable: bool) -> dict[str, Any]:
    """The board of one view as the players are named: pages of one game version (every reload, each
    spectator, the replay's last step) share it. Keyed by the whole view, so a seat's secrets reach only
    a page showing that same view. The model is shared: the template only reads it."""
    return board_model(json.loads(view_json), list(names), {"gx": {"builder": True}} if clickable else None)


# -- the decision, shaped for the templates ---------------------------------------------------


def choice_groups(decision: Decision) -> list[dict[str, Any]]:
    titles = dict(decision.groups)
    groups: dict[str, dict[str, Any]] = {}
    for option in decision.options:
        group = groups.setdefault(option.group, {"key": option.group, "title": titles.get(option.group, ""),
                                                 "options": []})
        group["options"].append({"value": option.text, "label": option.label or option.text})
    out = list(groups.values())
    for group in out:
        group["select"] = len(group["options"]) > MAX_BUTTONS
    return out


def builder(decision: Decision) -> dict[str, Any] | None:
    """The movers whose paths may be built by clicking, with their trees (for the script)."""
    detail = decision.detail
    movers = []
    for kind, data in (detail.get("pieces") or {}).items():
        movers.append({"key": kind, "label": f"{PIECE_NAME[kind]} (at {data['at']})", "at": data["at"],
                       "tree": data["tree"],
                       "ends": {node: [{"label": e["label"], "tail": e["tail"]} for e in ends]
                                for node, ends in data["ends"].items()}})
    for cop, data in (detail.get("cops") or {}).items():
        movers.append({"key": f"cop:{cop}", "label": f"Cop {cop} (at {data['at']})", "at": data["at"],
                       "tree": data["tree"], "ends": {}})
    for pid, data in (detail.get("public") or {}).items():
        movers.append({"key": f"public:{pid}", "label": f"Public {pid} x{data['mult']} (at {data['at']})",
                       "at": data["at"], "tree": data["tree"], "ends": {}})
    if detail.get("commish"):
        data = detail["commish"]
        movers.append({"key": "commish", "label": f"Commissioner (at {data['at']})", "at": data["at"],
                       "tree": data["tree"], "ends": {}})
    for pid, data in (detail.get("informants") or {}).items():
        movers.append({"key": f"informant:{pid}", "label": f"Informant {pid} (at {data['at']})",
                       "at": data["at"], "tree": data["tree"], "ends": {}})
    if not movers:
        return None
    return {"movers": movers}


def recruit_form(decision: Decision) -> list[dict[str, Any]]:
    out = []
    for kind, data in (decision.detail.get("recruit") or {}).items():
        recruit = {"kind": kind, "name": PIECE_NAME[kind], "facing": data["facing"],
                   "choices": [{"n": n, "cost": cost} for n, cost in enumerate(data["costs"], 1)]}
        recruit["fields_html"] = html.recruit_fields(recruit, FACINGS)
        out.append(recruit)
    return out


def order_form(decision: Decision) -> dict[str, Any] | None:
    if decision.kind != "order" or "joints" not in decision.detail:
        return None  # the Police player's order is a choice of buttons
    detail = decision.detail
    joints = [{"code": c, "name": BUILDING[c].name} for c in detail["joints"]]
    order = {"purse": detail["purse"], "joints": joints, "max": detail["max"], "vamp_max": detail["vamp_max"],
             "pieces": [{"kind": k, "name": PIECE_NAME[k],
                         "max": detail["vamp_max"] if k == "V" else detail["max"][k],
                         "value": {"R": 5, "T": 2, "V": 1}[k]} for k in PIECES]}
    order["rows_html"] = html.order_rows(order)
    return order


class GangstersUI(GameUI):
    board_template = "ui/gangsters/board.html"
    play_template = "ui/gangsters/play.html"

    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        """The gangs, the map, who is where and the joints as tables for a mail's HTML part (see ``mail``)."""
        return mail.situation(view, names, description, self.mail_chip, self.seat_color)

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if not view:
            return {}
        clickable = bool(play and play.get("gx", {}).get("builder"))
        return _cached_board(json.dumps(view, sort_keys=True, separators=(",", ":")), tuple(names or ()),
                             clickable)

    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        if decision is None or seat is None:
            return {}
        groups = choice_groups(decision)
        recruit = recruit_form(decision)
        # The options of each group as their form prints them; recruits have a form of their own.
        forms = [html.choice_form(g, decision.prompt) for g in groups if g["key"] != "recruit" or not recruit]
        return {"gx": {
            "kind": decision.kind,
            "title": decision.prompt,
            "hint": decision.detail.get("hint", ""),
            "groups": groups,
            "choice_forms": forms,
            "builder": builder(decision),
            "recruit": recruit,
            "order": order_form(decision),
            "facings": FACINGS,
            "complete": decision.complete,
        }}

    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any],
                   decision: Decision | None) -> dict[str, Any]:
        action = data.get("action")
        if decision is None:
            raise BadForm("nothing is awaited from you now; reload the page")
        if action == "choice":
            move: dict[str, Any] = self.chosen(data, decision)
            return move
        if action == "path":
            return self._path(data, decision)
        if action == "recruit":
            return self._recruit(data, decision)
        if action == "order":
            return self._order(data, decision)
        raise BadForm("the form did not say what it is for (a path, a recruit, an order or a choice)")

    def _path(self, data: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
        mover = str(data.get("mover", ""))[:20]
        words = str(data.get("path", ""))[:400].replace(",", " ").split()
        if not words or len(words) > MAX_PATH_WORDS:
            raise BadForm("click the spaces of the path on the map, one per step")
        detail = decision.detail
        kind, _, ident = mover.partition(":")
        if kind in PIECES and not ident:
            found = (detail.get("pieces") or {}).get(kind)
        elif kind == "cop":
            found = (detail.get("cops") or {}).get(ident)
        elif kind == "public":
            found = (detail.get("public") or {}).get(ident)
        elif kind == "commish" and not ident:
            found = detail.get("commish")
        elif kind == "informant":
            found = (detail.get("informants") or {}).get(ident)
        else:
            found = None
        if found is None:
            raise BadForm(f"'{mover}' cannot move now; choose one of the pieces offered")
        node: Any = found["tree"]
        path: list[str] = []
        for word in words:
            step = word if word.upper() not in DOORS else word.upper()
            step = step.lower() if step.lower() in STREETS else step
            if node is None:
                path.append(step)  # the tree was cut short here: the rules check the rest
                continue
            if not isinstance(node, dict) or step not in node or step == "$":
                raise BadForm(f"{step} cannot come next on that path; use the highlighted spaces")
            node = node[step]
            path.append(step)
        if isinstance(node, dict) and "$" not in node:
            raise BadForm("the path is not finished: the piece must move its exact count")
        if kind == "cop":
            return {"a": "cop", "cop": int(ident), "path": path}
        if kind == "public":
            return {"a": "public", "id": int(ident), "path": path}
        if kind == "commish":
            return {"a": "cmove", "path": path}
        if kind == "informant":
            return {"a": "informant", "id": int(ident), "path": path, "flip": None}
        ends = found["ends"].get(path[-1], [{"act": "none", "target": None}])
        raw = str(data.get("ending", "0")).strip()
        if not (raw.isascii() and raw.isdigit()) or int(raw) >= len(ends):
            raise BadForm("choose how the move ends (just move, or one of the actions offered)")
        ending = ends[int(raw)]
        return {"a": "move", "piece": kind, "path": path, "act": ending["act"], "target": ending["target"]}

    def _recruit(self, data: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
        kind = str(data.get("piece", ""))
        offered = (decision.detail.get("recruit") or {}).get(kind)
        if offered is None:
            raise BadForm("that piece cannot recruit now")
        raw = str(data.get("n", "")).strip()
        if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= len(offered["costs"]):
            raise BadForm(f"choose how much strength to recruit (1 to {len(offered['costs'])})")
        facing: str | None = None
        if offered["facing"]:
            facing = str(data.get("facing", "")).strip().lower()
            if facing not in DIRECTIONS:
                raise BadForm("say which way the piece faces when it comes on (n, e, s or w)")
        return {"a": "recruit", "piece": kind, "n": int(raw), "facing": facing}

    def _order(self, data: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
        if decision.kind != "order":
            raise BadForm("no gang order is awaited from you now; reload the page")
        joints = decision.detail["joints"]
        strengths: dict[str, int] = {}
        at: dict[str, str] = {}
        for kind in PIECES:
            raw = str(data.get(kind, "0")).strip() or "0"
            if not (raw.isascii() and raw.isdigit()) or len(raw) > 2:
                raise BadForm(f"the {PIECE_NAME[kind]} strength must be a whole number")
            strengths[kind] = int(raw)
            if strengths[kind] > 0:
                code = str(data.get(f"at_{kind}", "")).strip().upper()
                if code not in joints:
                    raise BadForm(f"choose one of your joints for the {PIECE_NAME[kind]} to start in")
                at[kind] = code
        return {"a": "gang", **strengths, "at": at}

