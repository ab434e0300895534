"""Mob Town's page pieces: the move forms shaped from the seat's Decision, and posted forms turned into moves.

The forms come from ``rules.choices(state, seat)`` (see the rules' ``decisions``
module for the Decision's shape) and nothing else:

* ``agendas``: eight check boxes, exactly two ticked (``action=agendas``, ``agenda`` twice);
* ``turn``: the take-over builder (``detail["targets"]`` embedded as JSON; the
  script makes the targets clickable on the city and shows the cost and the
  connection cost while cards are picked), the open lot form, and the simple
  actions (draw, trade, cash in, swap, hire) as the decision's options;
* co-op ``action``: the options (draw, trade, cash in, move) and a pay form for
  Clear Out and Shut Down on the pawn's card; ``role`` and ``pawn``: buttons.

Posted forms (``games:play``) become canonical moves here, checked against the
same decision (:class:`BadForm` with a readable reason otherwise), and the
rules check them again:

* ``action=takeover``: ``at`` (``x,y``), ``pay`` (a card code per card, repeated),
  ``via`` (``x,y:code`` per card between, in order from the property);
* ``action=openlot``: ``lot`` (1-3), ``at`` (``x,y``), ``take`` (``yes`` to take it
  over) and ``pay``;
* ``action=clear`` / ``action=shutdown``: ``pay``;
* ``action=agendas``: ``agenda`` (two codes);
* ``action=choice``: ``choice`` is one option's notation.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString

from games.rules import Decision, Move
from games.rules.mob_town import AGENDAS, CARD_CODES, PROPERTIES, card_name
from games.ui.base import MAX_BUTTONS, BadForm, GameUI
from games.ui.mob_town import mail, play_html
from games.ui.mob_town.board import board_model
from games.ui.mob_town.board_html import board_html

_CELL = re.compile(r"(-?[0-9]{1,3})\s*,\s*(-?[0-9]{1,3})")
MAX_FIELD = 40  # far more cards than a hand holds; beyond that a form was tampered with
# Option groups shown as buttons or drop-downs; take-overs and open lots have forms of their own.
_SIMPLE_GROUPS = ("draw", "trade", "cashin", "swap", "hire", "move")
# Each card's suit, for the take-over script (the same for every form).
_SUITS = {code: code.rstrip("0123456789") for code in CARD_CODES}


def _values(data: Mapping[str, Any], key: str) -> list[str]:
    getlist = getattr(data, "getlist", None)
    raw = getlist(key) if getlist is not None else data.get(key, [])
    if isinstance(raw, str):
        raw = [raw]
    values = [str(v)[:40] for v in list(raw)[:MAX_FIELD + 1]]
    if len(values) > MAX_FIELD:
        raise BadForm("too many cards in the form")
    return values


def _cell(raw: Any, what: str) -> list[int]:
    found = _CELL.fullmatch(str(raw or "")[:20].strip())
    if found is None:
        raise BadForm(f"choose {what} on the city")
    return [int(found.group(1)), int(found.group(2))]


def _cards(values: list[str], what: str) -> list[str]:
    known = set(CARD_CODES)
    for code in values:
        if code not in known:
            raise BadForm(f"'{code[:20]}' is not a card ({what})")
    order = {code: i for i, code in enumerate(CARD_CODES)}
    return sorted(values, key=order.__getitem__)


def _hand_count_check(hand: list[str], cards: list[str]) -> None:
    for code in set(cards):
        if cards.count(code) > hand.count(code):
            raise BadForm(f"you hold {hand.count(code)} {card_name(code)}, not {cards.count(code)}")


def choice_groups(decision: Decision, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    titles = dict(decision.groups)
    groups: dict[str, dict[str, Any]] = {}
    for option in decision.options:
        if option.group not in keys:
            continue
        group = groups.setdefault(option.group, {"key": option.group, "title": titles.get(option.group, ""),
                                                 "options": []})
        group["options"].append({"value": option.text, "label": option.label or option.text})
    out = [groups[k] for k in keys if k in groups]
    for group in out:
        count = len(group["options"])
        group["select"] = (count > 4 and group["key"] != "draw") or count > MAX_BUTTONS
    return out


def _with_choices_html(groups: list[dict[str, Any]], title: str) -> list[dict[str, Any]]:
    """The groups with their options as the form prints them (see play_html)."""
    for group in groups:
        group["choices_html"] = play_html.choices_html(group, title)
    return groups


def _board(view: Mapping[str, Any] | None, names: list[str]) -> dict[str, Any]:
    """The board model with its HTML (``html``, everything the template prints after the stylesheet)."""
    board = board_model(view, names)
    board["html"] = board_html(board)
    return board


@functools.lru_cache(maxsize=64)
def _cached_board(view_json: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The board of one view as the players are named: pages of one game version (every reload, each
    spectator, the replay's last step) share it, its HTML included. Keyed by the whole view, so a seat's
    secrets reach only a page showing that same view. The model is shared: the template only reads it."""
    return _board(json.loads(view_json), list(names))


