"""Acceptance: a complete two-gang Gangsters game played only by replying to the turn mails.

Each player answers the turn mail they received (a reply quoting it, through
the inbound pipeline). Every third reply uses a worked example printed in that
mail; the others a move of the simple bot, in the notation. Each turn mail must
show the map, the joints and the dice as the reader may see them (never a
rival's cash), and the sealed gang orders travel by mail too.
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
from games.rules.gangsters import GANG_LABEL, map_lines
from games.rules.gangsters.bot import random_move
from notifications import sender
from notifications.models import InboundMessage, InboundStatus

from .conftest import NAMES, build_reply, deliver

pytestmark = pytest.mark.django_db
RULES = get_rules("gangsters")
MAX_REPLIES = 1500


def kind_of(message: Any) -> str:
    return message.extra_headers.get("X-Ravenpost-Kind", "")


def examples_in(body: str) -> list[str]:
    """The worked examples of a turn mail (indented lines under "Reply with your move on top of this mail")."""
    lines = body.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Reply with your move on top"))
    found = []
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        found.append(line.strip())
    return found


def start(seed: str) -> Game:
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES[:2]]
    game = services.game_create(rules_slug="gangsters", creator=users[0], num_players=2, seed=seed)
    services.game_join(game_id=game.pk, user=users[1])
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    return game


def test_a_whole_gangsters_game_by_email_replies(mailoutbox):
    game = start("gx-mail-1")
    rng = random.Random(11)
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
            continue  # a mail of a simultaneous step already answered
        state = projection.state
        body = turn.body
        view = RULES.view(state, seat)
        assert "\n".join(map_lines(view)) in body, "the turn mail draws the map as the reader sees it"
        assert "Joints (code" in body and f"You are {GANG_LABEL[seat]}." in body
        rival = 1 - seat
        if state["phase"] == "play":
            assert f"  {GANG_LABEL[rival]}: " in body and "cash hidden" in body
            assert f"${state['gangs'][seat]['cash']};" in body
        step = state["turn"]["step"] if state["phase"] == "play" else state["phase"]
        steps.add(step)
        examples = examples_in(body)
        assert examples, "every turn mail offers worked examples"
        if replies % 3 == 0:
            command = rng.choice(examples)
        else:
            command = RULES.format_move(state, seat, random_move(state, seat, rng, 1.0))
        _, inbound = deliver(build_reply(turn, command, sender=player))
        assert inbound is not None
        assert inbound.status == InboundStatus.APPLIED, (command, inbound.reason)
        replies += 1
        assert replies < MAX_REPLIES, "the game should have ended"
        collect()

    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED, "the game ended only through mail replies"
    assert {"picks", "gangs", "cop", "move"} <= steps, steps
    assert game.result and game.result["winners"]
    assert store.verify_game(game) == []
    assert InboundMessage.objects.filter(status=InboundStatus.APPLIED).count() == replies
    replayed = game.rules.result(store.replay_events(store.game_records(game)))
    assert replayed == game.result
    results = [m for m in mail.outbox if kind_of(m) == "game_over"]
    assert sorted(m.to[0] for m in results) == sorted(seats)
