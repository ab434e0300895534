"""Revolution!'s board partial, written in one pass: the HTML its template printed, node for node.

The board's loops (each player's token chips, the town's spaces, the bid board's
characters and bids) printed hundreds of template nodes, about a microsecond each:
2 to 3 ms of a 15 to 20 ms first view of a game page; built here, a board (its model
included) takes about 0.4 ms. The template keeps only what
depends on the page rather than the board (whether the forms above show the last
resolution already), and prints the parts built here. Every value goes through
``conditional_escape`` as the template's ``{{ }}`` did (player names are anyone's text).
tests/web/test_revolution_board_html.py holds the result to the template it replaced,
for every seat and spectator over whole games.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.ui.markup import esc

_PHASE = {"bidding": " · bidding", "choice": " · resolving", "over": " · game over"}
_WINNER = 'class="winner"'
_YOU = ' <span class="muted small">(you)</span>'


def _get(mapping: Any, key: str) -> Any:
    """A template's ``view.key`` where the view may be missing (the template printed "")."""
    return mapping.get(key, "") if mapping else ""


@functools.lru_cache(maxsize=256, typed=True)  # three kinds of token, a few counts each
def _chip(kind: str, label: str, count: int, letter: str) -> str:
    return f'<span class="tok tok-{esc(kind)}" title="{esc(label)}">{esc(count)}{esc(letter)}</span>'


def _chips(tokens: Sequence[Mapping[str, Any]], counted_only: bool) -> str:
    return "".join(_chip(t["kind"], t["label"], t["count"], t["letter"]) for t in tokens
                   if t["count"] or not counted_only)


def _status(b: Mapping[str, Any], view: Mapping[str, Any] | None) -> str:
    phase = _get(view, "phase")
    parts = [f'<section class="card rev-status">\n  <h2>Round {esc(_get(view, "round"))}'
             f'{_PHASE.get(phase, "")}</h2>\n  ']
    players = b.get("players") or ()
    pending = b.get("pending")
    if phase == "bidding":
        bid_in = "".join(f'<span class="chip c-{esc(p["color"])}">{esc(p["name"])} ✓</span> '
                         for p in players if p["has_bid"])
        none_yet = "" if _get(view, "submitted") else '<span class="muted">none yet</span>'
        bidding = "".join(f'<span class="chip c-{esc(p["color"])} outline">{esc(p["name"])}</span> '
                          for p in players if not p["has_bid"])
        parts.append(f"\n    <p>Bids in: {bid_in}{none_yet}\n      · still bidding: {bidding}</p>\n"
                     '    <p class="muted small">Bids stay secret until the last one is in.</p>\n  ')
    elif pending:
        parts.append(f'\n    <p>Bids revealed. Waiting for <span class="chip c-{esc(pending["color"])}">'
                     f'{esc(pending["name"] or pending["color"])}</span>, who won the '
                     f'{esc(pending["character"])}, to choose.</p>\n  ')
    parts.append("\n</section>\n\n\n")
    return "".join(parts)


def _resolution(b: Mapping[str, Any], say: Callable[[str], Any]) -> str:
    lines = "".join(f"<li>{esc(str(say(str(line))))}</li>" for line in b["log"])
    return ('\n<section class="card" id="last-resolution" aria-labelledby="last-resolution-title">\n'
            f'  <h2 id="last-resolution-title">Resolution of round {esc(b["log_round"])}</h2>\n'
            f'  <ol class="resolution">{lines}</ol>\n</section>\n')


def _scores(b: Mapping[str, Any]) -> str:
    rows = "".join(
        f'\n      <tr {_WINNER if r["winner"] else ""}><td><span class="dot c-{esc(r["color"])}"></span>'
        f'{esc(r["name"])}{" 🏆" if r["winner"] else ""}</td><td>{esc(r["track"])}</td><td>{esc(r["tokens"])}</td>'
        f'<td>{esc(r["areas"])}</td><td>{esc(r["bonus"])}</td><td><strong>{esc(r["total"])}</strong></td></tr>\n    '
        for r in b["result_rows"])
    return ('\n<section class="card">\n  <h2>Final scores</h2>\n  <div class="table-scroll">\n'
            '  <table class="table scores">\n'
            '    <thead><tr><th>Player</th><th>Support track</th>'
            f'<th>Tokens ({esc(b["token_points"])})</th><th>Areas</th><th>Bonus</th><th>Total</th></tr></thead>\n'
            f'    <tbody>{rows}</tbody>\n  </table>\n  </div>\n</section>\n')


