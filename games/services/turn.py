"""One attempt at changing a running game: moves folded into a new state, chain and clock, written at once.

A :class:`Turn` starts from the game's snapshot (the projection as this
process last read it), plays moves through the rules, records events and mail,
and :meth:`Turn.commit` writes everything in one statement guarded by the
snapshot's version (see :func:`games.store.commit_turn`). A stale snapshot
writes nothing and raises :class:`games.store.StaleSnapshot`;
:func:`with_fresh_retry` then tries again on a fresh read. Nothing here locks
the game's row: the version guard is what makes two writers safe.
"""

from __future__ import annotations

import datetime
import random
from typing import Any, Callable, TypeVar

from django.utils import timezone

from accounts.models import User
from games import store
from games.models import Event, GameStatus, Source, iso
from games.narration import narrate_all
from games.records import MOVE_KINDS
from games.rules import IllegalMove, Rules, State, get_rules
from games.services.errors import GameError, GameMovedOn, GameNotFound, NotAPlayer
from games.store import Chain, NewEvent, Snapshot, StaleSnapshot, TurnWrite, new_event
from games.timecontrol import TimeControl
from notifications import outbox

# A resigned seat is played by the service; a game whose every seat is played
# that way would otherwise loop forever, so autoplay is bounded.
AUTOPLAY_LIMIT = 10_000

T = TypeVar("T")


def actor_of(user: User | None) -> str:
    return f"user:{user.pk}" if user is not None else "system"


def snapshot_of(game_id: int, fresh: bool) -> Snapshot:
    snapshot = store.load_snapshot(game_id, fresh=fresh)
    if snapshot is None:
        raise GameNotFound(f"there is no game #{game_id}")
    return snapshot


def seat_of(snapshot: Snapshot, user: User | None, seat: int | None) -> int:
    """The acting seat: given explicitly (the deadline, operators) or the user's own."""
    if seat is not None:
        if not 0 <= seat < len(snapshot.seat_users):
            raise NotAPlayer(f"there is no seat {seat + 1} in this game")
        return seat
    if user is None:
        raise NotAPlayer("a move needs a player")
    try:
        return snapshot.seat_users.index(user.pk)
    except ValueError:
        raise NotAPlayer(f"you are not playing in game #{snapshot.game_id}") from None


def with_fresh_retry(attempt: Callable[[bool], T]) -> T:
    """Run ``attempt(fresh)`` on the cached snapshot, then again on a fresh read if it was refused.

    A refusal is only reported after it was confirmed against the current
    projection, so a stale cache can make a move slower but never wrong.
    """
    for fresh in (False, True, True):
        try:
            return attempt(fresh)
        except StaleSnapshot:
            continue
        except (GameError, IllegalMove):
            if fresh:
                raise
    raise GameMovedOn("the game is changing quickly; please look again and resend your move")


