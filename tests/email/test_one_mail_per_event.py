"""One mail per person per event: the start of a game and a few moves of every hosted game.

Starting a game used to send each player who must act two mails (``game started``
and a first ``your turn``); the two are one mail now, which says both things and
opens the game's thread.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from django.core import mail

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection
from games.rules import all_rules
from notifications import render, sender
from notifications.models import OutboxMessage, OutboxStatus

HOUR = 3600


def people(count: int) -> list:
    return [user_get_or_create_verified(email=f"p{i}@example.com", display_name=f"Player {i}")
            for i in range(count)]


def started(slug: str, users: list, **extra) -> Game:
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=len(users), seed=f"once-{slug}",
                                **extra)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def recipients(since: int) -> Counter:
    return Counter(address for message in mail.outbox[since:] for address in message.to)


def test_starting_a_game_sends_each_player_one_mail_with_the_start_and_the_first_turn(db, mailoutbox):
    users = people(3)
    game = started("revolution", users, time_control={"move": 24 * HOUR})
    sender.send_pending()
    assert recipients(0) == Counter({user.email: 1 for user in users})
    awaited = set(Projection.objects.get(pk=game.pk).to_act)
    assert awaited, "Revolution! opens with a bid from everyone"
    seat_users = Projection.objects.get(pk=game.pk).seat_users
    for seat, user_id in enumerate(seat_users):
        message = next(m for m in mail.outbox if m.to == [users[[u.pk for u in users].index(user_id)].email])
        body = message.body
        # What the start mail said...
        assert f"Your game of {game.rules.name} has started. Players:" in body
        assert "the game has started" in message.subject
        # ...and what the first turn mail said, once.
        assert body.count("It is your move.") == 1 and "Deadline:" in body
        assert "== What you can send ==" in body
        assert body.index("has started. Players:") < body.index("It is your move.")
        # The one mail opens the thread: later mails name it.
        assert message.extra_headers["Message-ID"] == render.thread_root_id(game.pk, seat, user_id)
        assert "References" not in message.extra_headers and "In-Reply-To" not in message.extra_headers
    assert OutboxMessage.objects.filter(game=game, kind="game_started", status=OutboxStatus.FOLDED).count() == 3


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_no_person_gets_two_mails_for_one_event(db, mailoutbox, rules):
    """A few moves of each game, every player reading every mail: each change mails a person at most once."""
    users = people(rules.min_players)
    game = started(rules.slug, users, time_control={"move": 24 * HOUR})
    sender.send_pending()
    assert recipients(0) == Counter({user.email: 1 for user in users}), "one start mail each"
    projection = Projection.objects.get(pk=game.pk)
    for seat, user_id in enumerate(projection.seat_users):
        body = next(m.body for m in mail.outbox if m.to == [f"p{[u.pk for u in users].index(user_id)}@example.com"])
        assert "has started. Players:" in body
        assert body.count("It is your move.") == (1 if seat in projection.to_act else 0)
    rng = random.Random(rules.slug)
    for _ in range(8):
        projection = Projection.objects.get(pk=game.pk)
        if not projection.to_act:
            break
        seat = projection.to_act[0]
        move = rules.random_move(projection.state, seat, rng)
        before = len(mail.outbox)
        services.submit_move(game_id=game.pk, seat=seat, move=move, source="email")
        sender.send_pending()
        twice = {address: count for address, count in recipients(before).items() if count > 1}
        assert not twice, f"{rules.slug}: two mails for one move to {twice}"
    assert not OutboxMessage.objects.filter(game=game, status=OutboxStatus.PENDING).exists()


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_a_turn_mail_maps_the_games_seat_labels_to_people(db, mailoutbox, rules):
    """The description names seats as the game does ("P2", "Blue"); the mail says who each one is."""
    users = people(rules.min_players)
    game = started(rules.slug, users, time_control={"move": 24 * HOUR})
    sender.send_pending()
    projection = Projection.objects.get(pk=game.pk)
    by_id = {user.pk: user for user in users}
    for seat, user_id in enumerate(projection.seat_users):
        body = next(m.body for m in mail.outbox if m.to == [by_id[user_id].email])
        legend = next(line for line in body.splitlines() if line.startswith("Players: ") and "(you)" in line)
        for other, other_id in enumerate(projection.seat_users):
            label = rules.seat_label(projection.state, other)
            you = " (you)" if other == seat else ""
            assert f"{label} {by_id[other_id].display_name}{you}" in legend, (legend, label)
