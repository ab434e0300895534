"""The event store: append events to a game's hash chain, read them, replay and verify.

Only ``games.services`` appends. Reading and replaying are free for anyone
(views, exports, the replay page, ``rebuild_projections``).
"""

from __future__ import annotations

import datetime
import functools
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Iterable

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from config.db import prepared
from config.db.compiled import Prepared
from games import dbjson
from games.models import Event, Game, GameStatus, Narration, Projection, iso
from games.narration import replay_narrated
from games.records import GENESIS_HASH, RecordError, Replayer, event_hash, verify_chain
from games.rules import state_hash
from games.rules.base import State
from notifications import outbox


@dataclass(slots=True)
class NewEvent:
    """An event built on the write path, not yet stored: the columns of :class:`games.models.Event`.

    A plain record rather than a model instance: the move path builds one per move
    and writes it with its own statement, where a model's ``__init__`` cost more
    than the hashing.
    """

    game_id: int
    seq: int
    kind: str
    seat: int | None
    actor: str
    source: str
    payload: dict[str, Any]
    idempotency_key: str | None
    created_at: datetime.datetime
    prev_hash: str
    hash: str

    def to_model(self) -> Event:
        return Event(game_id=self.game_id, seq=self.seq, kind=self.kind, seat=self.seat, actor=self.actor,
                     source=self.source, payload=self.payload, idempotency_key=self.idempotency_key,
                     created_at=self.created_at, prev_hash=self.prev_hash, hash=self.hash)


@dataclass
class Chain:
    """Where the next event goes: the game, the last seq and the last hash."""

    game_id: int
    seq: int
    last_hash: str


def new_event(
    chain: Chain,
    *,
    kind: str,
    payload: dict[str, Any],
    source: str,
    actor: str = "system",
    seat: int | None = None,
    idempotency_key: str | None = None,
) -> NewEvent:
    """Build the next event of ``chain`` (not yet saved) and advance the chain."""
    created_at = timezone.now()
    body = {
        "seq": chain.seq + 1,
        "kind": kind,
        "seat": seat,
        "source": source,
        "actor": actor,
        "payload": payload,
        "created_at": iso(created_at),
    }
    digest = event_hash(chain.last_hash, body)
    event = NewEvent(chain.game_id, chain.seq + 1, kind, seat, actor, source, payload, idempotency_key,
                     created_at, chain.last_hash, digest)
    chain.seq += 1
    chain.last_hash = digest
    return event


def save_events(events: list[NewEvent]) -> None:
    """One INSERT for all of them; UNIQUE(game, seq) rejects a stale writer."""
    if events:
        Event.objects.bulk_create([event.to_model() for event in events])


def game_records(game: Game) -> list[dict[str, Any]]:
    return [event.as_record() for event in Event.objects.filter(game=game).order_by("seq")]


def replay_events(records: Iterable[dict[str, Any]], upto: int | None = None) -> State | None:
    """The rules state after the events (all of them, or those with seq <= ``upto``) of this service's log."""
    replayer = Replayer(stored=True)
    for record in records:
        if upto is not None and record["seq"] > upto:
            break
        replayer.feed(record["kind"], record["seat"], record["payload"])
    return replayer.state


def replay_states(records: list[dict[str, Any]]) -> list[State | None]:
    """The state after each event of this service's log, in order (for the replay page)."""
    replayer = Replayer(stored=True)
    states: list[State | None] = []
    for record in records:
        replayer.feed(record["kind"], record["seat"], record["payload"])
        states.append(replayer.state)
    return states


@dataclass
class Replayed:
    """Everything a projection holds, recomputed from a game's events alone."""

    state: State | None
    narrations: list[tuple[int, dict[str, Any]]]
    version: int
    last_hash: str
    to_act: list[int]
    bot_seats: list[int]
    clock: dict[str, Any]
    deadline: datetime.datetime | None


def _parse_moment(value: Any) -> datetime.datetime | None:
    return datetime.datetime.fromisoformat(str(value).replace("Z", "+00:00")) if value else None