class Turn:
    """The moves of one attempt, folded into a new state, chain and clock, then written at once."""

    def __init__(self, snapshot: Snapshot, now: datetime.datetime | None = None) -> None:
        self.base = snapshot
        self.rules: Rules = get_rules(snapshot.rules_slug, snapshot.rules_version)
        if snapshot.state is None:
            raise GameError(f"game #{snapshot.game_id} has not started")
        self.state: State = snapshot.state
        self.chain = Chain(snapshot.game_id, snapshot.version, snapshot.last_hash)
        self.events: list[NewEvent] = []
        self.narrations: list[tuple[int, dict[str, Any]]] = []
        self.bot_seats = list(snapshot.bot_seats)
        self.seat_users = list(snapshot.seat_users)
        self.time = TimeControl.from_json(snapshot.time_control)
        self.deadline = snapshot.deadline
        self.reminder_at = snapshot.reminder_at
        self.clock: dict[str, Any] = {
            "timeouts": dict(snapshot.clock.get("timeouts", {})),
            "extensions": dict(snapshot.clock.get("extensions", {})),
            "random_bots": list(snapshot.clock.get("random_bots", [])),
            "away": dict(snapshot.clock.get("away", {})),  # seat -> end of the player's vacation (ISO)
        }
        self.notices: list[dict[str, Any]] = []
        self.rearm = False  # set when the deadline must start again even if the same seats are awaited
        self.end_status: str | None = None  # set when a timeout ends the game (abort policy)
        self.now = now or timezone.now()  # the sweep passes its own clock so one sweep sees one moment

    # -- what happens -------------------------------------------------------------
    def play(self, seat: int, move: Any, *, kind: str, source: str, actor: str, extra: dict[str, Any],
             idempotency_key: str | None = None) -> None:
        before = self.state
        self.state = self.rules.apply(before, seat, move)
        event = new_event(self.chain, kind=kind, payload={"move": move, **extra}, source=source, actor=actor,
                          seat=seat, idempotency_key=idempotency_key)
        self.events.append(event)
        self.narrations.append((event.seq, narrate_all(self.rules, before, seat, move, self.state,
                                                       len(self.seat_users))))
        if kind == "move" and actor != "system":
            self.clock["timeouts"].pop(str(seat), None)  # a player who moves is no longer absent

    def record(self, kind: str, payload: dict[str, Any], *, source: str, actor: str, seat: int | None) -> None:
        self.events.append(new_event(self.chain, kind=kind, payload=payload, source=source, actor=actor, seat=seat))

    def notice(self, kind: str, seat: int, payload: dict[str, Any]) -> None:
        """A mail to the seat's player about this turn (written with it, sent after commit)."""
        self.notices.append(outbox.notice(kind, game_id=self.base.game_id, seq=self.chain.seq,
                                          user_id=self.seat_users[seat], seat=seat, payload=payload))

    def autoplay(self) -> None:
        """Moves for seats the service plays (resigned or replaced players), until a human is awaited."""
        for _ in range(AUTOPLAY_LIMIT):
            waiting = [s for s in self.rules.to_act(self.state) if s in self.bot_seats]
            if not waiting:
                return
            seat = waiting[0]
            if seat in self.clock["random_bots"]:
                # A replacement bot plays random legal moves; the draw is recorded, so replay needs no RNG.
                rng = random.Random(f"{self.base.seed}:{self.chain.seq}")
                self.play(seat, self.rules.random_move(self.state, seat, rng), kind="move", source=Source.SYSTEM,
                          actor="system", extra={"auto": "bot"})
            else:
                self.play(seat, self.rules.default_move(self.state, seat), kind="move", source=Source.SYSTEM,
                          actor="system", extra={"auto": "resigned"})
        raise GameError("the game cannot go on: every seat is played by the service")

    def time_out(self) -> None:
        """The timeout policy for every awaited human seat, then replacement after repeated timeouts."""
        policy = self.time.policy
        for seat in list(self.rules.to_act(self.state)):
            if seat in self.bot_seats or seat not in self.rules.to_act(self.state):
                continue
            if self.away_until(seat) is not None:
                continue  # on vacation: the rearmed deadline below waits for their return
            move = self.rules.skip_move(self.state, seat) if policy == "skip" else None
            if move is None:
                move = self.rules.default_move(self.state, seat)
            text = self.rules.format_move(self.state, seat, move)
            self.play(seat, move, kind="timeout", source=Source.DEADLINE, actor="system",
                      extra={"policy": policy, "text": text})
            count = self.clock["timeouts"].get(str(seat), 0) + 1
            self.clock["timeouts"][str(seat)] = count
            self.notice("timed_out", seat, {"move": text, "count": count})
            for other in range(len(self.seat_users)):
                if other != seat:
                    self.notice("timeout_notice", other, {"seat": seat})
            if count >= self.time.max_timeouts:
                reason = f"{count} timeout{'s' if count > 1 else ''} in a row"
                if self.time.then == "abort":
                    self.record("game_aborted", {"reason": reason}, source=Source.DEADLINE, actor="system", seat=None)
                    self.end_status = GameStatus.ABORTED
                    return
                self.record("player_replaced", {"seat": seat, "by": self.time.then, "reason": reason},
                            source=Source.DEADLINE, actor="system", seat=seat)
                self.bot_seats = sorted({*self.bot_seats, seat})
                if self.time.then == "bot":
                    self.clock["random_bots"] = sorted({*self.clock["random_bots"], seat})
        self.rearm = True  # the seats still awaited get a fresh deadline
        self.autoplay()

    # -- the clock ----------------------------------------------------------------------
    def away_until(self, seat: int) -> datetime.datetime | None:
        """When the seat's player is back from vacation, if they are away now."""
        until = self.clock["away"].get(str(seat))
        if until is None:
            return None
        moment = datetime.datetime.fromisoformat(until.replace("Z", "+00:00"))
        return moment if moment > self.now else None

    def _reclock(self, to_act: list[int], acted: list[int]) -> None:
        """Set the deadline when seats become awaited; one deadline for a whole simultaneous phase."""
        if not to_act:
            self.deadline = self.reminder_at = None
            return
        if not self.time.enabled:
            return
        newly = [s for s in to_act if s not in self.base.to_act or s in acted]
        if newly or self.rearm or self.deadline is None:
            now = self.now
            # A clock does not run while its player is away: it starts when the last awaited one is back.
            back = [self.away_until(s) for s in to_act]
            start = max([now] + [b for b in back if b is not None])
            self.deadline = self.time.deadline_after(start)
            self.reminder_at = self.time.reminder_before(self.deadline, now)
            reason = "turn" if start == now else "turn, paused for vacation until " + iso(start)
            self.record("deadline_set", {"deadline": iso(self.deadline), "seats": to_act, "reason": reason},
                        source=Source.SYSTEM, actor="system", seat=None)

    def _reveal_seed(self) -> None:
        """At the end, publish the server's part of a committed seed (see :mod:`games.records`)."""
        created = (Event.objects.filter(game_id=self.base.game_id, seq=1).values_list("payload", flat=True)
                   .first()) or {}
        if "seed_commitment" in created:
            self.record("seed_revealed", {"server_seed": self.base.seed}, source=Source.SYSTEM, actor="system",
                        seat=None)

    # -- writing ----------------------------------------------------------------------------
    def commit(self, *, status: str | None = None) -> dict[str, Any] | None:
        """Write the turn (raises StaleSnapshot if the game moved on); return the result if it ended."""
        to_act = self.rules.to_act(self.state) if status is None else []
        result = self.rules.result(self.state) if status is None else None
        if result is not None:
            status = GameStatus.FINISHED
        acted = [e.seat for e in self.events if e.seat is not None and e.kind in MOVE_KINDS]
        self._reclock(to_act, acted)
        if status in (GameStatus.FINISHED, GameStatus.ABORTED):
            self._reveal_seed()
        rows = outbox.rows_after_moves(
            self.base.game_id, seq=self.chain.seq, seat_users=self.seat_users,
            acted=acted, to_act_before=self.base.to_act, to_act=to_act, finished=result is not None,
        ) if status in (None, GameStatus.FINISHED) else []
        rows += self.notices
        ids = store.commit_turn(TurnWrite(self.base, self.events, self.state, to_act, self.bot_seats, rows,
                                          self.deadline, self.reminder_at, self.clock, status=status,
                                          result=result, narrations=self.narrations, seat_users=self.seat_users))
        outbox.hand_over_after_commit(ids)
        return result


def update_game(game_id: int, change: Callable[[Turn], bool], now: datetime.datetime | None = None) -> None:
    """Run ``change(turn)`` on a fresh snapshot and commit it, retrying if the game moved meanwhile.

    ``change`` returns False when there is nothing to write.
    """
    for _ in range(5):
        turn = Turn(snapshot_of(game_id, fresh=True), now)
        if not change(turn):
            return
        try:
            turn.commit()
            return
        except StaleSnapshot:
            continue
    raise GameMovedOn(f"game #{game_id} kept changing; please try again")
