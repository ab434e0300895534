"""Deadline commands by mail (extend, vacation) and the deadline machinery's own mails."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail

from accounts.models import Vacation
from games import deadlines, services
from games.models import Event, Projection
from notifications import sender
from notifications.models import InboundStatus

from .conftest import build_reply, deliver, last_mail_to, make_players, seat_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed_game(db, mailoutbox):
    users = make_players()
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed="clock-mail",
                                time_control={"move": 86400, "reminder": 3600, "extensions": 1})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    sender.send_pending()
    return game


def turn_mail(game, seat):
    user = seat_user(game, seat)
    return user, [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]


def test_extend_by_mail_moves_the_deadline_and_says_so(timed_game):
    user, turn = turn_mail(timed_game, 0)
    before = Projection.objects.get(pk=timed_game.pk).deadline
    _, inbound = deliver(build_reply(turn, "extend"))
    assert inbound.status == InboundStatus.APPLIED
    assert Projection.objects.get(pk=timed_game.pk).deadline == before + datetime.timedelta(days=1)
    assert Event.objects.filter(game=timed_game, kind="deadline_extended", source="email").count() == 1
    sender.send_pending()
    assert "your deadline is extended to" in last_mail_to(user.email).body
    _, again = deliver(build_reply(turn, "extend\n# once more"))
    assert again.status == InboundStatus.REFUSED
    sender.send_pending()
    assert "used all 1 extensions" in last_mail_to(user.email).body


def test_vacation_by_mail_pauses_the_clock_and_can_end(timed_game):
    user, turn = turn_mail(timed_game, 1)
    until = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=4)).date()
    before = Projection.objects.get(pk=timed_game.pk).deadline
    _, inbound = deliver(build_reply(turn, f"vacation until {until.isoformat()}"))
    assert inbound.status == InboundStatus.APPLIED
    assert Vacation.objects.filter(user=user, ended_at__isnull=True).count() == 1
    assert Projection.objects.get(pk=timed_game.pk).deadline > before + datetime.timedelta(days=3)
    sender.send_pending()
    assert "your clocks are paused in every game" in last_mail_to(user.email).body
    _, back = deliver(build_reply(turn, "vacation end"))
    assert back.status == InboundStatus.APPLIED
    assert Vacation.objects.get(user=user).ended_at is not None
    _, bad = deliver(build_reply(turn, "vacation until soon"))
    assert bad.status == InboundStatus.REFUSED
    sender.send_pending()
    assert "vacation until 2026-12-24" in last_mail_to(user.email).body


def test_reminder_and_timeout_mails_go_to_the_right_people(timed_game):
    projection = Projection.objects.get(pk=timed_game.pk)
    deadlines.sweep(now=projection.reminder_at)
    sender.send_pending()
    reminders = [m for m in mail.outbox if "reminder: your move is due" in m.subject]
    assert len(reminders) == 3
    services.submit_move(game_id=timed_game.pk, seat=0, text="mercenary 3g; general b; innkeeper f")
    sender.send_pending()
    before_sweep = len(mail.outbox)
    deadlines.sweep(now=projection.deadline)
    sender.send_pending()
    late = {seat_user(timed_game, s).email for s in (1, 2)}
    ran_out = [m for m in mail.outbox if "your time ran out" in m.subject]
    assert {m.to[0] for m in ran_out} == late
    assert all("the deadline policy played this move for you:" in m.body for m in ran_out)
    # One mail per person for that sweep: each late seat's timeout is told to the two other players,
    # inside the one mail each of them gets about it.
    on_time, first, second = (seat_user(timed_game, s) for s in (0, 1, 2))
    swept = mail.outbox[before_sweep:]
    assert sorted(m.to[0] for m in swept) == sorted([on_time.email, first.email, second.email])
    told = {m.to[0]: m.body for m in swept}
    assert f"{first.name}'s time ran out" in told[on_time.email]
    assert f"{second.name}'s time ran out" in told[on_time.email]
    assert f"{second.name}'s time ran out" in told[first.email]
    assert f"{first.name}'s time ran out" in told[second.email]
    # A notice to others never spells out the timed-out seat's move (it may be a secret bid).
    for notice in [m for m in swept if m.to[0] == on_time.email]:
        assert "played this move for you" not in notice.body
