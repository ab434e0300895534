"""Five Tribes' page pieces: the board partial's data, the move builder and the choice forms.

Everything here starts from ``rules.view(state, seat)`` — what the seat may see —
never from the raw state. The engine's helpers (legal continuations of a
movement, legal choices of a step) need a state, so :func:`visible_state`
rebuilds one from the view with every secret replaced by a harmless stand-in:
other seats' gold is 0, the piles are lists of the right size holding nothing,
the bag is only its size. No helper used here reads those stand-ins' contents
(gold matters only for the seat's own bids and market purchases), so what the
page offers is exactly what the rules allow, computed from public data plus the
seat's own.

Forms post to ``games:play`` and :meth:`FiveTribesUI.build_move` turns them into
the canonical move, which then goes through ``games.services.submit_move``:

* ``action=move``: ``from`` (C3), ``path`` (``C4 D4 E4``), ``last`` (the finishing
  colour letter) and optionally ``drops`` (the whole drop order, e.g. ``GBB``);
* ``action=choice``: ``choice`` is one legal move in the notation (``kill D2
  white``, ``take 1 3``, ``bid 5``, ``djinn enki E1 pay elder``, ``done``...);
  it is looked up among the legal moves of the current decision, so a tampered
  value is refused before the rules see it;
* ``action=sell``: ``sell-<Card>`` counts (``sell-Fish=2``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from games.rules.five_tribes import RULES
from games.rules.five_tribes.bidding import price
from games.rules.five_tribes.board import TILE_INDEX, TILE_NAMES
from games.rules.five_tribes.data import (
    COLOUR_NAMES,
    COLOURS,
    COLUMN_LETTERS,
    COLUMNS,
    DJINN_HELP,
    DJINNS,
    MERCHANDISE,
    ROWS,
    TILE_LABELS,
    TRIBE_NAMES,
)
from games.rules.five_tribes.engine import STEP_HELP
from games.rules.five_tribes.movement import continuations, finishing_colours, starts
from games.rules.five_tribes.notation import format_move
from games.rules.five_tribes.scoring import goods_value
from games.rules import Decision
from games.ui.base import BadForm, GameUI

# The builder's tree of legal paths is embedded whole when it is small (it nearly
# always is: a few hundred nodes); past this many nodes the deeper levels are left
# out and the player finishes that move in the text box.
MAX_TREE_NODES = 25_000
# A group with more options than this is a drop-down rather than a row of buttons.
MAX_BUTTONS = 12
SEAT_COLOURS = ("red", "blue", "green", "yellow")  # as the site's ``seat_color`` filter
TURN_ORDER_PAID = ((18, 8), (12, 7), (8, 6), (5, 5), (3, 4), (1, 3))  # (cost, index in view["spots"])

STEP_TITLES = {
    "move": "Move meeples",
    "builders": "Your Builders: add Fakirs?",
    "kill": "Your Assassins: choose the target",
    "market": "Buy at the market",
    "sacred": "Sacred Place: take a Djinn",
    "palm": "Place the palm tree",
    "palace": "Place the palace",
    "sibittis": "Sibittis: keep one Djinn",
    "end": "End of your turn: sell merchandise, use a Djinn, or finish",
}


# -- the seat's view as a state the engine's helpers accept ------------------------


def visible_state(view: Mapping[str, Any]) -> dict[str, Any]:
    """A state holding only what ``view`` shows; secrets become empty stand-ins (see the module doc)."""
    board = view["board"]
    seat = view.get("you")
    return {
        "num_players": view["num_players"],
        "rng": {"seed": "", "counter": 0},
        "tiles": [[t["kind"], t["value"]] for t in board],
        "meeples": [t["meeples"] for t in board],
        "camels": [t["camel"] for t in board],
        "palms": [t["palms"] for t in board],
        "palaces": [t["palaces"] for t in board],
        "supply": dict(view["supply"]),
        # Only the bag's size is public; its colours are never read by the helpers used here.
        "bag": [view["bag_size"], 0, 0, 0, 0],
        "deck": [None] * view["deck_size"],
        "row": list(view["row"]),
        "discard": list(view["discard"]),
        "djinn_deck": [None] * view["djinn_deck_size"],
        "djinns": list(view["djinns"]),
        "djinn_discard": list(view["djinn_discard"]),
        "seats": [
            {
                "gold": p["gold"] if i == seat and p["gold"] is not None else 0,
                "camels": p["camels"], "viziers": p["viziers"], "elders": p["elders"],
                "fakirs": p["fakirs"], "goods": list(p["goods"]), "djinns": list(p["djinns"]),
            }
            for i, p in enumerate(view["seats"])
        ],
        "phase": view["phase"],
        "round": view["round"],
        "bid_order": list(view["bid_order"]),
        "bid_index": view["bid_index"],
        "zeros": list(view["zeros"]),
        "spots": list(view["spots"]),
        "queue": list(view["queue"]),
        "played": list(view["played"]),
        "kumarbi_used": list(view["kumarbi_used"]),
        "turn": dict(view["turn"]) if view["turn"] else None,
        "end": view["end"],
        "log": [],
    }


def decision_of(view: Mapping[str, Any], seat: int | None) -> str | None:
    """The decision ``seat`` must take now ("bid", a turn step), or None when it is not theirs."""
    if seat is None or seat not in view.get("to_act", []):
        return None
    if view["phase"] == "bid":
        return "bid"
    turn = view.get("turn") or {}
    return turn.get("step")


def choice_moves(view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every legal move of the seat's current decision except meeple movements (a short list)."""
    if decision_of(view, seat) is None:
        return []
    s = visible_state(view)
    # The engine's own generators for one decision (legal_moves would walk the
    # whole movement space first, which can be very large).
    return list(RULES._choices(s, seat)) + list(RULES._djinn_moves(s, seat))


