"""Whole games played in Chromium the way people play them: every move by clicking the page.

One player uses a desktop-width page and another a phone-width page (each in its own
browser context). Five Points (three players, its minimum) is played from the first
move to the end screen. A whole Five Tribes game is some 130 moves and a Mob Town game
some 200, too long for the suite, and neither game has an option to shorten it: Five
Tribes' first round (Mob Town's agendas and first turns) is played by clicks, then a
game that the services played on to its last turns with the rules' random moves is
finished by clicks.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat
from games.rules import get_rules

from .conftest import DESKTOP, PHONE, Person, page_width_fits

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
NAMES = ("Ada", "Brook", "Cyd")


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
        assert "Your move was recorded" in page.content(), page.locator(".messages").all_inner_texts()
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
            assert page_width_fits(page), "the game page is wider than the phone's screen"
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
        # The middle of the game by the services (the rules' random moves), to some moves before the end.
        play_on_until_the_last_moves(game, rules, 6)
        # The end by clicks.
        assert play_by_clicks(game, people, five_tribes_turn, rng, 60, check_page(names)) >= 3
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
        # shorten it), then the services to some moves before the end, and the end by clicks.
        assert play_by_clicks(game, people, mob_town_turn, rng, 8, check_page(names)) == 8
        play_on_until_the_last_moves(game, rules, 6)
        assert play_by_clicks(game, people, mob_town_turn, rng, 60, check_page(names)) >= 3
        end_screen(game, people, names)
    finally:
        for person in people.values():
            person.close()
