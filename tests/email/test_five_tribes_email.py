"""Five Tribes by email: a complete game played only by replying to the turn mails, and what a mail shows.

Mail goes to Django's locmem outbox and each reply goes through the inbound
pipeline in-process (``conftest.deliver``), as the other inbound tests do; each
reply is built from the turn mail the player received (quoting it), and its
command is one of the examples that mail offers — sometimes with a second line
for the next decision of the same turn, to exercise several commands in one
reply (applied all or nothing).
"""

from __future__ import annotations

import email
import json
import random
import re
from email import policy
from typing import Any

import pytest
from django.core import mail

from games import services, store
from games.models import Game, GameStatus, Projection
from games.rules import get_rules
from notifications import sender
from notifications.models import InboundStatus

from .conftest import build_reply, deliver, make_players, seat_user
from .smtp_support import examples_in, text_of

pytestmark = pytest.mark.django_db
RULES = get_rules("five_tribes")
MAX_REPLIES = 1500
GRID_RULE = "   +" + ("-" * 14 + "+") * 6


def start_five_tribes(users: list[Any], seed: str) -> Game:
    game = services.game_create(rules_slug="five_tribes", creator=users[0], num_players=len(users), seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    return game


def parsed(message: Any) -> email.message.EmailMessage:
    return email.message_from_bytes(message.message().as_bytes(), policy=policy.default)


def kind(message: Any) -> str:
    return message.extra_headers.get("X-Ravenpost-Kind", "")


def awaited_mail(user: Any) -> Any:
    """The newest mail asking ``user`` for a move (a turn mail, or the start mail for the first mover)."""
    found = [m for m in mail.outbox if user.email in m.to and kind(m) in ("your_turn", "game_started")
             and "It is your move" in m.body]
    assert found, f"no turn mail for {user.email}"
    return found[-1]


def other_seats_gold_hidden(body: str, seat: int, num_players: int) -> None:
    """The Players block names gold only on the reader's own line."""
    for other in range(num_players):
        line = next(line for line in body.splitlines() if line.startswith(f"  P{other + 1}"))
        assert ("gold" in line) == (other == seat), line


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


def test_turn_mail_shows_the_board_and_only_the_readers_gold(mailoutbox):
    users = make_players()[:2]
    game = start_five_tribes(users, "ft-mail-gold")
    # Distinctive totals in a constructed position, so the exact numbers can be looked for.
    state = json.loads(json.dumps(projection(game).state))
    state["seats"][0]["gold"], state["seats"][1]["gold"] = 4817, 5923
    Projection.objects.filter(pk=game.pk).update(state=state)
    sender.send_pending()
    own = {0: "4817", 1: "5923"}
    for seat in (0, 1):
        user = seat_user(game, seat)
        mails = [m for m in mail.outbox if user.email in m.to]
        assert mails
        for message in mails:
            body = text_of(parsed(message))
            assert GRID_RULE in body and "    A              B" in body  # the 6x5 grid
            assert re.search(r"^ 1 \|", body, re.M) and re.search(r"^ 5 \|", body, re.M)
            assert f"{own[seat]} gold" in body
            assert own[1 - seat] not in body
            assert own[1 - seat] not in str(message.alternatives)  # nor in the HTML part
            other_seats_gold_hidden(body, seat, 2)


def test_a_whole_game_by_email_replies(mailoutbox):
    users = make_players()[:2]
    game = start_five_tribes(users, "ft-mail-game")
    rng = random.Random(3)
    replies = multi = 0
    seen_steps: set[str] = set()
    while True:
        sender.send_pending()
        p = projection(game)
        if not p.to_act:
            break
        seat = p.to_act[0]
        user = seat_user(game, seat)
        turn = awaited_mail(user)
        message = parsed(turn)
        body = text_of(message)
        assert GRID_RULE in body
        other_seats_gold_hidden(body, seat, 2)
        command = rng.choice(examples_in(message))
        lines = [command]
        # Now and then a second command for the same turn's next decision, in the same reply.
        after = RULES.apply(p.state, seat, RULES.parse_move(p.state, seat, command))
        if replies % 6 == 5 and seat in RULES.to_act(after):
            lines.append(RULES.format_move(after, seat, RULES.random_move(after, seat, rng)))
            multi += 1
        seen_steps.add(p.state["turn"]["step"] if p.state["phase"] == "play" else "bid")
        before = len(mail.outbox)
        _, inbound = deliver(build_reply(turn, "\n".join(lines)))
        assert inbound is not None and inbound.status == InboundStatus.APPLIED, (lines, inbound and inbound.status)
        sender.send_pending()
        answers = [m for m in mail.outbox[before:] if user.email in m.to and kind(m) == "email_reply"]
        assert len(answers) == 1 and answers[0].extra_headers["X-Ravenpost-Result"] == "applied"
        replies += 1
        assert replies < MAX_REPLIES, "the game should have ended"
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["winners"] and len(game.result["scores"]) == 2
    assert store.verify_game(game) == []
    assert multi and {"bid", "move"} <= seen_steps
    # Every player is told the final scores.
    over = [m for m in mail.outbox if kind(m) == "game_over"]
    assert sorted(r for m in over for r in m.to) == sorted(u.email for u in users)
    for message in over:
        assert "game over, final scores" in message.subject
        assert "The game is over. Scores:" in text_of(parsed(message))