def replay_projection(game: Game, records: list[dict[str, Any]]) -> Replayed:
    """The projection of ``records``: the rules state by replay, and the clock's bookkeeping by folding
    the events that changed it (resignations, replacements, timeouts, extensions, vacations, deadlines).

    A game that is over (finished or aborted) awaits no one and has no deadline, whatever its last
    state would ask: an abort ends a game the rules had not finished.
    """
    state, narrations = replay_narrated(records)
    over = game.status in (GameStatus.FINISHED, GameStatus.ABORTED)
    to_act = [] if over or state is None else game.rules.to_act(state)
    bots: set[int] = set()
    random_bots: set[int] = set()
    timeouts: dict[str, int] = {}
    extensions: dict[str, int] = {}
    away: dict[str, str] = {}
    deadline: datetime.datetime | None = None
    for record in records:
        kind, seat, payload = record["kind"], record["seat"], record["payload"]
        key = str(seat)
        if kind == "move" and record.get("actor") != "system":
            timeouts.pop(key, None)  # a player who moves is no longer absent
        elif kind == "timeout":
            timeouts[key] = timeouts.get(key, 0) + 1
        elif kind == "resigned":
            bots.add(seat)
        elif kind == "player_replaced" and payload.get("user") is not None:  # a substitute took the seat
            bots.discard(seat)
            random_bots.discard(seat)
            timeouts.pop(key, None)
        elif kind == "player_replaced":
            bots.add(seat)
            if payload.get("by") == "bot":
                random_bots.add(seat)
        elif kind in ("deadline_set", "deadline_extended"):
            deadline = _parse_moment(payload.get("deadline"))
            if kind == "deadline_extended" and payload.get("reason") == "extension":
                extensions[key] = extensions.get(key, 0) + 1
        elif kind == "vacation_started":
            away[key] = payload["until"]
        elif kind == "vacation_ended":
            away.pop(key, None)
    clock = {"timeouts": timeouts, "extensions": extensions, "random_bots": sorted(random_bots), "away": away}
    return Replayed(state, narrations, len(records), records[-1]["hash"] if records else GENESIS_HASH, to_act,
                    sorted(bots), clock, deadline if to_act else None)


def _clock_of(projection: Projection) -> dict[str, Any]:
    clock = dict(projection.clock or {})
    return {"timeouts": dict(clock.get("timeouts", {})), "extensions": dict(clock.get("extensions", {})),
            "random_bots": sorted(clock.get("random_bots", [])), "away": dict(clock.get("away", {}))}


def verify_game(game: Game) -> list[str]:
    """Differences between the stored projection and one recomputed from the events, plus chain errors."""
    records = game_records(game)
    try:
        verify_chain(records)
    except RecordError as error:
        return [f"game {game.pk}: {error}"]
    projection = Projection.objects.filter(game=game).first()
    if projection is None:
        return [f"game {game.pk}: no projection"]
    replayed = replay_projection(game, records)
    problems: list[str] = []
    if projection.version != replayed.version:
        problems.append(f"game {game.pk}: projection at event {projection.version}, log has {replayed.version}")
    if projection.last_hash != replayed.last_hash:
        problems.append(f"game {game.pk}: projection's last hash differs from the log's")
    stored_hash = state_hash(projection.state) if projection.state is not None else None
    replayed_hash = state_hash(replayed.state) if replayed.state is not None else None
    if stored_hash != replayed_hash:
        problems.append(f"game {game.pk}: projected state differs from the replayed state")
    if list(projection.to_act) != replayed.to_act:
        problems.append(f"game {game.pk}: to_act {projection.to_act} but replay says {replayed.to_act}")
    if sorted(projection.bot_seats) != replayed.bot_seats:
        problems.append(f"game {game.pk}: seats played by the service {projection.bot_seats}, events say "
                        f"{replayed.bot_seats}")
    if projection.state is not None and _clock_of(projection) != replayed.clock:
        problems.append(f"game {game.pk}: clock {_clock_of(projection)} but events say {replayed.clock}")
    if projection.deadline != replayed.deadline:
        problems.append(f"game {game.pk}: deadline {projection.deadline} but events say {replayed.deadline}")
    stored = dict(Narration.objects.filter(game=game).values_list("seq", "texts"))
    if stored != dict(replayed.narrations):
        problems.append(f"game {game.pk}: the stored narrations differ from the replayed ones")
    return problems


