"""Narrations: what each move did, as each viewer may know it (``rules.narrate``), stored per event.

A move's narration is computed once, on the move path, for the spectator and
each seat the rules say may read it differently (``narration_readers``), while
its before and after states are at hand; the log, the
replay's event list and the mails read it back without replaying anything.
Only the texts that differ from the spectator's are stored, with the round the
move was made in (``rules.round_of``; absent for a game without rounds), by
which the log and the replay group the game's story::

    {"": "{seat1} placed a bid", "1": "{seat1} bid general b g", "round": 3}
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from games.records import MOVE_KINDS, Replayer
from games.rules import Rules, State, fill_seats

PUBLIC = ""
# The key of a narration that holds the round of its move, not a viewer's text.
ROUND = "round"


def narrate_all(rules: Rules, before: State, seat: int, move: Any, after: State,
                seats: int) -> dict[str, Any]:
    """The narration for the spectator and for each seat that reads it differently, and the move's round."""
    public = rules.narrate(before, seat, move, after, None)
    texts: dict[str, Any] = {PUBLIC: public}
    readers = rules.narration_readers(before, seat, move, after)
    for viewer in range(seats) if readers is None else sorted(r for r in readers if 0 <= r < seats):
        text = rules.narrate(before, seat, move, after, viewer)
        if text != public:
            texts[str(viewer)] = text
    number = rules.round_of(before)
    if number is not None:
        texts[ROUND] = number
    return texts


def round_of(texts: Mapping[str, Any] | None) -> int | None:
    """The round a stored narration's move was made in (None: unknown, or a game without rounds)."""
    value = (texts or {}).get(ROUND)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def text_for(texts: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """The viewer's narration with the players' names in place of the seat markers."""
    text = texts.get(str(viewer), texts.get(PUBLIC, "")) if viewer is not None else texts.get(PUBLIC, "")
    return fill_seats(str(text), names)


def replay_narrated(
        records: Iterable[Mapping[str, Any]]) -> tuple[State | None, list[tuple[int, dict[str, Any]]]]:
    """The final state of a game's events and every move's narration, by one replay (rebuilds, old games)."""
    replayer = Replayer()
    out: list[tuple[int, dict[str, Any]]] = []
    for record in records:
        before = replayer.state
        replayer.feed(record["kind"], record["seat"], record["payload"])
        after = replayer.state
        if record["kind"] in MOVE_KINDS and before is not None and after is not None and replayer.rules is not None:
            seats = int((replayer.created or {}).get("num_players", 0))
            out.append((record["seq"], narrate_all(replayer.rules, before, record["seat"],
                                                   record["payload"]["move"], after, seats)))
    return replayer.state, out


def renarrate_recorded(event_model: Any, narration_model: Any) -> None:
    """Store the narrations of every recorded game again, each by one replay (data migrations).

    Takes the migration's historical models, so it never depends on the models' present shape.
    """
    games = event_model.objects.filter(kind="game_created").values_list("game_id", flat=True)
    for game_id in games.iterator():
        records = [{"seq": seq, "kind": kind, "seat": seat, "payload": payload}
                   for seq, kind, seat, payload in event_model.objects.filter(game_id=game_id).order_by("seq")
                   .values_list("seq", "kind", "seat", "payload")]
        _, narrations = replay_narrated(records)
        narration_model.objects.filter(game_id=game_id).delete()
        narration_model.objects.bulk_create([narration_model(game_id=game_id, seq=seq, texts=texts)
                                             for seq, texts in narrations])
