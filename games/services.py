"""The one write path: every change to a game goes through these functions.

Web forms, email replies, the JSON API, operator commands and deadline
enforcement all call here. Each function runs in one transaction that locks
the game's projection row, validates through the rules, appends events to the
hash chain, updates the projection and writes the notifications to the outbox;
the outbox rows are handed to the sender after commit.

Errors meant for people are :class:`GameError` subclasses whose message can be
shown as it is; rules refusals arrive as :class:`games.rules.IllegalMove`.
"""

from __future__ import annotations

import datetime
import random
import secrets
import zoneinfo
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from games.models import ChatMessage, Event, Game, GameStatus, Projection, Seat, Source, iso
from games.records import GENESIS_HASH
from games.rules import IllegalMove, get_rules
from games.rules.base import GameRng, Rules, State, derive_seed
from games import store
from games.store import Chain, Snapshot, StaleSnapshot, TurnWrite, new_event, save_events
from games.timecontrol import TimeControl
from notifications import outbox

# A resigned seat is played by the service; a game whose every seat is played
# that way would otherwise loop forever, so autoplay is bounded.
AUTOPLAY_LIMIT = 10_000


class GameError(Exception):
    """A refusal a person can read: what was wrong and what would be accepted."""


class GameNotFound(GameError):
    pass


class NotAPlayer(GameError):
    pass


class GameMovedOn(GameError):
    """The move was made against a state that is no longer current."""


@dataclass
class MoveResult:
    game_id: int
    seq: int
    seat: int
    move: Any
    text: str
    duplicate: bool = False
    warnings: list[str] = field(default_factory=list)
    finished: bool = False


def actor_of(user: User | None) -> str:
    return f"user:{user.pk}" if user is not None else "system"


# -- creating and joining --------------------------------------------------


@transaction.atomic
def game_create(
    *,
    rules_slug: str,
    creator: User | None,
    num_players: int,
    options: dict[str, Any] | None = None,
    seed: str | None = None,
    time_control: dict[str, Any] | None = None,
    join: bool = True,
    source: str = Source.WEB,
) -> Game:
    """Open a new game (``game_created`` event); the creator takes the first seat if ``join``.

    ``time_control`` is a :class:`games.timecontrol.TimeControl` as JSON (none: no deadlines).
    """
    rules = get_rules(rules_slug)
    rules.check_players(num_players)
    resolved = rules.resolve_options(options)
    time = TimeControl.from_json(time_control).to_json()
    seed = seed or secrets.token_hex(16)
    game = Game.objects.create(
        rules_slug=rules.slug,
        rules_version=rules.version,
        options=resolved,
        num_players=num_players,
        seed=seed,
        created_by=creator,
        time_control=time,
    )
    chain = Chain(game.pk, 0, GENESIS_HASH)
    event = new_event(
        chain,
        kind="game_created",
        payload={
            "rules": rules.slug,
            "rules_version": rules.version,
            "options": resolved,
            "num_players": num_players,
            "seed": seed,
            "time": time,
        },
        source=source,
        actor=actor_of(creator),
    )
    save_events([event])
    Projection.objects.create(game=game, state=None, version=chain.seq, last_hash=chain.last_hash)
    if join and creator is not None:
        _join_locked(game, creator, source)
    return game


def _lock(game_id: int) -> tuple[Projection, Game]:
    store.forget(game_id)  # the seat list or status may change: the next move rereads the projection
    try:
        projection = Projection.objects.select_for_update(of=("self",)).select_related("game").get(pk=game_id)
    except Projection.DoesNotExist:
        raise GameNotFound(f"there is no game #{game_id}") from None
    return projection, projection.game


