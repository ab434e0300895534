"""Revolution!'s page pieces: the board partial, the bid board form and the Spy/Apothecary choices.

The forms are built from the seat's :class:`games.rules.Decision` (``rules.choices``)
and nothing else: a bid decision's ``detail`` gives the seat's tokens, the
characters with their immunities and rewards, and the seat's current bid; a
Spy or Apothecary decision lists every legal choice. The server turns a posted
form into the canonical move::

    {"action": "bid", "bid": {"general": {"blackmail": 1, "gold": 1}, "printer": {"force": 1}}}
    {"action": "spy", "area": "harbor", "color": "blue"}
    {"action": "swap", "cubes": [{"area": "cathedral", "color": "blue"}, {"area": "tavern", "color": "yellow"}]}
    {"action": "pass"}

A Spy target, an Apothecary pair or a pass must be one of the decision's
options (else :class:`BadForm`, saying why from the board the seat sees); a
bid's legality (all tokens used, ...) is left to the rules. A form that answers
no decision of the seat (a stale page, another seat's choice) is passed on as
posted: the service refuses it with the reason (the game moved on, or whom the
resolution waits for). Field names: ``bid-<character>-<kind>`` (``bid-general-gold``),
``action``, ``target`` (``harbor:blue``), ``first`` and ``second`` for the
Apothecary; the generic ``action=choice`` with an option's notation as ``choice``
works too.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules import Choice, Decision, Move, text
from games.rules.revolution import AREAS, CHARACTER_LIST, KIND_NAME, KINDS, log_lines
from games.ui.base import BadForm, GameUI
from games.ui.markup import esc
from games.ui.revolution import mail
from games.ui.revolution.board import board_model
from games.ui.revolution.board_html import board_html

MAX_COUNT = 99  # far more than the box holds; anything above is a tampered form
# The decision each of the game's own forms answers (a pass answers the Spy or the Apothecary).
_FORM_KIND = {"bid": "bid", "spy": "spy", "swap": "apothecary", "pass": "spy or apothecary"}


def _spot_value(cube: Mapping[str, Any]) -> str:
    return f"{cube['area']}:{cube['color']}"


def _spot_label(cube: Mapping[str, Any]) -> str:
    return f"{str(cube['color']).capitalize()} cube in the {AREAS[cube['area']].name}"


@functools.lru_cache(maxsize=256)
def _seat_namer(colours: tuple[str, ...], names: tuple[str, ...]) -> Callable[[str], str]:
    """One pass over a text naming each seat's colour: "Red (seat 1)" and "Red" become the name, "a Red
    cube" the name's cube. One pass, so a name that holds a colour word ("Blue Jay") is never renamed
    again by a later seat; one compiled pattern per table, as a page names hundreds of log lines.

    The pattern finds a colour word once and then reads what surrounds it (an article before, a seat
    number or "cube" after), instead of trying each form of each colour at every word: a quarter of the
    time per line. tests/web/test_names_and_colours.py holds it to the plain one-form-per-colour pattern."""
    seat_of = {colour.lower(): seat for seat, colour in enumerate(colours) if names[seat]}
    if not seat_of:
        return lambda text: text
    words = "|".join(re.escape(colour) for colour in seat_of)
    # At one place the longer forms win: "a Red cube" (article and all), "Red (seat 1)", "Red cube", "Red".
    pattern = re.compile(rf"\b(?:an? (?P<article>{words}) cube\b|(?P<colour>{words})"
                         rf"(?: \(seat \d+\)|(?P<cube> cube\b)|\b))", re.IGNORECASE)

    def say(match: re.Match[str]) -> str:
        with_article = match.group("article")
        if with_article is not None:
            return f"{names[seat_of[with_article.lower()]]}'s cube"
        name = names[seat_of[match.group("colour").lower()]]
        return f"{name}'s cube" if match.group("cube") is not None else name

    return lambda text: pattern.sub(say, text)


def bid_rows_html(rows: Sequence[Mapping[str, Any]]) -> SafeString:
    """The bid table's rows (a character, then a number box per token kind, greyed where it is immune):
    the HTML the bid form's template loop printed, built in one pass."""
    parts = []
    for row in rows:
        character = row["character"]
        name = esc(character["name"])
        parts.append(f'\n        <tr>\n          <td class="num">{esc(character["number"])}</td>\n'
                     f'          <td><strong>{name}</strong><div class="small muted">{esc(row["reward"])}</div>'
                     '</td>\n          ')
        for cell in row["cells"]:
            label = esc(cell["label"])
            if cell["immune"]:
                box = (f'<input type="number" name="{esc(cell["name"])}" value="" disabled class="immune-input" '
                       f'aria-label="{name} {label} (immune)" title="the {name} is immune to {label}" '
                       'placeholder="—">\n              ')
            else:
                box = (f'<input type="number" name="{esc(cell["name"])}" value="{esc(cell["value"])}" '
                       f'min="0" max="{esc(cell["max"])}" inputmode="numeric" data-kind="{esc(cell["kind"])}" '
                       f'aria-label="{name} {label}">')
            parts.append(f"\n          <td>{box}</td>\n          ")
        parts.append("\n        </tr>\n      ")
    return mark_safe("".join(parts))  # noqa: S308 - every value above is escaped


