"""Five Points' board partial, written in one pass: the HTML its template printed around the pieces built in
``render`` (the grid, markers, players' rows and buildings), node for node.

With those pieces built already, the template's remaining loops and conditions (the
status, final scores, column labels, this round's effects, the control-marker piles,
the pass order and the election log) still printed a few hundred nodes at about a
microsecond each, half of a board's time. Nothing in the board depends on the page
beyond the players' names, so the template prints the whole of it from here. Every value
goes through ``esc`` as the template's ``{{ }}`` did (player names are anyone's text).
tests/web/test_five_points_html.py holds the result to the template it replaced, for
every seat and spectator over whole games, with the map clickable or not.
"""

from __future__ import annotations

from typing import Any, Mapping

from django.utils.safestring import SafeString, mark_safe

from games.ui.base import GameUI
from games.ui.markup import esc

_PHASE = {"placement": "placement", "resolution": "elections"}
_WINNER = 'class="winner"'
_SAY = GameUI()  # the ``named`` filter's naming of seats, which the election log went through
_FIVE_BOSSES = ' <span class="muted small">(won with all five bosses on the board; points for information)</span>'
_LEGEND = (
    '  <p class="fp-legend small muted">\n'
    '    <span class="fp-swatch nb-blue"></span>blue <span class="fp-swatch nb-green"></span>green '
    '<span class="fp-swatch nb-red"></span>red <span class="fp-swatch nb-orange"></span>orange neighbourhoods ·\n'
    '    big number = tile number (fixed for the game), then its cell · coloured squares = rabble per player · '
    '★ = boss\n  </p>\n')


def _get(mapping: Any, key: str) -> Any:
    """A template's ``b.key`` where the board may be empty (no view: the template printed "")."""
    return mapping.get(key, "") if mapping else ""


def _status(b: Mapping[str, Any]) -> str:
    phase = _get(b, "phase")
    end = ('<p class="fp-end">The end of the game has been triggered: this is the last round.</p>'
           if _get(b, "end_triggered") and phase != "over" else "")
    return (f'<section class="card fp-status" id="fp-status">\n  <h2>Round {esc(_get(b, "round"))} · '
            f'{_PHASE.get(phase, "game over")}</h2>\n  <p class="fp-decision"><strong>Now:</strong> '
            f'{esc(_get(b, "decision"))}</p>\n  {end}\n</section>\n\n')


def _score_row(p: Mapping[str, Any]) -> str:
    score = p["score"]
    win = p["winner"]
    return (f'\n      <tr {_WINNER if win else ""}><td><span class="dot c-{esc(p["color"])}"></span>'
            f'{esc(p["label"])} {esc(p["name"])}{" 🏆" if win else ""}</td>\n'
            f'        <td class="num">{esc(_get(score, "bosses"))}</td><td class="num">'
            f'{esc(_get(score, "control_markers"))}</td><td class="num">{esc(_get(score, "sets"))}</td>\n'
            f'        <td class="num">{esc(_get(score, "victory_points"))}</td><td class="num">'
            f'{esc(_get(score, "tammany_hall"))}</td><td class="num"><strong>{esc(_get(score, "total"))}'
            '</strong></td></tr>\n    ')


def _scores(b: Mapping[str, Any]) -> str:
    if not b.get("result"):
        return ""
    rows = "".join(_score_row(p) for p in b["players"])
    return (f'\n<section class="card" id="fp-scores">\n  <h2>Final scores'
            f'{_FIVE_BOSSES if b["reason"] == "five bosses" else ""}</h2>\n  <div class="table-scroll">\n'
            '  <table class="table scores">\n    <thead><tr><th>Player</th><th>Bosses</th><th>Control markers</th>'
            '<th>Colour sets</th><th>VP</th><th>Tammany Hall</th><th>Total</th></tr></thead>\n'
            f'    <tbody>{rows}</tbody>\n  </table>\n  </div>\n</section>\n')


