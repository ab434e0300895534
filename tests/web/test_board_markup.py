"""The Gangsters map and the Mob Town city, written in Python, keep the markup the page's script, stylesheet
and screen readers rely on.

Boards are rendered as the game page does (the ``game_board`` tag) for a player,
a spectator and a finished game, parsed, and checked against the view they were
drawn from: every space and card where the view puts it, with its data attributes,
titles and screen-reader words; names escaped; a seat's secrets only on its board.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest
from django.template import engines
from django.test.html import Element, parse_html

from games.rules import get_rules
from games.rules.gangsters import BUILDINGS, COLOUR_JOINTS, PIECES, STREETS
from games.rules.mob_town import COLORS
from games.ui import ui_for

BOARD = engines["django"].from_string("{% load ravenpost %}{% game_board %}")
NAMES = ["Ann <i>", "Bo & Co", "Cy \"Q\"", "Di's"]


def played(slug: str, players: int, options: dict[str, Any], seed: str, moves: int | None) -> dict[str, Any]:
    """A state after ``moves`` random legal moves (None: to the end)."""
    rules = get_rules(slug)
    state = rules.setup(players, rules.resolve_options(options), seed)
    rng = random.Random(seed)
    done = 0
    while (awaited := rules.to_act(state)) and (moves is None or done < moves):
        seat = rng.choice(awaited)
        state = rules.apply(state, seat, rules.random_move(state, seat, rng))
        done += 1
    return state


def board(slug: str, view: dict[str, Any], names: list[str], play: dict[str, Any] | None = None) -> str:
    return BOARD.render({"ui": ui_for(slug), "view": view, "names": names, "play": play})


def elements(node: Any) -> Iterator[Element]:
    if isinstance(node, Element):
        yield node
        for child in node.children:
            yield from elements(child)


def attr(el: Element, name: str) -> str | None:
    return dict(el.attributes).get(name)


def classes(el: Element) -> set[str]:
    return set((attr(el, "class") or "").split())


def text(el: Any) -> str:
    if isinstance(el, str):
        return el
    return " ".join(text(child) for child in el.children)


def find(root: Any, tag: str, cls: str | None = None) -> list[Element]:
    return [e for e in elements(root) if e.name == tag and (cls is None or cls in classes(e))]


# -- Gangsters ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gx_states() -> dict[str, dict[str, Any]]:
    return {"play": played("gangsters", 3, {}, "markup-gx", 60),
            "over": played("gangsters", 2, {}, "markup-gx-end", None)}


@pytest.mark.parametrize("which, seat", [("play", 0), ("play", None), ("over", 1)])
def test_the_gangsters_map_draws_every_space_and_piece_of_the_view(gx_states, which, seat):
    rules = get_rules("gangsters")
    state = gx_states[which]
    view = rules.view(state, seat)
    clickable = seat is not None and seat in rules.to_act(state)
    html = board("gangsters", view, NAMES, {"gx": {"builder": {"movers": []}}} if clickable else None)
    root = parse_html(html)
    (svg,) = find(root, "svg", "gx-map")
    assert attr(svg, "role") == "group" and attr(svg, "data-gx-map") is not None
    assert attr(svg, "aria-label") == "Map of Chicago: 16 columns a to p, 16 rows 1 to 16"
    assert ("gx-live" in classes(svg)) == clickable
    assert len(find(svg, "text", "gx-axis")) == 32
    cells = find(svg, "g", "gx-cell")
    assert len(cells) == 16 * 16
    by_node = {attr(c, "data-node"): c for c in cells if attr(c, "data-node")}
    assert set(by_node) == set(STREETS) | {b.code for b in BUILDINGS}
    for cell in cells:
        (title,) = [c for c in cell.children if isinstance(c, Element) and c.name == "title"]
        assert text(title).strip()
        assert len(find(cell, "rect", "gx-bg")) == 1
    pieces = 0
    for gang in view["gangs"]:
        for kind in PIECES:
            piece = gang["pieces"][kind]
            if piece["s"] > 0 and piece["at"]:
                pieces += 1
                cell = by_node[piece["at"]]
                name = NAMES[gang["seat"]]
                assert f"{name}'s" in text(cell.children[0]), (piece, text(cell.children[0]))
                badges = [text(b).strip() for b in find(cell, "g", "gx-badge")]
                more = find(cell, "text", "gx-more")
                assert f"{gang['seat'] + 1}{kind}" + ("!" if piece["c"] else "") in badges or more
    assert pieces > 0
    for code, joint in view["joints"].items():
        cell = by_node[code]
        owned = joint["owner"] is not None
        assert ("gx-owned" in classes(cell)) == owned
        if owned:
            assert f"{NAMES[joint['owner']]}'s, level {joint['level']}" in text(cell.children[0])
    assert "<i>" not in html and "Ann &lt;i&gt;" in html and "Bo &amp; Co" in html
    lists = find(root, "ul", "gx-joint-list")
    assert len(lists) == len(COLOUR_JOINTS)
    listed = [text(li.children[0]) for ul in lists for li in find(ul, "li")]
    assert sorted(listed) == sorted(view["joints"])


# -- Mob Town -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mt_states() -> dict[str, dict[str, Any]]:
    return {"play": played("mob_town", 3, {}, "markup-mt", 40),
            "coop": played("mob_town", 2, {"mode": "coop"}, "markup-mt-coop", 30),
            "over": played("mob_town", 2, {}, "markup-mt-end", None)}


@pytest.mark.parametrize("which, seat", [("play", 0), ("play", None), ("coop", 1), ("over", 0)])
def test_the_mob_town_city_draws_every_card_where_it_lies(mt_states, which, seat):
    rules = get_rules("mob_town")
    view = rules.view(mt_states[which], seat)
    html = board("mob_town", view, NAMES)
    root = parse_html(html)
    (table,) = find(root, "table", "mt-city")
    grid = view["grid"]
    (caption,) = find(table, "caption")
    last = chr(ord("A") + grid["columns"] - 1)
    assert text(caption).strip() == f"The city: columns A to {last}, rows 1 to {grid['rows']}"
    assert len([th for th in find(table, "th") if attr(th, "scope") == "col"]) == grid["columns"]
    assert len([th for th in find(table, "th") if attr(th, "scope") == "row"]) == grid["rows"]
    assert len(find(table, "td", "mt-slot")) == grid["columns"] * grid["rows"]
    cards = {attr(d, "data-cell"): d for d in find(table, "div", "mt-card")}
    assert len(find(table, "div", "mt-empty")) == grid["columns"] * grid["rows"] - len(view["city"])
    assert len(cards) == len(view["city"])
    for entry in view["city"]:
        div = cards[f"{entry['x']},{entry['y']}"]
        code = entry["card"]["id"]
        assert attr(div, "id") == f"mt-{code}"
        assert code in (attr(div, "title") or "")
        assert "arrow" in text(find(div, "span", "mt-arrow")[0])
        if view["mode"] == "coop":
            if entry["down"]:
                assert "mt-down" in classes(div) and find(div, "span", "mt-shut")
            elif entry["mob"]:
                assert text(find(div, "span", "mt-mob")[0]).strip() == f"mob × {entry['mob']}"
        else:
            tokens = find(div, "span", "mt-token")
            assert len(tokens) == len(entry["tokens"])
            if tokens:
                assert "mt-top" in classes(tokens[-1]) and "(controls)" in text(tokens[-1])
                assert not any("mt-top" in classes(t) for t in tokens[:-1])
    for seat_of, pawn in enumerate(view.get("pawns") or []):
        if pawn:
            div = cards[f"{pawn[0]},{pawn[1]}"]
            assert any(f"c-{COLORS[seat_of]}" in classes(p) for p in find(div, "span", "mt-pawn"))
    assert ('id="mt-mine"' in html) == (seat is not None)


def test_a_cached_board_shows_each_viewer_only_its_own_view(mt_states):
    """The boards are cached per view: a spectator after a player still gets the spectator's board."""
    rules = get_rules("mob_town")
    state = mt_states["play"]
    mine = board("mob_town", rules.view(state, 0), NAMES)
    theirs = board("mob_town", rules.view(state, None), NAMES)
    again = board("mob_town", rules.view(state, 0), NAMES)
    renamed = board("mob_town", rules.view(state, 0), ["Zed", *NAMES[1:]])
    assert 'id="mt-mine"' in mine and 'id="mt-mine"' not in theirs and again == mine
    assert "Zed" in renamed and "Zed" not in mine

