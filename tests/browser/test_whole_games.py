"""Whole games played in Chromium the way people play them: every move by clicking the page.

One player uses a desktop-width page and another a phone-width page (each in its own
browser context). Five Points (three players, its minimum) is played from the first
move to the end screen. A whole Five Tribes game is some 130 moves, a Mob Town game
some 200 and a two-gang Gangsters game some 250, too long for every run of the suite,
and none of them has an option to shorten it: Five Tribes' first round (Mob Town's
agendas and first turns, Gangsters' set-up and first round) is played by clicks, then a
game that the services played on to its last turns with the rules' random moves is
finished by clicks.

Every game can also be played wholly by clicks, the middle too (some minutes a game)::

    RAVENPOST_WHOLE_GAMES=clicks .venv/bin/python -m pytest -n 0 -m browser tests/browser/test_whole_games.py

(with ``-s`` each test prints how many moves its game took).
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Event, Game, Projection, Seat
from games.rules import get_rules

from .conftest import DESKTOP, PHONE, Person, notices, page_width_fits, too_wide

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
NAMES = ("Ada", "Brook", "Cyd")
LAST_MOVES = 6  # how many moves before the end the services stop and the people click again


def new_game(slug: str, count: int, seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES[:count]]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=count, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def open_people(game: Game, browser: Any, live_server: Any) -> dict[int, Person]:
    """A browser per seat: seat 0 on a desktop, seat 1 on a phone, any other seat on a desktop."""
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    return {seat: Person(browser, live_server, user, PHONE if seat == 1 else DESKTOP)
            for seat, user in seats.items()}


def confirm(page: Any) -> None:
    """The second click of a one-click move: the bar's "Confirm ..." button, which sends the move."""
    with page.expect_navigation():
        page.locator(".confirm-step button.primary").click()


def submit(page: Any, button: Any) -> None:
    with page.expect_navigation():
        button.click()


def play_by_clicks(game: Game, people: dict[int, Person], turn: Callable[[Any, random.Random], None],
                   rng: random.Random, max_moves: int, check: Callable[[Any, int], None]) -> int:
    """Each awaited seat's person opens the game page and moves by clicks, until the game ends or
    ``max_moves`` moves were made; returns the moves made."""
    url = f"/games/{game.pk}/"
    last = None
    for made in range(max_moves):
        projection = Projection.objects.get(pk=game.pk)
        if not projection.to_act:
            return made
        seat = projection.to_act[0]
        # The player who just moved already sees the page as it is now (the move's redirect).
        page = people[seat].page if seat == last else people[seat].open(url)
        last = seat
        assert page.locator("#turn-bar").get_by_text("Your turn!").is_visible()
        if made % 10 == 0:
            check(page, seat)
        turn(page, rng)
        assert "Your move was recorded" in notices(page), page.title()
        assert Projection.objects.get(pk=game.pk).version > projection.version
    return max_moves


def check_page(names: list[str]) -> Callable[[Any, int], None]:
    def check(page: Any, seat: int) -> None:
        bar = page.locator("#turn-bar").inner_text()
        assert names[seat] in bar, bar
        # The log: one round unfolded (the current one), the rest folded.
        rounds = page.locator("#log details.log-round")
        assert rounds.count() >= 1 and page.locator("#log details.log-round[open]").count() == 1
        if page.viewport_size["width"] < 500:
            assert page_width_fits(page), f"the game page is wider than the phone's screen: {too_wide(page)}"
    return check


def end_screen(game: Game, people: dict[int, Person], names: list[str]) -> None:
    game.refresh_from_db()
    assert game.status == "finished"
    winners = [names[w] for w in game.result["winners"]]
    for person in (people[0], people[1]):
        page = person.open(f"/games/{game.pk}/")
        result = page.locator("#result")
        assert result.get_by_role("heading", name="Final result").is_visible()
        assert all(w in result.inner_text() for w in winners)
        assert page.locator("#turn-bar").count() == 0, "a finished game awaits nobody"
        assert page_width_fits(page), f"the end of the game is wider than the page: {too_wide(page)}"


# -- Five Points ----------------------------------------------------------------------------------

