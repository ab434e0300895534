"""Acceptance: a complete five-player Police game of Gangsters played only by replying to the turn mails.

Four gangs and the Police player answer the turn mails they receive (replies
quoting them, through the inbound pipeline): every third reply is a worked
example printed in that mail, the others a move of the simple bot in the
notation. The Police player's mail shows his own cash and chits; every other
mail shows his cash hidden and only how many chits he holds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core import mail

from accounts.services import user_get_or_create_verified
from games import services, store
from games.models import Game, GameStatus, Projection, Seat
from games.rules import get_rules
from games.rules.gangsters import map_lines
from games.rules.gangsters.bot import random_move
from notifications import sender
from notifications.models import InboundStatus

from .conftest import build_reply, deliver
from .test_gangsters_email import examples_in, kind_of

pytestmark = pytest.mark.django_db
RULES = get_rules("gangsters")
NAMES = ("Ada", "Brook", "Cyd", "Dee", "Eli")


def start(seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES]
    game = services.game_create(rules_slug="gangsters", creator=users[0], num_players=5, seed=seed,
                                options={"police": True})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    return game


def test_a_whole_police_game_by_email_replies(mailoutbox):
    game = start("gx-police-mail-1")
    rng = random.Random(3)
    seats = {s.user.email: s.index for s in Seat.objects.select_related("user").filter(game=game)}
    seen = 0
    queue: list[Any] = []
    steps: set[str] = set()
    replies = 0

    def collect() -> None:
        nonlocal seen
        sender.send_pending()
        queue.extend(m for m in mail.outbox[seen:] if kind_of(m) == "your_turn")
        seen = len(mail.outbox)

    collect()
    while queue:
        turn = queue.pop(0)
        player = turn.to[0]
        seat = seats[player]
        projection = Projection.objects.get(pk=game.pk)
        if seat not in projection.to_act:
            continue
        state = projection.state
        body = turn.body
        assert "\n".join(map_lines(RULES.view(state, seat))) in body
        if state["phase"] == "play":
            police = state["gangs"][4]
            line = next(x for x in body.splitlines() if x.startswith("  P5 the Police"))
            if seat == 4:
                assert "You are P5 the Police player." in body and f"${police['cash']};" in line
                assert "chits " + (", ".join(f"x{c}" for c in state["police"]["chits"]) or "none") in line
            else:
                assert "cash hidden" in line and f"{len(state['police']['chits'])} chits" in line
            steps.add(state["turn"]["step"])
        examples = examples_in(body)
        assert examples, "every turn mail offers worked examples"
        if replies % 3 == 0:
            command = rng.choice(examples)
        else:
            command = RULES.format_move(state, seat, random_move(state, seat, rng, 1.0))
        _, inbound = deliver(build_reply(turn, command, sender=player))
        assert inbound is not None and inbound.status == InboundStatus.APPLIED, (command, inbound.reason)
        replies += 1
        assert replies < 2500, "the game should have ended"
        collect()

    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED and game.result["winners"]
    assert {"cop", "move", "cmove"} <= steps, steps
    assert store.verify_game(game) == []
    assert game.rules.result(store.replay_events(store.game_records(game))) == game.result
