"""Five Tribes' board partial around the Sultanate, written in one pass: the HTML its template printed, node for node.

After the grid (games/ui/five_tribes/grid.py), the template's other loops (the
status, the resource row and Djinns, each player's row with goods and Djinns, the
turn-order track and the recent events) still printed several hundred nodes, about
a microsecond each. The template keeps only what depends on the page rather than the
board (the final scores, read from the game's result) and prints the parts built here.
Every value goes through ``esc`` as the template's ``{{ }}`` did (player names are
anyone's text). tests/web/test_five_tribes_html.py holds the result to the template it
replaced, for every seat and spectator over whole games.
"""

from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.ui.base import GameUI
from games.ui.markup import esc

_PHASE = {"bid": " · bidding for turn order", "play": " · playing"}
_NONE = '<span class="muted">—</span>'
_SAY = GameUI()  # the ``named`` filter's naming of seats, which the recent events went through

_YOU = ' <span class="muted small">(you)</span>'
_TO_ACT = ' <span class="badge">to act</span>'

def _get(mapping: Any, key: str) -> Any:
    """A template's ``b.key`` where the board may be empty (no view: the template printed "")."""
    return mapping.get(key, "") if mapping else ""


def _who(seat: Mapping[str, Any]) -> str:
    """``{{ s.name|default:s.label }}``."""
    return esc(seat["name"] or seat["label"])


def _status(b: Mapping[str, Any]) -> str:
    deciding = ""
    if b.get("deciding"):
        chips = "".join(f'<span class="chip c-{esc(d["colour"])}">{esc(d["label"])}'
                        f'{" " + esc(d["name"]) if d["name"] else ""}</span>' for d in b["deciding"])
        tile = f' (on {esc(b["turn_tile"])})' if b["turn_tile"] and b["step"] != "move" else ""
        deciding = f'\n  <p>Now: {chips}\n    {esc(b["doing"])}{tile}.</p>\n  '
    end = b.get("end")
    last = f'<p class="ft-last-round"><strong>Last round:</strong> {esc(end)}.</p>' if end else ""
    return (f'<section class="card ft-status" id="ft-status">\n  <h2>Round {esc(_get(b, "round"))}'
            f'{_PHASE.get(_get(b, "phase"), " · game over")}</h2>\n  {deciding}\n  {last}\n</section>\n\n')


def _sultanate(b: Mapping[str, Any]) -> str:
    columns = "".join(f'<th scope="col" class="ft-colhead">{esc(c)}</th>' for c in b.get("columns") or ())
    supply = _get(b, "supply")
    return (
        '\n\n<section class="card ft-board-card" id="ft-board">\n  <h2>The Sultanate</h2>\n'
        '  <p class="swipe-hint small muted" aria-hidden="true">Swipe the board sideways to see all of it →</p>\n'
        '  <div class="table-scroll" data-swipe-hint>\n  <table class="ft-board">\n'
        '    <caption class="sr-only">The Sultanate: columns A to F, rows 1 to 5; each tile gives its name, value, '
        'kind, meeples, camel, palm trees and palaces.</caption>\n'
        f'    <thead><tr><td class="ft-corner"></td>{columns}</tr></thead>\n    <tbody>\n    '
        f'{esc(_get(b, "rows_html"))}\n    </tbody>\n  </table>\n  </div>\n'
        '  <p class="muted small ft-legend">Meeples:\n'
        '    <span class="ft-meeple m-Y">Y</span> Viziers <span class="ft-meeple m-W">W</span> Elders '
        '<span class="ft-meeple m-G">G</span> Merchants\n'
        '    <span class="ft-meeple m-B">B</span> Builders <span class="ft-meeple m-R">R</span> Assassins '
        '(the number is how many).\n'
        '    Tile value in <span class="ft-value ft-v-blue">blue</span> or <span class="ft-value ft-v-red">red</span>; '
        '<span class="ft-camel c-red">name</span> the camel of the player who owns the tile; '
        '<span class="ft-palm">palm</span> palm tree; <span class="ft-palace">palace</span>.\n'
        f'    Supply: {esc(_get(supply, "palms"))} palm trees, {esc(_get(supply, "palaces"))} palaces; '
        f'bag: {esc(_get(b, "bag_size"))} meeples.</p>\n</section>\n')


