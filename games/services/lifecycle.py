"""A game's life outside its moves: created, joined, left, started, resigned.

Joining and starting change the seat list and the game's status, so they lock
the game's projection row (:func:`games.store.lock_projection`) in a short
transaction; resigning is a turn like any other (version-guarded, see
:mod:`games.services.turn`).
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import store
from games.models import Event, Game, GameStatus, Projection, Seat, Source, iso
from games.records import GENESIS_HASH, game_seed, seed_commitment
from games.rules import GameRng, get_rules
from games.rules.base import derive_seed
from games.services.errors import GameError, GameNotFound, NotAPlayer
from games.services.turn import Turn, actor_of, seat_of, snapshot_of, with_fresh_retry
from games.store import Chain, new_event, save_events
from games.timecontrol import TimeControl
from notifications import outbox

# A player's contribution to the seed: what a program can send without escaping, long enough for 256 bits.
ENTROPY = re.compile(r"[A-Za-z0-9_-]{1,128}")


def _entropy(given: str | None) -> str:
    """The player's contribution to the seed, or one drawn for them when they sent none."""
    if given is None or given == "":
        return secrets.token_hex(16)
    if not ENTROPY.fullmatch(given):
        raise GameError("entropy is 1 to 128 letters, digits, '-' or '_' (for example 64 hex digits from "
                        "your own random source)")
    return given


def _commits_seed(game_id: int) -> bool:
    """Whether the game was created with a seed commitment (games with a seed fixed by an operator are not)."""
    payload = Event.objects.filter(game_id=game_id, seq=1).values_list("payload", flat=True).first() or {}
    return "seed_commitment" in payload


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
    entropy: str | None = None,
) -> Game:
    """Open a new game (``game_created`` event); the creator takes the first seat if ``join``.

    ``time_control`` is a :class:`games.timecontrol.TimeControl` as JSON (none: no deadlines).
    Without ``seed`` the server's part of the seed is drawn here and only its
    commitment is recorded (see :mod:`games.records`); the players' entropy is
    mixed in at the start and the server's part revealed at the end. A ``seed``
    given by an operator (or a test) is recorded as it is and used alone.
    """
    rules = get_rules(rules_slug)
    rules.check_players(num_players)
    resolved = rules.resolve_options(options)
    rules.check_options(num_players, resolved)
    time = TimeControl.from_json(time_control).to_json()
    if entropy is not None:
        _entropy(entropy)  # refuse a bad contribution before anything is written
    committed = not seed
    seed = seed or secrets.token_hex(32)
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
            **({"seed_commitment": seed_commitment(seed)} if committed else {"seed": seed}),
            "time": time,
        },
        source=source,
        actor=actor_of(creator),
    )
    save_events([event])
    Projection.objects.create(game=game, state=None, version=chain.seq, last_hash=chain.last_hash)
    if join and creator is not None:
        _join_locked(_lock(game.pk), game, creator, source, entropy)
    return game


def _lock(game_id: int) -> Projection:
    projection = store.lock_projection(game_id)
    if projection is None:
        raise GameNotFound(f"there is no game #{game_id}")
    return projection


def _join_locked(projection: Projection, game: Game, user: User, source: str, entropy: str | None = None) -> None:
    if game.status != GameStatus.OPEN:
        raise GameError(f"game #{game.pk} has already started; it takes no more players")
    if Seat.objects.filter(game=game, user=user).exists():
        raise GameError(f"you already have a seat in game #{game.pk}")
    taken = Seat.objects.filter(game=game).count()
    if taken >= game.num_players:
        raise GameError(f"game #{game.pk} is full")
    payload: dict[str, Any] = {"user": user.pk, "name": user.name}
    if _commits_seed(game.pk):
        payload["entropy"] = _entropy(entropy)
    elif entropy:
        raise GameError(f"game #{game.pk} was made with a fixed seed; it takes no entropy")
    Seat.objects.create(game=game, user=user)
    chain = Chain(game.pk, projection.version, projection.last_hash)
    save_events([new_event(chain, kind="player_joined", payload=payload, source=source, actor=actor_of(user))])
    store.update_projection(game.pk, version=chain.seq, last_hash=chain.last_hash)
    projection.version, projection.last_hash = chain.seq, chain.last_hash
    if taken + 1 == game.num_players:
        _start_locked(projection, game, source)


@transaction.atomic
def game_join(*, game_id: int, user: User, source: str = Source.WEB, entropy: str | None = None) -> Game:
    """Take a seat in an open game; the game starts by itself when the last seat is taken.

    ``entropy`` is the player's contribution to the seed (drawn for them when None).
    """
    projection = _lock(game_id)
    game = projection.game
    _join_locked(projection, game, user, source, entropy)
    game.refresh_from_db()
    return game


