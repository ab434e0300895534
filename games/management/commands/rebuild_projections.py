"""manage.py rebuild_projections [--verify] [GAME_ID ...]: replay games from their events.

With --verify nothing is written: every game is replayed and any difference
from its stored projection (or a broken hash chain) is reported, and the
command exits non-zero if there was one.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games.models import Game
from games.store import rebuild_projection, verify_game


class Command(BaseCommand):
    help = "Rebuild (or with --verify, check) game projections by replaying their events."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int)
        parser.add_argument("--verify", action="store_true", help="only compare and report; change nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.order_by("pk")
        if options["game_ids"]:
            games = games.filter(pk__in=options["game_ids"])
        checked = 0
        problems: list[str] = []
        for game in games.iterator():
            checked += 1
            if options["verify"]:
                problems += verify_game(game)
            else:
                with transaction.atomic():
                    rebuild_projection(game)
        if options["verify"]:
            for line in problems:
                self.stdout.write(line)
            self.stdout.write(f"verified {checked} games: {len(problems)} differences")
            if problems:
                raise CommandError(f"{len(problems)} differences found")
        else:
            self.stdout.write(f"rebuilt {checked} projections")
