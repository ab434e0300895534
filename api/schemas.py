"""The shapes of requests and answers (pydantic, via django-ninja): they make the OpenAPI schema."""

from __future__ import annotations

from typing import Annotated, Any

from ninja import Field, Path, Query, Schema
from pydantic import ConfigDict


# Ids and event numbers the database can hold: a larger number is a 422, never a database error.
LARGEST = 2**62
GameId = Annotated[int, Path(ge=1, le=LARGEST, description="The game's number.")]
EventNumber = Annotated[int, Query(ge=0, le=LARGEST, description="An event's seq: answers start after it.")]


class Error(Schema):
    detail: str = Field(description="What was wrong and what would be accepted: the message players get.")
    code: str = Field(description="A stable word for programs: not_found, illegal_move, stale_version, ...")
    accepted: str | None = None
    retry_after: int | None = None


class Me(Schema):
    id: int
    name: str
    time_zone: str
    token_name: str
    scope: str


class RulesInfo(Schema):
    slug: str
    name: str
    min_players: int
    max_players: int
    version: int
    options: list[dict[str, Any]]


class SeatOut(Schema):
    index: int | None = Field(description="The rules' 0-based seat; null until the game starts.")
    name: str
    resigned: bool


class GameSummary(Schema):
    id: int
    rules: str
    rules_name: str
    status: str
    num_players: int
    version: int = Field(description="The number of the game's last event: send it as expected_version.")
    seats: list[SeatOut]
    to_act: list[int]
    awaited: list[str]
    my_seat: int | None
    my_turn: bool
    phase: str


class GameDetail(GameSummary):
    view: dict[str, Any] | None = Field(description="rules.view for your seat (a spectator's if you have none).")
    description: str
    result: dict[str, Any] | None
    winners: list[int]
    deadline: str | None
    seed_commitment: str | None


class TimeControlIn(Schema):
    """Deadlines (all times in seconds); leave ``move`` out for a game without deadlines."""

    model_config = ConfigDict(extra="forbid")

    move: int | None = Field(default=None, description="Time per move.")
    reminder: int = 0
    grace: int = 0
    weekdays: list[int] = Field(default_factory=lambda: [0, 1, 2, 3, 4, 5, 6], max_length=7)
    policy: str = Field(default="default", description="default or skip")
    max_timeouts: int = 3
    then: str = Field(default="bot", description="bot, substitute or abort")
    extensions: int = 2


class CreateIn(Schema):
    rules: str = Field(max_length=40)
    num_players: int = Field(ge=1, le=12)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=40)
    time_control: TimeControlIn | None = None
    entropy: str | None = Field(default=None, description="Your contribution to the game's seed (see fair play).")


class JoinIn(Schema):
    entropy: str | None = Field(default=None, description="Your contribution to the game's seed (see fair play).")


class DecisionOut(Schema):
    awaited: bool = Field(description="Whether your input is awaited now (or you may revise a sealed one).")
    version: int
    decision: dict[str, Any] | None = Field(description="rules.choices: the next decision and its legal options.")
    legal_moves: list[dict[str, Any]] = Field(description="Up to `limit` legal moves: canonical JSON and notation.")
    legal_moves_complete: bool
    notation: str
    examples: list[str]


class MoveIn(Schema):
    text: str | None = Field(default=None, max_length=2000, description="The move in the game's notation.")
    move: Any = Field(default=None, description="Or the move as canonical JSON (as legal_moves lists it).")
    expected_version: int | None = Field(default=None, ge=0, le=LARGEST,
                                         description="The version you decided on; a stale one is refused.")
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=100)


class MoveOut(Schema):
    game_id: int
    seq: int = Field(description="The event that recorded the move.")
    hash: str = Field(description="That event's hash: your receipt of what the server accepted.")
    seat: int
    move: Any
    shown: str
    duplicate: bool
    finished: bool
    warnings: list[str]
    version: int


class LogEntry(Schema):
    seq: int
    kind: str
    created_at: str
    source: str
    summary: str


class ChatIn(Schema):
    text: str = Field(max_length=2000)


class ChatOut(Schema):
    id: int
    name: str
    text: str
    created_at: str


class EventsOut(Schema):
    game_id: int
    version: int
    status: str
    to_act: list[int]
    my_turn: bool
    events: list[dict[str, Any]]
    timed_out: bool = Field(description="True when the wait ended with nothing new.")


class DeadlineOut(Schema):
    deadline: str


class VacationIn(Schema):
    until: str = Field(max_length=10, description="Your last day away, YYYY-MM-DD, in your time zone.")


class VacationOut(Schema):
    away: bool
    until: str | None
    days_left: int
    days_per_year: int


class ReplayOut(Schema):
    game_id: int
    seat: int | None
    step: int
    total: int
    current: dict[str, Any] | None
    view: dict[str, Any] | None
    text: str
