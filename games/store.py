"""The event store: append events to a game's hash chain, read them, replay and verify.

Only ``games.services`` appends. Reading and replaying are free for anyone
(views, exports, the replay page, ``rebuild_projections``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from django.utils import timezone

from games.models import Event, Game, Projection, iso
from games.records import GENESIS_HASH, RecordError, Replayer, event_hash, verify_chain
from games.rules import state_hash
from games.rules.base import State


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
) -> Event:
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
    event = Event(
        game_id=chain.game_id,
        seq=chain.seq + 1,
        kind=kind,
        seat=seat,
        actor=actor,
        source=source,
        payload=payload,
        idempotency_key=idempotency_key,
        created_at=created_at,
        prev_hash=chain.last_hash,
        hash=digest,
    )
    chain.seq += 1
    chain.last_hash = digest
    return event


def save_events(events: list[Event]) -> None:
    """One INSERT for all of them; UNIQUE(game, seq) rejects a stale writer."""
    if events:
        Event.objects.bulk_create(events)


def game_records(game: Game) -> list[dict[str, Any]]:
    return [event.as_record() for event in Event.objects.filter(game=game).order_by("seq")]


def replay_events(records: Iterable[dict[str, Any]], upto: int | None = None) -> State | None:
    """The rules state after the events (all of them, or those with seq <= ``upto``)."""
    replayer = Replayer()
    for record in records:
        if upto is not None and record["seq"] > upto:
            break
        replayer.feed(record["kind"], record["seat"], record["payload"])
    return replayer.state


def replay_states(records: list[dict[str, Any]]) -> list[State | None]:
    """The state after each event, in order (for the replay page)."""
    replayer = Replayer()
    states: list[State | None] = []
    for record in records:
        replayer.feed(record["kind"], record["seat"], record["payload"])
        states.append(replayer.state)
    return states


def verify_game(game: Game) -> list[str]:
    """Differences between the stored projection and a full replay, plus chain errors."""
    records = game_records(game)
    problems: list[str] = []
    try:
        last_hash = verify_chain(records) if records else GENESIS_HASH
    except RecordError as error:
        return [f"game {game.pk}: {error}"]
    state = replay_events(records)
    projection = Projection.objects.filter(game=game).first()
    if projection is None:
        return [f"game {game.pk}: no projection"]
    if projection.version != len(records):
        problems.append(f"game {game.pk}: projection at event {projection.version}, log has {len(records)}")
    if projection.last_hash != last_hash:
        problems.append(f"game {game.pk}: projection's last hash differs from the log's")
    stored_hash = state_hash(projection.state) if projection.state is not None else None
    replayed_hash = state_hash(state) if state is not None else None
    if stored_hash != replayed_hash:
        problems.append(f"game {game.pk}: projected state differs from the replayed state")
    if state is not None:
        expected_to_act = game.rules.to_act(state)
        if list(projection.to_act) != expected_to_act:
            problems.append(f"game {game.pk}: to_act {projection.to_act} but replay says {expected_to_act}")
    return problems


def rebuild_projection(game: Game) -> None:
    """Overwrite the projection with a full replay of the game's events."""
    records = game_records(game)
    last_hash = verify_chain(records) if records else GENESIS_HASH
    state = replay_events(records)
    to_act = game.rules.to_act(state) if state is not None else []
    seats = list(game.seats.filter(index__isnull=False).order_by("index"))
    Projection.objects.update_or_create(
        game=game,
        defaults={
            "seat_users": [seat.user_id for seat in seats],
            "bot_seats": [seat.index for seat in seats if seat.resigned],
            "state": state,
            "version": len(records),
            "last_hash": last_hash,
            "to_act": to_act,
            "updated_at": timezone.now(),
        },
    )
