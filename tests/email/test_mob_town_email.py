"""Mob Town by email: whole games played only by replying to the turn mails, and what a mail shows.

Mail goes to Django's locmem outbox and each reply goes through the inbound
pipeline in-process (``conftest.deliver``). Each reply quotes the turn mail the
player received; its command is one of the examples that mail offers or a
random legal move in the notation. In the co-op a reply often carries a whole
turn: its three actions, one a line (applied all or nothing).
"""

from __future__ import annotations

import email
import random
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
RULES = get_rules("mob_town")
MAX_REPLIES = 1500


def start(users: list[Any], seed: str, options: dict[str, Any]) -> Game:
    game = services.game_create(rules_slug="mob_town", creator=users[0], num_players=len(users), seed=seed,
                                options=options)
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
    found = [m for m in mail.outbox if user.email in m.to and kind(m) in ("your_turn", "game_started")
             and "It is your move" in m.body]
    assert found, f"no turn mail for {user.email}"
    return found[-1]


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


def check_secrets(body: str, state: dict[str, Any], seat: int) -> None:
    """The mail shows the reader's hand and agendas, and nobody else's."""
    mine = RULES.view(state, seat)
    assert "Your hand: " in body
    line = next(l for l in body.splitlines() if l.startswith("Your hand: "))
    hand = [c for c in mine["hand"]]
    assert line == "Your hand: " + (", ".join(c.rstrip("0123456789") + (" " + c[-1] if c[-1].isdigit() else "")
                                              for c in hand) or "nothing")
    if state["mode"] == "competitive" and state["agendas"][seat]:
        assert "Your agendas: " in body
        for other in range(state["players"]):
            if other != seat:
                for agenda in set(state["agendas"][other]) - set(state["agendas"][seat]):
                    assert f"({agenda})" not in body.split("Your agendas: ")[1].splitlines()[0]


def play_by_mail(game: Game, users: list[Any], rng: random.Random, whole_turns: bool) -> dict[str, int]:
    counts = {"replies": 0, "multi": 0, "examples": 0}
    while True:
        sender.send_pending()
        p = projection(game)
        if not p.to_act:
            return counts
        seat = p.to_act[0]
        user = seat_user(game, seat)
        turn = awaited_mail(user)
        message = parsed(turn)
        body = text_of(message)
        assert "The city" in body and "Lineup:" in body
        check_secrets(body, p.state, seat)
        examples = examples_in(message)
        assert examples, "every turn mail offers worked examples"
        if counts["replies"] % 2 == 0:
            command = rng.choice(examples)
            counts["examples"] += 1
        else:
            command = RULES.format_move(p.state, seat, RULES.random_move(p.state, seat, rng))
        lines = [command]
        state = RULES.apply(p.state, seat, RULES.parse_move(p.state, seat, command))
        while whole_turns and seat in RULES.to_act(state) and state["phase"] == "actions" and state["actions"]:
            follow = RULES.format_move(state, seat, RULES.random_move(state, seat, rng))
            lines.append(follow)
            state = RULES.apply(state, seat, RULES.parse_move(state, seat, follow))
        counts["multi"] += len(lines) > 1
        before = len(mail.outbox)
        _, inbound = deliver(build_reply(turn, "\n".join(lines)))
        assert inbound is not None and inbound.status == InboundStatus.APPLIED, (lines, inbound and inbound.reason)
        sender.send_pending()
        answers = [m for m in mail.outbox[before:] if user.email in m.to and kind(m) == "email_reply"]
        assert len(answers) == 1 and answers[0].extra_headers["X-Ravenpost-Result"] == "applied"
        counts["replies"] += 1
        assert counts["replies"] < MAX_REPLIES, "the game should have ended"


def test_a_whole_competitive_game_by_email_replies(mailoutbox):
    users = make_players()
    game = start(users, "mt-mail-game", {"professionals": True, "big_money": True})
    counts = play_by_mail(game, users, random.Random(7), whole_turns=False)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.result["winners"]
    assert store.verify_game(game) == []
    assert counts["examples"] > 20
    replayed = game.rules.result(store.replay_events(store.game_records(game)))
    assert replayed["scores"] == game.result["scores"]
    over = [m for m in mail.outbox if kind(m) == "game_over"]
    assert sorted(r for m in over for r in m.to) == sorted(u.email for u in users)


def test_a_whole_coop_game_by_email_replies_a_turn_a_mail(mailoutbox):
    users = make_players()[:2]
    game = start(users, "mt-mail-coop", {"mode": "coop", "starting_city": -1})
    counts = play_by_mail(game, users, random.Random(3), whole_turns=True)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert counts["multi"] > 3
    assert store.verify_game(game) == []


def test_a_turn_mail_shows_the_city_map_and_a_bad_reply_is_answered_with_the_reason(mailoutbox):
    users = make_players()[:2]
    game = start(users, "mt-mail-bad", {})
    sender.send_pending()
    user = seat_user(game, 0)
    turn = awaited_mail(user)
    body = text_of(parsed(turn))
    assert "The city (card codes" in body and "Choose two of your eight agendas" in body
    state = projection(game).state
    for entry in state["city"]:
        assert entry["card"] in body
    before = len(mail.outbox)
    _, inbound = deliver(build_reply(turn, "agendas casinos"))
    assert inbound is not None and inbound.status != InboundStatus.APPLIED
    sender.send_pending()
    answer = [m for m in mail.outbox[before:] if user.email in m.to][-1]
    assert "choose exactly two agendas" in answer.body
