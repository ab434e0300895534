"""The outbox (notifications written with the change that caused them) and the dev mailbox."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class OutboxStatus(models.TextChoices):
    PENDING = "pending"
    # Handed to the mail backend (committed before the call): if it stays so past
    # OUTBOX_SENDING_TIMEOUT the send was interrupted and may or may not have gone out.
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"
    SKIPPED = "skipped"
    # Kept for the recipient's daily digest instead of being sent on its own.
    DIGEST = "digest"
    # Told in another mail to the same person about the same moment (one mail per event per person).
    FOLDED = "folded"
    # Not sent: the address does not receive mail (a hard bounce or a complaint, see AddressHealth).
    SUPPRESSED = "suppressed"


class OutboxMessage(models.Model):
    """One notification to one person, written in the transaction of the event behind it.

    ``dedupe_key`` makes writing the same notification twice impossible; the
    sender claims a row before sending so a task that runs twice sends once.
    ``maybe_duplicate`` says that an earlier attempt may have reached the mail
    service (its worker died during the send, or the answer was lost), so the
    recipient may have this mail twice (with the same Message-ID).
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
    # When the latest attempt began (the row was claimed for sending).
    claimed_at = models.DateTimeField(null=True, blank=True)
    # A database default as well: the write path inserts rows with its own SQL (notifications.outbox).
    maybe_duplicate = models.BooleanField(default=False, db_default=False)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Held until then (the recipient's quiet hours); the periodic sweep sends it afterwards.
    not_before = models.DateTimeField(null=True, blank=True)
    # The mail service's own id of the sent mail (anymail's), which its tracking events name.
    esp_message_id = models.CharField(max_length=255, blank=True, db_default="", default="")
    # The texts of the mail as it went out (its text part, its HTML part as text), as far as a reply's reader
    # reads them: a reply is told from the copy of this mail it quotes without rendering the mail again.
    # None for a row never sent on its own, or sent before the texts were kept (notifications.originals).
    # A digest keeps its texts on the latest row of each game and seat it carried, [] on its other rows.
    sent_texts = models.JSONField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "created_at"]),
            # A person's pending invitations (lobby, profile): the few invitation rows, not the whole outbox.
            models.Index(fields=["created_at"], condition=models.Q(kind="invitation"), name="outbox_invitations"),
        ]

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


# -- play by email ---------------------------------------------------------------


class ReplyToken(models.Model):
    """The secret part of one player's reply address for one game seat.

    The address carries ``<game>-<seat>-<nonce>-<signature>``; the row is what
    makes it revocable and auditable (who it was issued to, when it was last
    used). A token only ever speaks for its own game, seat and user.
    """

    nonce = models.CharField(max_length=16, unique=True)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.SmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    # When the seat's player was last told that a message was held (at most once a day).
    held_notice_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["game", "seat", "user"])]

    def __str__(self) -> str:
        return f"reply token {self.game_id}/{self.seat} for {self.user_id}"


class InboundStatus(models.TextChoices):
    RECEIVED = "received"  # stored, waiting for the worker
    APPLIED = "applied"  # commands run (successfully or with a user error answered)
    REFUSED = "refused"  # commands refused; the sender was told
    DROPPED = "dropped"  # auto-reply, bounce, no usable token, too large: nobody is answered
    HELD = "held"  # failed authentication: kept, the seat's real address told once
    FAILED = "failed"  # a system error (logged); nothing applied


class InboundMessage(models.Model):
    """One received email, stored once (unique by Message-ID) before anything else happens."""

    message_id = models.CharField(max_length=255, unique=True)
    via = models.CharField(max_length=20)  # smtp, ingest, mailgun, postmark, devmail, ...
    envelope_sender = models.CharField(max_length=320, blank=True, null=True)
    envelope_recipients = models.JSONField(default=list)
    # What the provider reported about SPF/DKIM/DMARC, e.g. {"spf": "pass", "dkim": "fail"}.
    auth_results = models.JSONField(default=dict)
    raw = models.BinaryField()
    size = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=InboundStatus.choices, default=InboundStatus.RECEIVED)
    reason = models.TextField(blank=True)
    token = models.ForeignKey(ReplyToken, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    received_at = models.DateTimeField(default=timezone.now)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "received_at"])]

    def __str__(self) -> str:
        return f"{self.message_id} ({self.status})"


class MailMode(models.TextChoices):
    EVERY = "every", "an email for every turn"
    DIGEST = "digest", "one daily digest"
    WEB = "web", "no game emails (web only)"


class MailPreference(models.Model):
    """How a person wants game mail: every turn, a daily digest at a chosen hour, or none.

    ``confirm_web_moves``: a mail confirming each move made on the web (off unless asked for).
    ``quiet_from``/``quiet_until``: hours (0-23, the person's time zone) in which no game mail
    goes out; mail due then is held until they end. Both None: no quiet hours. Game clocks
    are not paused by them.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="mail_preference")
    mode = models.CharField(max_length=10, choices=MailMode.choices, default=MailMode.EVERY)
    # Hour of the day (0-23) in the user's own time zone when the digest goes out.
    digest_hour = models.PositiveSmallIntegerField(default=8)
    last_digest_at = models.DateTimeField(null=True, blank=True)
    confirm_web_moves = models.BooleanField(default=False)
    quiet_from = models.PositiveSmallIntegerField(null=True, blank=True)
    quiet_until = models.PositiveSmallIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.mode}"


# -- delivery trouble -----------------------------------------------------------


class StopReason(models.TextChoices):
    HARD_BOUNCE = "hard_bounce", "the receiving mail server refused it (a permanent bounce)"
    REJECTED = "rejected", "our mail service refused to send to it"
    COMPLAINT = "complaint", "it was reported as spam"
    SOFT_BOUNCES = "soft_bounces", "it failed again and again (temporary errors)"


class AddressHealth(models.Model):
    """What the mail system has told us about one address (lowercase): whether it receives mail.

    ``receiving`` turns False on a hard bounce, a rejection, a complaint or too
    many soft bounces in a row; nothing is mailed to it then (except the mail
    that checks it) until its owner proves it works again. ``episode`` counts the
    stops, so the other players of a game are told once per stop.
    """

    address = models.CharField(max_length=320, unique=True)
    receiving = models.BooleanField(default=True)
    reason = models.CharField(max_length=20, choices=StopReason.choices, blank=True)
    detail = models.CharField(max_length=500, blank=True)
    stopped_at = models.DateTimeField(null=True, blank=True)
    episode = models.PositiveIntegerField(default=0)
    # Temporary failures since the last delivery or confirmation, and ever.
    soft_bounces = models.PositiveIntegerField(default=0)
    soft_bounces_total = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.address}: {'receiving' if self.receiving else 'stopped (' + self.reason + ')'}"


class DeliveryReport(models.Model):
    """One report from the mail system (a DSN, an ESP's tracking event), kept once for audit.

    ``key`` is unique (``<source>:<event id>``): a webhook the ESP retries, or a DSN
    delivered twice, is counted once.
    """

    key = models.CharField(max_length=255, unique=True)
    source = models.CharField(max_length=20)  # dsn, arf, mailgun, postmark, ...
    kind = models.CharField(max_length=20)  # hard, soft, complaint, rejected, unsubscribed, delivered
    address = models.CharField(max_length=320)
    detail = models.CharField(max_length=500, blank=True)
    row = models.ForeignKey(OutboxMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["address", "received_at"])]

    def __str__(self) -> str:
        return f"{self.kind} for {self.address} ({self.source})"
