"""Reads: what a viewer may see of a game, its log, its replay and its results.

Everything shown to a person goes through ``rules.view(state, seat)`` for that
person's seat (``None`` for spectators), so pages, mails and API answers cannot
show more than the rules allow.
"""

from __future__ import annotations

import datetime
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils import dateformat, timezone

from accounts.models import User
from games.models import Event, Game, GameStatus, Projection, Seat
from games.rules import Decision
from games.rules.base import State
from games.store import game_records, replay_events, replay_states


@dataclass
class Viewer:
    """Who is looking: their seat in the game, or None for a spectator."""

    user: User | None
    seat: int | None

    @property
    def is_player(self) -> bool:
        return self.seat is not None


def viewer_for(game: Game, user: User | None) -> Viewer:
    if user is None or not user.is_authenticated:
        return Viewer(None, None)
    seat = Seat.objects.filter(game=game, user=user).values_list("index", flat=True).first()
    return Viewer(user, seat)


def projection_of(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)


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


def seat_names(game: Game) -> list[str]:
    seats = Seat.objects.filter(game=game, index__isnull=False).select_related("user").order_by("index")
    return [seat.user.name for seat in seats]


def open_games() -> QuerySet[Game]:
    return Game.objects.filter(status=GameStatus.OPEN).order_by("-created_at").prefetch_related("seats__user")


def games_of(user: User) -> QuerySet[Game]:
    return (
        Game.objects.filter(seats__user=user)
        .order_by("status", "-created_at")
        .select_related("projection")
        .prefetch_related("seats__user")
    )


def recent_games(limit: int = 20) -> QuerySet[Game]:
    return Game.objects.exclude(status=GameStatus.OPEN).order_by("-created_at").prefetch_related("seats__user")[:limit]


def awaited_names(game: Game, projection: Projection | None = None) -> list[str]:
    projection = projection or projection_of(game)
    names = seat_names(game)
    return [names[s] for s in projection.to_act if s < len(names)]


def is_awaited(game: Game, seat: int | None, projection: Projection | None = None) -> bool:
    projection = projection or projection_of(game)
    return seat is not None and seat in projection.to_act


# Events about the clock: the game page lists them as the deadline's history.
DEADLINE_KINDS = ("deadline_set", "deadline_extended", "vacation_started", "vacation_ended", "timeout",
                  "player_replaced", "game_aborted")


def parse_moment(value: str | None) -> datetime.datetime | None:
    """An event payload's ISO timestamp (``...Z``) as an aware datetime; None if missing or garbled."""
    if not value:
        return None
    try:
        return datetime.datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None


def local_time(moment: datetime.datetime | str | None, fmt: str = "D j M H:i") -> str:
    """A moment in the viewer's time zone (the middleware activates it per request): "Tue 24 Nov 18:00"."""
    if isinstance(moment, str):
        moment = parse_moment(moment)
    if moment is None:
        return "?"
    return dateformat.format(timezone.localtime(moment), fmt)


def _names_of(payload: dict[str, Any], seats: Any, names: list[str]) -> str:
    return ", ".join(names[s] if isinstance(s, int) and 0 <= s < len(names) else f"seat {s + 1}"
                     for s in (seats or []))


