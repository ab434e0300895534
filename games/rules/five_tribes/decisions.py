"""The seat's next decision for interfaces: ``choices(state, seat)`` and the short lists behind it.

A decision is one of the turn steps of ``turn.py`` (or ``bid``), offered as a
:class:`games.rules.Decision`:

* ``options``: the step's own legal moves (group ``bid``, ``builders``, ``kill``,
  ``market``, ``sacred``, ``palm``, ``palace``, ``sibittis`` or ``end``), then
  the Djinn powers usable now, one group per Djinn (``djinn-Enki``, titled with
  what the power does), then ``pass`` / ``done`` (group ``finish``). Each
  option's ``text`` is its notation and ``label`` a short button text.
* ``complete`` is False at two steps only, whose moves are too many to list:

  - ``move`` (a meeple movement is possible): ``detail["movement"]`` is the
    tree of legal paths of :func:`movement.movement_tree` (``starts``, each
    start's meeples in ``hands``, ``tree`` with the finishing colours at the
    leaves, ``cut`` when the node budget cut it short); the options are the
    Djinn powers;
  - ``end`` with merchandise in hand: any sub-multiset of it may be sold, so
    ``detail["sale"]`` gives ``goods`` (card -> count held) and ``suit_values``
    (gold for a suit of 1, 2, ... different cards); the options are ``done``
    and the Djinn powers.

* ``detail["step"]`` names the step, and ``detail["tile"]`` the tile the
  turn's meeples ended on (once known).

Everything is computed from the real state, but only from what the deciding
seat may see: the board, public cards and counts, and the seat's own gold
(bids and market purchases it can afford).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.base import Choice, Decision

from . import djinns as dj
from .bidding import legal_bids, price
from .board import DISTANCE, TILE_INDEX, TILE_NAMES
from .data import DJINN_HELP, DJINNS, SUIT_VALUES, TILE_LABELS, TRIBE_NAMES
from .djinns import blue_around
from .movement import movement_tree
from .notation import format_move
from .state import MoveDict, State
from .tiles import market_options, market_terms, sacred_options
from .tribes import builder_multiplier, free_kill_exists, kill_options
from .turn import DJINN_STEPS


# -- the legal moves of one decision (movements and sales aside) -----------------


def djinn_options(s: State, seat: int) -> list[MoveDict]:
    """Every Djinn power *seat* may use now, with each payment and target."""
    t = s["turn"]
    if t is None or t["seat"] != seat or t["step"] not in DJINN_STEPS:
        return []
    out: list[MoveDict] = []
    p = s["seats"][seat]
    for name in dj.usable_djinns(s, seat):
        tiles = dj.targets(s, seat, name)
        for pay in dj.payable(p, name):
            if tiles is None:
                out.append({"t": "djinn", "djinn": name, "pay": pay})
            else:
                out.extend({"t": "djinn", "djinn": name, "tile": TILE_NAMES[x], "pay": pay} for x in tiles)
    return out


def step_options(s: State, seat: int) -> list[MoveDict]:
    """Every legal move at the current step except movements, sales and Djinn powers (a short list)."""
    if s["phase"] == "bid":
        return legal_bids(s, seat)
    t = s["turn"]
    step = t["step"]
    p = s["seats"][seat]
    if step == "move":
        return [] if t["can_move"] else [{"t": "pass"}]
    if step == "builders":
        return [{"t": "builders", "fakirs": i} for i in range(p["fakirs"] + 1)]
    if step == "kill":
        out = kill_options(s, seat)
        return out if free_kill_exists(s, seat) else out + [{"t": "pass"}]
    if step == "market":
        return market_options(s, seat, s["tiles"][t["tile"]][0]) + [{"t": "pass"}]
    if step == "sacred":
        return sacred_options(s, seat) + [{"t": "pass"}]
    if step in ("palm", "palace"):
        name = "Lamia" if step == "palm" else "Hagis"
        return [{"t": step}] + [
            {"t": step, "tile": TILE_NAMES[x], "pay": pay}
            for x in dj.neighbourhood(t["at"]) for pay in dj.payable(p, name)
        ]
    if step == "sibittis":
        return [{"t": "keep", "djinn": d} for d in t["drawn"]]
    if step == "end":
        return [{"t": "done"}]
    raise AssertionError(step)


def sales(goods: list[str]) -> list[list[str]]:
    """Every non-empty sub-multiset of the merchandise held (the possible sales)."""
    counts = sorted(Counter(goods).items())
    out: list[list[str]] = [[]]
    for kind, n in counts:
        out = [prev + [kind] * k for prev in out for k in range(n + 1)]
    return [sorted(c) for c in out if c]


# -- labels ----------------------------------------------------------------------


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def pay_phrase(pay: str) -> str:
    """``EF`` -> "1 Elder and 1 Fakir"."""
    parts = []
    if pay.count("E"):
        parts.append(plural(pay.count("E"), "Elder"))
    if pay.count("F"):
        parts.append(plural(pay.count("F"), "Fakir"))
    return " and ".join(parts) if parts else "nothing"


def choice_label(s: State, seat: int, move: MoveDict) -> str:
    """A short button text for one option (the notation is the option's ``text``)."""
    kind = move["t"]
    t = s["turn"]
    if kind == "bid":
        cost, fakirs = move["cost"], move.get("fakirs", 0)
        if cost == 0:
            return "0 (free)"
        to_pay = price(cost, fakirs)
        if to_pay > s["seats"][seat]["gold"]:
            return f"{cost}: all your gold (no spot is within your means)"
        if fakirs:
            return f"{cost} with Kumarbi ({plural(fakirs, 'Fakir')}): pay {to_pay} gold"
        return f"{cost} gold"
    if kind == "builders":
        gold = (t["n"] + move["fakirs"]) * blue_around(s, t["tile"]) * builder_multiplier(s)
        fakirs = "no Fakirs" if not move["fakirs"] else plural(move["fakirs"], "Fakir")
        return f"{fakirs}: {gold} gold"
    if kind == "kill":
        what = " + ".join(TRIBE_NAMES[c] for c in move["meeples"])
        if "tile" in move:
            need = max(0, DISTANCE[t["tile"]][TILE_INDEX[move["tile"]]] - t["n"])
            return f"{move['tile']}: {what}" + (f" ({plural(need, 'Fakir')})" if need else "")
        return f"P{move['seat'] + 1}: {what}"
    if kind == "take" and "cards" in move:
        return " + ".join(f"{c}. {s['row'][c - 1]}" for c in move["cards"])
    if kind == "take":
        return f"{move['djinn']} ({DJINNS[move['djinn']][0]} VP), pay {pay_phrase(move['pay'])}"
    if kind in ("palm", "palace"):
        if "tile" not in move:
            return f"On {TILE_NAMES[t['at']]}"
        helper = "Lamia" if kind == "palm" else "Hagis"
        return f"{move['tile']} with {helper}, pay {pay_phrase(move['pay'])}"
    if kind == "keep":
        return f"{move['djinn']} ({DJINNS[move['djinn']][0]} VP)"
    if kind == "djinn":
        on = f" on {move['tile']}" if "tile" in move else ""
        return f"{move['djinn']}{on}, pay {pay_phrase(move['pay'])}"
    if kind == "pass":
        return {"move": "Pass (no meeple can move)", "kill": "Kill nobody", "market": "Buy nothing",
                "sacred": "Take no Djinn"}.get(t["step"] if t else "", "Pass")
    if kind == "done":
        return "Done: end my turn"
    return format_move(move)


def group_of(move: MoveDict, step: str) -> str:
    if move["t"] == "djinn":
        return f"djinn-{move['djinn']}"
    if move["t"] in ("pass", "done"):
        return "finish"
    return step


def prompt(s: State, seat: int) -> str:
    if s["phase"] == "bid":
        return f"Bid for turn order, round {s['round']}"
    t = s["turn"]
    step = t["step"]
    tile = TILE_NAMES[t["tile"]] if t.get("tile") is not None else ""
    if step == "move":
        return "Move meeples" if t["can_move"] else "No meeple can move: use a Djinn or pass"
    if step == "builders":
        return f"Your {plural(t['n'], 'Builder')} on {tile}: add Fakirs?"
    if step == "kill":
        two = " (two meeples with Iblis)" if t.get("iblis") else ""
        return f"Your {plural(t['n'], 'Assassin')} on {tile}: choose the target{two}"
    if step == "market":
        kind = s["tiles"][t["tile"]][0]
        cost, window, count = market_terms(s, kind)
        return (f"{TILE_LABELS[kind]} on {tile}: pay {cost} gold for {plural(count, 'card')} "
                f"among the first {window}, or pass")
    if step == "sacred":
        return f"Sacred Place on {tile}: take a Djinn for 2 Elders or 1 Elder and 1 Fakir, or pass"
    if step in ("palm", "palace"):
        piece, helper = ("palm tree", "Lamia") if step == "palm" else ("palace", "Hagis")
        return f"Place the {piece}: on {TILE_NAMES[t['at']]}, or with {helper} next to it"
    if step == "sibittis":
        return "Sibittis: keep one of the Djinns you drew"
    return "End of your turn: sell merchandise, use a Djinn, or finish"


def decision(s: State, seat: int) -> Decision:
    """The decision *seat* faces now (the caller checked that it is awaited)."""
    step = "bid" if s["phase"] == "bid" else s["turn"]["step"]
    moves = step_options(s, seat) + djinn_options(s, seat)
    # The step's own options first, Djinn powers next, pass / done last.
    moves.sort(key=lambda m: (m["t"] in ("pass", "done"), m["t"] == "djinn"))
    options = tuple(Choice(m, format_move(m), choice_label(s, seat, m), group_of(m, step)) for m in moves)
    groups: dict[str, str] = {}
    for option in options:
        if option.group not in groups:
            name = option.group.removeprefix("djinn-")
            groups[option.group] = f"Use {name}: {DJINN_HELP[name]}" if option.group.startswith("djinn-") else ""
    detail: dict[str, Any] = {"step": step}
    complete = True
    if s["phase"] == "play":
        t = s["turn"]
        if t.get("tile") is not None:
            detail["tile"] = TILE_NAMES[t["tile"]]
        if step == "move" and t["can_move"]:
            detail["movement"] = movement_tree(s)
            complete = False
        if step == "end" and s["seats"][seat]["goods"]:
            detail["sale"] = {"goods": dict(sorted(Counter(s["seats"][seat]["goods"]).items())),
                              "suit_values": list(SUIT_VALUES)}
            complete = False
    return Decision(seat=seat, kind=step, prompt=prompt(s, seat), options=options, complete=complete,
                    groups=tuple(groups.items()), detail=detail)