class MobTownUI(GameUI):
    board_template = "ui/mob_town/board.html"
    play_template = "ui/mob_town/play.html"

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if not view:
            return _board(view, [])
        return _cached_board(json.dumps(view, sort_keys=True, separators=(",", ":")), tuple(names or ()))

    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        """The players, the city and its cards as tables for a mail's HTML part (see ``mail``)."""
        return mail.situation(view, names, description, self.mail_chip)

    # -- forms on the page ---------------------------------------------------------------
    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        if decision is None or seat is None:
            return {}
        # The forms' lists come as HTML (play_html): as template loops they were most of an awaited
        # seat's page rendering.
        title = decision.prompt
        mt: dict[str, Any] = {"kind": decision.kind, "title": title}
        if decision.kind == "agendas":
            mt["agendas_html"] = play_html.agendas_html()
        elif decision.kind == "turn":
            detail = decision.detail
            hand = list(detail["hand"])
            mt["groups"] = _with_choices_html(choice_groups(decision, _SIMPLE_GROUPS), title)
            mt["builder_html"] = play_html.builder_html({"targets": detail["targets"], "hand": hand,
                                                         "colors": detail["colors"], "suits": _SUITS})
            mt["hand_html"] = play_html.takeover_hand_html(hand)
            mt["targets_html"] = play_html.targets_html(detail["targets"])
            if detail["lot"] and detail["lot_cells"]:
                cards = [{**lot, "suits": " or ".join(PROPERTIES[lot["card"]].suits or ("any suit",))}
                         for lot in detail["lot"]]
                can_take = detail["supply"] > 0
                mt["lot"] = {"cards_html": play_html.lot_cards_html(cards),
                             "cells_html": play_html.lot_cells_html(detail["lot_cells"]),
                             "can_take": can_take,
                             "pay_html": play_html.pay_html(hand, empty=False) if can_take else ""}
            mt["briefcases"] = detail["briefcases"]
        elif decision.kind in ("role", "pawn"):
            group = {"key": decision.kind, "title": "", "select": len(decision.options) > MAX_BUTTONS,
                     "options": [{"value": o.text, "label": o.label or o.text} for o in decision.options]}
            mt["groups"] = _with_choices_html([group], title)
        elif decision.kind == "action":
            detail = decision.detail
            mt["groups"] = _with_choices_html(choice_groups(decision, _SIMPLE_GROUPS), title)
            pawn = detail["pawn"]
            mt["pawn_html"] = play_html.pawn_html(pawn)
            mt["pay_html"] = play_html.pay_html(detail["hand"], empty=True)
            taken = detail["actions"]
            mt["can_clear"] = not pawn["down"] and pawn["mob"] > 0 and taken.count("clear") < 2
            mt["can_shutdown"] = not pawn["down"] and pawn["mob"] == 0 and taken.count("shutdown") < 2
        return {"mt": mt, "can_move": True}

    # -- forms to moves --------------------------------------------------------------------
    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any],
                   decision: Decision | None) -> Move:
        action = data.get("action")
        if action == "choice":
            return self.chosen(data, decision)
        if decision is None:
            raise BadForm("nothing is awaited from you now; reload the page")
        if action == "agendas":
            return self._agendas(data, decision)
        if action == "takeover":
            return self._takeover(data, decision)
        if action == "openlot":
            return self._openlot(data, decision)
        if action in ("clear", "shutdown"):
            return self._pay(str(action), data, decision)
        raise BadForm("the form did not say what it is for (a take-over, an open lot, agendas or a choice)")

    def _agendas(self, data: Mapping[str, Any], decision: Decision) -> Move:
        if decision.kind != "agendas":
            raise BadForm("agendas are chosen when a round is set up; reload the page")
        picked = _values(data, "agenda")
        if any(a not in AGENDAS for a in picked):
            raise BadForm("choose your agendas from the list")
        if len(set(picked)) != 2:
            raise BadForm(f"tick exactly two agendas (you ticked {len(set(picked))})")
        order = list(AGENDAS)
        return {"action": "agendas", "agendas": sorted(set(picked), key=order.index)}

    def _takeover(self, data: Mapping[str, Any], decision: Decision) -> Move:
        if decision.kind != "turn":
            raise BadForm("you cannot take over now; reload the page")
        at = _cell(data.get("at"), "the property to take over")
        targets = {tuple(t["cell"]): t for t in decision.detail["targets"]}
        target = targets.get((at[0], at[1]))
        if target is None:
            raise BadForm("choose one of the highlighted properties (not one you control)")
        pay = _cards(_values(data, "pay"), "payment")
        if not pay:
            raise BadForm(f"tick the cards that pay for {target['name']} ({target['cost']})")
        via: list[list[Any]] = []
        for item in _values(data, "via"):
            where, _, code = item.partition(":")
            via.append([_cell(where, "the card between"), _cards([code], "connection")[0]])
        if len(via) != target["connection"]:
            raise BadForm(f"{target['name']} needs {target['connection']} connection card"
                          f"{'s' if target['connection'] != 1 else ''}, one for each card between")
        _hand_count_check(decision.detail["hand"], pay + [c for _, c in via])
        return {"action": "takeover", "at": at, "pay": pay, "via": via}

    def _openlot(self, data: Mapping[str, Any], decision: Decision) -> Move:
        if decision.kind != "turn" or not decision.detail["lot"]:
            raise BadForm("you cannot open a lot now (no briefcase or no lot card); reload the page")
        raw = str(data.get("lot", ""))[:2]
        numbers = [lot["number"] for lot in decision.detail["lot"]]
        if not (raw.isascii() and raw.isdigit()) or int(raw) not in numbers:
            raise BadForm("choose one of the open lot cards")
        at = _cell(data.get("at"), "where to place the lot card")
        if at not in [c["cell"] for c in decision.detail["lot_cells"]]:
            raise BadForm("choose an empty cell along an edge of the city")
        pay: list[str] | None = None
        if str(data.get("take", "")) in ("yes", "on", "1", "true"):
            pay = _cards(_values(data, "pay"), "payment")
            if not pay:
                raise BadForm("tick the cards that pay for the lot card, or untick 'take it over'")
            _hand_count_check(decision.detail["hand"], pay)
        return {"action": "openlot", "lot": int(raw), "at": at, "pay": pay}

    def _pay(self, action: str, data: Mapping[str, Any], decision: Decision) -> Move:
        if decision.kind != "action":
            raise BadForm("Clear Out and Shut Down are co-op actions; reload the page")
        pay = _cards(_values(data, "pay"), "payment")
        if not pay:
            raise BadForm("tick the cards you pay with")
        _hand_count_check(decision.detail["hand"], pay)
        return {"action": action, "pay": pay}