@functools.lru_cache(maxsize=256, typed=True)  # a dozen cards at a few positions
def _row_card(pos: int, card: str) -> str:
    fakir = "ft-fakir" if card == "Fakir" else ""
    return f'<li class="ft-card {fakir}"><span class="ft-pos">{esc(pos)}</span> {esc(card)}</li>'


@functools.lru_cache(maxsize=128)  # the game's Djinns, each with its fixed points and help
def _djinn_card(name: str, vp: int, help_text: str) -> str:
    return (f'<li><strong>{esc(name)}</strong> <span class="ft-vp">{esc(vp)} VP</span>'
            f'<div class="small muted">{esc(help_text)}</div></li>')


def _market(b: Mapping[str, Any]) -> str:
    cards = b.get("row_cards")
    row = "".join(_row_card(r["pos"], r["card"]) for r in cards) if cards else '<li class="muted">empty</li>'
    djinns = b.get("djinns")
    faceup = ("".join(_djinn_card(d["name"], d["vp"], d["help"]) for d in djinns) if djinns
              else '<li class="muted">none</li>')
    return ('\n<section class="card" id="ft-market">\n  <h2>Resource row <span class="muted small">'
            f'(Merchants take from the front · pile: {esc(_get(b, "deck_size"))})</span></h2>\n'
            f'  <ol class="ft-row">{row}</ol>\n  <h2>Djinns face up <span class="muted small">'
            f'(pile: {esc(_get(b, "djinn_deck_size"))})</span></h2>\n  <ul class="ft-djinns">{faceup}</ul>\n'
            '</section>\n')


@functools.lru_cache(maxsize=256)  # owned Djinns: a few dozen, used or not
def _owned_djinn(name: str, vp: int, help_text: str, used: bool) -> str:
    return (f'<span class="ft-djinn" title="{esc(help_text)}">{esc(name)} <span class="muted small">{esc(vp)}'
            f'{" · used this round" if used else ""}</span></span> ')


def _goods(goods: Sequence[Mapping[str, Any]], value: Any) -> str:
    if not goods:
        return _NONE
    cards = "".join(f'<span class="ft-good">{esc(g["card"])}{"×" + esc(g["count"]) if g["count"] > 1 else ""}'
                    '</span> ' for g in goods)
    return f'{cards}<span class="muted small">(suits {esc(value)})</span>'


def _player(p: Mapping[str, Any]) -> str:
    me, acting = p["is_me"], p["to_act"]
    gold = (f'<strong class="ft-gold" title="only you see this">{esc(p["gold"])}</strong>' if me
            else '<span class="muted" title="secret">?</span>')
    djinns = "".join(_owned_djinn(d["name"], d["vp"], d["help"], bool(d["used"])) for d in p["djinns"]) or _NONE
    return (f'\n      <tr class="{"me" if me else ""}{" ft-acting" if acting else ""}">\n'
            f'        <td><span class="dot c-{esc(p["colour"])}"></span><strong>{esc(p["label"])}</strong> '
            f'{esc(p["name"])}{_YOU if me else ""}'
            f'{_TO_ACT if acting else ""}</td>\n'
            f'        <td class="num">{gold}</td>\n'
            f'        <td class="num">{esc(p["camels"])}</td>\n'
            f'        <td class="num">{esc(p["tiles"])}</td>\n'
            f'        <td class="num">{esc(p["viziers"])}</td>\n'
            f'        <td class="num">{esc(p["elders"])}</td>\n'
            f'        <td class="num">{esc(p["fakirs"])}</td>\n'
            f'        <td>{_goods(p["goods"], p["goods_value"])}</td>\n'
            f'        <td>{djinns}</td>\n      </tr>\n    ')


