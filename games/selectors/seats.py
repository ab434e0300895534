"""Who looks at a game and what their seat may see: views, decisions, descriptions, move help.

Everything shown to a person goes through ``rules.view(state, seat)`` (or
``rules.choices`` / ``rules.describe``) for that person's seat (``None`` for
spectators), so pages, mails and API answers cannot show more than the rules allow.
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Sequence, TypeVar

from accounts.models import User
from games.models import Game, Projection, Seat
from games.rules import Decision, State
from config.db.compiled import Prepared
from games.store import game_records, replay_events


@dataclass
class Viewer:
    """Who is looking: their seat in the game, or None for a spectator."""

    user: User | None
    seat: int | None

    @property
    def is_player(self) -> bool:
        return self.seat is not None


def seat_rows(game: Game) -> list[Seat]:
    """The game's seats with their players, read once per game object (a page asks many times).

    Ordered by seat index, then joining order (before the start, seats have no index yet).
    """
    cached: list[Seat] | None = getattr(game, "_seat_rows", None)
    if cached is None:
        rows: list[Seat] = _SEATS(game.pk)  # type: ignore[assignment]
        game._seat_rows = rows  # type: ignore[attr-defined]
        return rows
    return cached


def load_seat_rows(games: Sequence[Game]) -> None:
    """Read the seats of many games in one query (a list page), so that ``seat_rows`` then reads none."""
    by_game: dict[int, list[Seat]] = {game.pk: [] for game in games}
    if not by_game:
        return
    seats = (Seat.objects.filter(game_id__in=by_game).select_related("user")
             .order_by("game_id", "index", "joined_at", "pk"))  # seat_rows' order within each game
    for seat in seats:
        by_game[seat.game_id].append(seat)
    for game in games:
        game._seat_rows = by_game[game.pk]  # type: ignore[attr-defined]


_SEATS = Prepared("seats", lambda game_id: Seat.objects.filter(game_id=game_id).select_related("user")
                  .order_by("index", "joined_at", "pk"))


def viewer_for(game: Game, user: Any) -> Viewer:
    if user is None or not user.is_authenticated:
        return Viewer(None, None)
    seat = next((s.index for s in seat_rows(game) if s.user_id == user.pk), None)
    return Viewer(user, seat)


def projection_of(game: Game) -> Projection:
    """The game's projection, read now (a game object may be older than its last move)."""
    return Projection.objects.get(pk=game.pk)


def current_projection(game: Game) -> Projection:
    """The projection read together with ``game`` in this request (``game_get``), else read now."""
    try:
        projection: Projection = game.projection
    except Projection.DoesNotExist:
        return projection_of(game)
    return projection


# Past states by (game, seq): events never change, so the state after one never does either.
# Several mails about the same event (one per seat) then share a single replay.
_PAST_STATES: "OrderedDict[tuple[int, int], State | None]" = OrderedDict()
_PAST_STATES_SIZE = 256


def state_at(game: Game, seq: int | None) -> State | None:
    """The state after event ``seq`` (the projection when it is current, else a replay, kept)."""
    projection = projection_of(game)
    if seq is None or seq >= projection.version:
        return projection.state
    key = (game.pk, seq)
    if key not in _PAST_STATES:
        _PAST_STATES[key] = replay_events(game_records(game), upto=seq)
        while len(_PAST_STATES) > _PAST_STATES_SIZE:
            _PAST_STATES.popitem(last=False)
    return _PAST_STATES[key]


T = TypeVar("T")

# What the rules said to one seat (or to spectators) about one state, by (game, the state's last event
# hash, seat, question). The hash names the whole chain of events, so the state, and with it every
# answer of the pure rules, is fixed by the key; the seat is in the key, so no seat is given what the
# rules told another. A page shown again (a reload, a spectator's refresh) then asks the rules nothing.
# Answers are kept pickled and unpickled for each reader: nobody can change what the next reader gets.
_SEAT_ANSWERS: "OrderedDict[tuple[int, str, int | None, str], bytes]" = OrderedDict()
_SEAT_ANSWERS_SIZE = 512


