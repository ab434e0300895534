"""manage.py enforce_deadlines: run one deadline sweep (for operators who use cron instead of beat)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games import deadlines


class Command(BaseCommand):
    help = "Apply due reminders and timeouts once, then exit."

    def handle(self, *args: Any, **options: Any) -> None:
        counts = deadlines.sweep()
        summary = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "nothing due"
        self.stdout.write(summary)