class RevolutionUI(GameUI):
    board_template = "ui/revolution/board.html"
    play_template = "ui/revolution/play.html"

    def board(self, view: Mapping[str, Any] | None, names: list[str] | None = None,
              play: Mapping[str, Any] | None = None) -> dict[str, Any]:
        board = board_model(view, names)
        # With its HTML parts: the template prints them (see board_html).
        board.update(board_html(board, view, lambda line: self.name_seats(line, names)))
        return board

    def mail_situation(self, view: Mapping[str, Any] | None, names: Sequence[str] | None,
                       description: str) -> SafeString:
        """The town, the holdings and the bids the seat may see as tables for a mail (see ``mail``)."""
        return mail.mail_situation(view, names, description, chip=self.mail_chip,
                                   name_seats=lambda line: self.name_seats(line, names))

    # -- forms on the page ------------------------------------------------------------
    def play_context(self, *, view: Mapping[str, Any] | None, seat: int | None, decision: Decision | None,
                     posted: Mapping[str, Any] | None) -> dict[str, Any]:
        if decision is None or seat is None:
            return {}
        # What just happened (the last resolution) goes above the forms: the bid table is long, and
        # below it and the board the resolution was a long scroll away.
        recap = self._recap(view, seat)
        if decision.kind == "bid":
            # Also for a seat whose bid is in: it may revise until the last bid is in.
            return {"bid_form": self._bid_form(decision, posted), "can_move": True, **recap}
        if decision.kind in ("spy", "apothecary"):
            return {"choice": self._choice_form(decision), "can_move": True, **recap}
        return {**super().play_context(view=view, seat=seat, decision=decision, posted=posted), **recap}

    def name_seats(self, text: str, names: Sequence[str] | None) -> str:
        """The rules name seats by colour ("Red won the General", "a Blue cube", "Red (seat 1)"); pages say
        who: "Ada won the General", "Brook's cube"."""
        # The rules' seat colours are the site's first ones, in order (red, blue, green, yellow).
        colours = tuple(self.seat_colors[:len(names or ())])
        if not colours:
            return text
        return _seat_namer(colours, tuple(names or ()))(text)

    @staticmethod
    def _recap(view: Mapping[str, Any] | None, seat: int) -> dict[str, Any]:
        if not view or not view.get("log", {}).get("events"):
            return {}
        return {"recap": {"round": view["log"].get("round"), "lines": log_lines(view, seat)}}

    def _bid_form(self, decision: Decision, posted: Mapping[str, Any] | None) -> dict[str, Any]:
        detail = decision.detail
        own: Mapping[str, Mapping[str, int]] = detail.get("current") or {}
        hand: Mapping[str, int] = detail["tokens"]
        rows = []
        for ch in detail["characters"]:
            cells = []
            for kind in KINDS:
                name = f"bid-{ch['id']}-{kind}"
                if posted is not None and name in posted:
                    value = str(posted.get(name, ""))[:6]
                else:
                    value = str(own.get(ch["id"], {}).get(kind, 0))
                cells.append({"name": name, "kind": kind, "label": KIND_NAME[kind], "value": value,
                              "immune": kind in ch["immune"], "max": hand[kind]})
            rows.append({"character": ch, "cells": cells, "reward": ch["reward"],
                         "immune": [KIND_NAME[k] for k in ch["immune"]]})
        return {
            "rows": rows,
            "rows_html": bid_rows_html(rows),
            "hand": [{"kind": k, "label": KIND_NAME[k], "count": hand[k]} for k in KINDS],
            "has_bid": detail.get("current") is not None,
            "current_text": detail.get("current_text"),
            "max_characters": detail["max_characters"],
        }

    def _choice_form(self, decision: Decision) -> dict[str, Any]:
        can_pass = any(o.move.get("action") == "pass" for o in decision.options)
        if decision.kind == "spy":
            targets = [{"value": _spot_value(o.move), "label": o.label} for o in decision.options
                       if o.move.get("action") == "spy"]
            return {"kind": "spy", "character": "Spy", "targets": targets, "can_pass": can_pass}
        cubes = decision.detail.get("cubes", [])
        targets = [{"value": _spot_value(c), "label": _spot_label(c)} for c in cubes]
        return {"kind": "swap", "character": "Apothecary", "targets": targets, "can_pass": can_pass}

    # -- forms to moves -----------------------------------------------------------------
    def build_move(self, data: Mapping[str, Any], *, view: Mapping[str, Any], decision: Decision | None) -> Move:
        action = data.get("action")
        if action == "choice":
            return self.chosen(data, decision)
        if action not in _FORM_KIND:
            raise BadForm("the form did not say what it is for (a bid, a Spy or Apothecary choice, or pass)")
        if action == "pass" and decision is not None and decision.kind == "bid":
            raise BadForm("a bid cannot be passed: every token you hold must be bid")
        if decision is None or (action != "pass" and decision.kind != _FORM_KIND[action]):
            # A form that does not fit the seat's decision: a stale page, or a choice that is another
            # seat's. There is nothing to look it up in, so the move goes as posted and the service
            # refuses it with the reason (the game moved on; whom the resolution waits for).
            return self._as_posted(action, data, view)
        if action == "bid":
            return {"action": "bid", "bid": self._bid_from(data)}
        if action == "pass":
            return self._option(decision, lambda m: m.get("action") == "pass", "you cannot pass now").move
        if action == "spy":
            area, color = self._spot(data.get("target"), "the Spy's target", view)
            return self._option(
                decision, lambda m: m == {"action": "spy", "area": area, "color": color},
                self._not_there(view, area, color)
                or ("the Spy replaces an opponent's cube, not your own" if color == view.get("color")
                    else f"the Spy cannot take the {color.capitalize()} cube in the {AREAS[area].name}: "
                         "choose one of the listed cubes")).move
        first = self._spot(data.get("first"), "the first cube", view)
        second = self._spot(data.get("second"), "the second cube", view)
        pair = {first, second}
        return self._option(
            decision, lambda m: m.get("action") == "swap" and {(c["area"], c["color"]) for c in m["cubes"]} == pair,
            self._not_there(view, *first) or self._not_there(view, *second)
            or "the Apothecary exchanges two cubes of different colours in two different areas; choose such a pair"
        ).move

    def _as_posted(self, action: str, data: Mapping[str, Any], view: Mapping[str, Any]) -> Move:
        if action == "bid":
            return {"action": "bid", "bid": self._bid_from(data)}
        if action == "spy":
            area, color = self._spot(data.get("target"), "the Spy's target", view)
            return {"action": "spy", "area": area, "color": color}
        if action == "swap":
            cubes = [self._spot(data.get(name), what, view)
                     for name, what in (("first", "the first cube"), ("second", "the second cube"))]
            return {"action": "swap", "cubes": [{"area": area, "color": color} for area, color in cubes]}
        return {"action": "pass"}

    def _option(self, decision: Decision, wanted: Callable[[Mapping[str, Any]], bool], refusal: str) -> Choice:
        """The decision's option whose move ``wanted`` accepts (its canonical move), or BadForm."""
        for option in decision.options:
            if isinstance(option.move, dict) and wanted(option.move):
                return option
        raise BadForm(refusal)

    def _not_there(self, view: Mapping[str, Any], area: str, color: str) -> str:
        """Why a cube cannot be picked when the board (as the seat sees it) has none of that colour there."""
        colors = list(view.get("colors", []))
        counts = view.get("board", {}).get(area, [])
        seat = colors.index(color) if color in colors else -1
        if 0 <= seat < len(counts) and counts[seat] > 0:
            return ""
        return f"{color.capitalize()} has no cube in the {AREAS[area].name}"

    def _bid_from(self, data: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        known = {ch.id: ch.name for ch in CHARACTER_LIST}  # in resolution order
        counts: dict[str, dict[str, int]] = {}
        for name in data:
            if not name.startswith("bid-"):
                continue
            _, _, rest = name.partition("-")
            cid, _, kind = rest.rpartition("-")
            if cid not in known:
                raise BadForm(f"there is no character '{cid}' on the bid board")
            if kind not in KINDS:
                raise BadForm(f"'{kind}' is not a token (tokens are Force, Blackmail and Gold)")
            raw = str(data.get(name, "")).strip()
            if raw == "":
                continue  # an empty box (or a disabled, immune one) means none
            try:
                count = text.parse_int(raw, low=0, high=MAX_COUNT)
            except text.TextError as error:
                where = f"{KIND_NAME[kind]} on the {known[cid]}"
                if error.kind == "too_small":
                    raise BadForm(f"{text.shown(raw, 12)} {where}: counts cannot be negative") from None
                if error.kind == "too_large":
                    raise BadForm(f"{text.shown(raw, 12)} {where} is more than the box holds "
                                  f"(at most {MAX_COUNT})") from None
                raise BadForm(f"'{text.shown(raw, 12)}' {where} is not a whole number "
                              "(write it with the digits 0-9)") from None
            if count:
                counts.setdefault(cid, {})[kind] = count
        # Canonical order: resolution order, then Force, Blackmail, Gold.
        return {cid: {k: counts[cid][k] for k in KINDS if k in counts[cid]} for cid in known if cid in counts}

    def _spot(self, raw: Any, what: str, view: Mapping[str, Any]) -> tuple[str, str]:
        area, _, color = str(raw or "")[:60].partition(":")
        if area not in AREAS:
            raise BadForm(f"choose {what}: '{area[:20]}' is not an area of the board")
        if color not in view.get("colors", []):
            raise BadForm(f"choose {what}: '{color[:20]}' is not a colour in this game")
        return area, color
