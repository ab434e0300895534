"""The clock: applying what is due (reminders, timeouts), extensions, and pausing for vacation.

The deadline sweep (:mod:`games.deadlines`) calls :func:`deadline_enforce_due`
for each due game; the vacation bank itself is the accounts app's business
(:func:`accounts.services.vacation_book`), this module only pauses the clocks.
"""

from __future__ import annotations

import datetime
from django.db import transaction
from django.utils import timezone

from accounts import services as accounts
from accounts.models import User, Vacation
from games import store
from games.models import GameStatus, Seat, Source, iso
from games.services.errors import GameError
from games.services.turn import Turn, actor_of, seat_of, snapshot_of, update_game, with_fresh_retry
from games.store import Snapshot, StaleSnapshot


def deadline_enforce_due(*, game_id: int, now: datetime.datetime) -> str:
    """What the sweep calls: take the due game unless another sweep holds it, and apply what is due.

    Returns ``skipped`` when the game is locked elsewhere or no longer due, else
    what :func:`deadline_enforce` did.
    """
    with transaction.atomic():
        snapshot = store.lock_due_snapshot(game_id, now)
        if snapshot is None:
            return "skipped"
        return deadline_enforce(game_id=game_id, now=now, snapshot=snapshot)


def deadline_enforce(*, game_id: int, now: datetime.datetime | None = None, snapshot: Snapshot | None = None) -> str:
    """Apply whatever is due in a game: the reminder, or the timeout policy for every awaited seat.

    Safe without the sweep's row lock: the write is guarded by the projection
    version, so two sweeps never apply one timeout twice. Returns what was done:
    ``timeout``, ``reminder`` or ``nothing``.
    """
    now = now or timezone.now()
    for _ in range(3):
        # The sweep passes the snapshot it read while taking the row lock; a retry rereads.
        snapshot = snapshot or snapshot_of(game_id, fresh=True)
        if snapshot.status != GameStatus.ACTIVE or not snapshot.to_act:
            # Nothing can be due in a game that awaits no one: clear the bookkeeping only.
            store.update_projection(game_id, deadline=None, reminder_at=None, next_due=None)
            return "nothing"
        turn = Turn(snapshot, now)
        if snapshot.deadline is not None and snapshot.deadline <= now:
            turn.time_out()
            outcome = "timeout"
        elif snapshot.reminder_at is not None and snapshot.reminder_at <= now:
            for seat in snapshot.to_act:
                if seat not in snapshot.bot_seats:
                    turn.notice("reminder", seat, {"deadline": iso(snapshot.deadline)})
            turn.reminder_at = None
            outcome = "reminder"
        else:
            return "nothing"
        try:
            turn.commit(status=turn.end_status)
        except StaleSnapshot:
            snapshot = None
            continue
        return outcome
    return "nothing"


def deadline_extend(*, game_id: int, user: User, source: str = Source.WEB) -> datetime.datetime:
    """Give the player's own current deadline one more move's time (a limited number of times per game)."""

    def attempt(fresh: bool) -> datetime.datetime:
        snapshot = snapshot_of(game_id, fresh)
        seat = seat_of(snapshot, user, None)
        if snapshot.state is None or snapshot.status != GameStatus.ACTIVE or snapshot.deadline is None:
            raise GameError("this game has no deadline to extend")
        turn = Turn(snapshot)
        if turn.time.move is None:
            raise GameError("this game has no deadline to extend")
        if seat not in snapshot.to_act:
            raise GameError("only a player whose move is awaited can extend the deadline")
        used = turn.clock["extensions"].get(str(seat), 0)
        if used >= turn.time.extensions:
            raise GameError(f"you have used all {turn.time.extensions} extensions in this game")
        turn.clock["extensions"][str(seat)] = used + 1
        deadline = turn.time.on_allowed_day(snapshot.deadline + datetime.timedelta(seconds=turn.time.move))
        turn.deadline = deadline
        turn.reminder_at = turn.time.reminder_before(deadline, timezone.now())
        turn.record("deadline_extended", {"deadline": iso(deadline), "seat": seat, "reason": "extension",
                                          "left": turn.time.extensions - used - 1},
                    source=source, actor=actor_of(user), seat=seat)
        turn.commit()
        return deadline

    return with_fresh_retry(attempt)


def _each_active_seat(user: User) -> list[tuple[int, int]]:
    rows = (Seat.objects.filter(user=user, game__status=GameStatus.ACTIVE, resigned=False, index__isnull=False)
            .values_list("game_id", "index"))
    return [(game_id, index) for game_id, index in rows if index is not None]


@transaction.atomic
def vacation_start(*, user: User, until: datetime.date, source: str = Source.WEB) -> Vacation:
    """Go away until the end of ``until`` (the player's own time zone): clocks pause in every game.

    Days come from a yearly bank (:func:`accounts.services.vacation_book`); a
    deadline running now is pushed back by the time away and never made shorter.
    """
    try:
        vacation = accounts.vacation_book(user=user, until=until)
    except accounts.VacationError as refusal:
        raise GameError(str(refusal)) from None
    now, ends_at = vacation.starts_at, vacation.ends_at
    for game_id, seat in _each_active_seat(user):

        def away(turn: Turn, seat: int = seat) -> bool:
            turn.clock["away"][str(seat)] = iso(ends_at)
            turn.record("vacation_started", {"seat": seat, "until": iso(ends_at)}, source=source,
                        actor=actor_of(user), seat=seat)
            if seat in turn.base.to_act and turn.deadline is not None:
                remaining = max(turn.deadline - now, datetime.timedelta(0))
                pushed = turn.time.on_allowed_day(ends_at + remaining)
                if pushed > turn.deadline:
                    turn.deadline = pushed
                    turn.reminder_at = turn.time.reminder_before(pushed, now)
                    turn.record("deadline_extended", {"deadline": iso(pushed), "seat": seat, "reason": "vacation",
                                                      "until": iso(ends_at)},
                                source=source, actor=actor_of(user), seat=seat)
            return True

        update_game(game_id, away)
    return vacation


@transaction.atomic
def vacation_end(*, user: User, source: str = Source.WEB) -> None:
    """Come back early. Deadlines already pushed back stay as they are (nothing is shortened)."""
    try:
        accounts.vacation_finish(user=user)
    except accounts.VacationError as refusal:
        raise GameError(str(refusal)) from None
    for game_id, seat in _each_active_seat(user):

        def back(turn: Turn, seat: int = seat) -> bool:
            if turn.clock["away"].pop(str(seat), None) is None:
                return False
            turn.record("vacation_ended", {"seat": seat}, source=source, actor=actor_of(user), seat=seat)
            return True

        update_game(game_id, back)
