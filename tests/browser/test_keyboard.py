"""A whole turn of each game with the keyboard alone (Tab, arrows, Enter, Space, digits), checking focus.

Nothing is clicked: a person who cannot use a mouse must be able to reach the move
form, build the move and send it, and know where they are after each step. The
Five Points, Mob Town and Gangsters tests each failed before their fix: tiles named
"1 B2 1"; the focus left on the map after the last click of a choice, or dropped to
the page's body by "Start over"; the focus left on the city after choosing a property,
or dropped to the body choosing the way of a connection; the focus dropped to the body
each time the Gangsters path builder redrew its buttons.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Event, Game, Projection, Seat
from games.rules import get_rules
from games.rules.gangsters import PIECE_NAME

from .conftest import DESKTOP, Person, notices

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def new_game(slug: str, count: int, seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
             for n in ("Ada", "Brook", "Cyd", "Dee")[:count]]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=count, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def advance_until(game: Game, ready: Callable[[dict[str, Any]], bool], limit: int = 80) -> int:
    """Random legal moves until ``ready(state)``; the seat to act then."""
    rules = get_rules(game.rules_slug)
    rng = random.Random(11)
    for _ in range(limit):
        p = Projection.objects.get(pk=game.pk)
        if ready(p.state):
            return int(p.to_act[0])
        seat = p.to_act[0]
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(p.state, seat, rng))
    raise AssertionError("the wanted moment never came")


def focused(page: Any) -> dict[str, str]:
    """What has the focus: its tag, id, role, name and value, and the game data it carries."""
    return dict(page.evaluate("""() => { const e = document.activeElement;
        return {tag: e.tagName, id: e.id || '', role: e.getAttribute('role') || '',
                tile: e.dataset.tile || '', cell: e.dataset.cell || '', node: e.dataset.node || '',
                text: (e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60),
                name: e.getAttribute('name') || '', type: e.getAttribute('type') || '',
                value: e.value === undefined ? '' : String(e.value), checked: e.checked ? 'yes' : '',
                pressed: e.getAttribute('aria-pressed') || ''}; }"""))


def tab_until(page: Any, wanted: Callable[[dict[str, str]], bool], limit: int = 150,
              back: bool = False) -> dict[str, str]:
    """Tab (Shift+Tab when ``back``) until the focused element is the wanted one."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = focused(page)
        if wanted(now):
            return now
    raise AssertionError(f"Tab never reached the wanted element (last: {focused(page)})")


def arrows_to(page: Any, here: str, there: str) -> None:
    """Arrow keys from tile ``here`` to tile ``there`` (columns A-F, rows 1-5)."""
    dx = "ABCDEF".index(there[0]) - "ABCDEF".index(here[0])
    dy = int(there[1:]) - int(here[1:])
    for _ in range(abs(dx)):
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    assert focused(page)["tile"] == there, f"the arrows from {here} did not reach {there}: {focused(page)}"


def test_a_five_tribes_move_by_keyboard(browser, live_server):
    game = new_game("five_tribes", 2, seed="keys-ft")
    seat = advance_until(game, lambda s: s["phase"] == "play" and (s.get("turn") or {}).get("step") == "move")
    version = Projection.objects.get(pk=game.pk).version
    player = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        status = page.locator("[data-ft-summary]")
        # Tab reaches the board once, on the first tile that can start a move.
        first = tab_until(page, lambda f: bool(f["tile"]))
        assert page.locator(f'#ft-{first["tile"]}').get_attribute("aria-disabled") == "false"
        here = first["tile"]
        page.keyboard.press("Enter")
        assert focused(page)["tile"] == here, "focus left the board after choosing the start tile"
        assert f"from {here}" in status.inner_text()
        for _ in range(12):
            nexts = page.locator(".ft-tile.ft-clickable")
            if not nexts.count():
                break
            target = nexts.first.get_attribute("data-tile")
            arrows_to(page, here, target)
            page.keyboard.press("Enter")
            assert focused(page)["tile"] == target, "focus left the board after a step"
            here = target
        if page.locator(".ft-colour-choice").count():
            now = tab_until(page, lambda f: "ft-colour-choice" in page.evaluate("document.activeElement.className"))
            page.keyboard.press("Enter")
            assert "Ready" in status.inner_text() or now
        assert status.inner_text().startswith("Ready"), status.inner_text()
        tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Move")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
        assert Projection.objects.get(pk=game.pk).version > version
    finally:
        player.close()