def _players(b: Mapping[str, Any]) -> str:
    rows = "".join(_player(p) for p in b.get("players") or ())
    return ('\n<section class="card" id="ft-players">\n  <h2>Players</h2>\n  <div class="table-scroll">\n'
            '  <table class="table ft-players">\n    <thead><tr><th>Player</th>'
            '<th title="gold is secret: you see only your own">Gold</th><th>Camels left</th><th>Tiles</th>'
            '<th>Viziers</th><th>Elders</th><th>Fakirs</th><th>Merchandise</th><th>Djinns</th></tr></thead>\n'
            f'    <tbody>\n    {rows}\n    </tbody>\n  </table>\n  </div>\n</section>\n')


def _spot(spot: Mapping[str, Any]) -> str:
    who = spot["who"]
    if who:
        return (f'<div class="ft-spot taken"><span class="ft-cost">{esc(spot["cost"])}</span>'
                f'<span class="chip c-{esc(who["colour"])}">{_who(who)}</span></div>')
    return (f'<div class="ft-spot"><span class="ft-cost">{esc(spot["cost"])}</span>'
            '<span class="muted small">free</span></div>')


def _chips(seats: Sequence[Mapping[str, Any]], css: str, empty: str) -> str:
    return "".join(f'<span class="chip {css}c-{esc(s["colour"])}">{_who(s)}</span> ' for s in seats) or empty


def _order(b: Mapping[str, Any]) -> str:
    phase = _get(b, "phase")
    if phase == "bid":
        upto = b["bidding_next"]
        seats = "".join(
            f'<span class="chip {"outline" if i < upto else ""} c-{esc(s["colour"])}">{_who(s)}</span>'
            f'{" ← bidding" if i == upto else ""} ' for i, s in enumerate(b["bid_order"]))
        return f'\n  <p class="small">Bid order: {seats}</p>\n  '
    if phase == "play":
        return (f'\n  <p class="small">Still to play: {_chips(b["queue"], "", "nobody after this turn")}\n'
                f'    · next round\'s bid order so far: {_chips(b["played"], "outline ", "—")}</p>\n  ')
    return ""


def _track(b: Mapping[str, Any]) -> str:
    spots = "".join(_spot(spot) for spot in b.get("track") or ())
    zeros = b.get("zeros")
    aisle = (_chips(zeros, "", "") if zeros else '<span class="muted small">free ×3</span>')
    return ('\n<section class="card" id="ft-track">\n  <h2>Turn order</h2>\n  <div class="ft-track">\n'
            f'    {spots}\n    <div class="ft-spot ft-zeros"><span class="ft-cost">0</span>{aisle}</div>\n  </div>\n'
            '  <p class="small muted">Played from the highest spot down, then the zeros (the latest zero bidder '
            f'first).</p>\n  {_order(b)}\n</section>\n')


def _events(b: Mapping[str, Any], names: Any) -> str:
    log = b.get("log")
    if not log:
        return "\n"  # the template's last line ends the page part
    names = names if isinstance(names, (list, tuple)) else None
    lines = "".join(f"<li>{esc(_SAY.name_seats(str(line), names))}</li>" for line in log)
    return (f'\n\n<details class="card" id="ft-events"><summary>Recent events</summary>\n'
            f'  <ol class="small">{lines}</ol>\n</details>\n')


def board_html(b: Mapping[str, Any], names: Any) -> dict[str, SafeString]:
    """The board's parts for its template: ``status_html`` (round, phase, who is deciding) and ``rest_html``
    (the Sultanate with ``rows_html``, the market, the players, the turn order and the recent events, named
    with ``names`` as the page's ``named`` filter names them)."""
    rest = _sultanate(b) + _market(b) + _players(b) + _track(b) + _events(b, names)
    return {
        "status_html": mark_safe(_status(b)),  # noqa: S308 - every value above is escaped
        "rest_html": mark_safe(rest),  # noqa: S308 - every value above is escaped
    }