def movement_tree(view: Mapping[str, Any]) -> dict[str, Any]:
    """The legal movements as a tree for the click builder.

    ``{"starts": [...], "hands": {start: meeples}, "tree": {start: node}}`` where a
    node is ``{next tile: node}`` while meeples remain, the string of possible
    finishing colours once the path is complete, or ``None`` where the tree was
    cut short (too many possibilities to list).
    """
    s = visible_state(view)
    budget = [MAX_TREE_NODES]

    def grow(start: str, path: list[str], hand: str) -> Any:
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        if len(path) == len(hand):
            return "".join(finishing_colours(s, start, path))
        return {tile: grow(start, path + [tile], hand) for tile in continuations(s, start, path)}

    first = starts(s)
    hands = {name: s["meeples"][TILE_INDEX[name]] for name in first}
    return {"starts": first, "hands": hands, "tree": {name: grow(name, [], hands[name]) for name in first}}


def default_drops(hand: str, board_final: str, path: list[str], last: str) -> str:
    """A drop order for a chosen path and finishing colour: the others in colour order, ``last`` at the end.

    When the last meeple's colour is not on the final tile before the move, the
    path must cross that tile earlier (a loop) and one meeple of that colour is
    dropped there then — the only way such an ending can be legal.
    """
    rest = list(hand)
    if last not in rest:
        return ""
    rest.remove(last)
    drops: list[str | None] = [None] * len(path)
    drops[-1] = last
    if last not in board_final:
        for j in range(len(path) - 1):
            if path[j] == path[-1] and last in rest:
                rest.remove(last)
                drops[j] = last
                break
    rest.sort(key=COLOURS.index)
    it = iter(rest)
    return "".join(d if d is not None else next(it, "") for d in drops)


# -- labels for the choice buttons ---------------------------------------------------


def _pay_label(pay: str) -> str:
    parts = []
    if pay.count("E"):
        parts.append(f"{pay.count('E')} Elder" + ("s" if pay.count("E") > 1 else ""))
    if pay.count("F"):
        parts.append(f"{pay.count('F')} Fakir" + ("s" if pay.count("F") > 1 else ""))
    return "pay " + " + ".join(parts) if parts else "free"


def choice_label(move: Mapping[str, Any], view: Mapping[str, Any], names: list[str]) -> str:
    kind = move["t"]
    if kind == "bid":
        cost, fakirs = move["cost"], move.get("fakirs", 0)
        if cost == 0:
            return "0 (free)"
        if fakirs:
            return f"{cost} with Kumarbi ({fakirs} Fakir{'s' if fakirs > 1 else ''}): pay {price(cost, fakirs)}"
        return f"{cost} gold"
    if kind == "builders":
        return "no Fakirs" if not move["fakirs"] else f"{move['fakirs']} Fakir{'s' if move['fakirs'] > 1 else ''}"
    if kind == "kill":
        what = " + ".join(TRIBE_NAMES[c] for c in move["meeples"])
        if "tile" in move:
            return f"{move['tile']}: {what}"
        victim = move["seat"]
        who = names[victim] if victim < len(names) else ""
        return f"P{victim + 1}{f' ({who})' if who else ''}: {what}"
    if kind == "take" and "cards" in move:
        row = view["row"]
        return " + ".join(f"{c}. {row[c - 1]}" for c in move["cards"] if 0 < c <= len(row))
    if kind == "take":
        return f"{move['djinn']} ({DJINNS[move['djinn']][0]} VP), {_pay_label(move['pay'])}"
    if kind in ("palm", "palace"):
        if "tile" not in move:
            at = (view.get("turn") or {}).get("at")
            return f"On {TILE_NAMES[at]}" if isinstance(at, int) else "Where it belongs"
        helper = "Lamia" if kind == "palm" else "Hagis"
        return f"{move['tile']} with {helper}, {_pay_label(move['pay'])}"
    if kind == "keep":
        return f"{move['djinn']} ({DJINNS[move['djinn']][0]} VP)"
    if kind == "djinn":
        on = f" on {move['tile']}" if "tile" in move else ""
        return f"{move['djinn']}{on}, {_pay_label(move['pay'])}"
    if kind == "pass":
        return "Pass"
    if kind == "done":
        return "Done: end my turn"
    return format_move(dict(move))