def _remembered(game: Game, projection: Projection, seat: int | None, question: str, ask: Callable[[], T]) -> T:
    """``ask()``, or what it answered before for the same state, seat and question."""
    key = (game.pk, projection.last_hash, seat, question)
    kept = _SEAT_ANSWERS.get(key)
    if kept is not None:
        try:
            _SEAT_ANSWERS.move_to_end(key)
        except KeyError:  # another thread of this process let it go meanwhile: the copy read is still right
            pass
        answer: T = pickle.loads(kept)
        return answer
    answer = ask()
    _SEAT_ANSWERS[key] = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
    while len(_SEAT_ANSWERS) > _SEAT_ANSWERS_SIZE:
        _SEAT_ANSWERS.popitem(last=False)
    return answer


def seat_names(game: Game) -> list[str]:
    return [seat.user.name for seat in seat_rows(game) if seat.index is not None]


def seat_view(game: Game, seat: int | None, projection: Projection | None = None) -> dict[str, Any] | None:
    """``rules.view`` of the current state for ``seat`` (None: spectator); None before the start."""
    projection = projection or projection_of(game)
    if projection.state is None:
        return None
    return game.rules.view(projection.state, seat)


def seat_decision(game: Game, seat: int | None, projection: Projection | None = None) -> Decision | None:
    """``rules.choices`` for the seat's next decision (None for spectators and seats not awaited)."""
    if seat is None:
        return None
    projection = projection or projection_of(game)
    if projection.state is None or seat in projection.bot_seats:
        return None
    state = projection.state
    return _remembered(game, projection, seat, "choices", lambda: game.rules.choices(state, seat))


def may_revise(game: Game, seat: int | None, projection: Projection | None = None) -> bool:
    """Whether the seat may send input although it is not awaited (revising a sealed bid)."""
    projection = projection or projection_of(game)
    if seat is None or projection.state is None or seat in projection.bot_seats:
        return False
    return seat in game.rules.open_seats(projection.state)


def seat_description(game: Game, seat: int | None, projection: Projection | None = None) -> str:
    projection = projection or projection_of(game)
    if projection.state is None:
        return ""
    state = projection.state
    return _remembered(game, projection, seat, "describe", lambda: game.rules.describe(state, seat))


def phase_label(game: Game, seat: int | None, projection: Projection | None = None) -> str:
    """Where the game stands for ``seat`` in a few words ("your bid, round 3"), from the rules."""
    projection = projection or projection_of(game)
    if projection.state is None:
        return "waiting for players"
    state = projection.state
    return _remembered(game, projection, seat, "phase", lambda: game.rules.phase_label(state, seat))


def move_help(game: Game, seat: int, projection: Projection | None = None, limit: int = 5) -> dict[str, Any]:
    """Notation help and a few legal examples for the seat's move box."""
    projection = projection or projection_of(game)
    rules = game.rules
    examples: list[str] = []
    if projection.state is not None and (seat in projection.to_act or seat in rules.open_seats(projection.state)):
        state = projection.state
        examples = _remembered(game, projection, seat, f"examples{limit}",
                               lambda: list(rules.example_moves(state, seat, limit)))
    return {"notation": rules.notation_help(), "examples": examples}


def move_preview(game: Game, seat: int, *, move: Any = None, text: str | None = None,
                 projection: Projection | None = None) -> tuple[Any, list[str]]:
    """The canonical move for ``text`` (or ``move``) and the rules' warnings about it, changing nothing.

    Raises ``IllegalMove`` when the text is not a move. The write path checks
    everything again; this only lets a page ask "are you sure?" first.
    """
    projection = projection or projection_of(game)
    rules = game.rules
    state = projection.state
    if state is None:
        return move, []
    if move is None:
        move = rules.parse_move(state, seat, text or "")
    return move, list(rules.warnings(state, seat, move))


__all__ = ["Viewer", "current_projection", "may_revise", "move_help", "move_preview", "phase_label", "projection_of",
           "seat_decision", "seat_description", "seat_names", "seat_view", "state_at", "viewer_for"]