def five_points_turn(page: Any, rng: random.Random) -> None:
    kind = page.locator("#fp-play").get_attribute("data-kind")
    if kind == "placement":
        tiles = page.locator("button.fp-submit")
        passing = page.get_by_role("button", name="Pass (stop placing this round)")
        if passing.count() and (not tiles.count() or rng.random() < 0.3):
            passing.click()
        else:
            markers = page.locator("#fp-marker option[data-min]")
            if markers.count() and rng.random() < 0.4:
                option = markers.nth(rng.randrange(markers.count()))
                page.locator("#fp-marker").select_option(option.get_attribute("value"))
                page.locator("#fp-bid").fill(option.get_attribute("data-min"))
            tiles.nth(rng.randrange(tiles.count())).click()
        confirm(page)
    elif kind == "special":
        tiles = page.locator("button.fp-submit")
        tiles.nth(rng.randrange(tiles.count())).click()
        confirm(page)
    elif kind == "take":
        takes = page.locator("button.fp-take")
        takes.nth(rng.randrange(takes.count())).click()
        confirm(page)
    elif kind in ("move_tile", "elect") and (not page.locator(".fp-skip").count() or rng.random() < 0.5):
        select = page.locator("#fp-tile-to" if kind == "move_tile" else "#fp-order")
        values = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
        select.select_option(rng.choice(values))
        submit(page, page.get_by_role("button", name="Move it" if kind == "move_tile" else "Hold these elections"))
    else:
        page.get_by_role("button", name="Skip (do not use it)").click()
        confirm(page)



def play_on_until_the_last_moves(game: Game, rules: Any, last: int) -> None:
    """The services play the rules' random moves until ``last`` moves before the end (found by playing the same
    random moves on a copy first), so that the end can be played by clicks."""
    state = Projection.objects.get(pk=game.pk).state
    left, trial = 0, random.Random(9)
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.random_move(state, seat, trial))
        left += 1
    trial = random.Random(9)
    for _ in range(left - last):
        projection = Projection.objects.get(pk=game.pk)
        seat = projection.to_act[0]
        services.submit_move(game_id=game.pk, user=Seat.objects.get(game=game, index=seat).user,
                             move=rules.random_move(projection.state, seat, trial), source="web")


def whole_games_by_clicks() -> bool:
    """Whether the middle of the long games is played by clicks too (``RAVENPOST_WHOLE_GAMES=clicks``)."""
    return os.environ.get("RAVENPOST_WHOLE_GAMES", "") == "clicks"


def play_to_the_end(game: Game, rules: Any, people: dict[int, Person],
                    turn: Callable[[Any, random.Random], None], rng: random.Random,
                    check: Callable[[Any, int], None]) -> int:
    """The rest of the game, its last moves by clicks: the middle by the services (the rules' random moves)
    to some moves before the end, or by clicks too when ``whole_games_by_clicks()``; returns the moves
    clicked."""
    if not whole_games_by_clicks():
        play_on_until_the_last_moves(game, rules, LAST_MOVES)
    made = play_by_clicks(game, people, turn, rng, 3000, check)
    assert not Projection.objects.get(pk=game.pk).to_act, f"the game did not end in {made} moves by clicks"
    assert made >= 3
    if whole_games_by_clicks():
        moves = Event.objects.filter(game=game, kind="move").count()
        print(f"\n{game.rules_slug}: {moves} moves, all by clicks")
    return made


def test_five_points_whole_game_by_clicks(browser, live_server):
    game = new_game("five_points", 3, "whole-fp")
    names = [Seat.objects.get(game=game, index=i).user.name for i in range(3)]
    people = open_people(game, browser, live_server)
    try:
        made = play_by_clicks(game, people, five_points_turn, random.Random(2), 200, check_page(names))
        assert made > 20
        end_screen(game, people, names)
        page = people[1].page
        scores = page.locator("table").first.inner_text()
        assert all(name in scores for name in names)
    finally:
        for person in people.values():
            person.close()


def test_the_receipt_of_a_move_fits_a_phone(browser, live_server):
    """The page after a move says "Your move was recorded (receipt: event N, hash <64 hex digits>)": the hash,
    one word wider than a phone, wraps instead of making the whole page scroll sideways."""
    game = new_game("five_points", 3, "receipt-fp")
    seat = Projection.objects.get(pk=game.pk).to_act[0]
    person = Person(browser, live_server, Seat.objects.get(game=game, index=seat).user, PHONE)
    try:
        page = person.open(f"/games/{game.pk}/")
        five_points_turn(page, random.Random(1))
        receipt = page.locator(".messages").inner_text()
        assert "Your move was recorded (receipt: event" in receipt, receipt
        assert page_width_fits(page), f"the page after a move is wider than the phone: {too_wide(page)}"
    finally:
        person.close()


