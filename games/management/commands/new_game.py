"""manage.py new_game <slug> --player EMAIL ... [--option KEY=VALUE ...]: create and start a game."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Source
from games.rules import IllegalMove, OptionError, UnknownGame
from games.timecontrol import TimeControlError, parse_duration


class Command(BaseCommand):
    help = "Create a game with the given players (creating missing users, verified), start it, print its id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the game's slug (see the lobby, or games.rules.game_slugs())")
        parser.add_argument("--player", action="append", default=[], metavar="EMAIL", required=True,
                            help="a player's address; repeat once per seat")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="a game option, e.g. bid_refunds=yes")
        parser.add_argument("--seed", default=None, help="the game's seed (random if omitted)")
        parser.add_argument("--deadline", default=None, metavar="DURATION",
                            help="time per move, e.g. 30s, 12h, 3d (default: no deadlines)")
        parser.add_argument("--reminder", default=None, metavar="DURATION", help="reminder before the deadline")
        parser.add_argument("--timeout-policy", default="default", choices=["default", "skip"],
                            help="what a timeout does (default: the rules' default move)")
        parser.add_argument("--max-timeouts", type=int, default=3,
                            help="consecutive timeouts before the seat is replaced")
        parser.add_argument("--then", default="bot", choices=["bot", "substitute", "abort"],
                            help="what happens after --max-timeouts timeouts in a row")

    def handle(self, *args: Any, **options: Any) -> str:
        emails = [str(e) for e in options["player"]]
        if len({e.lower() for e in emails}) != len(emails):
            raise CommandError("each --player must be a different address")
        game_options = {}
        for item in options["option"]:
            key, sep, value = str(item).partition("=")
            if not sep or not key:
                raise CommandError(f"--option takes KEY=VALUE, not {item!r}")
            game_options[key.strip()] = value.strip()
        try:
            time_control = None
            if options["deadline"]:
                time_control = {
                    "move": parse_duration(str(options["deadline"])),
                    "reminder": parse_duration(str(options["reminder"])) if options["reminder"] else 0,
                    "policy": options["timeout_policy"],
                    "max_timeouts": options["max_timeouts"],
                    "then": options["then"],
                }
            with transaction.atomic():
                users = [user_get_or_create_verified(email=email) for email in emails]
                game = services.game_create(
                    rules_slug=str(options["slug"]), creator=users[0], num_players=len(users),
                    options=game_options, seed=options["seed"] or None, source=Source.SYSTEM,
                    time_control=time_control,
                )
                for user in users[1:]:
                    services.game_join(game_id=game.pk, user=user, source=Source.SYSTEM)
        except (UnknownGame, OptionError, IllegalMove, services.GameError, TimeControlError) as error:
            raise CommandError(str(error)) from error
        return str(game.pk)
