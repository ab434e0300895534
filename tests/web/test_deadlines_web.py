"""Deadlines on the web (issue #4): time settings at creation, the deadline and its reasons on the game page,
extensions, vacation, the weekday mask, and substitutes taking over seats from the lobby."""

from __future__ import annotations

import datetime
import zoneinfo
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.html import escape

from accounts.models import Vacation
from accounts.models import User
from accounts.services import vacation_days_used
from games import deadlines, services
from games.models import Event, Game, Seat
from games.timecontrol import TimeControl
from tests.web.conftest import client_for, projection, seat_client, seat_user

pytestmark = pytest.mark.django_db
HOUR = 3600
CREATE = reverse("games:create", args=["revolution"])


def timed_game(players: list[tuple[Any, Client]], **time: Any) -> Game:
    """A running 3-player Revolution! game with deadlines, created through the services."""
    (ada, _), (brook, _), (cyd, _) = players
    game = services.game_create(rules_slug="revolution", creator=ada, num_players=3, seed="deadline-web",
                                time_control={"move": HOUR, **time})
    services.game_join(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd)
    game.refresh_from_db()
    return game


def page(client: Client, game: Game) -> str:
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def local(moment: datetime.datetime, zone: str = "UTC") -> str:
    return dateformat.format(moment.astimezone(zoneinfo.ZoneInfo(zone)), "D j M H:i")


def bid_default(game: Game, seat: int) -> None:
    """Seat ``seat`` makes its bid (the rules' default one), so it is no longer awaited."""
    state = projection(game).state
    services.submit_move(game_id=game.pk, seat=seat, move=game.rules.default_move(state, seat))


# -- time settings at creation ---------------------------------------------------


def test_create_a_timed_game_through_the_form(three_players):
    (ada, ada_c), _, _ = three_players
    form = ada_c.get(CREATE).content.decode()
    assert 'id="time-settings"' in form and 'name="move_time"' in form and 'name="weekdays"' in form
    response = ada_c.post(CREATE, {
        "num_players": "3", "move_time": "12h", "reminder": "2h", "grace": "30m",
        "weekdays": ["0", "1", "2", "3", "4"], "policy": "skip", "max_timeouts": "2", "then": "substitute",
        "extensions": "1",
    })
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.time_control == {"move": 12 * HOUR, "reminder": 2 * HOUR, "grace": 1800, "weekdays": [0, 1, 2, 3, 4],
                                 "policy": "skip", "max_timeouts": 2, "then": "substitute", "extensions": 1}
    assert Event.objects.get(game=game, kind="game_created").payload["time"]["move"] == 12 * HOUR
    summary = TimeControl.from_json(game.time_control).describe()
    assert summary in page(ada_c, game)  # the settings are on the game page before the start
    assert summary in ada_c.get(reverse("games:lobby")).content.decode()  # and in the open games list


def test_no_deadlines_is_a_choice(three_players):
    (_, ada_c), _, _ = three_players
    ada_c.post(CREATE, {"num_players": "3", "move_time": "no deadlines", "weekdays": []})
    game = Game.objects.get()
    assert TimeControl.from_json(game.time_control).enabled is False
    assert "This game has no deadlines" in page(ada_c, game)


@pytest.mark.parametrize("fields, message", [
    ({"move_time": "soon"}, "e.g. 30s, 90m, 12h, 3d or 2w"),
    ({"move_time": "0h"}, "a duration must be longer than zero"),
    ({"move_time": "1d", "reminder": "3 days"}, "is not a duration"),
    ({"move_time": "1h", "reminder": "2h"}, "the reminder must come before the deadline"),
    ({"move_time": "1d", "weekdays": []}, "choose at least one day"),
    ({"move_time": "1d", "weekdays": ["9"]}, "Select a valid choice"),
    ({"move_time": "1d", "max_timeouts": "0"}, "the number of timeouts before replacement must be at least 1"),
    ({"move_time": "1d", "extensions": "-1"}, "reminder, grace and extensions cannot be negative"),
    ({"move_time": "1d", "extensions": "many"}, "Enter a whole number"),
    ({"move_time": "1d", "then": "explode"}, "Select a valid choice"),
    ({"move_time": "1d", "policy": "random"}, "Select a valid choice"),
])
def test_invalid_time_settings_are_refused_and_nothing_is_created(three_players, fields, message):
    (_, ada_c), _, _ = three_players
    data = {"num_players": "3", "weekdays": ["0", "1", "2", "3", "4", "5", "6"], **fields}
    response = ada_c.post(CREATE, data)
    html = response.content.decode()
    assert response.status_code == 400
    assert "The game was not created" in html and escape(message) in html
    assert not Game.objects.exists()