# -- Five Tribes ----------------------------------------------------------------------------------

def five_tribes_move(page: Any, rng: random.Random) -> None:
    """Build a move on the board: a highlighted start tile, then tiles (and a colour) until "Move" is ready."""
    submit_button = page.locator("[data-ft-submit]")
    for _ in range(30):
        if submit_button.is_enabled():
            break
        colours = page.locator("[data-ft-colours]:not([hidden]) button")
        if colours.count():
            colours.nth(rng.randrange(colours.count())).click()
            continue
        tiles = page.locator(".ft-tile.ft-clickable")
        assert tiles.count(), page.locator("[data-ft-summary]").inner_text()
        tiles.nth(rng.randrange(tiles.count())).click()
    submit(page, submit_button)


def five_tribes_turn(page: Any, rng: random.Random) -> None:
    builder = page.locator("#ft-builder")
    buttons = page.locator("#ft-decision button[data-confirm-move]")
    selects = page.locator("#ft-decision .ft-group select[name=choice]")
    if builder.count() and builder.is_visible() and (rng.random() < 0.8 or not (buttons.count() + selects.count())):
        five_tribes_move(page, rng)
    elif buttons.count() and (not selects.count() or rng.random() < 0.5):
        buttons.nth(rng.randrange(buttons.count())).click()
        confirm(page)
    else:
        select = selects.nth(rng.randrange(selects.count()))
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        select.select_option(rng.choice(values))
        submit(page, select.locator("xpath=..").get_by_role("button", name="Choose"))


def test_five_tribes_first_round_and_the_end_by_clicks(browser, live_server):
    game = new_game("five_tribes", 2, "whole-ft")
    names = [Seat.objects.get(game=game, index=i).user.name for i in range(2)]
    rules = get_rules("five_tribes")
    people = open_people(game, browser, live_server)
    try:
        # Round 1 by clicks: the bids for turn order, then each player's turn on the board.
        rng = random.Random(4)
        for _ in range(20):
            if rules.round_of(Projection.objects.get(pk=game.pk).state) != 1:
                break
            play_by_clicks(game, people, five_tribes_turn, rng, 1, check_page(names))
        assert rules.round_of(Projection.objects.get(pk=game.pk).state) == 2
        play_by_clicks(game, people, five_tribes_turn, rng, 1, check_page(names))  # round 2's first bid
        page = people[1].open(f"/games/{game.pk}/")
        assert page.locator("#log details.log-round").count() == 2
        assert page.locator("#log details.log-round[open] .round-title").inner_text() == "Round 2"
        assert "Round 1" in page.locator("#log details.log-round:not([open])").inner_text(), "round 1 is folded"
        # The middle of the game by the services (or by clicks), and the end by clicks.
        play_to_the_end(game, rules, people, five_tribes_turn, rng, check_page(names))
        end_screen(game, people, names)
        scores = people[1].page.locator("#ft-scores").inner_text()
        assert all(name in scores for name in names)
    finally:
        for person in people.values():
            person.close()


# -- Mob Town -------------------------------------------------------------------------------------

def mob_town_turn(page: Any, rng: random.Random) -> None:
    agendas = page.locator("#mt-agenda-form input[name=agenda]")
    if agendas.count():
        for index in rng.sample(range(agendas.count()), 2):
            agendas.nth(index).check()
        submit(page, page.get_by_role("button", name="Choose these two"))
        return
    buttons = page.locator("#mt-decision .mt-group button[name=choice]")
    selects = page.locator("#mt-decision .mt-group select[name=choice]")
    if buttons.count() and (not selects.count() or rng.random() < 0.5):
        submit(page, buttons.nth(rng.randrange(buttons.count())))
    else:
        select = selects.nth(rng.randrange(selects.count()))
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        select.select_option(rng.choice(values))
        submit(page, select.locator("xpath=..").locator("button[type=submit]"))