def _map(b: Mapping[str, Any]) -> str:
    live = f' fp-live fp-kind-{esc(b["kind"])}' if _get(b, "interactive") else ""
    labels = "".join(f'<div class="fp-label">{esc(label)}</div>' for label in b.get("column_labels") or ())
    buildings = (f'<ul class="fp-buildings small">{esc(b["buildings_html"])}</ul>' if b.get("buildings") else "")
    return (f'\n\n<section class="card" id="fp-map">\n  <h2>The city</h2>\n  <div class="fp-grid{live}" '
            f'style="grid-template-columns: 1.4rem {esc(_get(b, "col_sizes"))}" data-fp-map>\n'
            f'    <div class="fp-label"></div>{labels}\n    {esc(_get(b, "grid_html"))}\n  </div>\n'
            f'  {buildings}\n{_LEGEND}</section>\n')


def _markers(b: Mapping[str, Any]) -> str:
    effects = b.get("effects")
    this_round = ""
    if effects:
        said = " · ".join(f'<span class="chip c-{esc(e["color"])}">{esc(e["name"])}</span> {esc(e["text"])} '
                          f'({esc(e["source"])})' for e in effects)
        this_round = f'<p class="small">This round: {said}</p>'
    return ('\n<section class="card" id="fp-markers">\n  <h2>Manipulation markers <span class="muted small">'
            '(resolved left to right)</span></h2>\n  <div class="fp-markers">\n'
            f'  {esc(_get(b, "markers_html"))}\n  </div>\n  {this_round}\n</section>\n')


def _players(b: Mapping[str, Any]) -> str:
    piles = " · ".join(f'<span class="fp-ctl nb-{esc(p["colour"])}" title="{esc(p["colour"])} pile">'
                       f'{esc(p["count"])}</span> {esc(p["colour"])}' for p in b.get("piles") or ())
    passed = (", ".join(f'<span class="chip c-{esc(p["color"])}">{esc(p["name"])}</span> +{esc(p["retrieves"])}'
                        for p in b.get("pass_order") or ())
              or '<span class="muted">nobody has passed yet</span>')
    table = ", ".join(esc(x) for x in b.get("pass_table") or ())
    return ('\n<section class="card" id="fp-players">\n  <h2>Players</h2>\n  <div class="table-scroll">\n'
            '  <table class="table fp-players">\n    <thead><tr><th>Player</th><th>HQ</th><th>Boroughs</th>'
            '<th>Bosses</th><th>Control markers</th><th>VP</th><th>Passed</th></tr></thead>\n'
            f'    <tbody>{esc(_get(b, "players_html"))}</tbody>\n  </table>\n  </div>\n'
            f'  <p class="small">Control-marker piles: {piles} <span class="muted">(the game ends after the round in '
            'which a pile runs out)</span></p>\n'
            f'  <p class="small">Pass order this round: {passed}\n'
            f'    · <span class="muted">rabble retrieved by the 1st, 2nd, … to pass: {table}</span></p>\n'
            '</section>\n')


def _log(b: Mapping[str, Any], names: Any) -> str:
    log = b.get("log")
    if not log:
        return "\n"
    names = names if isinstance(names, (list, tuple)) else None
    title = "The election phase so far" if b["phase"] == "resolution" else "The last election phase"
    lines = "".join(f"<li>{esc(_SAY.name_seats(str(line), names))}</li>" for line in log)
    return (f'\n\n<section class="card" id="fp-log">\n  <h2>{title}</h2>\n'
            f'  <ol class="resolution">{lines}</ol>\n</section>\n')


def board_html(b: Mapping[str, Any], names: Any) -> SafeString:
    """The whole board below its style sheet, from the board's model ``b`` (``adapter.board``), the election
    log named with ``names`` as the page's ``named`` filter names it; without its last line's end, which the
    template prints."""
    html = _status(b) + _scores(b) + _map(b) + _markers(b) + _players(b) + _log(b, names)
    return mark_safe(html)  # noqa: S308 - every value above is escaped
