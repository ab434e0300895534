"""manage.py export_game <id>: print the game record (metadata and hash-chained events) as JSON."""

from __future__ import annotations

from typing import Any

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.exports import export_record
from games.models import Game


class Command(BaseCommand):
    help = "Print a game's record as JSON; replay it with games.records.replay_record or get_rules alone."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--indent", type=int, default=2)

    def handle(self, *args: Any, **options: Any) -> None:
        game = Game.objects.filter(pk=options["game_id"]).first()
        if game is None:
            raise CommandError(f"there is no game #{options['game_id']}")
        self.stdout.write(json.dumps(export_record(game), indent=options["indent"] or None, ensure_ascii=False))