def test_mob_town_first_turns_and_the_end_by_clicks(browser, live_server):
    game = new_game("mob_town", 2, "whole-mt")
    names = [Seat.objects.get(game=game, index=i).user.name for i in range(2)]
    rules = get_rules("mob_town")
    people = open_people(game, browser, live_server)
    try:
        rng = random.Random(6)
        # The agendas and the first turns by clicks (a whole game is some 200 moves, with no option to
        # shorten it), then the services (or clicks) to some moves before the end, and the end by clicks.
        assert play_by_clicks(game, people, mob_town_turn, rng, 8, check_page(names)) == 8
        play_to_the_end(game, rules, people, mob_town_turn, rng, check_page(names))
        end_screen(game, people, names)
    finally:
        for person in people.values():
            person.close()


# -- Gangsters ------------------------------------------------------------------------------------

def gangsters_path(page: Any, rng: random.Random) -> bool:
    """Build a path with the builder: a mover, then next steps on the map (on a phone, sometimes the buttons
    under the builder) until it may end there, then how it ends. False when no mover led anywhere."""
    movers = page.locator("[data-gx-movers] button")
    submit_button = page.locator("[data-gx-submit]")
    steps = page.locator("[data-gx-steps] button")
    squares = page.locator("[data-gx-map] .gx-next")
    movers.nth(rng.randrange(movers.count())).click()
    for _ in range(60):
        if submit_button.is_enabled() and (not steps.count() or rng.random() < 0.5):
            endings = page.locator("[data-gx-endings] input[name=ending]")
            if endings.count():
                endings.nth(rng.randrange(endings.count())).check()
            submit(page, submit_button)
            return True
        if not steps.count():
            break  # too many paths to list from here: the page asks for the text box instead
        phone = page.viewport_size["width"] < 500
        if squares.count() and not (phone and rng.random() < 0.5):
            squares.nth(rng.randrange(squares.count())).click()
        else:
            steps.nth(rng.randrange(steps.count())).click()
    page.get_by_role("button", name="Start again").click()
    return False


def gangsters_turn(page: Any, rng: random.Random) -> None:
    order = page.locator("#gx-decision form.gx-order")
    if order.count():
        for select in order.locator("select").all():
            values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
            select.select_option(rng.choice(values))
        submit(page, order.get_by_role("button", name="Send my gang order"))
        return
    builder = page.locator("#gx-builder")
    buttons = page.locator("#gx-decision .gx-group button[name=choice]")
    selects = page.locator("#gx-decision .gx-group select[name=choice]")
    recruits = page.locator("#gx-decision form.gx-recruit")
    others = buttons.count() + selects.count() + recruits.count()
    if builder.count() and builder.is_visible() and (rng.random() < 0.7 or not others):
        # A path that leads past what the page lists ends in "Start again"; then another mover, or a button.
        for _ in range(1 if others else 5):
            if gangsters_path(page, rng):
                return
    kinds = [k for k, n in (("button", buttons.count()), ("select", selects.count()),
                            ("recruit", recruits.count())) if n]
    assert kinds, f"no move can be made by clicks here: {page.locator('[data-gx-status]').inner_text()}"
    kind = rng.choice(kinds)
    if kind == "button":
        submit(page, buttons.nth(rng.randrange(buttons.count())))
    elif kind == "select":
        select = selects.nth(rng.randrange(selects.count()))
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        select.select_option(rng.choice(values))
        submit(page, select.locator("xpath=..").get_by_role("button", name="Choose"))
    else:
        form = recruits.nth(rng.randrange(recruits.count()))
        for select in form.locator("select").all():
            values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
            select.select_option(rng.choice(values))
        submit(page, form.get_by_role("button", name="Recruit"))


def test_gangsters_first_round_and_the_end_by_clicks(browser, live_server):
    game = new_game("gangsters", 2, "whole-gx")
    names = [Seat.objects.get(game=game, index=i).user.name for i in range(2)]
    rules = get_rules("gangsters")
    people = open_people(game, browser, live_server)
    try:
        rng = random.Random(8)
        # The set-up (joint purchases, the sealed gang orders) and round 1 by clicks.
        for _ in range(80):
            if Projection.objects.get(pk=game.pk).state["round"] > 1:
                break
            play_by_clicks(game, people, gangsters_turn, rng, 1, check_page(names))
        assert Projection.objects.get(pk=game.pk).state["round"] == 2
        # Then the services (or clicks) to some moves before the end, and the end by clicks.
        play_to_the_end(game, rules, people, gangsters_turn, rng, check_page(names))
        end_screen(game, people, names)
        assert "game over" in people[1].page.locator("#gx-status h2").inner_text()
    finally:
        for person in people.values():
            person.close()
