"""Five Tribes' page pieces: the board partial's data and the move forms shaped from the seat's decision.

The board is drawn from ``rules.view(state, seat)`` alone, so it serves live
pages, spectators and every replay step. The forms come from the seat's
:class:`games.rules.Decision` (``rules.choices(state, seat)``), which the rules
compute on the real state; this module only shapes it for the templates:

* ``detail["movement"]``, the tree of legal paths, feeds the click-to-move
  builder (embedded as JSON; ``static/five_tribes.js`` walks it and offers
  only legal starts, continuations and finishing colours);
* the options, grouped as the decision groups them (the step's own choices,
  one group per Djinn power, pass / done), become buttons or a drop-down;
* ``detail["sale"]`` becomes one counter per merchandise kind held.

Forms post to ``games:play`` and :meth:`FiveTribesUI.build_move` turns them into
the canonical move, checked against the same decision, which then goes through
``games.services.submit_move`` (where the rules check it again):

* ``action=move``: ``from`` (C3), ``path`` (``C4 D4 E4``), ``last`` (the finishing
  colour letter) and optionally ``drops`` (the whole drop order, e.g. ``GBB``);
  start, path and last colour must follow the decision's tree;
* ``action=choice``: ``choice`` is one option's notation (``kill D2 white``,
  ``take 1 3``, ``bid 5``, ``djinn enki E1 pay elder``, ``done``...), looked up
  among the decision's options, so a tampered value is refused;
* ``action=sell``: ``sell-<Card>`` counts (``sell-Fish=2``), at most what the
  decision's sale detail says is held.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString

from games.rules import Decision, text
from games.rules.five_tribes import (
    COLOUR_NAMES,
    COLOURS,
    COLUMN_LETTERS,
    COLUMNS,
    DJINN_HELP,
    DJINNS,
    MERCHANDISE,
    ROWS,
    STEP_HELP,
    TILE_INDEX,
    TILE_LABELS,
    TILE_NAMES,
    TRIBE_NAMES,
    goods_value,
)
from games.ui.base import MAX_BUTTONS, BadForm, GameUI
from games.ui.five_tribes import board_html, grid, mail, play_html

SEAT_COLOURS = ("red", "blue", "green", "yellow")  # as the site's ``seat_color`` filter
TURN_ORDER_PAID = ((18, 8), (12, 7), (8, 6), (5, 5), (3, 4), (1, 3))  # (cost, index in view["spots"])


# -- the decision, shaped for the templates -------------------------------------------


def choice_groups(decision: Decision) -> list[dict[str, Any]]:
    """The decision's options in its groups: each group a row of buttons or a drop-down."""
    titles = dict(decision.groups)
    groups: dict[str, dict[str, Any]] = {key: {"key": key, "title": title, "options": []}
                                         for key, title in decision.groups}
    for option in decision.options:
        group = groups.setdefault(option.group, {"key": option.group, "title": titles.get(option.group, ""),
                                                 "options": []})
        group["options"].append({"value": option.text, "label": option.label or option.text})
    out = [g for g in groups.values() if g["options"]]
    for group in out:
        group["select"] = len(group["options"]) > MAX_BUTTONS
    return out


