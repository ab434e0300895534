"""Game records: the exported, self-verifying form of a game, and replay from it.

A record is what ``manage.py export_game`` prints and what ``tests/golden/``
holds::

    {"game": {...metadata...},
     "events": [{"seq": 1, "kind": "game_created", "seat": null, "source": "system",
                 "actor": "system", "payload": {"rules": "<slug>", "rules_version": 1,
                 "options": {...}, "num_players": 3, "seed": "..."},
                 "prev_hash": "000...", "hash": "...", "created_at": "2026-...Z"}, ...],
     "final_state_hash": "..."}

``hash = sha256(prev_hash + canonical JSON of the event without its hashes)``,
so the chain can be checked without trusting the database. Replaying needs only
``games.rules.get_rules``: this module imports no Django on purpose.

Seeds are committed and revealed (games created since commit-reveal seeds):

* ``game_created`` carries ``seed_commitment = sha256("ravenpost-seed:" + server_seed)``
  and no seed: the server is bound to its part before any player adds theirs;
* each ``player_joined`` carries that player's ``entropy`` (chosen by the player,
  or for them when they sent none);
* ``game_started`` carries the ``entropy`` of the seated players in joining order
  and the game's ``seed = HMAC-SHA256(server_seed, canonical JSON of that list)``,
  from which the seat order and every shuffle derive;
* ``seed_revealed`` (when the game ends) carries ``server_seed``, so anyone can
  check the commitment and recompute the seed.

Older records have ``seed`` in ``game_created`` and replay from it as before.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Iterable, Mapping

from games.rules import canonical_json, get_rules, state_hash
from games.rules.base import Rules, State

RECORD_FORMAT = "ravenpost-game-record/1"
GENESIS_HASH = "0" * 64
COMMITMENT_PREFIX = "ravenpost-seed:"
HASHED_FIELDS = ("seq", "kind", "seat", "source", "actor", "payload", "created_at")
# Event kinds whose payload changes the rules state; every other kind is bookkeeping.
STATE_KINDS = frozenset({"game_started", "move", "timeout"})


class RecordError(ValueError):
    """A record whose hash chain or replay does not check out."""


def event_hash(prev_hash: str, event: Mapping[str, Any]) -> str:
    body = {name: event[name] for name in HASHED_FIELDS}
    return hashlib.sha256((prev_hash + canonical_json(body)).encode("utf-8")).hexdigest()


def verify_chain(events: Iterable[Mapping[str, Any]]) -> str:
    """Check seq numbering and every link; return the last hash."""
    prev = GENESIS_HASH
    for expected_seq, event in enumerate(events, start=1):
        if event["seq"] != expected_seq:
            raise RecordError(f"event {event['seq']} is out of sequence (expected {expected_seq})")
        if event["prev_hash"] != prev:
            raise RecordError(f"event {event['seq']} does not link to the event before it")
        if event_hash(prev, event) != event["hash"]:
            raise RecordError(f"event {event['seq']} has been altered: its hash does not match")
        prev = event["hash"]
    return prev


def seed_commitment(server_seed: str) -> str:
    """What ``game_created`` publishes instead of the server's part of the seed."""
    return hashlib.sha256((COMMITMENT_PREFIX + server_seed).encode("utf-8")).hexdigest()


def game_seed(server_seed: str, contributions: list[str]) -> str:
    """The game's seed from the server's part and the players' entropy (neither alone decides it)."""
    return hmac.new(server_seed.encode("utf-8"), canonical_json(list(contributions)).encode("utf-8"),
                    hashlib.sha256).hexdigest()


def started_seed(created: Mapping[str, Any], started: Mapping[str, Any]) -> str:
    """The seed a game was set up with: ``game_started``'s (commit-reveal games), else ``game_created``'s."""
    seed = started.get("seed", created.get("seed"))
    if not isinstance(seed, str):
        raise RecordError("the record names no seed for the game's setup")
    return seed


# The events that carry a move of the rules.
MOVE_KINDS = ("move", "timeout")


class Replayer:
    """Folds events into a rules state, one at a time (used by the store and by records)."""

    def __init__(self, *, stored: bool = False) -> None:
        """``stored``: the events come from this service's own log, whose moves ``apply`` accepted when
        they were made, so each is applied with ``Rules.apply_stored``; a record from outside is not."""
        self.rules: Rules | None = None
        self.created: dict[str, Any] | None = None
        self.state: State | None = None
        self.stored = stored

    def feed(self, kind: str, seat: int | None, payload: Mapping[str, Any]) -> None:
        if kind in MOVE_KINDS:  # first: nearly every event is one
            if self.state is None or self.rules is None or seat is None:
                raise RecordError(f"{kind} before the game started, or without a seat")
            apply = self.rules.apply_stored if self.stored else self.rules.apply
            self.state = apply(self.state, seat, payload["move"])
        elif kind == "game_created":
            self.created = dict(payload)
            self.rules = get_rules(payload["rules"], payload["rules_version"])
        elif kind == "game_started":
            created = self.created
            if created is None or self.rules is None:
                raise RecordError("game_started before game_created")
            self.state = self.rules.setup(created["num_players"], created["options"], started_seed(created, payload))


def replay_record(record: Mapping[str, Any], *, verify: bool = True) -> State | None:
    """The final rules state of a record, checking its chain and final hash when asked."""
    events = record["events"]
    if verify:
        verify_chain(events)
    replayer = Replayer()
    for event in events:
        replayer.feed(event["kind"], event["seat"], event["payload"])
    if verify and replayer.state is not None and "final_state_hash" in record:
        if state_hash(replayer.state) != record["final_state_hash"]:
            raise RecordError("replay does not reach the recorded final state")
    return replayer.state


def build_record(
    *,
    rules_slug: str,
    num_players: int,
    options: Mapping[str, Any],
    seed: str,
    players: list[str],
    moves: Iterable[tuple[int, Any, str]],
    created_at: str = "2026-01-01T00:00:00.000000Z",
    rules_version: int | None = None,
) -> dict[str, Any]:
    """A complete, hash-chained record from a list of (seat, move, text), made without a database.

    Used to write golden games; the result has exactly the shape of an export. The game's current rules
    version unless ``rules_version`` names an older one.
    """
    rules = get_rules(rules_slug, rules_version)
    resolved = rules.resolve_options(dict(options))
    events: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any], seat: int | None = None, source: str = "system") -> None:
        prev = events[-1]["hash"] if events else GENESIS_HASH
        event = {"seq": len(events) + 1, "kind": kind, "seat": seat, "source": source, "actor": "system",
                 "payload": payload, "created_at": created_at}
        event["prev_hash"] = prev
        event["hash"] = event_hash(prev, event)
        events.append(event)

    add("game_created", {"rules": rules.slug, "rules_version": rules.version, "options": resolved,
                         "num_players": num_players, "seed": seed})
    for index, name in enumerate(players):
        add("player_joined", {"user": index + 1, "name": name})
    add("game_started", {"seats": list(range(1, num_players + 1)), "names": players})
    state = rules.setup(num_players, resolved, seed)
    for seat, move, text in moves:
        state = rules.apply(state, seat, move)
        add("move", {"move": move, "text": text}, seat=seat, source="email")
    return {
        "format": RECORD_FORMAT,
        "game": {"rules": rules.slug, "rules_version": rules.version, "players": players,
                 "result": rules.result(state)},
        "events": events,
        "final_state_hash": state_hash(state),
    }