def _join_locked(game: Game, user: User, source: str) -> None:
    projection = Projection.objects.select_for_update().get(pk=game.pk)
    if game.status != GameStatus.OPEN:
        raise GameError(f"game #{game.pk} has already started; it takes no more players")
    if Seat.objects.filter(game=game, user=user).exists():
        raise GameError(f"you already have a seat in game #{game.pk}")
    taken = Seat.objects.filter(game=game).count()
    if taken >= game.num_players:
        raise GameError(f"game #{game.pk} is full")
    Seat.objects.create(game=game, user=user)
    chain = Chain(game.pk, projection.version, projection.last_hash)
    event = new_event(
        chain,
        kind="player_joined",
        payload={"user": user.pk, "name": user.name},
        source=source,
        actor=actor_of(user),
    )
    save_events([event])
    Projection.objects.filter(pk=game.pk).update(version=chain.seq, last_hash=chain.last_hash)
    projection.version, projection.last_hash = chain.seq, chain.last_hash
    if taken + 1 == game.num_players:
        _start_locked(projection, game, source)


@transaction.atomic
def game_join(*, game_id: int, user: User, source: str = Source.WEB) -> Game:
    """Take a seat in an open game; the game starts by itself when the last seat is taken."""
    projection, game = _lock(game_id)
    _join_locked(game, user, source)
    game.refresh_from_db()
    return game


@transaction.atomic
def game_leave(*, game_id: int, user: User, source: str = Source.WEB) -> None:
    """Give up a seat before the game starts (recorded, as its joining was)."""
    projection, game = _lock(game_id)
    if game.status != GameStatus.OPEN:
        raise GameError("the game has started; use resign instead")
    deleted, _ = Seat.objects.filter(game=game, user=user).delete()
    if not deleted:
        raise NotAPlayer(f"you have no seat in game #{game.pk}")
    chain = Chain(game.pk, projection.version, projection.last_hash)
    save_events([new_event(chain, kind="player_left", payload={"user": user.pk, "name": user.name},
                           source=source, actor=actor_of(user))])
    Projection.objects.filter(pk=game.pk).update(version=chain.seq, last_hash=chain.last_hash)


def _start_locked(projection: Projection, game: Game, source: str) -> None:
    seats = list(Seat.objects.filter(game=game).order_by("joined_at", "pk"))
    # Seat order is drawn from the game's seed, so it is fair and reproducible.
    order = GameRng(derive_seed(game.seed, "seats")).shuffled(range(len(seats)))
    ordered = [seats[i] for i in order]
    for index, seat in enumerate(ordered):
        seat.index = index
    Seat.objects.bulk_update(ordered, ["index"])
    rules = get_rules(game.rules_slug, game.rules_version)
    state = rules.setup(game.num_players, game.options, game.seed)
    chain = Chain(game.pk, projection.version, projection.last_hash)
    event = new_event(
        chain,
        kind="game_started",
        payload={"seats": [seat.user_id for seat in ordered], "names": [seat.user.name for seat in ordered]},
        source=source,
    )
    now = timezone.now()
    to_act = rules.to_act(state)
    time = TimeControl.from_json(game.time_control)
    deadline = time.deadline_after(now) if time.enabled and to_act else None
    reminder_at = time.reminder_before(deadline, now) if deadline else None
    events = [event]
    if deadline:
        events.append(new_event(chain, kind="deadline_set", source=Source.SYSTEM,
                                payload={"deadline": iso(deadline), "seats": to_act, "reason": "turn"}))
    save_events(events)
    Game.objects.filter(pk=game.pk).update(status=GameStatus.ACTIVE, started_at=now)
    game.status, game.started_at = GameStatus.ACTIVE, now
    Projection.objects.filter(pk=game.pk).update(
        deadline=deadline,
        reminder_at=reminder_at,
        next_due=min([t for t in (deadline, reminder_at) if t]) if deadline else None,
        clock={},
        state=state,
        version=chain.seq,
        last_hash=chain.last_hash,
        to_act=to_act,
        seat_users=[seat.user_id for seat in ordered],
        bot_seats=[],
        updated_at=now,
    )
    store.forget(game.pk)
    outbox.write_game_started(game, seq=chain.seq, seat_users=[s.user_id for s in ordered], to_act=to_act)


@transaction.atomic
def game_start(*, game_id: int, source: str = Source.SYSTEM) -> Game:
    """Start a game whose seats are all taken (joining the last seat does this by itself)."""
    projection, game = _lock(game_id)
    if game.status != GameStatus.OPEN:
        raise GameError(f"game #{game.pk} has already started")
    if Seat.objects.filter(game=game).count() != game.num_players:
        raise GameError(f"game #{game.pk} needs {game.num_players} players before it can start")
    _start_locked(projection, game, source)
    return game