def rebuild_projection(game: Game) -> None:
    """Overwrite the projection (and the narrations) with what the game's events say."""
    from games.timecontrol import TimeControl

    records = game_records(game)
    verify_chain(records)
    replayed = replay_projection(game, records)
    seats = list(game.seats.filter(index__isnull=False).order_by("index"))
    Narration.objects.filter(game=game).delete()
    Narration.objects.bulk_create([Narration(game=game, seq=seq, texts=texts) for seq, texts in replayed.narrations])
    _forget(game.pk)
    now = timezone.now()
    time = TimeControl.from_json(game.time_control)
    reminder_at = time.reminder_before(replayed.deadline, now) if replayed.deadline else None
    due = [t for t in (replayed.deadline, reminder_at) if t is not None]
    Projection.objects.update_or_create(
        game=game,
        defaults={
            "seat_users": [seat.user_id for seat in seats],
            "bot_seats": replayed.bot_seats,
            "state": replayed.state,
            "version": replayed.version,
            "last_hash": replayed.last_hash,
            "to_act": replayed.to_act,
            "clock": replayed.clock if replayed.state is not None else {},
            "deadline": replayed.deadline,
            "reminder_at": reminder_at,
            "next_due": min(due) if due else None,
            "updated_at": now,
        },
    )


def replay_game_state(game_id: int) -> State | None:
    """The current state of a game by full replay, reading only the columns replay needs.

    The moves are applied as stored moves (``Rules.apply_stored``); ``verify_game`` and
    ``rebuild_projection`` check every move again instead, as an audit should.
    """
    replayer = Replayer(stored=True)
    db = transaction.get_connection()
    if db.vendor == "postgresql":
        # The whole log as one JSON text, decoded in one call: per-row decoding and row objects were a
        # third of a rebuild's time besides the rules' own. (Sending only the events and payload parts that
        # replay reads saved a tenth of the bytes and no time.)
        found = prepared.fetchone(db, "SELECT coalesce(json_agg(json_build_array(kind, seat, payload) "
                                  "ORDER BY seq), '[]')::text FROM games_event WHERE game_id = %s", [game_id])
        rows: Iterable[Any] = dbjson.loads(found[0]) if found else []
    else:
        rows = Event.objects.filter(game_id=game_id).order_by("seq").values_list("kind", "seat", "payload")
    for kind, seat, payload in rows:
        replayer.feed(kind, seat, payload)
    return replayer.state


# -- the hot path ------------------------------------------------------------
#
# A move reads the game's snapshot (kept per process, keyed by version) and
# writes everything it changes in one statement whose first part is
#   UPDATE games_projection ... WHERE version = <the version the move was checked against>
# Every other part inserts only if that update matched, so a stale writer
# changes nothing and is told so (it reloads and checks the move again). On
# PostgreSQL the statement is a single CTE: one round trip and one commit.
#
# The snapshot cache is this module's own business: a committed turn replaces
# its game's entry once the transaction commits (a rolled back one leaves the
# old entry, which the version guard then refuses), and every other change to
# a projection goes through this module, which drops the entry.


@dataclass
class Snapshot:
    game_id: int
    rules_slug: str
    rules_version: int
    status: str
    state: State | None
    version: int
    last_hash: str
    to_act: list[int]
    seat_users: list[int]
    bot_seats: list[int]
    time_control: dict[str, Any]
    deadline: datetime.datetime | None
    reminder_at: datetime.datetime | None
    clock: dict[str, Any]
    seed: str


