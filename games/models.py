"""Games, seats, the append-only event log and the state projection beside each game.

The event log is the truth; ``Projection`` is a cache of the state after the
last event that ``manage.py rebuild_projections`` can drop and rebuild. Events
refuse to be updated or deleted here (model and queryset guards) and in the
database (triggers, see migration 0002).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone


class Source(models.TextChoices):
    WEB = "web"
    EMAIL = "email"
    API = "api"
    DEADLINE = "deadline"
    SYSTEM = "system"


class GameStatus(models.TextChoices):
    OPEN = "open", "waiting for players"
    ACTIVE = "active", "in play"
    FINISHED = "finished", "finished"
    ABORTED = "aborted", "aborted"


class Game(models.Model):
    rules_slug = models.CharField(max_length=40)
    rules_version = models.PositiveIntegerField()
    options = models.JSONField(default=dict)
    num_players = models.PositiveSmallIntegerField()
    # Secret: every shuffle derives from it. Never shown to players before the end.
    seed = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=GameStatus.choices, default=GameStatus.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    # games.timecontrol.TimeControl as JSON; empty means no deadlines.
    time_control = models.JSONField(default=dict, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "rules_slug"]),
            # The lobby's newest games (open and recent) read this index backwards instead of sorting them all.
            models.Index(fields=["created_at"], name="game_created_at"),
            # The lobby's open games a page at a time (games.paging): a walk over open games alone, from the cursor,
            # however many finished games lie between them in the created_at order.
            models.Index(fields=["created_at", "id"], condition=models.Q(status="open"), name="game_open_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.rules_slug} #{self.pk}"

    @property
    def rules(self):  # -> games.rules.base.Rules
        from games.rules import get_rules

        return get_rules(self.rules_slug, self.rules_version)


class Seat(models.Model):
    """A player's place in a game. ``index`` is the rules' 0-based seat, set at start."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)
    resigned = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
        ]
        ordering = ["index", "joined_at"]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}: {self.user}"


class ImmutableEventError(RuntimeError):
    """Raised on any attempt to change or remove a stored event."""


class EventQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> int:
        raise ImmutableEventError("events are append-only: they cannot be updated")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise ImmutableEventError("events are append-only: they cannot be deleted")

    def _raw_delete(self, using: str | None) -> int:  # cascades from Game use this path
        raise ImmutableEventError("events are append-only: they cannot be deleted")


class Event(models.Model):
    # No index of its own (migration 0006): the unique (game, seq) index serves every lookup by game, and a second index
    # was one more insert on every move.
    game = models.ForeignKey(Game, on_delete=models.DO_NOTHING, related_name="events", db_constraint=True,
                             db_index=False)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=32)
    seat = models.SmallIntegerField(null=True, blank=True)
    actor = models.CharField(max_length=64)  # "user:<id>" or "system"
    source = models.CharField(max_length=10, choices=Source.choices)
    payload = models.JSONField()
    idempotency_key = models.CharField(max_length=128, null=True, blank=True)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    objects = EventQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_game_seq"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="event_game_idempotency_key",
            ),
        ]
        ordering = ["game_id", "seq"]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ImmutableEventError("events are append-only: they cannot be updated")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ImmutableEventError("events are append-only: they cannot be deleted")

    def as_record(self) -> dict[str, Any]:
        """The event as it appears in an export, and as it is hashed."""
        return {
            "seq": self.seq,
            "kind": self.kind,
            "seat": self.seat,
            "source": self.source,
            "actor": self.actor,
            "payload": self.payload,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
            "created_at": iso(self.created_at),
        }


def iso(moment) -> str:
    """One spelling of a timestamp for hashing and export: UTC, microseconds, 'Z'."""
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Projection(models.Model):
    """The game's current state, derived from its events (rebuildable)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="projection")
    state = models.JSONField(null=True)
    version = models.PositiveIntegerField(default=0)  # seq of the last event folded in
    last_hash = models.CharField(max_length=64)
    to_act = models.JSONField(default=list)
    # User ids by seat index, so the write path needs no extra query to map user -> seat.
    seat_users = models.JSONField(default=list)
    # Seats whose moves the service makes (resigned players, bots).
    bot_seats = models.JSONField(default=list)
    deadline = models.DateTimeField(null=True, blank=True)
    reminder_at = models.DateTimeField(null=True, blank=True)
    # The earlier of reminder_at and deadline: what the deadline sweep looks for (indexed).
    next_due = models.DateTimeField(null=True, blank=True, db_index=True)
    # Per-seat clock bookkeeping: consecutive timeouts, extensions used, seats played by a random bot.
    clock = models.JSONField(default=dict)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            # The lobby's "substitute wanted" list: the few games with seats the service plays, found without
            # reading every running game's projection.
            models.Index(fields=["game"], condition=~models.Q(bot_seats=[]), name="projection_service_seats"),
        ]

    def __str__(self) -> str:
        return f"projection of {self.game_id} at {self.version}"


class ChatMessage(models.Model):
    """Table talk: public to everyone who can see the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    text = models.TextField(max_length=2000)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.WEB)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]


class Narration(models.Model):
    """What a move did, in words, for each viewer: a projection of the log, rebuildable from the events.

    ``texts[""]`` is what spectators (and every seat without an entry) read;
    ``texts["<seat>"]`` is a seat's own version where it knows more (its own
    sealed bid). Seats are written as ``{seat<n>}`` markers that the reader
    replaces with the names of the players at the time.
    """

    # Keyed by (game, seq) alone and without a database foreign key: it is written on every
    # move, and a second index or a constraint trigger there would cost every move for nothing
    # (the event it narrates already holds that key; deleting a game still cascades here).
    pk = models.CompositePrimaryKey("game", "seq")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="narrations",
                             db_constraint=False, db_index=False)
    seq = models.PositiveIntegerField()
    texts = models.JSONField()

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq}: {self.texts.get('', '')}"