def test_weekday_mask_from_the_form_decides_the_deadline_day(three_players):
    (_, ada_c), (_, brook_c), (_, cyd_c) = three_players
    # Two days from today (UTC) is never the day a one-hour deadline would naturally fall on.
    only = (timezone.now().astimezone(datetime.timezone.utc).weekday() + 2) % 7
    ada_c.post(CREATE, {"num_players": "3", "move_time": "1h", "weekdays": [str(only)]})
    game = Game.objects.get()
    assert game.time_control["weekdays"] == [only]
    brook_c.post(reverse("games:join", args=[game.pk]))
    cyd_c.post(reverse("games:join", args=[game.pk]))
    deadline = projection(game).deadline
    assert deadline is not None and deadline.astimezone(datetime.timezone.utc).weekday() == only
    assert deadline - timezone.now() > datetime.timedelta(days=1)  # moved on from "in an hour"
    assert Event.objects.filter(game=game, kind="deadline_set").exists()
    assert "deadlines on " + "Mon Tue Wed Thu Fri Sat Sun".split()[only] in page(ada_c, game)


# -- the game page: the deadline and why ---------------------------------------------


def test_game_page_shows_the_deadline_in_the_viewers_zone_and_for_whom(three_players):
    game = timed_game(three_players, reminder=600)
    viewer = seat_user(game, 1)
    viewer.time_zone = "Asia/Tokyo"
    viewer.save()
    html = page(client_for(viewer), game)
    deadline = projection(game).deadline
    names = ", ".join(seat_user(game, s).name for s in range(3))
    assert 'id="deadline"' in html
    assert dateformat.format(deadline.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo")), "D j M Y, H:i") in html
    assert "Asia/Tokyo" in html and f"for {names}" in html
    # The banner at the top says the zone too, not only the clock card.
    banner = html[html.index('class="turn-bar'):html.index("</div>", html.index('class="turn-bar'))]
    assert "Asia/Tokyo" in banner
    assert TimeControl.from_json(game.time_control).describe() in html
    assert f"deadline set for {names}: {local(deadline, 'Asia/Tokyo')} (new turn)" in html
    assert "Extend my deadline" in html and "2 of 2 extensions left" in html


def test_game_page_explains_a_timeout_and_a_replacement(three_players):
    game = timed_game(three_players, max_timeouts=1, then="bot")
    bid_default(game, 0)  # seat 0 bids; seats 1 and 2 let the clock run out
    due = projection(game).deadline
    assert deadlines.sweep(now=due) == {"timeout": 1}
    brook, cyd = seat_user(game, 1).name, seat_user(game, 2).name
    html = page(seat_client(game, 0, three_players), game)
    for seat, name in ((1, brook), (2, cyd)):
        text = Event.objects.get(game=game, kind="timeout", seat=seat).payload["text"]
        assert escape(f"{name}'s time ran out (default move): ") in html
        # The move itself is not spelled out to everyone: it may have been a secret bid.
        assert escape(f"deadline policy: {text}") not in html
        assert f"{name} replaced by a bot after 1 timeout in a row" in html
    # Newest first: the next turn's deadline (for the one human left), the replacements, the first deadline.
    ada = seat_user(game, 0).name
    newest = html.index(f"deadline set for {ada}: {local(projection(game).deadline)} (new turn)")
    assert newest < html.index("replaced by a bot") < html.index(f"deadline set for {ada}, {brook}, {cyd}: {local(due)}")
    assert "Substitute wanted" in Client().get(reverse("games:detail", args=[game.pk])).content.decode()


# -- extensions -----------------------------------------------------------------------


def test_extend_my_deadline_through_the_web(three_players):
    game = timed_game(three_players, extensions=1)
    client, user = seat_client(game, 0, three_players), seat_user(game, 0)
    before = projection(game).deadline
    response = client.post(reverse("games:extend", args=[game.pk]), follow=True)
    html = response.content.decode()
    assert projection(game).deadline == before + datetime.timedelta(seconds=HOUR)
    assert "Your deadline was extended" in html
    assert f"extended by {user.name} (extension, 0 left)" in html
    assert "Extend my deadline" not in html  # none left: no button
    response = client.post(reverse("games:extend", args=[game.pk]), follow=True)
    assert "you have used all 1 extensions in this game" in response.content.decode()
    assert Event.objects.filter(game=game, kind="deadline_extended").count() == 1


def test_extension_refused_when_not_awaited(three_players):
    game = timed_game(three_players)
    bid_default(game, 1)  # seat 1 has bid: its move is not awaited any more
    client = seat_client(game, 1, three_players)
    assert "Extend my deadline" not in page(client, game)
    before = projection(game).deadline
    response = client.post(reverse("games:extend", args=[game.pk]), follow=True)
    assert "only a player whose move is awaited can extend the deadline" in response.content.decode()
    assert projection(game).deadline == before
    outsider = client_for(User.objects.create_user(email="zed@example.com"))
    response = outsider.post(reverse("games:extend", args=[game.pk]), follow=True)
    assert "you are not playing in game" in response.content.decode()
    assert Client().post(reverse("games:extend", args=[game.pk])).status_code == 302  # sign in first
    assert not Event.objects.filter(game=game, kind="deadline_extended").exists()


# -- vacation ------------------------------------------------------------------------------


def test_vacation_start_and_end_through_the_web_pause_the_game(three_players):
    game = timed_game(three_players)
    user, client = seat_user(game, 2), seat_client(game, 2, three_players)
    html = client.get(reverse("games:vacation")).content.decode()
    assert 'id="vacation-bank"' in html and "<strong>14</strong>" in html and "Start my vacation" in html
    assert reverse("games:vacation") in client.get(reverse("accounts:profile")).content.decode()
    before = projection(game).deadline
    until = (timezone.now() + datetime.timedelta(days=2)).date()
    response = client.post(reverse("games:vacation"), {"until": until.isoformat()}, follow=True)
    html = response.content.decode()
    vacation = Vacation.objects.get(user=user)
    assert "Your clocks are paused in every game" in html and 'id="vacation-current"' in html
    used = vacation_days_used(user, timezone.now().year)
    assert used > 0 and f"<strong>{14 - used}</strong>" in html  # today counts whole: 3 days (2 across New Year)
    assert projection(game).deadline > vacation.ends_at > before
    pushed = Event.objects.get(game=game, kind="deadline_extended")
    assert pushed.payload["reason"] == "vacation" and pushed.seat == 2
    game_html = page(client, game)
    assert f"pushed back to {local(projection(game).deadline)}: {user.name} on vacation until " \
           f"{local(vacation.ends_at)}" in game_html
    assert f"{user.name} is on vacation until" in game_html
    # Back early: the clock runs again, and the deadline pushed back stays as it is.
    pushed_to = projection(game).deadline
    response = client.post(reverse("games:vacation_end"), follow=True)
    assert "Welcome back!" in response.content.decode() and "Start my vacation" in response.content.decode()
    assert Event.objects.filter(game=game, kind="vacation_ended", seat=2).exists()
    assert projection(game).deadline == pushed_to
    assert f"{user.name} is back from vacation" in page(client, game)


def test_vacation_errors_are_shown_and_change_nothing(three_players, settings):
    settings.VACATION_DAYS_PER_YEAR = 3
    game = timed_game(three_players)
    client = seat_client(game, 0, three_players)
    far = (timezone.now() + datetime.timedelta(days=10)).date()
    response = client.post(reverse("games:vacation"), {"until": far.isoformat()})
    assert response.status_code == 400 and "you have 3 vacation days left this year" in response.content.decode()
    past = (timezone.now() - datetime.timedelta(days=3)).date()
    response = client.post(reverse("games:vacation"), {"until": past.isoformat()})
    assert response.status_code == 400 and "has passed" in response.content.decode()
    response = client.post(reverse("games:vacation"), {"until": "next week"})
    assert "write the date as YYYY-MM-DD" in response.content.decode()
    response = client.post(reverse("games:vacation_end"), follow=True)
    assert "you are not on vacation" in response.content.decode()
    assert not Vacation.objects.exists()
    assert not Event.objects.filter(game=game, kind__in=["vacation_started", "deadline_extended"]).exists()
    assert client.get(reverse("games:vacation_end")).status_code == 405
    assert Client().get(reverse("games:vacation")).status_code == 302  # sign in first


# -- substitutes -------------------------------------------------------------------------------


def test_a_substitute_takes_over_a_seat_from_the_lobby(three_players, make_user):
    game = timed_game(three_players)
    leaver = seat_user(game, 1)
    services.game_resign(game_id=game.pk, user=leaver)
    newcomer = make_user("dee@example.com", "Dee")
    client = client_for(newcomer)
    lobby = client.get(reverse("games:lobby")).content.decode()
    take_over = reverse("games:take_over", args=[game.pk])
    assert 'id="substitutes"' in lobby and "Substitute wanted" in lobby
    assert f"was {leaver.name} (resigned)" in lobby and take_over in lobby
    # A player of the game is not offered the seat, and is refused if they try.
    player_c = seat_client(game, 0, three_players)
    assert "you play in this game" in player_c.get(reverse("games:lobby")).content.decode()
    response = player_c.post(take_over, {"seat": "1", "next": reverse("games:lobby")}, follow=True)
    assert "you already have a seat in this game" in response.content.decode()
    # A seat that still has its player cannot be taken.
    response = client.post(take_over, {"seat": "0"}, follow=True)
    assert "has its player" in response.content.decode()
    response = client.post(take_over, {"seat": "1", "next": reverse("games:lobby")}, follow=True)
    html = response.content.decode()
    assert "You now play seat 2" in html and "You play" in html
    assert Seat.objects.get(game=game, index=1).user == newcomer
    p = projection(game)
    assert p.seat_users[1] == newcomer.pk and 1 not in p.bot_seats
    event = Event.objects.filter(game=game, kind="player_replaced").get()
    assert event.payload["by"] == "substitute" and event.payload["user"] == newcomer.pk
    assert "Dee took over seat 2 as a substitute" in html
    # The leaver's resignation stays theirs in the log; the lobby no longer asks for a substitute.
    assert f"{leaver.name} resigned" in html
    assert 'id="substitutes"' not in client.get(reverse("games:lobby")).content.decode()