_SNAPSHOTS: "OrderedDict[int, Snapshot]" = OrderedDict()
SNAPSHOT_CACHE_SIZE = 2048
_SNAPSHOT_COLUMNS = ("state", "version", "last_hash", "to_act", "seat_users", "bot_seats", "deadline",
                     "reminder_at", "clock", "game__rules_slug", "game__rules_version", "game__status",
                     "game__time_control", "game__seed")


def _snapshot_read(game_id: int) -> Any:
    return Projection.objects.filter(pk=game_id).values("game_id", *_SNAPSHOT_COLUMNS)


# A move whose process holds no snapshot of its game, or an older one (a game's moves come to whichever web
# process is free), reads it: compiled once and prepared, as a page's reads are.
_SNAPSHOT_READ = Prepared("snapshot", _snapshot_read)


def load_snapshot(game_id: int, *, fresh: bool = False) -> Snapshot | None:
    """The game's current snapshot: from this process's cache, or one read of the projection."""
    if not fresh and game_id in _SNAPSHOTS:
        _SNAPSHOTS.move_to_end(game_id)
        return _SNAPSHOTS[game_id]
    found = _SNAPSHOT_READ.dicts(game_id)
    return _snapshot_of_row(tuple(found[0][name] for name in ("game_id", *_SNAPSHOT_COLUMNS))) if found else None


def lock_due_snapshot(game_id: int, now: datetime.datetime) -> Snapshot | None:
    """Take a due game's projection row unless another sweep holds it, reading it in the same query.

    Must run inside a transaction; None when the game is locked elsewhere or no longer due.
    """
    rows = Projection.objects.select_for_update(skip_locked=True, of=("self",)).filter(pk=game_id,
                                                                                       next_due__lte=now)
    return _snapshot_from(rows)


def lock_projection(game_id: int) -> Projection | None:
    """Lock a game's projection row for a change outside the move path (joining, starting, seats).

    Must run inside a transaction. The cached snapshot is dropped: what the caller
    changes (seats, status) is read afresh by the next move.
    """
    _forget(game_id)
    return Projection.objects.select_for_update(of=("self",)).select_related("game").filter(pk=game_id).first()


def update_projection(game_id: int, **fields: Any) -> None:
    """Change a projection's columns outside the move path (and drop its cached snapshot)."""
    Projection.objects.filter(pk=game_id).update(**fields)
    _forget(game_id)
    transaction.on_commit(lambda: _forget(game_id))


def _snapshot_from(rows: Any) -> Snapshot | None:
    row = rows.values_list("game_id", *_SNAPSHOT_COLUMNS).first()
    return None if row is None else _snapshot_of_row(row)


def _snapshot_of_row(row: tuple[Any, ...]) -> Snapshot:
    (game_id, state, version, last_hash, to_act, seat_users, bot_seats, deadline, reminder_at, clock, slug,
     rules_version, status, time_control, seed) = row
    snapshot = Snapshot(game_id, slug, rules_version, status, state, version, last_hash, list(to_act),
                        list(seat_users), list(bot_seats), dict(time_control or {}), deadline, reminder_at,
                        dict(clock or {}), seed)
    _remember(snapshot)
    return snapshot


def _remember(snapshot: Snapshot) -> None:
    _SNAPSHOTS[snapshot.game_id] = snapshot
    _SNAPSHOTS.move_to_end(snapshot.game_id)
    while len(_SNAPSHOTS) > SNAPSHOT_CACHE_SIZE:
        _SNAPSHOTS.popitem(last=False)


def _forget(game_id: int) -> None:
    _SNAPSHOTS.pop(game_id, None)