def _group_key(move: Mapping[str, Any]) -> tuple[str, str]:
    kind = move["t"]
    if kind == "djinn":
        name = move["djinn"]
        return f"djinn-{name}", f"Use {name}: {DJINN_HELP[name]}"
    if kind in ("pass", "done"):
        return "finish", ""
    return kind, ""


def choice_groups(view: Mapping[str, Any], seat: int, names: list[str]) -> list[dict[str, Any]]:
    """The legal choices grouped for the page: each group a row of buttons or a drop-down."""
    groups: dict[str, dict[str, Any]] = {}
    for move in choice_moves(view, seat):
        if move["t"] == "sell":
            continue  # the sale form lets the player count cards instead of listing every subset
        key, title = _group_key(move)
        # The step's own options need no heading (the card has it); Djinn powers do.
        group = groups.setdefault(key, {"key": key, "title": title, "options": []})
        group["options"].append({"value": format_move(move), "label": choice_label(move, view, names)})
    out = list(groups.values())
    for group in out:
        group["select"] = len(group["options"]) > MAX_BUTTONS
    # The decision's own options first, Djinn powers next, pass / done last.
    out.sort(key=lambda g: (g["key"] == "finish", g["key"].startswith("djinn-")))
    return out


def sale_form(view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """One counter per merchandise kind the seat holds (only at the end-of-turn step)."""
    if decision_of(view, seat) != "end":
        return []
    goods = Counter(view["seats"][seat]["goods"])
    return [{"card": card, "count": goods[card], "field": f"sell-{card}"} for card in sorted(goods)]


# -- the board partial's data (used live, for spectators and in the replay) ----------


def _meeple_groups(meeples: str) -> list[dict[str, Any]]:
    counts = Counter(meeples)
    return [{"code": c, "colour": COLOUR_NAMES[c], "tribe": TRIBE_NAMES[c], "count": counts[c]}
            for c in COLOURS if counts[c]]


def _seat_ref(seat: int | None, names: list[str]) -> dict[str, Any] | None:
    if seat is None:
        return None
    return {"seat": seat, "label": f"P{seat + 1}", "name": names[seat] if seat < len(names) else "",
            "colour": SEAT_COLOURS[seat % len(SEAT_COLOURS)]}


def board_model(view: Mapping[str, Any] | None, names: list[str] | None = None) -> dict[str, Any]:
    """Rows the board partial prints, from the view alone (so it serves live pages and the replay)."""
    if not view:
        return {}
    names = list(names or [])
    me = view.get("you")
    board = view["board"]
    rows = []
    for r in range(ROWS):
        cells = []
        for c in range(COLUMNS):
            t = board[r * COLUMNS + c]
            cells.append({
                "name": t["tile"], "kind": t["kind"], "label": TILE_LABELS[t["kind"]], "value": t["value"],
                "colour": t["colour"], "meeples": _meeple_groups(t["meeples"]), "count": len(t["meeples"]),
                "camel": _seat_ref(t["camel"], names), "palms": t["palms"], "palaces": t["palaces"],
            })
        rows.append({"number": r + 1, "cells": cells})
    players = []
    for i, p in enumerate(view["seats"]):
        ref = _seat_ref(i, names) or {}
        goods = Counter(p["goods"])
        players.append({
            **ref,
            "is_me": i == me,
            # ``gold`` is in the view only for the viewer's own seat (None for every other).
            "gold": p["gold"] if i == me else None,
            "camels": p["camels"], "viziers": p["viziers"], "elders": p["elders"], "fakirs": p["fakirs"],
            "goods": [{"card": k, "count": goods[k]} for k in sorted(goods)],
            "goods_value": goods_value(p["goods"]),  # public: the cards are face up
            "djinns": [{"name": d, "vp": DJINNS[d][0], "help": DJINN_HELP[d]} for d in p["djinns"]],
            "tiles": sum(1 for t in board if t["camel"] == i),
            "to_act": i in view["to_act"],
        })
    spots = view["spots"]
    track = [{"cost": cost, "who": _seat_ref(spots[idx], names)} for cost, idx in TURN_ORDER_PAID]
    # The aisle of zeros: the latest zero bidder plays first, so list it first.
    zeros = [_seat_ref(z, names) for z in reversed(view["zeros"])]
    turn = view.get("turn") or {}
    deciding = [_seat_ref(s, names) for s in view["to_act"]]
    if view["phase"] == "bid":
        doing = "bids for turn order"
    elif view["phase"] == "play" and turn:
        doing = STEP_HELP.get(turn.get("step", ""), "").split(" (")[0]
    else:
        doing = ""
    return {
        "columns": list(COLUMN_LETTERS),
        "rows": rows,
        "row_cards": [{"pos": i, "card": card} for i, card in enumerate(view["row"], 1)],
        "djinns": [{"name": d, "vp": DJINNS[d][0], "help": DJINN_HELP[d]} for d in view["djinns"]],
        "players": players,
        "track": track,
        "zeros": zeros,
        "bid_order": [_seat_ref(s, names) for s in view["bid_order"]],
        "bidding_next": view["bid_index"] if view["phase"] == "bid" else None,
        "queue": [_seat_ref(s, names) for s in view["queue"]],
        "played": [_seat_ref(s, names) for s in view["played"]],
        "deciding": deciding,
        "doing": doing,
        "step": turn.get("step") if view["phase"] == "play" else view["phase"],
        "turn_tile": TILE_NAMES[turn["tile"]] if isinstance(turn.get("tile"), int) else "",
        "supply": view["supply"], "bag_size": view["bag_size"], "deck_size": view["deck_size"],
        "djinn_deck_size": view["djinn_deck_size"],
        "end": {"camels": "a player has placed their last camel",
                "no_move": "no meeple can move any more"}.get(view["end"] or "", ""),
        "log": list(view["log"])[-10:],
        "phase": view["phase"],
        "round": view["round"],
        "merchandise": list(MERCHANDISE),
    }


# -- the adapter -------------------------------------------------------------------


class FiveTribesUI(GameUI):
    slug = "five_tribes"

    board_template = "ui/five_tribes/board.html"
    play_template = "ui/five_tribes/play.html"

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return board_model(view, names)

    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        step = decision_of(view, seat) if view else None
        if step is None or view is None or seat is None:
            return {}
        # Players are named P1..P4 in the choices, as in the notation and the emails.
        names: list[str] = []
        builder = None
        if step == "move" and (view.get("turn") or {}).get("can_move"):
            builder = movement_tree(view)
        return {"ft": {
            "step": step,
            "title": "Bid for turn order" if step == "bid" else STEP_TITLES.get(step, step),
            "builder": builder,
            "groups": choice_groups(view, seat, names),
            "sale": sale_form(view, seat),
            "meeple_names": {c: COLOUR_NAMES[c] for c in COLOURS},
        }}

    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any],
                   decision: Decision | None) -> Any:
        action = data.get("action")
        if action == "move":
            return self._movement(data, view)
        if action == "choice":
            chosen = " ".join(str(data.get("choice", "")).split())
            seat = view.get("you")
            if seat is None:
                raise BadForm("you are not playing in this game")
            for move in choice_moves(view, seat):
                if format_move(move) == chosen:
                    return move
            raise BadForm(f"'{chosen[:60]}' is not one of your choices now; reload the page")
        if action == "sell":
            return self._sale(data, view)
        raise BadForm("the form did not say what it is for (a movement, a choice or a sale)")

    def _movement(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Any]:
        start = str(data.get("from", "")).strip().upper()
        path = str(data.get("path", "")).replace(",", " ").upper().split()
        if start not in TILE_INDEX:
            raise BadForm("click the tile your move starts from")
        if not path or any(tile not in TILE_INDEX for tile in path):
            raise BadForm("click the tiles your meeples are dropped on, one per meeple")
        hand = view["board"][TILE_INDEX[start]]["meeples"]
        drops = str(data.get("drops", "")).strip().upper()
        if drops:
            if not set(drops) <= set(COLOURS):
                raise BadForm("the drop colours are Y, W, G, B and R")
        else:
            last = str(data.get("last", "")).strip().upper()
            if last not in COLOURS or last not in hand:
                raise BadForm(f"choose the colour of your last meeple (one of those on {start})")
            final = path[-1]
            board_final = "" if final == start else view["board"][TILE_INDEX[final]]["meeples"]
            drops = default_drops(hand, board_final, path, last)
        # The rules check everything else (adjacency, backtracking, the last meeple).
        return {"t": "move", "from": start, "path": path, "drops": drops}

    def _sale(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Any]:
        cards: list[str] = []
        for card in MERCHANDISE:
            raw = str(data.get(f"sell-{card}", "") or "").strip()
            if not raw:
                continue
            if not raw.isdigit() or int(raw) > 20:
                raise BadForm(f"'{raw[:10]}' {card} is not a number of cards you could hold")
            cards.extend([card] * int(raw))
        if not cards:
            raise BadForm("choose at least one card to sell (or press Done)")
        return {"t": "sell", "cards": sorted(cards)}

