"""Turning an outbox row into an email message (text part; richer mail comes with play by email)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.urls import reverse

from notifications.models import OutboxMessage

SUBJECTS = {
    "game_started": "game started",
    "your_turn": "your turn",
    "game_over": "game over",
}


def build_message(row: OutboxMessage) -> EmailMultiAlternatives | None:
    game = row.game
    if game is None or not row.user.email:
        return None
    from games import selectors

    rules = game.rules
    url = settings.SITE_URL + reverse("games:detail", args=[game.pk])
    subject = f"[Ravenpost] {rules.name} #{game.pk} — {SUBJECTS.get(row.kind, row.kind.replace('_', ' '))}"
    state = selectors.state_at(game, row.event_seq)
    lines = []
    if state is not None:
        lines.append(rules.describe(state, row.seat))
        if row.kind == "game_over":
            lines.append("")
            lines.append(selectors.result_summary(game))
    lines += ["", f"Game page: {url}"]
    return EmailMultiAlternatives(
        subject=subject,
        body="\n".join(lines),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.user.email],
    )