@dataclass
class TurnWrite:
    """Everything one accepted turn changes."""

    base: Snapshot
    events: list[NewEvent]
    state: State | None
    to_act: list[int]
    bot_seats: list[int]
    outbox: list[dict[str, Any]]
    deadline: datetime.datetime | None
    reminder_at: datetime.datetime | None
    clock: dict[str, Any]
    status: str | None = None  # a new game status (finished, aborted)
    result: dict[str, Any] | None = None
    narrations: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (seq, texts) of move events
    seat_users: list[int] | None = None  # when a seat changed hands

    @property
    def version(self) -> int:
        return self.base.version + len(self.events)

    @property
    def last_hash(self) -> str:
        return self.events[-1].hash if self.events else self.base.last_hash

    @property
    def next_due(self) -> datetime.datetime | None:
        times = [t for t in (self.reminder_at, self.deadline) if t is not None]
        return min(times) if times else None

    @property
    def users(self) -> list[int]:
        return list(self.seat_users if self.seat_users is not None else self.base.seat_users)


class StaleSnapshot(Exception):
    """The projection moved on since the snapshot was read; nothing was written."""


def commit_turn(write: TurnWrite) -> list[int]:
    """Write a turn if the game is still at ``write.base``; return the new outbox row ids.

    Raises :class:`StaleSnapshot` (having written nothing) if another writer got there first.
    """
    db = transaction.get_connection()  # looked up once: every attribute of the proxy is a lookup
    try:
        if db.vendor != "postgresql":
            ids = _commit_generic(write)
        elif db.in_atomic_block and any(e.idempotency_key for e in write.events):
            # A repeated idempotency key fails the statement; inside a caller's transaction that
            # must not poison it, so this case (and only this one) pays for a savepoint.
            with transaction.atomic():
                ids = _commit_postgresql(write, db)
        else:
            ids = _commit_postgresql(write, db)  # autocommit, or the caller's transaction
    except IntegrityError:
        _forget(write.base.game_id)  # a repeated idempotency key: another writer got there first
        raise
    base = write.base
    snapshot = Snapshot(base.game_id, base.rules_slug, base.rules_version, write.status or base.status, write.state,
                        write.version, write.last_hash, list(write.to_act), write.users, list(write.bot_seats),
                        base.time_control, write.deadline, write.reminder_at, write.clock, base.seed)
    if db.in_atomic_block:
        _forget(base.game_id)  # until the caller's transaction commits, the database is the truth
        transaction.on_commit(lambda: _remember(snapshot))
    else:
        _remember(snapshot)
    return ids


def _projection_fields(write: TurnWrite, now: datetime.datetime) -> dict[str, Any]:
    fields = dict(state=write.state, version=write.version, last_hash=write.last_hash, to_act=write.to_act,
                  bot_seats=write.bot_seats, deadline=write.deadline, reminder_at=write.reminder_at,
                  next_due=write.next_due, clock=write.clock, updated_at=now)
    if write.seat_users is not None:
        fields["seat_users"] = write.seat_users
    return fields


def _commit_generic(write: TurnWrite) -> list[int]:
    now = timezone.now()
    with transaction.atomic():
        updated = Projection.objects.filter(
            pk=write.base.game_id, version=write.base.version, last_hash=write.base.last_hash
        ).update(**_projection_fields(write, now))
        if not updated:
            _forget(write.base.game_id)
            raise StaleSnapshot()
        Event.objects.bulk_create([event.to_model() for event in write.events])
        if write.narrations:
            Narration.objects.bulk_create([Narration(game_id=write.base.game_id, seq=seq, texts=texts)
                                           for seq, texts in write.narrations])
        if write.status:
            Game.objects.filter(pk=write.base.game_id).update(status=write.status, finished_at=now,
                                                              result=write.result)
        return outbox.write_rows(write.outbox)


# Rows travel as one JSON array per table, unpacked by jsonb_to_recordset: the statement keeps a fixed
# number of parameters whatever the turn holds, so psycopg reuses its parsed form and PostgreSQL its plan
# (a VALUES list of 11 parameters per event made a new statement text for every shape of turn).
_EVENT_ROWS = ("jsonb_to_recordset(%s::jsonb) AS v(game_id bigint, seq integer, kind varchar, seat smallint, "
               "actor varchar, source varchar, payload jsonb, idempotency_key varchar, created_at timestamptz, "
               "prev_hash varchar, hash varchar)")