@transaction.atomic
def game_leave(*, game_id: int, user: User, source: str = Source.WEB) -> None:
    """Give up a seat before the game starts (recorded, as its joining was)."""
    projection = _lock(game_id)
    game = projection.game
    if game.status != GameStatus.OPEN:
        raise GameError("the game has started; use resign instead")
    deleted, _ = Seat.objects.filter(game=game, user=user).delete()
    if not deleted:
        raise NotAPlayer(f"you have no seat in game #{game.pk}")
    chain = Chain(game.pk, projection.version, projection.last_hash)
    save_events([new_event(chain, kind="player_left", payload={"user": user.pk, "name": user.name},
                           source=source, actor=actor_of(user))])
    store.update_projection(game.pk, version=chain.seq, last_hash=chain.last_hash)


def _start_locked(projection: Projection, game: Game, source: str) -> None:
    seats = list(Seat.objects.filter(game=game).order_by("joined_at", "pk").select_related("user"))
    seed, seeding = game.seed, {}
    if _commits_seed(game.pk):
        contributions = _contributions(game, [seat.user_id for seat in seats])
        seed = game_seed(game.seed, contributions)
        seeding = {"entropy": contributions, "seed": seed}
    # Seat order is drawn from the game's seed, so it is fair and reproducible.
    order = GameRng(derive_seed(seed, "seats")).shuffled(range(len(seats)))
    ordered = [seats[i] for i in order]
    for index, seat in enumerate(ordered):
        seat.index = index
    Seat.objects.bulk_update(ordered, ["index"])
    rules = get_rules(game.rules_slug, game.rules_version)
    state = rules.setup(game.num_players, game.options, seed)
    chain = Chain(game.pk, projection.version, projection.last_hash)
    seat_users = [seat.user_id for seat in ordered]
    events = [new_event(chain, kind="game_started", source=source,
                        payload={"seats": seat_users, "names": [seat.user.name for seat in ordered], **seeding})]
    now = timezone.now()
    to_act = rules.to_act(state)
    time = TimeControl.from_json(game.time_control)
    deadline = time.deadline_after(now) if time.enabled and to_act else None
    reminder_at = time.reminder_before(deadline, now) if deadline else None
    if deadline:
        events.append(new_event(chain, kind="deadline_set", source=Source.SYSTEM,
                                payload={"deadline": iso(deadline), "seats": to_act, "reason": "turn"}))
    save_events(events)
    Game.objects.filter(pk=game.pk).update(status=GameStatus.ACTIVE, started_at=now)
    game.status, game.started_at = GameStatus.ACTIVE, now
    store.update_projection(
        game.pk,
        deadline=deadline,
        reminder_at=reminder_at,
        next_due=min([t for t in (deadline, reminder_at) if t]) if deadline else None,
        clock={},
        state=state,
        version=chain.seq,
        last_hash=chain.last_hash,
        to_act=to_act,
        seat_users=seat_users,
        bot_seats=[],
        updated_at=now,
    )
    outbox.hand_over_after_commit(outbox.write_rows(
        outbox.rows_at_start(game.pk, seq=chain.seq, seat_users=seat_users, to_act=to_act)))


def _contributions(game: Game, users: list[int]) -> list[str]:
    """The seated players' entropy from their (latest) ``player_joined`` events, in joining order."""
    latest: dict[int, str] = {}
    for payload in (Event.objects.filter(game=game, kind="player_joined").order_by("seq")
                    .values_list("payload", flat=True)):
        latest[payload["user"]] = str(payload.get("entropy", ""))
    return [latest.get(user, "") for user in users]


@transaction.atomic
def game_start(*, game_id: int, source: str = Source.SYSTEM) -> Game:
    """Start a game whose seats are all taken (joining the last seat does this by itself)."""
    projection = _lock(game_id)
    game = projection.game
    if game.status != GameStatus.OPEN:
        raise GameError(f"game #{game.pk} has already started")
    if Seat.objects.filter(game=game).count() != game.num_players:
        raise GameError(f"game #{game.pk} needs {game.num_players} players before it can start")
    _start_locked(projection, game, source)
    return game


def game_resign(*, game_id: int, user: User, source: str = Source.WEB) -> None:
    """Leave a running game: the seat is played by default moves from now on and cannot win."""

    def attempt(fresh: bool) -> None:
        snapshot = snapshot_of(game_id, fresh)
        if snapshot.status != GameStatus.ACTIVE:
            label = GameStatus(snapshot.status).label
            raise GameError(f"game #{game_id} is {label}; there is nothing to resign from")
        seat = seat_of(snapshot, user, None)
        if seat in snapshot.bot_seats:
            raise GameError("you have already resigned from this game")
        turn = Turn(snapshot)
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

    with_fresh_retry(attempt)
