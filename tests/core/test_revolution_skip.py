"""Revolution! under the "skip" timeout policy: a Spy winner who times out passes; a bid has no pass."""

from __future__ import annotations

import pytest

from accounts.models import User
from games import deadlines, services
from games.models import Event, Game, Projection

pytestmark = pytest.mark.django_db
HOUR = 3600


def skip_game() -> Game:
    users = [User.objects.create_user(email=f"skip{i}@example.org") for i in range(3)]
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed="skip-seed",
                                time_control={"move": HOUR, "policy": "skip"})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


def test_a_spy_winner_timed_out_under_skip_passes_and_the_round_goes_on():
    game = skip_game()
    # Red wins the Spy; Green's Priest cube is a target, so the resolution waits for Red.
    for seat, text in enumerate(["spy f b 3g", "printer f b 3g", "priest f b 3g"]):
        services.submit_move(game_id=game.pk, seat=seat, text=text)
    p = projection(game)
    assert p.state["phase"] == "choice" and p.to_act == [0]
    board = p.state["board"]
    deadlines.sweep(now=p.deadline)
    timeout = Event.objects.filter(game=game, kind="timeout").get()
    assert timeout.seat == 0 and timeout.source == "deadline"
    assert timeout.payload["policy"] == "skip"
    assert timeout.payload["move"] == {"action": "pass"} and timeout.payload["text"] == "pass"
    p = projection(game)
    assert p.state["board"] == board, "a pass changes nothing on the board"
    assert p.state["phase"] == "bidding" and p.state["round"] == 2 and p.to_act == [0, 1, 2]


def test_bidding_has_no_pass_so_skip_plays_the_default_bid():
    game = skip_game()
    services.submit_move(game_id=game.pk, seat=0, text="general b g; merchant f 2g")
    deadlines.sweep(now=projection(game).deadline)
    timeouts = Event.objects.filter(game=game, kind="timeout").order_by("seq")
    assert [e.seat for e in timeouts] == [1, 2]
    for event in timeouts:
        assert event.payload["policy"] == "skip"
        assert event.payload["text"] == "printer f b 3g"  # the default: everything on the Printer
    assert projection(game).state["round"] == 2