_EVENT_COLUMNS = "game_id, seq, kind, seat, actor, source, payload, idempotency_key, created_at, prev_hash, hash"
_NARRATION_ROWS = "jsonb_to_recordset(%s::jsonb) AS v(game_id bigint, seq integer, texts jsonb)"
_MATCHED = "EXISTS (SELECT 1 FROM p)"


@functools.lru_cache(maxsize=64)
def _turn_statement(events: bool, narrations: bool, status: bool, outbox_rows: bool, seat_users: bool) -> str:
    """The one statement of a turn, for each combination of what it writes."""
    parts = [
        "p AS (UPDATE games_projection SET state = %s::jsonb, version = %s, last_hash = %s, "
        "to_act = %s::jsonb, bot_seats = %s::jsonb, deadline = %s, reminder_at = %s, next_due = %s, "
        f"clock = %s::jsonb, updated_at = %s{', seat_users = %s::jsonb' if seat_users else ''} "
        "WHERE game_id = %s AND version = %s AND last_hash = %s RETURNING game_id)"
    ]
    if events:
        parts.append(f"e AS (INSERT INTO games_event ({_EVENT_COLUMNS}) SELECT {_EVENT_COLUMNS} "
                     f"FROM {_EVENT_ROWS} WHERE {_MATCHED})")
    if narrations:
        parts.append(f"n AS (INSERT INTO {Narration._meta.db_table} (game_id, seq, texts) "
                     f"SELECT game_id, seq, texts FROM {_NARRATION_ROWS} WHERE {_MATCHED})")
    if status:
        parts.append(f"g AS (UPDATE games_game SET status = %s, finished_at = %s, result = %s::jsonb "
                     f"WHERE id = %s AND {_MATCHED})")
    select_ids = "NULL::bigint[]"
    if outbox_rows:
        parts.append(f"o AS ({outbox.insert_statement(when=_MATCHED)})")
        select_ids = "(SELECT array_agg(id) FROM o)"
    return "WITH " + ", ".join(parts) + f" SELECT (SELECT count(*) FROM p), {select_ids}"


def _commit_postgresql(write: TurnWrite, db: Any) -> list[int]:
    now = timezone.now()
    game_id = write.base.game_id
    params: list[Any] = [
        dbjson.dumps(write.state), write.version, write.last_hash, dbjson.dumps(write.to_act),
        dbjson.dumps(write.bot_seats), write.deadline, write.reminder_at, write.next_due, dbjson.dumps(write.clock),
        now, *([dbjson.dumps(write.seat_users)] if write.seat_users is not None else []),
        game_id, write.base.version, write.base.last_hash,
    ]
    if write.events:
        params.append(dbjson.dumps([
            {"game_id": e.game_id, "seq": e.seq, "kind": e.kind, "seat": e.seat, "actor": e.actor,
             "source": e.source, "payload": e.payload, "idempotency_key": e.idempotency_key,
             "created_at": e.created_at, "prev_hash": e.prev_hash, "hash": e.hash} for e in write.events]))
    if write.narrations:
        params.append(dbjson.dumps([{"game_id": game_id, "seq": seq, "texts": texts}
                                    for seq, texts in write.narrations]))
    if write.status:
        params += [write.status, now, dbjson.dumps(write.result), game_id]
    if write.outbox:
        params += outbox.insert_params_for(write.outbox, now)
    sql = _turn_statement(bool(write.events), bool(write.narrations), bool(write.status), bool(write.outbox),
                          write.seat_users is not None)
    # Server-side binding and prepared plans: the statement has few shapes and runs on every move.
    found = prepared.fetchone(db, sql, params)
    matched, ids = found if found is not None else (0, None)
    if not matched:
        _forget(write.base.game_id)
        raise StaleSnapshot()
    return list(ids or [])
