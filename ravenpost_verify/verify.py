"""The checks behind ``python -m ravenpost_verify``; each failure says which event broke and how."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from games.records import GENESIS_HASH, event_hash, game_seed, seed_commitment
from games.rules import IllegalMove, UnknownGame, get_rules, state_hash
from games.rules.base import GameRng, derive_seed

STATE_KINDS = ("move", "timeout")


class Broken(Exception):
    """Where and how the record fails; the message is the verdict."""


@dataclass
class Report:
    ok: bool = True
    checks: list[str] = field(default_factory=list)  # what was verified, in order
    notes: list[str] = field(default_factory=list)  # what a reader should know (an uncommitted seed)
    failure: str = ""
    result: Any = None

    def text(self) -> str:
        lines = [f"  ok: {line}" for line in self.checks] + [f"  note: {line}" for line in self.notes]
        if self.ok:
            lines.append("VERIFIED" + (f": result {describe_result(self.result)}" if self.result else ""))
        else:
            lines.append(f"BROKEN: {self.failure}")
        return "\n".join(lines)


def describe_result(result: Mapping[str, Any]) -> str:
    scores = result.get("scores", [])
    winners = result.get("winners", [])
    seats = ", ".join(f"seat {i + 1}: {score}" for i, score in enumerate(scores))
    won = ", ".join(f"seat {w + 1}" for w in winners) or "nobody"
    return f"scores {seats}; won by {won}"


def where(event: Mapping[str, Any]) -> str:
    seat = event.get("seat")
    by = f" by seat {seat + 1}" if isinstance(seat, int) else ""
    return f"event {event.get('seq')} ({event.get('kind')}{by})"


def verify(record: Mapping[str, Any]) -> Report:
    """Every check on ``record``; the report's ``failure`` names the first place it breaks."""
    report = Report()
    try:
        events = _events(record)
        _check_chain(events, report)
        seed = _check_seed(events, report)
        _replay(record, events, seed, report)
    except Broken as broken:
        report.ok = False
        report.failure = str(broken)
    except Exception as error:  # noqa: BLE001 - a record is untrusted input: any garbling is a verdict, not a crash
        report.ok = False
        report.failure = f"the record is malformed and cannot be checked ({type(error).__name__}: {error})"[:500]
    return report