def sale_form(decision: Decision) -> list[dict[str, Any]]:
    """One counter per merchandise kind held, when the decision offers a sale."""
    sale = decision.detail.get("sale") or {}
    return [{"card": card, "count": count, "field": f"sell-{card}"}
            for card, count in sorted(sale.get("goods", {}).items())]


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
    used = view.get("round_used") or [[] for _ in view["seats"]]
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
            # ``round_used`` (rules version 2): powers with a cost already used this round.
            "djinns": [{"name": d, "vp": DJINNS[d][0], "help": DJINN_HELP[d], "used": d in used[i]}
                       for d in p["djinns"]],
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
    board_template = "ui/five_tribes/board.html"
    play_template = "ui/five_tribes/play.html"

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        model = board_model(view, names)
        if model.get("rows"):
            model["rows_html"] = grid.rows_html(model["rows"])
        # The parts that depend on the board alone, printed by the template (see board_html).
        model.update(board_html.board_html(model, names))
        return model

    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        """The Sultanate and the players the seat may see as tables for a mail (see ``mail``)."""
        return mail.mail_situation(view, names, description, chip=self.mail_chip)

    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        if decision is None or seat is None:
            return {}
        groups = choice_groups(decision)
        for group in groups:  # the long loops of the forms, built in one pass (see play_html)
            group["options_html"] = play_html.options_html(group)
        sale = sale_form(decision)
        return {"ft": {
            "step": decision.kind,
            "title": decision.prompt,
            "builder": decision.detail.get("movement"),
            "groups": groups,
            "sale": sale,
            "sale_html": play_html.sale_html(sale),
            "meeple_names": {c: COLOUR_NAMES[c] for c in COLOURS},
        }}

    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any],
                   decision: Decision | None) -> dict[str, Any]:
        action = data.get("action")
        if action == "move":
            return self._movement(data, view, decision)
        if action == "choice":
            move: dict[str, Any] = self.chosen(data, decision)
            return move
        if action == "sell":
            return self._sale(data, decision)
        raise BadForm("the form did not say what it is for (a movement, a choice or a sale)")

    def _movement(self, data: Mapping[str, Any], view: Mapping[str, Any],
                  decision: Decision | None) -> dict[str, Any]:
        start = str(data.get("from", "")).strip().upper()
        path = str(data.get("path", ""))[:400].replace(",", " ").upper().split()
        if start not in TILE_INDEX:
            raise BadForm("click the tile your move starts from")
        if not path or any(tile not in TILE_INDEX for tile in path):
            raise BadForm("click the tiles your meeples are dropped on, one per meeple")
        movement = decision.detail.get("movement") if decision is not None else None
        if not movement:
            raise BadForm("no meeple movement is awaited from you now; reload the page")
        if start not in movement["starts"]:
            raise BadForm(f"no legal move starts from {start}; choose a highlighted tile")
        hand: str = movement["hands"][start]
        if len(path) != len(hand):
            raise BadForm(f"{start} holds {len(hand)} meeples: click {len(hand)} tiles to drop them on")
        node: Any = movement["tree"][start]
        for i, tile in enumerate(path):
            if node is None:
                break  # the tree was cut short here: the rules check the rest
            if not isinstance(node, dict) or tile not in node:
                after = path[i - 1] if i else start
                raise BadForm(f"{tile} cannot come after {after} in a legal move; use the highlighted tiles")
            node = node[tile]
        drops = str(data.get("drops", "")).strip().upper()
        if drops:
            if sorted(drops) != sorted(hand):
                raise BadForm(f"the drops must be the meeples picked up on {start}, each once")
            last = drops[-1]
        else:
            last = str(data.get("last", "")).strip().upper()
            if last not in COLOURS or last not in hand:
                raise BadForm(f"choose the colour of your last meeple (one of those on {start})")
            final = path[-1]
            board_final = "" if final == start else view["board"][TILE_INDEX[final]]["meeples"]
            drops = default_drops(hand, board_final, path, last)
        if isinstance(node, str) and last not in node:
            raise BadForm(f"your last meeple cannot be {COLOUR_NAMES.get(last, last)} on {path[-1]}")
        # The rules check everything again (adjacency, backtracking, the last meeple).
        return {"t": "move", "from": start, "path": path, "drops": drops}

    def _sale(self, data: Mapping[str, Any], decision: Decision | None) -> dict[str, Any]:
        sale = decision.detail.get("sale") if decision is not None else None
        if not sale:
            raise BadForm("you cannot sell merchandise now; reload the page")
        held: Mapping[str, int] = sale["goods"]
        cards: list[str] = []
        for card in MERCHANDISE:
            raw = str(data.get(f"sell-{card}", "") or "").strip()
            if not raw:
                continue
            have = held.get(card, 0)
            try:
                count = text.parse_int(raw, low=0, high=have)
            except text.TextError as error:
                if error.kind == "too_large":
                    raise BadForm(f"you hold {have} {card}, not {text.shown(raw, 10)}") from None
                if error.kind == "too_small":
                    raise BadForm(f"{text.shown(raw, 10)} {card}: a number of cards cannot be negative") from None
                raise BadForm(f"'{text.shown(raw, 10)}' {card} is not a number of cards "
                              "(write it with the digits 0-9)") from None
            cards.extend([card] * count)
        if not cards:
            raise BadForm("choose at least one card to sell (or press Done)")
        return {"t": "sell", "cards": sorted(cards)}