def test_a_revolution_bid_by_keyboard(browser, live_server):
    game = new_game("revolution", 3, seed="keys-rev")
    player = Person(browser, live_server, Seat.objects.get(game=game, index=0).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        form = page.locator("form.bid-form")
        budgets = {k: int(form.get_attribute(f"data-budget-{k}") or 0) for k in ("force", "blackmail", "gold")}
        placed: set[str] = set()
        for kind, amount in budgets.items():
            if not amount:
                continue
            box = tab_until(page, lambda f, kind=kind: f["tag"] == "INPUT" and f["name"].endswith(f"-{kind}")
                            and f["name"].split("-")[1] not in placed)
            placed.add(box["name"].split("-")[1])
            page.keyboard.type(str(amount))
            assert focused(page)["name"] == box["name"]
        tab_until(page, lambda f: f["tag"] == "BUTTON" and "bid" in f["text"])
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
    finally:
        player.close()


def last_move(game: Game) -> Event:
    found = Event.objects.filter(game=game, kind="move").order_by("seq").last()
    assert found is not None, "no move was recorded"
    return found


def named(page: Any, pattern: str) -> None:
    """The focused element's accessible name (what a screen reader says) matches ``pattern``."""
    from playwright.sync_api import expect  # the browser fixture skips these tests when it is missing

    expect(page.locator(":focus")).to_have_accessible_name(re.compile(pattern), timeout=2_000)


def test_a_five_points_placement_by_keyboard(browser, live_server):
    game = new_game("five_points", 3, seed="keys-fp")
    player = Person(browser, live_server, Seat.objects.get(game=game, index=0).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        # The bid first: the marker list, then its rabble (an arrow key steps the number).
        tab_until(page, lambda f: f["id"] == "fp-marker")
        page.keyboard.press("ArrowDown")
        now = focused(page)
        assert now["id"] == "fp-marker" and now["value"], f"the arrow chose no marker: {now}"
        marker = now["value"]
        page.keyboard.press("Tab")
        now = focused(page)
        assert now["id"] == "fp-bid", now
        page.keyboard.press("ArrowUp")
        bid = int(focused(page)["value"])
        low = int(page.locator("#fp-bid").get_attribute("min") or 1)
        high = int(page.locator("#fp-bid").get_attribute("max") or 0)
        assert low <= bid <= high, (bid, low, high)
        # Then the map: every neighbourhood is a submit button, named by its number, cell and colour.
        tile = tab_until(page, lambda f: bool(f["tile"]))
        named(page, rf"^Tile {tile['tile']} {tile['cell']} \((blue|green|red|orange) neighbourhood\)"
                    r".*(no rabble|\d+ rabble of P\d)")
        page.keyboard.press("Tab")
        tile = focused(page)
        assert tile["tile"] and tile["type"] == "submit", f"Tab left the map after one tile: {tile}"
        named(page, rf"^Tile {tile['tile']} {tile['cell']} \(")
        # Enter asks first: the focus goes to the confirm bar's button, and a second Enter sends.
        page.keyboard.press("Enter")
        named(page, rf"^Confirm: place a rabble on tile {tile['tile']}")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
        assert last_move(game).payload["move"] == {"action": "place", "tile": int(tile["tile"]),
                                                   "marker": marker, "bid": bid}
        assert last_move(game).source == "web"
    finally:
        player.close()



def test_five_points_tied_elections_by_keyboard(browser, live_server):
    """A choice of several clicks on the map: the focus goes up to the form's button after the last one."""
    game = new_game("five_points", 3, seed="keys-fp")
    rules = get_rules("five_points")
    seat = advance_until(game, lambda s: bool(rules.to_act(s))
                         and rules.choices(s, rules.to_act(s)[0]).kind == "elect")
    detail = rules.choices(Projection.objects.get(pk=game.pk).state, seat).detail
    player = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        chosen: list[int] = []
        for k in range(detail["count"]):
            tile = tab_until(page, lambda f: bool(f["tile"]) and int(f["tile"]) in detail["tiles"]
                             and int(f["tile"]) not in chosen)
            page.keyboard.press("Enter")
            chosen.append(int(tile["tile"]))
            assert page.locator(f'#fp-map [data-tile="{tile["tile"]}"] .fp-order').inner_text() == str(k + 1)
            if k + 1 < detail["count"]:
                assert focused(page)["tile"] == tile["tile"], "focus left the map before the choice was made"
        now = focused(page)
        assert now["tag"] == "BUTTON" and now["text"] == "Hold these elections", f"focus stayed behind: {now}"
        assert page.locator("#fp-order").input_value() == ",".join(map(str, chosen))
        # "Start over" hides itself: the focus goes to the list of orders, which then makes the choice.
        page.keyboard.press("Tab")
        assert focused(page)["text"] == "Start over"
        page.keyboard.press("Enter")
        now = focused(page)
        assert now["id"] == "fp-order" and now["value"] == "", f"focus lost starting over: {now}"
        page.keyboard.press("ArrowDown")
        now = focused(page)
        assert now["id"] == "fp-order" and now["value"], now
        order = [int(t) for t in now["value"].split(",")]
        page.keyboard.press("Tab")
        assert focused(page)["text"] == "Hold these elections"
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
        assert last_move(game).payload["move"] == {"action": "elect", "tiles": order}
    finally:
        player.close()

def connected_take_over(state: dict[str, Any], seat: int) -> tuple[dict[str, Any], int] | None:
    """A legal take-over paid with a connection card along the second of two ways there: (move, 1)."""
    rules = get_rules("mob_town")
    decision = rules.choices(state, seat)
    if decision is None or decision.kind != "turn":
        return None
    walks = {tuple(t["cell"]): t["walks"] for t in decision.detail["targets"] if len(t["walks"]) > 1}
    for move in rules.legal_moves(state, seat):
        if move["action"] == "takeover" and tuple(move["at"]) in walks:
            second = [c["cell"] for c in walks[tuple(move["at"])][1]]
            if [cell for cell, _ in move["via"]] == second:
                return move, 1
    return None


def test_a_mob_town_take_over_by_keyboard(browser, live_server):
    game = new_game("mob_town", 3, seed="keys-mt")
    rules = get_rules("mob_town")
    # A moment when the seat to act can take over a property with a connection, which has two ways there.
    seat = advance_until(game, lambda s: connected_take_over(s, rules.to_act(s)[0]) is not None)
    found = connected_take_over(Projection.objects.get(pk=game.pk).state, seat)
    assert found is not None
    wanted, walk = found
    where = ",".join(str(c) for c in wanted["at"])
    player = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        # The property on the city map: a button that says what taking it over costs.
        tab_until(page, lambda f: f["cell"] == where and f["tag"] == "BUTTON")
        named(page, r"\(take over: cost \d+\)$")
        page.keyboard.press("Enter")
        # Paying comes next, above the map: the focus goes to the first card of the hand that can pay.
        now = focused(page)
        assert now["tag"] == "INPUT" and now["name"] == "pay", f"the focus stayed on the map: {now}"
        assert page.locator("#mt-target").input_value() == where
        # Tick (Space) exactly the cards of the payment, walking the hand with Tab.
        to_pay = list(wanted["pay"])
        while now["tag"] == "INPUT" and now["name"] == "pay":
            if now["value"] in to_pay:
                page.keyboard.press("Space")
                assert focused(page)["checked"] == "yes", f"Space did not tick {now}"
                to_pay.remove(now["value"])
            page.keyboard.press("Tab")
            now = focused(page)
        assert not to_pay, f"Tab never reached the card(s) {to_pay}"
        # The connection: which way (radio buttons, the arrows choose; the focus stays on the choice) ...
        assert now["name"] == "mt-walk" and now["checked"] == "yes" and now["value"] == "0", now
        page.keyboard.press("ArrowDown")
        now = focused(page)
        assert now["name"] == "mt-walk" and now["value"] == str(walk) and now["checked"] == "yes", (
            f"focus lost choosing the way: {now}")
        # ... then a list per card between, whose option is chosen with the arrows.
        for cell, card in wanted["via"]:
            want = f"{cell[0]},{cell[1]}:{card}"
            now = tab_until(page, lambda f: f["name"] == "via", limit=3)
            for _ in range(8):
                if now["value"] == want:
                    break
                page.keyboard.press("ArrowDown")
                now = focused(page)
            assert now["value"] == want, f"the arrows never chose {want}: {now}"
        summary = page.locator("[data-mt-summary]").inner_text()
        assert re.search(r"Paid (\d+) of \1, connection cards (\d+) of \2\.", summary), summary
        page.keyboard.press("Tab")
        now = focused(page)
        assert now["tag"] == "BUTTON" and now["text"] == "Take over", f"not the form's button next: {now}"
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
        move = last_move(game).payload["move"]
        assert (move["action"], move["at"], sorted(move["pay"]), move["via"]) == (
            "takeover", wanted["at"], sorted(wanted["pay"]), wanted["via"])
    finally:
        player.close()


def two_step_path(pieces: dict[str, Any]) -> tuple[str, list[str]] | None:
    """A piece and a legal two-step path for it that ends in a choice of endings (None if there is none)."""
    return next(((kind, [a, b]) for kind, data in pieces.items() for a, sub in (data["tree"] or {}).items()
                 if a != "$" for b in sub if b != "$" and "$" in sub[b] and len(data["ends"].get(b, [])) > 1),
                None)


def test_a_gangsters_move_by_keyboard(browser, live_server):
    game = new_game("gangsters", 2, seed="keys-gx")
    rules = get_rules("gangsters")

    def moving(state: dict[str, Any]) -> bool:
        if (state.get("turn") or {}).get("step") != "move":
            return False
        decision = rules.choices(state, rules.to_act(state)[0])
        return bool(decision and two_step_path(decision.detail.get("pieces") or {}))

    # A moment when a piece may move two steps and then choose how its move ends (extort, hit, ...).
    seat = advance_until(game, moving, limit=200)
    pieces = rules.choices(Projection.objects.get(pk=game.pk).state, seat).detail["pieces"]
    found = two_step_path(pieces)
    assert found is not None
    kind, path = found
    ends = pieces[kind]["ends"][path[-1]]
    player = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, DESKTOP)
    try:
        page = player.open(f"/games/{game.pk}/")
        status = page.locator("[data-gx-status]")
        # What to move: a toggle button; it stays focused, pressed, once chosen.
        mover = tab_until(page, lambda f: f["pressed"] == "false" and f["text"].startswith(PIECE_NAME[kind]))
        page.keyboard.press("Enter")
        now = focused(page)
        assert now["text"] == mover["text"] and now["pressed"] == "true", f"focus lost on the piece: {now}"
        tree = pieces[kind]["tree"]
        for i, want in enumerate(path):
            if i == 0:  # the first step with the buttons under the builder
                tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == want)
                on_map = False
            else:  # the second on the map, whose legal squares are buttons named by their space
                square = tab_until(page, lambda f: f["node"] == want)
                assert square["role"] == "button"
                named(page, rf"^{want}\b")
                # Its ring is wider than the other offered squares' (hover only changes the colour).
                rings = page.evaluate("""() => [...document.querySelectorAll('.gx-next')].map(g => [
                    g === document.activeElement,
                    parseFloat(getComputedStyle(g.querySelector('.gx-bg')).strokeWidth)])""")
                assert max(w for f, w in rings if f) > max((w for f, w in rings if not f), default=0), rings
                on_map = True
            page.keyboard.press("Enter")
            tree = tree[want]
            nexts = [k for k in tree if k != "$"]
            now = focused(page)
            # The focus moves on to the next step, of the kind just used, else to how the move ends.
            if nexts and on_map:
                assert now["node"] in nexts and now["role"] == "button", f"focus left the map: {now}"
            elif nexts:
                assert now["tag"] == "BUTTON" and now["text"] == nexts[0], f"focus lost after {want}: {now}"
            else:
                assert now["name"] == "ending" and now["checked"] == "yes", f"focus lost at the end: {now}"
        assert status.inner_text().startswith(f"Ready: move {kind} {' '.join(path)}"), status.inner_text()
        # How the move ends: radio buttons, chosen with the arrows; the focus stays on the one chosen.
        if now["name"] != "ending":
            tab_until(page, lambda f: f["name"] == "ending", back=bool(now["node"]))
        assert focused(page)["value"] == "0"
        page.keyboard.press("ArrowDown")
        now = focused(page)
        assert now["name"] == "ending" and now["value"] == "1" and now["checked"] == "yes", now
        assert status.inner_text().endswith(ends[1]["tail"]), status.inner_text()
        tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Move")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your move was recorded" in notices(page)
        move = last_move(game).payload["move"]
        assert (move["a"], move["piece"], move["path"]) == ("move", kind, path)
        assert (move["act"], move["target"]) == (ends[1]["act"], ends[1]["target"])
    finally:
        player.close()
