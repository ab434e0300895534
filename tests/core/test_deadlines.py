"""Deadlines: set when seats become awaited, reminders, timeouts applied once, replacement, extensions."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command

from accounts.models import User
from games import deadlines, services
from games.models import Event, Game, GameStatus, Projection
from games.timecontrol import TimeControl, TimeControlError, parse_duration
from notifications.models import OutboxMessage

pytestmark = pytest.mark.django_db
HOUR = 3600


def timed_game(toy_rules, n: int = 3, **time) -> Game:
    users = [User.objects.create_user(email=f"d{i}@example.org") for i in range(n)]
    control = {"move": HOUR, **time}
    game = services.game_create(rules_slug="toy", creator=users[0], num_players=n, seed="deadline-seed",
                                time_control=control)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


def kinds(game: Game) -> list[str]:
    return list(Event.objects.filter(game=game).values_list("kind", flat=True))


def test_start_sets_one_deadline_for_the_simultaneous_phase(toy_rules):
    game = timed_game(toy_rules)
    p = projection(game)
    assert kinds(game)[-2:] == ["game_started", "deadline_set"]
    event = Event.objects.filter(game=game, kind="deadline_set").get()
    assert event.payload["seats"] == [0, 1, 2] and event.payload["reason"] == "turn"
    assert p.deadline is not None and p.next_due == p.deadline
    # A seat that moves does not restart the phase's deadline for the others.
    services.submit_move(game_id=game.pk, seat=0, move=2)
    assert projection(game).deadline == p.deadline
    assert kinds(game).count("deadline_set") == 1


def test_sweep_applies_default_moves_once_and_the_game_goes_on(toy_rules):
    game = timed_game(toy_rules)
    services.submit_move(game_id=game.pk, seat=0, move=3)
    due = projection(game).deadline + datetime.timedelta(seconds=1)
    assert deadlines.sweep(now=due - datetime.timedelta(minutes=5)) == {}
    assert deadlines.sweep(now=due) == {"timeout": 1}
    timeouts = Event.objects.filter(game=game, kind="timeout")
    assert sorted(timeouts.values_list("seat", flat=True)) == [1, 2]
    assert all(e.payload["policy"] == "default" and e.source == "deadline" for e in timeouts)
    # Running the sweep again at the same moment changes nothing.
    assert deadlines.sweep(now=due) == {}
    assert Event.objects.filter(game=game, kind="timeout").count() == 2
    p = projection(game)
    assert p.to_act and p.deadline > due  # the next phase has its own deadline
    assert kinds(game)[-1] == "deadline_set"
    # The player who timed out is told what was played; the others are told too.
    assert OutboxMessage.objects.filter(game=game, kind="timed_out").count() == 2
    assert OutboxMessage.objects.filter(game=game, kind="timeout_notice").count() == 4


def test_reminder_is_sent_once_before_the_deadline(toy_rules):
    game = timed_game(toy_rules, reminder=600)
    p = projection(game)
    assert p.reminder_at == p.deadline - datetime.timedelta(seconds=600) == p.next_due
    events = Event.objects.count()
    assert deadlines.sweep(now=p.reminder_at) == {"reminder": 1}
    assert deadlines.sweep(now=p.reminder_at) == {}
    assert OutboxMessage.objects.filter(game=game, kind="reminder").count() == 3
    assert Event.objects.count() == events
    assert projection(game).next_due == p.deadline


def test_repeated_timeouts_replace_the_seat_by_a_bot(toy_rules):
    game = timed_game(toy_rules, n=2, max_timeouts=1, then="bot")
    services.submit_move(game_id=game.pk, seat=0, move=2)
    deadlines.sweep(now=projection(game).deadline)
    replaced = Event.objects.filter(game=game, kind="player_replaced").get()
    assert replaced.seat == 1 and replaced.payload["by"] == "bot"
    p = projection(game)
    assert 1 in p.bot_seats and p.clock["random_bots"] == [1]
    with pytest.raises(services.GameError, match="played automatically"):
        services.submit_move(game_id=game.pk, seat=1, move=1, source="web")
    # The bot answers for its seat whenever it is awaited.
    for _ in range(40):
        p = projection(game)
        if not p.to_act:
            break
        seat = p.to_act[0]
        services.submit_move(game_id=game.pk, seat=seat, move="ack" if p.state["ack"] is not None else 1)
    assert Event.objects.filter(game=game, kind="move", source="system", payload__auto="bot").exists()


def test_repeated_timeouts_can_abort_the_game(toy_rules):
    game = timed_game(toy_rules, n=2, max_timeouts=1, then="abort")
    deadlines.sweep(now=projection(game).deadline)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    assert kinds(game)[-1] == "game_aborted"
    assert projection(game).next_due is None


def test_extension_moves_only_your_own_deadline_a_limited_number_of_times(toy_rules):
    game = timed_game(toy_rules, n=2, extensions=1)
    users = {p: User.objects.get(pk=p) for p in projection(game).seat_users}
    seat0 = users[projection(game).seat_users[0]]
    before = projection(game).deadline
    after = services.deadline_extend(game_id=game.pk, user=seat0)
    assert after == before + datetime.timedelta(seconds=HOUR)
    event = Event.objects.filter(game=game, kind="deadline_extended").get()
    assert event.payload["reason"] == "extension" and event.payload["left"] == 0
    with pytest.raises(services.GameError, match="used all 1 extensions"):
        services.deadline_extend(game_id=game.pk, user=seat0)
    services.submit_move(game_id=game.pk, user=seat0, move=1)
    with pytest.raises(services.GameError, match="only a player whose move is awaited"):
        services.deadline_extend(game_id=game.pk, user=seat0)


def test_weekday_mask_moves_deadlines_off_days_off():
    control = TimeControl(move=HOUR, weekdays=[0])  # Mondays only
    saturday = datetime.datetime(2026, 11, 21, 10, 0, tzinfo=datetime.timezone.utc)
    due = control.deadline_after(saturday)
    assert due.weekday() == 0 and due == datetime.datetime(2026, 11, 23, 11, 0, tzinfo=datetime.timezone.utc)


def test_time_settings_are_validated_with_readable_errors():
    assert parse_duration("30s") == 30 and parse_duration("3d") == 3 * 86400 and parse_duration("2w") == 1209600
    with pytest.raises(TimeControlError, match="e.g. 30s, 90m, 12h, 3d or 2w"):
        parse_duration("soon")
    with pytest.raises(TimeControlError, match="timeout policy 'random' is not one of"):
        TimeControl(move=60, policy="random")
    with pytest.raises(TimeControlError, match="0 \\(Monday\\) to 6 \\(Sunday\\)"):
        TimeControl(move=60, weekdays=[9])


def test_enforce_deadlines_command_and_new_game_deadline_flag(toy_rules, capsys):
    call_command("new_game", "toy", "--player", "x@example.org", "--player", "y@example.org",
                 "--deadline", "30s", "--timeout-policy", "default")
    game_id = int(capsys.readouterr().out.strip())
    game = Game.objects.get(pk=game_id)
    assert game.time_control["move"] == 30
    call_command("enforce_deadlines")
    assert "nothing due" in capsys.readouterr().out
    Projection.objects.filter(pk=game_id).update(
        deadline=projection(game).deadline - datetime.timedelta(seconds=60),
        next_due=projection(game).deadline - datetime.timedelta(seconds=60))
    call_command("enforce_deadlines")
    assert "timeout: 1" in capsys.readouterr().out
    assert Event.objects.filter(game=game, kind="timeout").count() == 2


def seat_user(game: Game, seat: int) -> User:
    return User.objects.get(pk=projection(game).seat_users[seat])


def test_vacation_pauses_a_running_clock_and_never_shortens_it(toy_rules):
    game = timed_game(toy_rules, n=2)
    away = seat_user(game, 1)
    before = projection(game).deadline
    until = (before + datetime.timedelta(days=3)).date()
    vacation = services.vacation_start(user=away, until=until)
    p = projection(game)
    assert p.deadline > vacation.ends_at  # the remaining time counts from the return
    assert kinds(game)[-2:] == ["vacation_started", "deadline_extended"]
    assert Event.objects.filter(game=game, kind="deadline_extended").get().payload["reason"] == "vacation"
    # Nothing times out while the player is away, even at the old deadline.
    assert deadlines.sweep(now=before + datetime.timedelta(minutes=1)) == {}
    services.vacation_end(user=away)
    assert projection(game).deadline == p.deadline  # coming back early shortens nothing
    assert kinds(game)[-1] == "vacation_ended"


def test_vacation_days_come_from_a_yearly_bank(toy_rules, settings):
    settings.VACATION_DAYS_PER_YEAR = 3
    game = timed_game(toy_rules, n=2)
    user = seat_user(game, 0)
    far = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=10)).date()
    with pytest.raises(services.GameError, match="you have 3 vacation days left this year"):
        services.vacation_start(user=user, until=far)
    assert not Event.objects.filter(game=game, kind="vacation_started").exists()
    with pytest.raises(services.GameError, match="you are not on vacation"):
        services.vacation_end(user=user)


def test_a_new_turn_for_an_absent_player_starts_its_clock_at_their_return(toy_rules):
    game = timed_game(toy_rules, n=2)
    away = seat_user(game, 1)
    until = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=2)).date()
    vacation = services.vacation_start(user=away, until=until)
    services.submit_move(game_id=game.pk, seat=0, move=1)
    services.submit_move(game_id=game.pk, seat=1, move=2)
    if projection(game).to_act == [0]:
        services.submit_move(game_id=game.pk, seat=0, move="ack")  # a new round awaits both seats
    p = projection(game)
    assert 1 in p.to_act
    last = Event.objects.filter(game=game, kind="deadline_set").last()
    assert p.deadline >= vacation.ends_at + datetime.timedelta(seconds=HOUR)
    assert "paused for vacation" in last.payload["reason"]


def test_a_substitute_takes_over_a_seat_played_by_the_service(toy_rules):
    game = timed_game(toy_rules, n=2, max_timeouts=1, then="substitute")
    services.submit_move(game_id=game.pk, seat=0, move=2)
    deadlines.sweep(now=projection(game).deadline)
    assert 1 in projection(game).bot_seats
    newcomer = User.objects.create_user(email="sub@example.org")
    services.seat_take_over(game_id=game.pk, seat=1, user=newcomer)
    p = projection(game)
    assert p.seat_users[1] == newcomer.pk and 1 not in p.bot_seats
    replaced = Event.objects.filter(game=game, kind="player_replaced").last()
    assert replaced.payload["by"] == "substitute" and replaced.payload["user"] == newcomer.pk
    assert OutboxMessage.objects.filter(game=game, kind="briefing", user=newcomer).count() == 1
    with pytest.raises(services.GameError, match="has its player"):
        services.seat_take_over(game_id=game.pk, seat=0, user=User.objects.create_user(email="z@example.org"))


@pytest.mark.parametrize("text", ["600000w", "5" * 5000 + "s", "31d", "٣d"])
def test_a_duration_beyond_thirty_days_or_unreadable_is_refused(text):
    """new_game --deadline 600000w made a game whose deadline lies beyond the calendar: it could never start."""
    with pytest.raises(TimeControlError):
        parse_duration(text)
    with pytest.raises(TimeControlError, match="the time per move may be at most 30d"):
        TimeControl(move=31 * 86400)
    assert parse_duration("30d") == 30 * 86400
