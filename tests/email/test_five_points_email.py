"""Acceptance: a complete 3-player Five Points game played only by replying to the turn mails.

Each player answers the turn mail they received (a reply quoting it, through the
inbound pipeline as ``ingest_email`` and the SMTP listener deliver it). Half the
replies use a worked example printed in that mail; the others a random legal
move in the notation, so every kind of decision in the election phase is met.
"""

from __future__ import annotations

import random
from email.utils import parseaddr
from typing import Any

import pytest
from django.core import mail

from accounts.services import user_get_or_create_verified
from games import selectors, services, store
from games.models import Game, GameStatus, Projection, Seat
from games.rules import get_rules
from games.rules.five_points.views import grid_text
from notifications import sender
from notifications.models import InboundMessage, InboundStatus

from .conftest import NAMES, build_reply, deliver

pytestmark = pytest.mark.django_db
RULES = get_rules("five_points")
MAX_REPLIES = 2000


def kind_of(message: Any) -> str:
    return message.extra_headers.get("X-Ravenpost-Kind", "")


def examples_in(body: str) -> list[str]:
    """The worked examples a turn mail offers (indented lines under "Reply with your move on top of this mail")."""
    lines = body.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Reply with your move on top of this mail"))
    found = []
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        found.append(line.strip())
    return found


def start(seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES]
    game = services.game_create(rules_slug="five_points", creator=users[0], num_players=3, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    return game


@pytest.mark.parametrize(("seed", "rng_seed"), [("fp-mail-1", 5), ("fp-web-192", 3)])
def test_a_whole_five_points_game_by_email_replies(seed, rng_seed, mailoutbox):
    game = start(seed)
    rng = random.Random(rng_seed)
    seats = {s.user.email: s.index for s in Seat.objects.select_related("user").filter(game=game)}
    sender.send_pending()
    seen = 0
    queue: list[Any] = []
    decisions: set[str] = set()
    replies = 0

    def collect() -> None:
        nonlocal seen
        sender.send_pending()
        queue.extend(m for m in mail.outbox[seen:] if kind_of(m) == "your_turn")
        seen = len(mail.outbox)

    collect()
    checked_grid = False
    while queue:
        turn = queue.pop(0)
        player = turn.to[0]
        seat = seats[player]
        projection = Projection.objects.get(pk=game.pk)
        assert projection.to_act == [seat], "a turn mail goes to the seat whose decision it is"
        state = projection.state
        body = turn.body
        # The mail shows the city grid as it is now, the markers and piles, and what to do.
        assert grid_text(state) in body
        assert "Manipulation markers" in body and "Control-marker piles" in body and "Pass table" in body
        checked_grid = True
        decisions.add(state["pending"]["kind"] if state["phase"] == "resolution" else "placement")
        examples = examples_in(body)
        assert examples, "every turn mail offers worked examples"
        if replies % 2 == 0:
            command = rng.choice(examples)
        else:
            command = RULES.format_move(state, seat, RULES.random_move(state, seat, rng))
        _, inbound = deliver(build_reply(turn, command, sender=player))
        assert inbound is not None
        assert inbound.status == InboundStatus.APPLIED, (command, inbound.reason)
        replies += 1
        assert replies < MAX_REPLIES, "the game should have ended"
        collect()
        answers = [m for m in mail.outbox if kind_of(m) == "email_reply" and player in m.to]
        assert answers and answers[-1].extra_headers.get("X-Ravenpost-Result") == "applied"
        assert parseaddr(answers[-1].to[0])[1] == player

    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED, "the game ended only through mail replies"
    assert checked_grid and "placement" in decisions and len(decisions) >= 3, decisions
    assert game.result and game.result["winners"]
    assert store.verify_game(game) == []
    assert InboundMessage.objects.filter(status=InboundStatus.APPLIED).count() == replies
    replayed = game.rules.result(store.replay_events(store.game_records(game)))
    assert replayed["scores"] == game.result["scores"]
    # Everyone gets the result mail with the final scores.
    results = [m for m in mail.outbox if kind_of(m) == "game_over"]
    assert sorted(m.to[0] for m in results) == sorted(seats)
    summary = selectors.result_summary(game)
    for message in results:
        assert summary in message.body
        assert "The game is over" in message.body