def _holdings(b: Mapping[str, Any]) -> str:
    rows = "".join(
        f'\n      <tr class="{"me" if p["is_me"] else ""}">\n'
        f'        <td><span class="dot c-{esc(p["color"])}"></span>{esc(p["name"])}'
        f'{_YOU if p["is_me"] else ""}</td>\n'
        f'        <td class="num"><strong>{esc(p["support"])}</strong></td>\n'
        f'        <td>{_chips(p["hand"], False)}</td>\n'
        f'        <td>{_chips(p["aside"], True)}</td>\n'
        f'        <td class="num">{esc(p["supply"])}</td>\n      </tr>\n    '
        for p in b.get("players") or ())
    bank = ", ".join(f'{esc(t["count"])} {esc(t["label"])}' for t in b.get("bank") or ())
    return ('\n\n<section class="card">\n  <h2>Support and holdings</h2>\n  <div class="table-scroll">\n'
            '  <table class="table support">\n    <thead><tr><th>Player</th><th>Support</th><th>Tokens to bid</th>'
            f'<th>Set aside</th><th>Cubes left</th></tr></thead>\n    <tbody>\n    {rows}\n    </tbody>\n'
            f'  </table>\n  </div>\n  <p class="muted small">Bank: {bank}</p>\n</section>\n')


@functools.lru_cache(maxsize=64, typed=True)  # a handful of seat colours and the empty space
def _space(color: str) -> str:
    if color:
        return f'<span class="space c-{esc(color)}" title="{esc(color)}"></span>'
    return '<span class="space empty" title="empty"></span>'


def _town(b: Mapping[str, Any]) -> str:
    parts = ['\n<section class="card">\n  <h2>The town</h2>\n  <div class="areas">\n  ']
    for a in b.get("areas") or ():
        leader = (f'<div class="small muted">leads: <span class="chip c-{esc(a["leader"])}">'
                  f'{esc(a["leader_name"])}</span></div>' if a["leader"] else "")
        parts.append(f'\n    <div class="area">\n      <div class="area-head"><strong>{esc(a["name"])}</strong> '
                     f'<span class="muted small">{esc(a["filled"])}/{esc(a["size"])} · worth {esc(a["support"])}'
                     f'</span></div>\n      <div class="spaces">{"".join(map(_space, a["spaces"]))}</div>\n'
                     f'      {leader}\n    </div>\n  ')
    parts.append("\n  </div>\n</section>\n")
    return "".join(parts)


def _bid(bid: Mapping[str, Any]) -> str:
    who = "you" if bid["is_me"] else esc(bid["name"])
    tokens = "".join(f'{esc(t["count"])}{esc(t["letter"])} ' for t in bid["tokens"])
    return f'<span class="chip c-{esc(bid["color"])}">{who}: {tokens}</span>'


def _bid_board(b: Mapping[str, Any]) -> str:
    parts = ['\n<section class="card">\n  <h2>Bid board</h2>\n  <div class="bidboard">\n  ']
    for ch in b.get("characters") or ():
        character = ch["c"]
        immune = "".join(f'<span class="immune" title="immune to {esc(k)}">no {esc(k)}</span>' for k in ch["immune"])
        bids = (f'<div class="ch-bids">{"".join(_bid(bid) for bid in ch["bids"])}</div>' if ch["bids"] else "")
        parts.append(f'\n    <div class="character">\n      <div class="ch-head"><span class="ch-num">'
                     f'{esc(character.number)}</span> <strong>{esc(character.name)}</strong>\n        {immune}</div>\n'
                     f'      <div class="small">{esc(ch["reward"])}</div>\n      {bids}\n    </div>\n  ')
    parts.append("\n  </div>\n</section>\n")
    return "".join(parts)


def board_html(b: Mapping[str, Any], view: Mapping[str, Any] | None, say: Callable[[str], Any]) -> dict[str, SafeString]:
    """The board's parts for its template: ``status_html`` (round and phase), ``resolution_html`` (the last
    resolution, its lines named by ``say``, which the template prints unless the forms above show it) and
    ``rest_html`` (final scores, holdings, the town and the bid board)."""
    rest = (_scores(b) if b.get("result_rows") else "") + _holdings(b) + _town(b) + _bid_board(b)
    return {
        "status_html": mark_safe(_status(b, view)),  # noqa: S308 - every value above is escaped
        "resolution_html": mark_safe(_resolution(b, say) if b.get("log") else ""),  # noqa: S308 - escaped
        "rest_html": mark_safe("\n\n" + rest),  # noqa: S308 - every value above is escaped
    }
