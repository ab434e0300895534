"""The game log in words: each event narrated as the viewer may know it, names as they were then.

Moves are told by the rules' own narration (``rules.narrate``, stored per
event on the move path, see :mod:`games.narration`), so a sealed bid reads
"Ada placed a bid" to everyone but Ada until the bids are revealed. Other
events (joining, deadlines, vacations, substitutes) are told here. Nothing is
replayed: a page reads the events it has not told yet in one query (the events
with their stored narrations; the log told before is kept per process and
viewer, see ``_told``), and a part of the log in three small ones.
"""

from __future__ import annotations

import datetime
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Iterable

from django.db.models import Max, OuterRef, Subquery
from django.utils import dateformat, timezone, translation

from games.models import Event, Game, Narration
from games.narration import round_of, text_for
from games.records import MOVE_KINDS
from config.db.compiled import Prepared
from games.selectors.seats import seat_names

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
    return str(dateformat.format(timezone.localtime(moment), fmt))


def _names_of(seats: Any, names: list[str]) -> str:
    return ", ".join(names[s] if isinstance(s, int) and 0 <= s < len(names) else f"seat {s + 1}"
                     for s in (seats or []))


def describe_event(record: dict[str, Any], names: list[str], viewer: int | None,
                   context: dict[str, Any] | None = None) -> str:
    """One event in words for ``viewer``, with deadlines in the viewer's time zone.

    A move's record carries its stored ``narration`` texts. ``context`` carries
    what an event cannot say alone: ``vacation_until`` maps a seat to the end of
    its latest vacation (a vacation push names it).
    """
    kind = record["kind"]
    payload = record["payload"]
    who = names[record["seat"]] if record["seat"] is not None and record["seat"] < len(names) else ""
    if kind in MOVE_KINDS:
        texts = record.get("narration")
        said = text_for(texts, viewer, names) if texts else f"{who} moved"
        if kind == "timeout":
            policy = "pass" if payload.get("policy") == "skip" else "default move"
            return f"{who}'s time ran out ({policy}): {said}"
        return said + (" (played automatically)" if payload.get("auto") else "")
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
    if kind == "deadline_set":
        reason = str(payload.get("reason", "turn"))
        why = "new turn"
        if "paused for vacation until" in reason:
            why = "new turn; the clock starts when the player is back on " + local_time(reason.rsplit(" ", 1)[-1])
        return (f"deadline set for {_names_of(payload.get('seats'), names) or 'nobody'}: "
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
    return str(kind).replace("_", " ")


NameTimeline = tuple[list[str], list[tuple[int, int, str]]]
_NAME_KINDS = ("game_started", "player_replaced")


def _name_timeline(game: Game, records: list[dict[str, Any]] | None = None) -> NameTimeline:
    """The players' names at the start and each later substitution as (seq, seat, name).

    A substitute's name must not be written over the moves its predecessor made,
    so logs name each seat's player as of the event. ``records`` holding every
    event of the game (oldest first) are read instead of the database.
    """
    if records is None:
        return _timeline_of(game, Event.objects.filter(game=game, kind__in=_NAME_KINDS)
                            .order_by("seq").values_list("seq", "kind", "seat", "payload"))
    return _timeline_of(game, [(r["seq"], r["kind"], r["seat"], r["payload"])
                               for r in records if r["kind"] in _NAME_KINDS])


def _timeline_of(game: Game, rows: Iterable[tuple[int, str, int | None, dict[str, Any]]]) -> NameTimeline:
    rows = list(rows)
    names: list[str] | None = None
    for _, kind, _, payload in rows:
        if kind == "game_started":
            names = list(payload.get("names", []))
    return (names if names is not None else seat_names(game)), _substitutions(rows)


def _substitutions(rows: Iterable[tuple[int, str, int | None, dict[str, Any]]]) -> list[tuple[int, int, str]]:
    """(seq, seat, name) of each substitute who took a seat over, among ``rows``."""
    return [(seq, seat, payload.get("name", "")) for seq, kind, seat, payload in rows
            if kind == "player_replaced" and payload.get("by") == "substitute" and payload.get("user") is not None
            and seat is not None]


def _attach_narrations(game: Game, records: list[dict[str, Any]]) -> None:
    seqs = [r["seq"] for r in records if r["kind"] in MOVE_KINDS]
    if not seqs:
        return
    texts = dict(Narration.objects.filter(game=game, seq__in=seqs).values_list("seq", "texts"))
    for record in records:
        if record["seq"] in texts:
            record["narration"] = texts[record["seq"]]


def describe_records(records: list[dict[str, Any]], game: Game, viewer: int | None) -> list[str]:
    """Summaries of ``records`` (oldest first, each with its ``seq``), names as they were at the time."""
    _attach_narrations(game, records)
    start_names, changes = _name_timeline(game)
    return _summaries(records, start_names, changes, {}, viewer)


def _summaries(records: list[dict[str, Any]], start_names: list[str], changes: list[tuple[int, int, str]],
               vacation_until: dict[Any, Any], viewer: int | None) -> list[str]:
    """Each record told for ``viewer`` with the names as they were at it; ``vacation_until`` (each seat's
    latest vacation end, as told so far) is carried on and updated."""
    context: dict[str, Any] = {"vacation_until": vacation_until}
    out = []
    for record in records:
        names = list(start_names)
        for seq, seat, name in changes:
            # The substitution event itself already speaks of the newcomer by name.
            if seq < record["seq"] and seat < len(names):
                names[seat] = name
        if record["kind"] == "vacation_started":
            vacation_until[record["seat"]] = record["payload"].get("until")
        out.append(describe_event(record, names, viewer, context))
    return out


def game_log(game: Game, viewer: int | None, limit: int | None = None,
             kinds: Iterable[str] | None = None, current_round: int | None = None) -> list[dict[str, Any]]:
    """The game's events in words for ``viewer`` (a seat or None), newest first, each with its ``round``.

    ``kinds`` keeps only those events (the deadline history is the log of the clock's events);
    ``current_round`` is the round the game is in now, where the events after the last move belong.
    """
    if not kinds and not limit:
        told = _told(game, viewer)
        rounds = rounds_of([entry.move_round for entry in told], current_round)
        return [{"seq": entry.seq, "kind": entry.kind, "created_at": entry.created_at, "source": entry.source,
                 "summary": entry.summary, "round": number}
                for entry, number in zip(reversed(told), reversed(rounds))]
    events = Event.objects.filter(game=game).order_by("-seq")
    if kinds:
        events = events.filter(kind__in=list(kinds))
    if limit:
        events = events[:limit]
    rows = list(reversed(list(events.values(*LOG_FIELDS))))
    records = [{"seq": e["seq"], "kind": e["kind"], "seat": e["seat"], "payload": e["payload"]} for e in rows]
    summaries = describe_records(records, game, viewer)
    rounds = event_rounds(records, current_round)
    log = [{"seq": e["seq"], "kind": e["kind"], "created_at": e["created_at"], "source": e["source"],
            "summary": summary, "round": number}
           for e, summary, number in zip(rows, summaries, rounds)]
    return list(reversed(log))


LOG_FIELDS = ["seq", "kind", "seat", "payload", "created_at", "source"]


def _log_after(game_id: int, after: int) -> Any:
    narration = Narration.objects.filter(game_id=game_id, seq=OuterRef("seq")).values("texts")[:1]
    return (Event.objects.filter(game_id=game_id, seq__gt=after).order_by("seq")
            .annotate(narration=Subquery(narration)).values(*LOG_FIELDS, "narration"))


# A game's events after a given one, oldest first, each move with its stored narration.
_LOG_AFTER = Prepared("log_after", _log_after, arity=2)


# -- the whole log, told once --------------------------------------------------------------------------
#
# Events are never changed, and what an event says depends only on the events before it (the names as
# they were, a vacation's end), the viewer and the viewer's time zone and language. So a game's log,
# once told, is kept per process and viewer, and a page after a move reads and tells only the events
# since: a first view after a move no longer costs the whole game's length. Kept only once the game has
# started (its names are those of ``game_started``); bounded; each entry replaced whole, never changed,
# so threads that read it meanwhile see one consistent log.


@dataclass(frozen=True, slots=True)
class TellsEvent:
    seq: int
    kind: str
    created_at: datetime.datetime
    source: str
    summary: str
    move_round: int | None  # a move's round, from its narration; None for other events


@dataclass(frozen=True, slots=True)
class _Told:
    entries: tuple[TellsEvent, ...]
    names: tuple[str, ...]  # the players' names at the start (game_started's)
    changes: tuple[tuple[int, int, str], ...]  # substitutions: (seq, seat, name)
    vacation_until: tuple[tuple[int, Any], ...]  # each seat's latest vacation end, as told


_TOLD: "OrderedDict[tuple[Any, ...], _Told]" = OrderedDict()
TOLD_KEPT = 256


def _told(game: Game, viewer: int | None) -> tuple[TellsEvent, ...]:
    """Every event of the game in words for ``viewer``, oldest first (kept: see above)."""
    key = (game.pk, viewer, timezone.get_current_timezone_name(), translation.get_language())
    kept = _TOLD.get(key)
    rows = _LOG_AFTER.dicts(game.pk, kept.entries[-1].seq if kept is not None and kept.entries else 0)
    if kept is not None and not rows:
        return kept.entries
    told = _tell(game, viewer, rows, kept)
    if told.names:
        _TOLD[key] = told
        try:
            _TOLD.move_to_end(key)
            while len(_TOLD) > TOLD_KEPT:
                _TOLD.popitem(last=False)
        except KeyError:  # another thread of this process evicted it meanwhile: nothing is lost
            pass
    return told.entries


def _tell(game: Game, viewer: int | None, rows: list[dict[str, Any]], kept: _Told | None) -> _Told:
    """``kept`` (or nothing) followed by ``rows`` told: each with the names as they were at that event."""
    records = [{"seq": r["seq"], "kind": r["kind"], "seat": r["seat"], "payload": r["payload"],
                **({"narration": r["narration"]} if r["kind"] in MOVE_KINDS and r["narration"] is not None
                   else {})} for r in rows]
    if kept is not None:
        start, changes = list(kept.names), list(kept.changes)
        vacation_until = dict(kept.vacation_until)
        changes += _substitutions((r["seq"], r["kind"], r["seat"], r["payload"]) for r in records)
    else:
        start, changes = _name_timeline(game, records)
        vacation_until = {}
    entries = list(kept.entries) if kept is not None else []
    for record, row, summary in zip(records, rows, _summaries(records, start, changes, vacation_until, viewer)):
        entries.append(TellsEvent(row["seq"], row["kind"], row["created_at"], row["source"], summary,
                                  round_of(record.get("narration")) if record["kind"] in MOVE_KINDS else None))
    started = kept is not None or any(r["kind"] == "game_started" for r in records)
    return _Told(tuple(entries), tuple(start) if started else (), tuple(changes), tuple(vacation_until.items()))


def event_rounds(records: list[dict[str, Any]], current: int | None = None) -> list[int | None]:
    """The round of each record (oldest first, narrations attached), None for a game without rounds.

    A move's round is stored with its narration. Any other event (a join, a
    deadline, a vacation) belongs to the round of the next move, since it is
    about the turn that move ends; the events after the last move belong to the
    game's ``current`` round, or to the last move's round when none is given.
    """
    return rounds_of([round_of(r.get("narration")) if r["kind"] in MOVE_KINDS else None for r in records], current)


def rounds_of(move_rounds: list[int | None], current: int | None = None) -> list[int | None]:
    """:func:`event_rounds` from each event's move round (None for an event that is not a move)."""
    rounds = list(move_rounds)
    known = current
    for i in range(len(rounds) - 1, -1, -1):
        if rounds[i] is None:
            rounds[i] = known
        else:
            known = rounds[i]
    known = None
    for i, number in enumerate(rounds):
        if number is None:
            rounds[i] = known
        else:
            known = number
    return rounds


def round_title(number: int | None) -> str:
    """A round's heading in the log: "Round 3"; a round 0 is the game's set-up before its first round."""
    if number is None:
        return "The game"
    return "Set-up" if number <= 0 else f"Round {number}"


def by_round(entries: list[dict[str, Any]], current: int | None = None) -> list[dict[str, Any]]:
    """Log entries (newest first, each with its ``round``) grouped by round: the newest round first,
    each round's entries oldest first so it reads as a story. ``open`` marks the round a page shows
    unfolded: the ``current`` one, else the newest.

    A game without rounds gives one group, so a page prints every game's log the same way.
    """
    groups: list[dict[str, Any]] = []
    for entry in entries:
        if not groups or groups[-1]["round"] != entry.get("round"):
            groups.append({"round": entry.get("round"), "title": round_title(entry.get("round")), "entries": []})
        groups[-1]["entries"].append(entry)
    for group in groups:
        group["entries"].reverse()
    wanted = current if current is not None and any(g["round"] == current for g in groups) else None
    for i, group in enumerate(groups):
        group["open"] = group["round"] == wanted if wanted is not None else i == 0
    return groups


def recent_moves(game: Game, seat: int, upto: int | None = None, *, since_own: bool = True,
                 limit: int = 12) -> list[str]:
    """The moves up to event ``upto`` as ``seat`` may know them, oldest first: those since the seat's own
    last move (turn mails: "since your last move, Ada placed a bid; ..."), or simply the last ``limit``.
    """
    moves = Event.objects.filter(game=game, kind__in=MOVE_KINDS)
    if upto is not None:
        moves = moves.filter(seq__lte=upto)
    last_own = (moves.filter(seat=seat).aggregate(last=Max("seq"))["last"] or 0) if since_own else 0
    rows = list(moves.filter(seq__gt=last_own).order_by("-seq").only("seq", "kind", "seat", "payload")[:limit])
    records = [{"seq": e.seq, "kind": e.kind, "seat": e.seat, "payload": e.payload} for e in reversed(rows)]
    return describe_records(records, game, seat)


def seat_history(game: Game, seat: int) -> list[dict[str, Any]]:
    """The moves one seat made (or that were made for it), as that seat saw them: its own moves only."""
    return [
        {"seq": seq, "kind": kind, "payload": payload}
        for seq, kind, payload in Event.objects.filter(game=game, seat=seat, kind__in=MOVE_KINDS)
        .order_by("seq")
        .values_list("seq", "kind", "payload")
    ]
