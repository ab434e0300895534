"""The outbox (notifications written with the change that caused them) and the dev mailbox."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class OutboxStatus(models.TextChoices):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    SKIPPED = "skipped"


class OutboxMessage(models.Model):
    """One notification to one person, written in the transaction of the event behind it.

    ``dedupe_key`` makes writing the same notification twice impossible; the
    sender claims a row before sending so a task that runs twice sends once.
    """

    kind = models.CharField(max_length=32)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    event_seq = models.PositiveIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.SmallIntegerField(null=True, blank=True)
    payload = models.JSONField(default=dict)
    dedupe_key = models.CharField(max_length=200, unique=True)
    status = models.CharField(max_length=10, choices=OutboxStatus.choices, default=OutboxStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user_id} ({self.status})"


class DevMail(models.Model):
    """A message the dev mailbox backend caught instead of sending it."""

    sender = models.CharField(max_length=300)
    to = models.JSONField(default=list)
    subject = models.CharField(max_length=500)
    text = models.TextField(blank=True)
    html = models.TextField(blank=True)
    headers = models.JSONField(default=dict)
    raw = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.subject