# -- moves -----------------------------------------------------------------


def _seat_of(snapshot: Snapshot, user: User | None, seat: int | None) -> int:
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


def _snapshot(game_id: int, fresh: bool) -> Snapshot:
    snapshot = store.load_snapshot(game_id, fresh=fresh)
    if snapshot is None:
        raise GameNotFound(f"there is no game #{game_id}")
    return snapshot


class _Turn:
    """The moves of one attempt, folded into a new state, chain and clock, then written at once."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.base = snapshot
        self.rules: Rules = get_rules(snapshot.rules_slug, snapshot.rules_version)
        self.state: State = snapshot.state
        self.chain = Chain(snapshot.game_id, snapshot.version, snapshot.last_hash)
        self.events: list[Event] = []
        self.bot_seats = list(snapshot.bot_seats)
        self.time = TimeControl.from_json(snapshot.time_control)
        self.deadline = snapshot.deadline
        self.reminder_at = snapshot.reminder_at
        self.clock = {
            "timeouts": dict(snapshot.clock.get("timeouts", {})),
            "extensions": dict(snapshot.clock.get("extensions", {})),
            "random_bots": list(snapshot.clock.get("random_bots", [])),
            "away": dict(snapshot.clock.get("away", {})),  # seat -> end of the player's vacation (ISO)
        }
        self.notices: list[dict[str, Any]] = []
        self.rearm = False  # set when the deadline must start again even if the same seats are awaited
        self.end_status: str | None = None  # set when a timeout ends the game (abort policy)
        self.now = timezone.now()  # the sweep passes its own clock so one sweep sees one moment

    def play(self, seat: int, move: Any, *, kind: str, source: str, actor: str, extra: dict[str, Any],
             idempotency_key: str | None = None) -> None:
        self.state = self.rules.apply(self.state, seat, move)
        payload = {"move": move, **extra}
        self.events.append(
            new_event(self.chain, kind=kind, payload=payload, source=source, actor=actor, seat=seat,
                      idempotency_key=idempotency_key)
        )
        if kind == "move" and actor != "system":
            self.clock["timeouts"].pop(str(seat), None)  # a player who moves is no longer absent

    def record(self, kind: str, payload: dict[str, Any], *, source: str, actor: str, seat: int | None) -> None:
        self.events.append(new_event(self.chain, kind=kind, payload=payload, source=source, actor=actor, seat=seat))

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

    def away_until(self, seat: int) -> datetime.datetime | None:
        """When the seat's player is back from vacation, if they are away now."""
        until = self.clock["away"].get(str(seat))
        if until is None:
            return None
        moment = datetime.datetime.fromisoformat(until.replace("Z", "+00:00"))
        return moment if moment > self.now else None

    def commit(self, *, status: str | None = None) -> dict[str, Any] | None:
        """Write the turn (raises StaleSnapshot if the game moved on); return the result if it ended."""
        to_act = self.rules.to_act(self.state) if status is None else []
        result = self.rules.result(self.state) if status is None else None
        if result is not None:
            status = GameStatus.FINISHED
        acted = [e.seat for e in self.events if e.seat is not None and e.kind in ("move", "timeout")]
        self._reclock(to_act, acted)
        rows = outbox.rows_after_moves(
            self.base.game_id, seq=self.chain.seq, seat_users=self.base.seat_users,
            acted=acted, to_act_before=self.base.to_act, to_act=to_act, finished=result is not None,
        ) if status in (None, GameStatus.FINISHED) else []
        rows += self.notices
        ids = store.commit_turn(TurnWrite(self.base, self.events, self.state, to_act, self.bot_seats, rows,
                                          self.deadline, self.reminder_at, self.clock,
                                          status=status, result=result))
        outbox.hand_over_after_commit(ids)
        return result

    def time_out(self) -> None:
        """The timeout policy for every awaited human seat, then replacement after repeated timeouts."""
        policy = self.time.policy
        skip = getattr(self.rules, "skip_move", None)
        for seat in list(self.rules.to_act(self.state)):
            if seat in self.bot_seats or seat not in self.rules.to_act(self.state):
                continue
            if self.away_until(seat) is not None:
                continue  # on vacation: the rearmed deadline below waits for their return
            move = skip(self.state, seat) if policy == "skip" and skip else None
            if move is None:
                move = self.rules.default_move(self.state, seat)
            text = self.rules.format_move(self.state, seat, move)
            self.play(seat, move, kind="timeout", source=Source.DEADLINE, actor="system",
                      extra={"policy": policy, "text": text})
            count = self.clock["timeouts"].get(str(seat), 0) + 1
            self.clock["timeouts"][str(seat)] = count
            self.notice("timed_out", seat, {"move": text, "count": count})
            for other in range(len(self.base.seat_users)):
                if other != seat:
                    self.notice("timeout_notice", other, {"seat": seat, "move": text})
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

    def notice(self, kind: str, seat: int, payload: dict[str, Any]) -> None:
        user_id = self.base.seat_users[seat]
        self.notices.append({"kind": kind, "game_id": self.base.game_id, "event_seq": self.chain.seq,
                             "user_id": user_id, "seat": seat, "payload": payload,
                             "dedupe_key": f"{self.base.game_id}:{self.chain.seq}:{kind}:{user_id}"})


