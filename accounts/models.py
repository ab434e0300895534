"""The user model: people sign in with an email address; there is no username."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from config.db.compiled import Prepared


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not a time zone name (for example Europe/Paris or America/New_York)")


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def get(self, *args: Any, **kwargs: Any) -> "User":
        """``get(pk=<int>)`` of the live model through a query compiled once per connection: Django's
        authentication reads the signed-in user this way on every request, and building the ORM's query
        cost more than running it. Any other lookup (and a migration's historical model) is the ORM's."""
        key = kwargs.get("pk")
        if args or len(kwargs) != 1 or type(key) is not int or self.model is not User or self._db is not None:
            return super().get(*args, **kwargs)
        found = _USER_BY_PK(key)
        if not found:
            raise self.model.DoesNotExist(f"{self.model._meta.object_name} matching query does not exist.")
        user: User = found[0]  # type: ignore[assignment]
        return user

    def _create(self, email: str, password: str | None, **extra: object) -> "User":
        if not email:
            raise ValueError("a user needs an email address")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        if password:
            user.set_password(password)
        else:
            user.set_unusable_password()
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra: object) -> "User":
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra: object) -> "User":
        extra.update(is_staff=True, is_superuser=True)
        return self._create(email, password, **extra)


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(unique=True)
    display_name = models.CharField(max_length=60, blank=True)
    # accounts.names.name_key of the name others see: two players may not look alike.
    name_key = models.CharField(max_length=60, blank=True, db_index=True, editable=False)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = []  # noqa: RUF012 - Django's own declaration is a class-level list

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        from accounts.names import name_key

        self.name_key = name_key(self.name)[:60]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        """What other players see: the display name, or the part of the address before the @."""
        return self.display_name or self.email.split("@", 1)[0]


class Vacation(models.Model):
    """A stretch of days away: the player's clocks pause in every game meanwhile.

    ``until`` is the last day away (inclusive, in the player's time zone); ``ended_at``
    is set when the player comes back early.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts_at:%Y-%m-%d} to {self.ends_at:%Y-%m-%d}"

    @property
    def effective_end(self):  # -> datetime
        return self.ended_at or self.ends_at


class TokenScope(models.TextChoices):
    READ = "read", "read: see my games"
    PLAY = "play", "play: see my games and act in them"


class AccessToken(models.Model):
    """A personal access token for the JSON API, kept only as a SHA-256 digest.

    The token itself is shown once, when it is made; a stolen database yields
    digests that cannot be turned back into tokens. ``prefix`` (the first
    characters) lets the owner tell their tokens apart on the profile page.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="access_tokens")
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=12)
    digest = models.CharField(max_length=64, unique=True)
    scope = models.CharField(max_length=8, choices=TokenScope.choices, default=TokenScope.READ)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} token {self.prefix}… ({self.scope})"

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    @property
    def can_play(self) -> bool:
        return self.scope == TokenScope.PLAY


_USER_BY_PK = Prepared("user_by_pk", lambda pk: User._default_manager.all().filter(pk=pk).order_by("pk")[:1])
