"""The "skip" timeout policy in Five Tribes: a timed-out seat passes where the rulebook lets it pass.

Deadlines are enforced as in production: ``games.deadlines.sweep`` at a moment
past the deadline calls ``games.services.deadline_enforce`` for the game, which
plays ``rules.skip_move`` (or, where the rules have no pass, ``default_move``).
"""

from __future__ import annotations

import datetime
import random
from typing import Any, Callable

import pytest

from accounts.models import User
from games import deadlines, services
from games.models import Event, Game, Projection
from games.rules import get_rules

pytestmark = pytest.mark.django_db
HOUR = 3600
RULES = get_rules("five_tribes")


def skip_game(seed: str) -> Game:
    users = [User.objects.create_user(email=f"ft-skip-{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="five_tribes", creator=users[0], num_players=2, seed=seed,
                                time_control={"move": HOUR, "policy": "skip", "max_timeouts": 5})
    services.game_join(game_id=game.pk, user=users[1])
    return game


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


def play_until(game: Game, reached: Callable[[dict[str, Any]], bool], rng: random.Random) -> None:
    for _ in range(600):
        p = projection(game)
        if reached(p.state):
            return
        seat = p.to_act[0]
        services.submit_move(game_id=game.pk, seat=seat, move=RULES.random_move(p.state, seat, rng))
    raise AssertionError("the position was not reached")


def at_step(step: str) -> Callable[[dict[str, Any]], bool]:
    return lambda state: state["phase"] == "play" and state["turn"]["step"] == step


def time_out(game: Game) -> Event:
    before = Event.objects.filter(game=game, kind="timeout").count()
    assert deadlines.sweep(now=projection(game).deadline + datetime.timedelta(seconds=1)) == {"timeout": 1}
    events = Event.objects.filter(game=game, kind="timeout").order_by("seq")
    assert events.count() == before + 1
    return events.last()


def test_a_seat_timed_out_at_a_market_passes_and_buys_nothing():
    game = skip_game("ft-skip-market")
    play_until(game, at_step("market"), random.Random(1))
    p = projection(game)
    seat, row, gold = p.to_act[0], list(p.state["row"]), p.state["seats"][p.to_act[0]]["gold"]
    event = time_out(game)
    assert event.seat == seat and event.payload["policy"] == "skip"
    assert event.payload["move"] == {"t": "pass"} and event.payload["text"] == "pass"
    after = projection(game).state
    assert after["seats"][seat]["gold"] == gold  # nothing bought
    if after["round"] == p.state["round"]:
        assert after["row"] == row  # (a new round would have refilled the row)
    assert not (after["phase"] == "play" and after["turn"]["seat"] == seat and after["turn"]["step"] == "market")


def test_a_seat_timed_out_at_the_end_of_its_turn_sells_nothing_and_ends_it():
    game = skip_game("ft-skip-end")
    play_until(game, lambda s: at_step("end")(s) and bool(s["seats"][s["turn"]["seat"]]["goods"]),
               random.Random(2))
    p = projection(game)
    seat, goods = p.to_act[0], list(p.state["seats"][p.to_act[0]]["goods"])
    event = time_out(game)
    assert event.seat == seat and event.payload["move"] == {"t": "done"}
    assert projection(game).state["seats"][seat]["goods"] == goods


def test_where_the_rulebook_allows_no_pass_the_timeout_plays_the_default_move():
    game = skip_game("ft-skip-bid")
    p = projection(game)
    assert p.state["phase"] == "bid"
    seat = p.to_act[0]
    assert RULES.skip_move(p.state, seat) is None
    event = time_out(game)
    # A bid is compulsory: the default, the cheapest spot (a 0), is played instead.
    assert event.seat == seat and event.payload["policy"] == "skip" and event.payload["move"] == {"t": "bid", "cost": 0}