def _with_fresh_retry(attempt):  # noqa: ANN001, ANN202
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


def submit_move(
    *,
    game_id: int,
    user: User | None = None,
    seat: int | None = None,
    move: Any = None,
    text: str | None = None,
    source: str = Source.WEB,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> MoveResult:
    """Validate and record one move by a player (given as canonical data or as notation text).

    ``expected_version`` is the projection version the player saw; if the game
    moved on since and the move is no longer legal, the refusal says so.
    A repeated ``idempotency_key`` returns the first result and changes nothing.
    """
    if move is None and (text is None or not text.strip()):
        rules_help = _help_for(game_id)
        raise IllegalMove("no move given", accepted=rules_help or None)
    return _submit(game_id, user, seat, [(move, text)], source, idempotency_key, expected_version,
                   name_lines=False)[0]


class CommandFailed(GameError):
    """One line of a multi-line submission was refused; nothing of the submission was applied."""

    def __init__(self, index: int, line: str, reason: IllegalMove | GameError) -> None:
        super().__init__(f"line {index + 1} ({line!r}): {reason}")
        self.index = index
        self.line = line
        self.reason = reason


def submit_moves(
    *,
    game_id: int,
    user: User,
    texts: list[str],
    source: str = Source.EMAIL,
    idempotency_key: str | None = None,
) -> list[MoveResult]:
    """Apply several moves in notation, in order, all or nothing (one email, several lines).

    Each line is parsed against the state the previous lines produced. If any
    line is refused, :class:`CommandFailed` names it and nothing is written.
    """
    if not texts:
        raise GameError("no moves given")
    return _submit(game_id, user, None, [(None, text) for text in texts], source, idempotency_key, None,
                   name_lines=True)


def _help_for(game_id: int) -> str:
    snapshot = store.load_snapshot(game_id)
    return get_rules(snapshot.rules_slug, snapshot.rules_version).notation_help() if snapshot else ""


def _submit(game_id: int, user: User | None, seat: int | None, items: list[tuple[Any, str | None]], source: str,
            idempotency_key: str | None, expected_version: int | None, *, name_lines: bool) -> list[MoveResult]:
    """Apply (move or text) items in order, all or nothing; the idempotency key marks the first event."""

    def attempt(fresh: bool) -> list[MoveResult]:
        snapshot = _snapshot(game_id, fresh)
        if snapshot.status != GameStatus.ACTIVE:
            if idempotency_key and (previous := _previous_result(game_id, idempotency_key)):
                return [previous]
            raise GameError(f"game #{game_id} is {GameStatus(snapshot.status).label}; it takes no moves")
        acting = _seat_of(snapshot, user, seat)
        if acting in snapshot.bot_seats and source != Source.DEADLINE:
            raise GameError("your seat is played automatically now (you resigned, or were replaced after "
                            "repeated timeouts)")
        turn = _Turn(snapshot)
        results = []
        for index, (move, text) in enumerate(items):
            try:
                chosen = move if move is not None else turn.rules.parse_move(turn.state, acting, text)
                warnings = turn.rules.warnings(turn.state, acting, chosen)
                shown = turn.rules.format_move(turn.state, acting, chosen) if source == Source.WEB else ""
                turn.play(acting, chosen, kind="move", source=source, actor=actor_of(user),
                          extra={"text": text.strip()} if text else {},
                          idempotency_key=idempotency_key if index == 0 else None)
            except (IllegalMove, GameError) as refusal:
                if idempotency_key and (previous := _previous_result(game_id, idempotency_key)):
                    return [previous]
                if not fresh:
                    raise  # confirm against the current projection before saying no
                if name_lines:
                    raise CommandFailed(index, text or "", refusal) from refusal
                if expected_version is not None and expected_version != snapshot.version:
                    raise GameMovedOn(f"the game moved on since you looked at it: {refusal}") from refusal
                raise
            results.append(MoveResult(game_id, turn.chain.seq, acting, chosen, (text or "").strip(),
                                      warnings=list(warnings)))
            if source == Source.WEB:
                # A move made on the web is confirmed by mail too (mail moves get their reply instead).
                turn.notice("move_confirmed", acting, {"move": shown})
            turn.autoplay()
        try:
            result = turn.commit()
        except IntegrityError:
            # The idempotency key is already used: this is a resubmission.
            store.forget(game_id)
            previous = _previous_result(game_id, idempotency_key) if idempotency_key else None
            if previous is None:
                raise StaleSnapshot() from None
            return [previous]
        results[-1].finished = result is not None
        return results

    return _with_fresh_retry(attempt)


def _previous_result(game_id: int, key: str) -> MoveResult | None:
    event = Event.objects.filter(game_id=game_id, idempotency_key=key).first()
    if event is None:
        return None
    return MoveResult(game_id, event.seq, event.seat, event.payload.get("move"), event.payload.get("text", ""),
                      duplicate=True)


def game_resign(*, game_id: int, user: User, source: str = Source.WEB) -> None:
    """Leave a running game: the seat is played by default moves from now on and cannot win."""

    def attempt(fresh: bool) -> None:
        snapshot = _snapshot(game_id, fresh)
        if snapshot.status != GameStatus.ACTIVE:
            label = GameStatus(snapshot.status).label
            raise GameError(f"game #{game_id} is {label}; there is nothing to resign from")
        seat = _seat_of(snapshot, user, None)
        if seat in snapshot.bot_seats:
            raise GameError("you have already resigned from this game")
        turn = _Turn(snapshot)
        turn.bot_seats = sorted([*snapshot.bot_seats, seat])
        turn.record("resigned", {"seat": seat}, source=source, actor=actor_of(user), seat=seat)
        with transaction.atomic():
            if len(turn.bot_seats) == len(snapshot.seat_users):
                turn.record("game_aborted", {"reason": "every player resigned"}, source=Source.SYSTEM,
                            actor="system", seat=None)
                turn.commit(status=GameStatus.ABORTED)
            else:
                turn.autoplay()
                turn.commit()
            Seat.objects.filter(game_id=game_id, index=seat).update(resigned=True)

    _with_fresh_retry(attempt)


@transaction.atomic
def chat_post(*, game_id: int, user: User, text: str, source: str = Source.WEB) -> ChatMessage:
    """Table talk, visible to everyone who can see the game."""
    text = (text or "").strip()
    if not text:
        raise GameError("an empty message was not posted")
    if len(text) > 2000:
        raise GameError(f"messages are limited to 2000 characters (yours has {len(text)})")
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game #{game_id}")
    if not Seat.objects.filter(game=game, user=user).exists():
        raise NotAPlayer("only the game's players can post in its chat")
    return ChatMessage.objects.create(game=game, user=user, text=text, source=source)


# -- deadlines ---------------------------------------------------------------


def deadline_enforce(*, game_id: int, now: Any = None, snapshot: Snapshot | None = None) -> str:
    """Apply whatever is due in a game: the reminder, or the timeout policy for every awaited seat.

    Called by the deadline sweep while it holds the game's projection row
    (``skip_locked``), and safe without it: the write is guarded by the
    projection version, so two sweeps never apply one timeout twice.
    Returns what was done: ``timeout``, ``reminder`` or ``nothing``.
    """
    now = now or timezone.now()
    for _ in range(3):
        # The sweep passes the snapshot it read while taking the row lock; a retry rereads.
        snapshot = snapshot or _snapshot(game_id, fresh=True)
        turn = _Turn(snapshot)
        turn.now = now
        if snapshot.status != GameStatus.ACTIVE or not snapshot.to_act:
            # Nothing can be due in a game that awaits no one: clear the bookkeeping only.
            Projection.objects.filter(pk=game_id).update(deadline=None, reminder_at=None, next_due=None)
            store.forget(game_id)
            return "nothing"
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


def deadline_extend(*, game_id: int, user: User, source: str = Source.WEB) -> Any:
    """Give the player's own current deadline one more move's time (a limited number of times per game)."""

    def attempt(fresh: bool) -> Any:
        snapshot = _snapshot(game_id, fresh)
        turn = _Turn(snapshot)
        seat = _seat_of(snapshot, user, None)
        if not turn.time.enabled or snapshot.deadline is None:
            raise GameError("this game has no deadline to extend")
        if seat not in snapshot.to_act:
            raise GameError("only a player whose move is awaited can extend the deadline")
        used = turn.clock["extensions"].get(str(seat), 0)
        if used >= turn.time.extensions:
            raise GameError(f"you have used all {turn.time.extensions} extensions in this game")
        turn.clock["extensions"][str(seat)] = used + 1
        turn.deadline = turn.time.on_allowed_day(snapshot.deadline + datetime.timedelta(seconds=turn.time.move))
        turn.reminder_at = turn.time.reminder_before(turn.deadline, timezone.now())
        turn.record("deadline_extended", {"deadline": iso(turn.deadline), "seat": seat, "reason": "extension",
                                          "left": turn.time.extensions - used - 1},
                    source=source, actor=actor_of(user), seat=seat)
        turn.commit()
        return turn.deadline

    return _with_fresh_retry(attempt)


# -- vacation ------------------------------------------------------------------


def _each_active_seat(user: User) -> list[tuple[int, int]]:
    return list(
        Seat.objects.filter(user=user, game__status=GameStatus.ACTIVE, resigned=False, index__isnull=False)
        .values_list("game_id", "index")
    )


def _update_game(game_id: int, change) -> None:  # noqa: ANN001
    """Run ``change(turn)`` on a fresh snapshot and commit it, retrying if the game moved meanwhile."""
    for _ in range(5):
        turn = _Turn(_snapshot(game_id, fresh=True))
        if not change(turn):
            return
        try:
            turn.commit()
            return
        except StaleSnapshot:
            continue
    raise GameMovedOn(f"game #{game_id} kept changing; please try again")


@transaction.atomic
def vacation_start(*, user: User, until: datetime.date, source: str = Source.WEB) -> Any:
    """Go away until the end of ``until`` (the player's own time zone): clocks pause in every game.

    Days come from a yearly bank; a deadline running now is pushed back by the
    time away and never made shorter.
    """
    from accounts.models import Vacation
    from accounts.services import current_vacation, vacation_days_per_year, vacation_days_used

    zone = zoneinfo.ZoneInfo(user.time_zone or "UTC")
    now = timezone.now()
    ends_at = datetime.datetime.combine(until + datetime.timedelta(days=1), datetime.time(0), zone)
    if ends_at <= now:
        raise GameError(f"a vacation must end in the future; {until.isoformat()} has passed")
    if current_vacation(user) is not None:
        raise GameError("you are already on vacation; end it before starting another")
    days = -(-int((ends_at - now).total_seconds()) // 86400)
    left = vacation_days_per_year() - vacation_days_used(user, now.year)
    if days > left:
        raise GameError(f"you have {left} vacation days left this year, and until {until.isoformat()} is "
                        f"{days} days")
    vacation = Vacation.objects.create(user=user, starts_at=now, ends_at=ends_at)
    for game_id, seat in _each_active_seat(user):

        def away(turn: _Turn, seat: int = seat) -> bool:
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

        _update_game(game_id, away)
    return vacation


@transaction.atomic
def vacation_end(*, user: User, source: str = Source.WEB) -> None:
    """Come back early. Deadlines already pushed back stay as they are (nothing is shortened)."""
    from accounts.services import current_vacation

    vacation = current_vacation(user)
    if vacation is None:
        raise GameError("you are not on vacation")
    vacation.ended_at = timezone.now()
    vacation.save(update_fields=["ended_at"])
    for game_id, seat in _each_active_seat(user):

        def back(turn: _Turn, seat: int = seat) -> bool:
            if turn.clock["away"].pop(str(seat), None) is None:
                return False
            turn.record("vacation_ended", {"seat": seat}, source=source, actor=actor_of(user), seat=seat)
            return True

        _update_game(game_id, back)


# -- substitutes ----------------------------------------------------------------


@transaction.atomic
def seat_take_over(*, game_id: int, seat: int, user: User, source: str = Source.WEB) -> None:
    """A substitute takes a seat the service has been playing (after a resignation or timeouts).

    The seat's history stays the seat's; the newcomer is briefed with the seat's
    own view, as that seat saw it.
    """
    # Lock first, then read: two people taking over the same seat at once get one answer each.
    Projection.objects.select_for_update().filter(pk=game_id).first()
    snapshot = _snapshot(game_id, fresh=True)
    if snapshot.status != GameStatus.ACTIVE:
        raise GameError(f"game #{game_id} is {GameStatus(snapshot.status).label}; no seat can be taken over")
    if not 0 <= seat < len(snapshot.seat_users):
        raise GameError(f"there is no seat {seat + 1} in game #{game_id}")
    if seat not in snapshot.bot_seats:
        raise GameError(f"seat {seat + 1} has its player; only a seat played automatically can be taken over")
    if user.pk in snapshot.seat_users:
        raise GameError("you already have a seat in this game")
    turn = _Turn(snapshot)
    turn.bot_seats = [s for s in turn.bot_seats if s != seat]
    turn.clock["random_bots"] = [s for s in turn.clock["random_bots"] if s != seat]
    turn.clock["timeouts"].pop(str(seat), None)
    turn.record("player_replaced", {"seat": seat, "by": "substitute", "user": user.pk, "name": user.name},
                source=source, actor=actor_of(user), seat=seat)
    turn.base.seat_users[seat] = user.pk  # the snapshot is about to be replaced by commit
    turn.notice("briefing", seat, {})
    turn.commit()
    seat_users = list(snapshot.seat_users)
    Seat.objects.filter(game_id=game_id, index=seat).update(user=user, resigned=False)
    Projection.objects.filter(pk=game_id).update(seat_users=seat_users)
    store.forget(game_id)


# -- invitations ------------------------------------------------------------------


def game_invite(*, game_id: int, inviter: User, email: str) -> None:
    """Mail an invitation to join an open game to ``email`` (a player of the game invites)."""
    from django.core.exceptions import ValidationError
    from django.core.validators import validate_email

    address = (email or "").strip().lower()
    try:
        validate_email(address)
    except ValidationError:
        raise GameError(f"{email!r} is not an email address (write it like friend@example.org)") from None
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game #{game_id}")
    if game.status != GameStatus.OPEN:
        raise GameError(f"game #{game_id} has started; there is no seat left to invite anyone to")
    if not Seat.objects.filter(game=game, user=inviter).exists():
        raise NotAPlayer("only a player of the game can invite others to it")
    invitee = User.objects.filter(email__iexact=address).first()
    if invitee is not None and Seat.objects.filter(game=game, user=invitee).exists():
        raise GameError(f"{address} already has a seat in this game")
    # The row belongs to the invitee when they have an account, else to the inviter, addressed to `to`.
    outbox.write_invitation(game_id=game.pk, user_id=(invitee or inviter).pk, inviter=inviter.name,
                            to=None if invitee else address)