def describe_event(record: dict[str, Any], names: list[str], game: Game, states_before: State | None,
                   context: dict[str, Any] | None = None) -> str:
    """One event in words, with deadlines in the viewer's time zone.

    ``context`` carries what an event cannot say alone: ``vacation_until`` maps a
    seat to the end of its latest vacation (a vacation push names it).
    """
    kind = record["kind"]
    payload = record["payload"]
    who = names[record["seat"]] if record["seat"] is not None and record["seat"] < len(names) else ""
    if kind == "game_created":
        return "game created"
    if kind == "player_joined":
        return f"{payload.get('name', 'a player')} joined"
    if kind == "player_left":
        return f"{payload.get('name', 'a player')} left before the start"
    if kind == "game_started":
        return "game started: " + ", ".join(f"seat {i + 1} {n}" for i, n in enumerate(payload.get("names", [])))
    if kind == "resigned":
        return f"{who} resigned"
    if kind == "game_aborted":
        return f"game aborted ({payload.get('reason', '')})"
    if kind == "timeout":
        policy = "the deadline policy" + (" (skip)" if payload.get("policy") == "skip" else "")
        # The move itself stays out of the public log: it may be a secret (a bid not yet revealed).
        return f"timeout: {who}'s move was made by {policy}"
    if kind == "move":
        return f"{who} moved" + (" (automatically)" if payload.get("auto") else "")
    if kind == "deadline_set":
        reason = str(payload.get("reason", "turn"))
        why = "new turn"
        if "paused for vacation until" in reason:
            why = "new turn; the clock starts when the player is back on " + local_time(reason.rsplit(" ", 1)[-1])
        return (f"deadline set for {_names_of(payload, payload.get('seats'), names) or 'nobody'}: "
                f"{local_time(payload.get('deadline'))} ({why})")
    if kind == "deadline_extended":
        if payload.get("reason") == "vacation":
            until = (context or {}).get("vacation_until", {}).get(record["seat"])
            away = f" until {local_time(until)}" if until else ""
            return f"pushed back to {local_time(payload.get('deadline'))}: {who} on vacation{away}"
        left = payload.get("left")
        left_text = f", {left} left" if left is not None else ""
        return f"extended by {who} (extension{left_text}): now {local_time(payload.get('deadline'))}"
    if kind == "vacation_started":
        return f"{who} on vacation until {local_time(payload.get('until'))}"
    if kind == "vacation_ended":
        return f"{who} is back from vacation"
    if kind == "player_replaced":
        reason = str(payload.get("reason", ""))
        if reason.startswith("1 timeouts"):
            reason = "1 timeout" + reason[len("1 timeouts"):]
        if payload.get("by") == "bot":
            return f"{who} replaced by a bot after {reason}" if reason else f"{who} replaced by a bot"
        if payload.get("user") is not None:
            return f"{payload.get('name', 'a substitute')} took over seat {record['seat'] + 1} as a substitute"
        return (f"{who}'s seat offered to a substitute after {reason} (played by default moves meanwhile)"
                if reason else f"{who}'s seat offered to a substitute")
    return kind.replace("_", " ")


def _name_timeline(game: Game) -> tuple[list[str], list[tuple[int, int, str]]]:
    """The players' names at the start and each later substitution as (seq, seat, name).

    A substitute's name must not be written over the moves its predecessor made,
    so logs name each seat's player as of the event (two small indexed queries).
    """
    started = Event.objects.filter(game=game, kind="game_started").values_list("payload", flat=True).first()
    names = list(started.get("names", [])) if started else seat_names(game)
    changes = [
        (seq, seat, payload.get("name", ""))
        for seq, seat, payload in Event.objects.filter(game=game, kind="player_replaced", payload__by="substitute")
        .order_by("seq").values_list("seq", "seat", "payload")
        if payload.get("user") is not None and seat is not None
    ]
    return names, changes


def _describe_records(records: list[dict[str, Any]], game: Game) -> list[str]:
    """Summaries of ``records`` (oldest first, each with its ``seq``), names as they were at the time."""
    start_names, changes = _name_timeline(game)
    context: dict[str, Any] = {"vacation_until": {}}
    out = []
    for record in records:
        names = list(start_names)
        for seq, seat, name in changes:
            # The substitution event itself already speaks of the newcomer by name.
            if seq < record["seq"] and seat < len(names):
                names[seat] = name
        if record["kind"] == "vacation_started":
            context["vacation_until"][record["seat"]] = record["payload"].get("until")
        out.append(describe_event(record, names, game, None, context))
    return out


def result_summary(game: Game) -> str:
    """Final scores in one block of text (for mails and the page)."""
    result = game.result
    if not result:
        return ""
    names = seat_names(game)
    resigned = set(Seat.objects.filter(game=game, resigned=True).values_list("index", flat=True))
    order = sorted(range(len(result["scores"])), key=lambda s: -result["scores"][s])
    lines = ["Final scores:"]
    for seat in order:
        marks = []
        if seat in winners(game):
            marks.append("winner")
        if seat in resigned:
            marks.append("resigned")
        label = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"  {names[seat] if seat < len(names) else seat + 1}: {result['scores'][seat]}{label}")
    return "\n".join(lines)


def winners(game: Game) -> list[int]:
    """The rules' winners, less any who resigned (a resigned seat is played on but cannot win)."""
    if not game.result:
        return []
    resigned = set(Seat.objects.filter(game=game, resigned=True).values_list("index", flat=True))
    return [seat for seat in game.result.get("winners", []) if seat not in resigned]


def game_get(game_id: int) -> Game | None:
    return Game.objects.filter(pk=game_id).select_related("projection").first()


@dataclass
class SeatInfo:
    index: int | None
    name: str
    user_id: int
    resigned: bool


def seats_of(game: Game) -> list[SeatInfo]:
    """Who sits where (index None until the game starts and seats are drawn)."""
    seats = Seat.objects.filter(game=game).select_related("user").order_by("index", "joined_at", "pk")
    return [SeatInfo(s.index, s.user.name, s.user_id, s.resigned) for s in seats]


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
    return game.rules.choices(projection.state, seat)


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
    return game.rules.describe(projection.state, seat)


