"""Reads: what a viewer may see of a game, its log, its replay and its results.

Everything shown to a person goes through ``rules.view(state, seat)`` for that
person's seat (``None`` for spectators), so pages, mails and API answers cannot
show more than the rules allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from accounts.models import User
from games.models import Event, Game, GameStatus, Projection, Seat
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


def state_at(game: Game, seq: int | None) -> State | None:
    """The state after event ``seq`` (the projection when it is current, else a replay)."""
    projection = projection_of(game)
    if seq is None or seq >= projection.version:
        return projection.state
    return replay_events(game_records(game), upto=seq)


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


# Bookkeeping events shown in the public log, in words.
def describe_event(record: dict[str, Any], names: list[str], game: Game, states_before: State | None) -> str:
    kind = record["kind"]
    payload = record["payload"]
    who = names[record["seat"]] if record["seat"] is not None and record["seat"] < len(names) else ""
    if kind == "game_created":
        return "game created"
    if kind == "player_joined":
        return f"{payload.get('name', 'a player')} joined"
    if kind == "game_started":
        return "game started: " + ", ".join(f"seat {i + 1} {n}" for i, n in enumerate(payload.get("names", [])))
    if kind == "resigned":
        return f"{who} resigned"
    if kind == "game_aborted":
        return f"game aborted ({payload.get('reason', '')})"
    if kind in ("move", "timeout"):
        return f"{who} moved" + (" (automatically)" if payload.get("auto") or kind == "timeout" else "")
    return kind.replace("_", " ")


def replay(game: Game, viewer: Viewer) -> list[dict[str, Any]]:
    """Every step of the game as the viewer may see it: event summary and the view after it."""
    records = game_records(game)
    states = replay_states(records)
    rules = game.rules
    names = [n for n in (records[i]["payload"].get("names") for i in range(len(records)) if records[i]["kind"] == "game_started")]
    names = names[0] if names else []
    steps = []
    previous: State | None = None
    for record, state in zip(records, states):
        steps.append(
            {
                "seq": record["seq"],
                "kind": record["kind"],
                "seat": record["seat"],
                "created_at": record["created_at"],
                "summary": describe_event(record, names, game, previous),
                "view": rules.view(state, viewer.seat) if state is not None else None,
                "text": rules.describe(state, viewer.seat) if state is not None else "",
            }
        )
        previous = state
    return steps


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


def last_event_seq(game: Game) -> int:
    return Event.objects.filter(game=game).order_by("-seq").values_list("seq", flat=True).first() or 0


# -- reads for the web pages ---------------------------------------------------


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


def public_log(game: Game, limit: int | None = None) -> list[dict[str, Any]]:
    """The game's events in words, newest first, without replaying states (cheap for every page)."""
    names = seat_names(game)
    events = Event.objects.filter(game=game).order_by("-seq").only(
        "seq", "kind", "seat", "payload", "created_at", "source")
    if limit:
        events = events[:limit]
    log = []
    for event in events:
        record = {"kind": event.kind, "seat": event.seat, "payload": event.payload}
        log.append({"seq": event.seq, "created_at": event.created_at, "source": event.source,
                    "summary": describe_event(record, names, game, None)})
    return log


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
    names = seat_names(game)
    steps = [
        {"seq": r["seq"], "kind": r["kind"], "seat": r["seat"],
         "summary": describe_event(r, names, game, None)}
        for r in records
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
