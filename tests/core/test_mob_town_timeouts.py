"""Mob Town under deadlines: a timed-out seat plays the default move (ruling R43).

Competitive: the first two agendas at set-up, then Draw (R7). Co-op: the role
and pawn defaults, then Move while Move may still be taken this turn, and no
card from the draw deck while another action is legal. Mob Town has no pass, so
the "skip" policy plays the default move too.
"""

from __future__ import annotations

import pytest

from accounts.models import User
from games import deadlines, services
from games.models import Event, Game, Projection

pytestmark = pytest.mark.django_db
HOUR = 3600


def new_game(options: dict, policy: str = "default") -> Game:
    users = [User.objects.create_user(email=f"mt-timeout{i}@example.org") for i in range(2)]
    game = services.game_create(rules_slug="mob_town", creator=users[0], num_players=2, seed="mt-timeouts",
                                options=options, time_control={"move": HOUR, "policy": policy, "max_timeouts": 20})
    services.game_join(game_id=game.pk, user=users[1])
    return game


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


@pytest.mark.parametrize("policy", ["default", "skip"])
def test_competitive_timeouts_choose_the_first_agendas_then_draw(policy):
    game = new_game({}, policy)
    services.submit_move(game_id=game.pk, seat=1, text="agendas hotels, block")
    deadlines.sweep(now=projection(game).deadline)
    timeout = Event.objects.filter(game=game, kind="timeout").get()
    assert timeout.seat == 0 and timeout.payload["text"] == "agendas casinos, types"
    p = projection(game)
    assert p.state["phase"] == "turn" and p.to_act == [0]
    hand = len(p.state["hands"][0])
    deadlines.sweep(now=p.deadline)
    last = Event.objects.filter(game=game, kind="timeout").order_by("-seq").first()
    assert last.payload["move"] == {"action": "draw"}
    assert len(projection(game).state["hands"][0]) == hand + 2


def test_coop_timeouts_move_rather_than_draw():
    game = new_game({"mode": "coop"})
    p = projection(game)
    for _ in range(4):  # two roles, two pawns
        deadlines.sweep(now=projection(game).deadline)
    p = projection(game)
    assert p.state["phase"] == "actions" and p.state["roles"] == ["detective", "patrol"]
    deck = len(p.state["deck"])
    deadlines.sweep(now=p.deadline)
    deadlines.sweep(now=projection(game).deadline)
    moves = [e.payload["move"]["action"] for e in Event.objects.filter(game=game, kind="timeout").order_by("seq")]
    assert moves[-2:] == ["move", "move"]
    assert len(projection(game).state["deck"]) == deck