def _events(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    events = record.get("events") if isinstance(record, Mapping) else None
    if not isinstance(events, list) or not events or not all(isinstance(e, Mapping) for e in events):
        raise Broken("the record has no list of events")
    return events


def _check_chain(events: list[Mapping[str, Any]], report: Report) -> None:
    prev = GENESIS_HASH
    for expected, event in enumerate(events, start=1):
        if event.get("seq") != expected:
            raise Broken(f"{where(event)}: out of sequence, expected event {expected}")
        if event.get("prev_hash") != prev:
            raise Broken(f"{where(event)}: does not link to the event before it (its prev_hash is not that "
                         "event's hash)")
        try:
            digest = event_hash(prev, event)
        except (KeyError, TypeError):
            raise Broken(f"{where(event)}: a field of the event is missing") from None
        if digest != event.get("hash"):
            raise Broken(f"{where(event)}: altered, its content does not hash to its recorded hash")
        prev = digest
    report.checks.append(f"hash chain of {len(events)} events, last hash {prev[:16]}…")


def _payload(event: Mapping[str, Any]) -> Mapping[str, Any]:
    payload = event.get("payload")
    if not isinstance(payload, Mapping):
        raise Broken(f"{where(event)}: its payload is not an object")
    return payload


def _check_seed(events: list[Mapping[str, Any]], report: Report) -> str | None:
    """The seed the game was set up with, after checking how it was made; None if it never started."""
    created = events[0]
    if created.get("kind") != "game_created":
        raise Broken(f"{where(created)}: a record starts with game_created")
    created_payload = _payload(created)
    started = next((e for e in events if e.get("kind") == "game_started"), None)
    commitment = created_payload.get("seed_commitment")
    if commitment is None:
        seed = created_payload.get("seed")
        if not isinstance(seed, str):
            raise Broken(f"{where(created)}: names neither a seed nor a seed commitment")
        report.notes.append("this game's seed was chosen by the server alone (a game from before commit-reveal "
                            "seeds, or one set up with a fixed seed): its shuffles cannot be shown to be fair")
        return seed
    revealed = [e for e in events if e.get("kind") == "seed_revealed"]
    if not revealed:
        raise Broken(f"{where(created)}: commits to a seed that the record never reveals (no seed_revealed "
                     "event: the game is not over, or the reveal was cut off)")
    reveal = revealed[-1]
    server_seed = _payload(reveal).get("server_seed")
    if not isinstance(server_seed, str) or seed_commitment(server_seed) != commitment:
        raise Broken(f"{where(reveal)}: the revealed server seed does not match the commitment made in "
                     f"{where(created)}")
    report.checks.append("the revealed server seed matches the commitment made when the game was created")
    if started is None:
        return None
    contributions = _contributions(events, started)
    started_payload = _payload(started)
    if started_payload.get("entropy") != contributions:
        raise Broken(f"{where(started)}: its entropy is not what the seated players sent when they joined")
    seed = game_seed(server_seed, contributions)
    if started_payload.get("seed") != seed:
        raise Broken(f"{where(started)}: its seed is not derived from the revealed server seed and the players' "
                     "entropy")
    report.checks.append(f"the game's seed derives from the server's part and {len(contributions)} players' "
                         "entropy")
    _check_seat_order(events, started, seed, report)
    return seed


def _joined_users(events: list[Mapping[str, Any]], until: Mapping[str, Any]) -> dict[Any, str]:
    """The players seated when ``until`` happened, in joining order, with their entropy."""
    seated: dict[Any, str] = {}
    for event in events:
        if event is until:
            break
        payload = event.get("payload") or {}
        if event.get("kind") == "player_joined":
            seated.pop(payload.get("user"), None)
            seated[payload.get("user")] = str(payload.get("entropy", ""))
        elif event.get("kind") == "player_left":
            seated.pop(payload.get("user"), None)
    return seated


def _contributions(events: list[Mapping[str, Any]], started: Mapping[str, Any]) -> list[str]:
    return list(_joined_users(events, started).values())


def _check_seat_order(events: list[Mapping[str, Any]], started: Mapping[str, Any], seed: str,
                      report: Report) -> None:
    users = list(_joined_users(events, started))
    expected = GameRng(derive_seed(seed, "seats")).shuffled(users)
    if _payload(started).get("seats") != expected:
        raise Broken(f"{where(started)}: the seat order is not the one the seed draws from the joining order")
    report.checks.append("the seat order is the one the seed draws")


def _replay(record: Mapping[str, Any], events: list[Mapping[str, Any]], seed: str | None, report: Report) -> None:
    created = _payload(events[0])
    try:
        rules = get_rules(str(created.get("rules")), created.get("rules_version"))
    except UnknownGame as unknown:
        raise Broken(f"{where(events[0])}: {unknown}") from None
    state = None
    moves = 0
    for event in events:
        kind = event.get("kind")
        if kind == "game_started":
            if seed is None:
                raise Broken(f"{where(event)}: the game started without a seed")
            try:
                state = rules.setup(int(created.get("num_players", 0)), dict(created.get("options") or {}), seed)
            except Exception as error:  # noqa: BLE001 - player count or options the rules do not take
                raise Broken(f"{where(event)}: the rules cannot set up this game ({error})") from None
        elif kind in STATE_KINDS:
            seat = event.get("seat")
            if state is None or not isinstance(seat, int):
                raise Broken(f"{where(event)}: a move before the game started, or without a seat")
            try:
                state = rules.apply(state, seat, _payload(event).get("move"))
            except IllegalMove as refusal:
                raise Broken(f"{where(event)}: the rules refuse this move: {refusal}") from None
            except Exception as error:  # noqa: BLE001 - garbled move data the rules could not even read
                raise Broken(f"{where(event)}: the rules cannot read this move ({type(error).__name__})") from None
            moves += 1
    report.checks.append(f"{moves} moves replayed with {rules.name} (rules version {rules.version})")
    if state is None:
        return
    recorded_hash = record.get("final_state_hash")
    if recorded_hash is not None:
        if state_hash(state) != recorded_hash:
            raise Broken("the replay does not reach the recorded final state (final_state_hash differs)")
        report.checks.append("the replay reaches the recorded final state")
    result = rules.result(state)
    game = record.get("game") if isinstance(record.get("game"), Mapping) else {}
    recorded_result = game.get("result") if isinstance(game, Mapping) else None
    if result is not None and recorded_result is not None and recorded_result != result:
        raise Broken("the recorded result is not the one the replay reaches")
    report.result = result
