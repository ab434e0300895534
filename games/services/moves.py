"""Moves: one move (web, API, deadline) or several lines of a mail reply, applied all or nothing.

Every move is checked by the rules against the game's snapshot and written by
one version-guarded statement (:meth:`games.services.turn.Turn.commit`); a
stale snapshot is retried on a fresh read, and a refusal is only reported once
it was confirmed against the current projection.

The rules answer bad input with ``IllegalMove``. Should they raise anything
else while reading or applying a player's move (a bug the property tests have
not found yet), the move is refused all the same: the player is told it could
not be read and how moves are written, nothing is changed, and the error is
logged with the game and seat but without the state, the move or its text
(a sealed bid is a secret; see :func:`_guarded`).
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TypeVar

from django.db import IntegrityError

from accounts.models import User
from games import store
from games.models import Event, GameStatus, Source
from games.rules import IllegalMove, Rules, get_rules
from games.rules.text import shown
from games.services.errors import CommandFailed, GameError, GameMovedOn
from games.services.turn import Turn, actor_of, seat_of, snapshot_of, with_fresh_retry
from games.store import StaleSnapshot

log = logging.getLogger(__name__)
T = TypeVar("T")


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
    shown: str = ""  # the move in the game's notation, as the rules print it
    hash: str = ""  # the hash of the event that recorded the move: the player's receipt
    # A later move of the same submission revised this sealed input (a bid set twice): only the later stands.
    superseded: bool = False


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


def submit_moves(
    *,
    game_id: int,
    user: User,
    texts: Sequence[str],
    source: str = Source.EMAIL,
    idempotency_key: str | None = None,
    as_reply: bool = False,
) -> list[MoveResult]:
    """Apply several moves in notation, in order, all or nothing (one email, several lines).

    Each move is parsed against the state the previous ones produced. With
    ``as_reply`` the lines are those of a mail reply and the rules group them
    into moves (``rules.reply_moves``: a move may span several lines). If any
    move is refused, :class:`CommandFailed` names its line and nothing is written.
    """
    if not texts:
        raise GameError("no moves given")
    return _submit(game_id, user, None, [(None, text) for text in texts], source, idempotency_key, None,
                   name_lines=True, as_reply=as_reply)


def _help_for(game_id: int) -> str:
    snapshot = store.load_snapshot(game_id)
    return get_rules(snapshot.rules_slug, snapshot.rules_version).notation_help() if snapshot else ""


def _submit(game_id: int, user: User | None, seat: int | None, items: list[tuple[Any, str | None]], source: str,
            idempotency_key: str | None, expected_version: int | None, *, name_lines: bool,
            as_reply: bool = False) -> list[MoveResult]:
    """Apply (move or text) items in order, all or nothing; the idempotency key marks the first event."""

    def attempt(fresh: bool) -> list[MoveResult]:
        snapshot = snapshot_of(game_id, fresh)
        if snapshot.status != GameStatus.ACTIVE:
            if idempotency_key and (previous := _previous_result(game_id, idempotency_key)):
                return [previous]
            raise GameError(f"game #{game_id} is {GameStatus(snapshot.status).label}; it takes no moves")
        acting = seat_of(snapshot, user, seat)
        if acting in snapshot.bot_seats and source != Source.DEADLINE:
            raise GameError("your seat is played automatically now (you resigned, or were replaced after "
                            "repeated timeouts)")
        turn = Turn(snapshot)
        rules = turn.rules
        if expected_version is not None and expected_version != snapshot.version:
            if not fresh and expected_version > snapshot.version:
                # The player saw a later version than this process's cache holds (another process wrote it):
                # the cache is stale, nothing else is known yet.
                raise StaleSnapshot()
            # A form built on an older situation (another tab, the Back button) is not a move the player
            # chose knowing what happened since. Only a revision of the seat's own sealed input, which
            # nothing since can have changed, stands.
            if idempotency_key and (previous := _previous_result(game_id, idempotency_key)):
                return [previous]
            if fresh and acting not in rules.open_seats(turn.state):
                raise GameMovedOn("the game moved on since you looked at it: here is the new situation; "
                                  "make your move again if it still fits")
            if not fresh:
                raise StaleSnapshot()  # confirm against the current projection before saying no
        todo = items
        if as_reply:
            lines = [t or "" for _, t in items]
            try:
                grouped = _guarded(rules, game_id, acting, None, fresh,
                                   lambda: rules.reply_moves(turn.state, acting, lines))
                if not grouped:
                    # Lines the rules found no move in (only separators, say): nothing to apply is a refusal.
                    raise IllegalMove(f"'{shown(' '.join(lines), 60)}' holds no move",
                                      accepted=rules.notation_help().strip() or None)
            except IllegalMove as refusal:
                if not fresh:
                    raise
                raise CommandFailed(0, lines[0], refusal) from refusal
            todo = [(None, text) for text in grouped]
        results: list[MoveResult] = []
        for index, (move, text) in enumerate(todo):
            before = turn.state
            # Input from a seat no longer awaited but still open (a sealed bid) replaces what it sent before.
            revises = bool(results) and acting not in rules.to_act(before) and acting in rules.open_seats(before)
            try:
                chosen = move if move is not None else _guarded(
                    rules, game_id, acting, text, fresh, lambda: rules.parse_move(before, acting, text or ""))
                warnings = _guarded(rules, game_id, acting, text, fresh,
                                    lambda: rules.warnings(before, acting, chosen))
                # Applied before it is written in notation, so a move the rules refuse gets their reason.
                _guarded(rules, game_id, acting, text, fresh, lambda: turn.play(
                    acting, chosen, kind="move", source=source, actor=actor_of(user),
                    extra={"text": text.strip()} if text else {},
                    idempotency_key=idempotency_key if index == 0 else None))
                written = _guarded(rules, game_id, acting, text, fresh,
                                   lambda: rules.format_move(before, acting, chosen))
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
            receipt = next(e.hash for e in reversed(turn.events) if e.kind == "move")
            if revises:
                results[-1].superseded = True
            results.append(MoveResult(game_id, turn.chain.seq, acting, chosen, (text or "").strip(),
                                      warnings=list(warnings), shown=written, hash=receipt))
            if source == Source.WEB:
                # A move made on the web is confirmed by mail too (mail moves get their reply instead).
                turn.notice("move_confirmed", acting, {"move": written, "hash": receipt})
            turn.autoplay()
        try:
            result = turn.commit()
        except IntegrityError:
            # The idempotency key is already used: this is a resubmission.
            previous = _previous_result(game_id, idempotency_key) if idempotency_key else None
            if previous is None:
                raise StaleSnapshot() from None
            return [previous]
        results[-1].finished = result is not None
        return results

    return with_fresh_retry(attempt)


def _guarded(rules: Rules, game_id: int, seat: int, text: str | None, fresh: bool, step: Callable[[], T]) -> T:
    """``step()``: the rules reading or applying a player's input; an unexpected error becomes a refusal.

    IllegalMove and GameError pass through. Anything else is logged (on the
    attempt against the current projection only, so once per submission) and
    refused with :func:`_unreadable`: the player learns what to do, and the
    caller writes nothing.
    """
    try:
        return step()
    except (IllegalMove, GameError):
        raise
    except Exception as error:  # noqa: BLE001 - a rules bug must not become a 500 or a mail marked failed
        if fresh:
            # Where it happened, not what: the exception's message could quote the state (a sealed bid,
            # a deck order, the seed) and the text is the player's own secret, so both are left out.
            frames = "".join(traceback.format_tb(error.__traceback__))
            log.error("unexpected %s from the %s rules while reading a move in game %s (seat %s); refused as "
                      "unreadable\n%s", type(error).__name__, rules.slug, game_id, seat, frames)
        raise _unreadable(rules, text) from None


def _unreadable(rules: Rules, text: str | None) -> IllegalMove:
    """The refusal of input the rules could not handle: what happened, nothing changed, how moves are written."""
    what = (f"'{shown(' '.join(text.split()), 60)}' could not be read as a move" if text and text.strip()
            else "that move could not be read")
    notation = rules.notation_help().strip()
    accepted = ("write it as the game's notation shows and send it again:\n" + notation if notation
                else "check how moves are written in this game and send it again")
    return IllegalMove(f"{what}, so nothing was changed", accepted=accepted)


def _previous_result(game_id: int, key: str) -> MoveResult | None:
    event = Event.objects.filter(game_id=game_id, idempotency_key=key).first()
    if event is None or event.seat is None:
        return None
    return MoveResult(game_id, event.seq, event.seat, event.payload.get("move"), event.payload.get("text", ""),
                      duplicate=True, hash=event.hash)