def move_help(game: Game, seat: int, projection: Projection | None = None, limit: int = 5) -> dict[str, Any]:
    """Notation help and a few legal examples for the seat's move box."""
    projection = projection or projection_of(game)
    rules = game.rules
    examples: list[str] = []
    if projection.state is not None:
        try:
            examples = list(rules.example_moves(projection.state, seat, limit))
        except Exception:  # noqa: BLE001 - examples are a courtesy; a seat with nothing to do has none
            examples = []
    return {"notation": rules.notation_help(), "examples": examples}


def move_preview(game: Game, seat: int, *, move: Any = None, text: str | None = None) -> tuple[Any, list[str]]:
    """The canonical move for ``text`` (or ``move``) and the rules' warnings about it, changing nothing.

    Raises ``IllegalMove`` when the text is not a move. The write path checks
    everything again; this only lets a page ask "are you sure?" first.
    """
    projection = projection_of(game)
    rules = game.rules
    state = projection.state
    if state is None:
        return move, []
    if move is None:
        move = rules.parse_move(state, seat, text or "")
    warn = getattr(rules, "warnings", None)
    return move, (list(warn(state, seat, move)) if warn is not None else [])


def public_log(game: Game, limit: int | None = None, kinds: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """The game's events in words, newest first, without replaying states (cheap for every page).

    ``kinds`` keeps only those events (the deadline history is the log of the clock's events).
    """
    events = Event.objects.filter(game=game).order_by("-seq").only(
        "seq", "kind", "seat", "payload", "created_at", "source")
    if kinds:
        events = events.filter(kind__in=kinds)
    if limit:
        events = events[:limit]
    rows = list(reversed(list(events)))
    records = [{"seq": e.seq, "kind": e.kind, "seat": e.seat, "payload": e.payload} for e in rows]
    summaries = _describe_records(records, game)
    log = [{"seq": e.seq, "kind": e.kind, "created_at": e.created_at, "source": e.source, "summary": summary}
           for e, summary in zip(rows, summaries)]
    return list(reversed(log))


def chat_of(game: Game, limit: int = 100) -> list[Any]:
    from games.models import ChatMessage

    messages = ChatMessage.objects.filter(game=game).select_related("user").order_by("-created_at")[:limit]
    return list(reversed(list(messages)))


def replay_at(game: Game, viewer: Viewer, step: int | None) -> dict[str, Any]:
    """One step of the replay (1-based, clamped; None = the last) with the list of all steps.

    Views are computed for the shown step only; the rest carry their summaries.
    """
    records = game_records(game)
    states = replay_states(records)
    total = len(records)
    if total == 0:
        return {"total": 0, "step": 0, "steps": [], "view": None, "text": "", "current": None}
    step = total if step is None else max(1, min(step, total))
    steps = [
        {"seq": r["seq"], "kind": r["kind"], "seat": r["seat"], "summary": summary}
        for r, summary in zip(records, _describe_records(records, game))
    ]
    state = states[step - 1]
    rules = game.rules
    return {
        "total": total,
        "step": step,
        "steps": steps,
        "current": steps[step - 1],
        "view": rules.view(state, viewer.seat) if state is not None else None,
        "text": rules.describe(state, viewer.seat) if state is not None else "",
    }


# -- deadlines, vacation and substitutes (issue #4) ------------------------------


@dataclass
class DeadlineInfo:
    """What the game page says about the clock: the deadline, whom it is for, and the rules of time."""

    enabled: bool
    summary: str  # TimeControl.describe()
    deadline: datetime.datetime | None
    reminder_at: datetime.datetime | None
    for_names: list[str]
    away: list[tuple[str, datetime.datetime]]  # awaited players on vacation and when they are back
    extensions_total: int
    extensions_left: int | None  # the viewer's own, None for spectators
    can_extend: bool
    history: list[dict[str, Any]]


def deadline_info(game: Game, viewer: Viewer, projection: Projection | None = None) -> DeadlineInfo:
    """The current deadline and why it is what it is (the clock's events, newest first)."""
    from games.timecontrol import TimeControl

    projection = projection or projection_of(game)
    time = TimeControl.from_json(game.time_control)
    names = seat_names(game)
    clock = projection.clock or {}
    # Seats the service plays never wait for a deadline: it is for the humans still owing input.
    awaited = [s for s in projection.to_act if s not in projection.bot_seats]
    now = timezone.now()
    away = []
    for seat in awaited:
        back = parse_moment((clock.get("away") or {}).get(str(seat)))
        if back is not None and back > now and seat < len(names):
            away.append((names[seat], back))
    left = None
    can_extend = False
    if viewer.seat is not None:
        used = int((clock.get("extensions") or {}).get(str(viewer.seat), 0))
        left = max(time.extensions - used, 0)
        can_extend = (game.status == GameStatus.ACTIVE and time.enabled and projection.deadline is not None
                      and viewer.seat in awaited and left > 0)
    return DeadlineInfo(
        enabled=time.enabled,
        summary=time.describe(),
        deadline=projection.deadline if game.status == GameStatus.ACTIVE else None,
        reminder_at=projection.reminder_at if game.status == GameStatus.ACTIVE else None,
        for_names=[names[s] for s in awaited if s < len(names)],
        away=away,
        extensions_total=time.extensions,
        extensions_left=left,
        can_extend=can_extend,
        history=public_log(game, limit=30, kinds=DEADLINE_KINDS) if time.enabled else [],
    )


@dataclass
class AutoSeat:
    """A seat of a running game that the service plays, open to a substitute."""

    index: int
    name: str  # the player who left it
    why: str  # "resigned", "replaced by a bot", "substitute wanted"


def auto_seats(game: Game, projection: Projection | None = None) -> list[AutoSeat]:
    """Seats played automatically (resigned, or replaced after repeated timeouts), with the reason."""
    projection = projection or projection_of(game)
    if game.status != GameStatus.ACTIVE or not projection.bot_seats:
        return []
    names = seat_names(game)
    resigned = set(Seat.objects.filter(game=game, resigned=True).values_list("index", flat=True))
    bots = set((projection.clock or {}).get("random_bots", []))
    seats = []
    for index in projection.bot_seats:
        why = "resigned" if index in resigned else "replaced by a bot" if index in bots else "timed out repeatedly"
        seats.append(AutoSeat(index, names[index] if index < len(names) else f"seat {index + 1}", why))
    return seats


def substitute_wanted(user: User | None) -> list[dict[str, Any]]:
    """Running games with seats played automatically, for the lobby's "substitute wanted" list.

    ``can_take`` is False where the viewer already plays (one person, one seat).
    """
    games = (
        Game.objects.filter(status=GameStatus.ACTIVE)
        .exclude(projection__bot_seats=[])
        .select_related("projection")
        .prefetch_related("seats__user")
        .order_by("-started_at")[:50]
    )
    items = []
    for game in games:
        seats = auto_seats(game, game.projection)
        if not seats:
            continue
        playing = user is not None and user.is_authenticated and any(s.user_id == user.pk for s in game.seats.all())
        items.append({"game": game, "seats": seats, "can_take": user is not None and user.is_authenticated
                      and not playing, "playing": playing})
    return items


@dataclass
class VacationInfo:
    """The vacation page: the yearly bank, the vacation now running, and the games it pauses."""

    per_year: int
    used: int
    left: int
    current: Any  # accounts.models.Vacation | None
    last_day: datetime.date | None  # the current vacation's last day away, in the user's zone
    history: list[Any]
    paused_games: list[Game]


def vacation_info(user: User) -> VacationInfo:
    from accounts.models import Vacation
    from accounts.services import current_vacation, vacation_days_per_year, vacation_days_used

    now = timezone.now()
    per_year = vacation_days_per_year()
    used = vacation_days_used(user, now.year)
    current = current_vacation(user)
    last_day = None
    if current is not None:
        # ends_at is midnight after the last day away, in the player's zone: the day before is "until".
        last_day = (timezone.localtime(current.ends_at) - datetime.timedelta(seconds=1)).date()
    history = list(Vacation.objects.filter(user=user).order_by("-starts_at")[:10])
    games = list(
        Game.objects.filter(status=GameStatus.ACTIVE, seats__user=user, seats__resigned=False)
        .order_by("-started_at")
    )
    return VacationInfo(per_year, used, max(per_year - used, 0), current, last_day, history, games)


def abort_reason(game: Game) -> str:
    """Why an aborted game ended ("every player resigned", "3 timeouts in a row"), from its event."""
    payload = (Event.objects.filter(game=game, kind="game_aborted").order_by("-seq")
               .values_list("payload", flat=True).first())
    return str((payload or {}).get("reason", ""))


def seat_history(game: Game, seat: int) -> list[dict[str, Any]]:
    """The moves one seat made (or that were made for it), as that seat saw them: its own moves only."""
    return [
        {"seq": seq, "kind": kind, "payload": payload}
        for seq, kind, payload in Event.objects.filter(game=game, seat=seat, kind__in=("move", "timeout"))
        .order_by("seq")
        .values_list("seq", "kind", "payload")
    ]
