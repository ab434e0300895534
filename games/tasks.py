"""Celery tasks of games: thin adapters over the deadline sweep."""

from __future__ import annotations

from celery import shared_task

from games import deadlines


@shared_task(name="games.enforce_deadlines")
def enforce_deadlines() -> dict[str, int]:
    return deadlines.sweep()
