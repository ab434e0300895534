"""manage.py new_game <slug> --player EMAIL ... [--option KEY=VALUE ...]: create and start a game."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Source
from games.rules import IllegalMove, OptionError, UnknownGame


class Command(BaseCommand):
    help = "Create a game with the given players (creating missing users, verified), start it, print its id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the game, e.g. revolution")
        parser.add_argument("--player", action="append", default=[], metavar="EMAIL", required=True,
                            help="a player's address; repeat once per seat")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="a game option, e.g. bid_refunds=yes")
        parser.add_argument("--seed", default=None, help="the game's seed (random if omitted)")

    def handle(self, *args: object, **options: object) -> str:
        emails = [str(e) for e in options["player"]]  # type: ignore[union-attr]
        if len({e.lower() for e in emails}) != len(emails):
            raise CommandError("each --player must be a different address")
        game_options = {}
        for item in options["option"]:  # type: ignore[union-attr]
            key, sep, value = str(item).partition("=")
            if not sep or not key:
                raise CommandError(f"--option takes KEY=VALUE, not {item!r}")
            game_options[key.strip()] = value.strip()
        try:
            with transaction.atomic():
                users = [user_get_or_create_verified(email=email) for email in emails]
                game = services.game_create(
                    rules_slug=str(options["slug"]), creator=users[0], num_players=len(users),
                    options=game_options, seed=options["seed"] or None, source=Source.SYSTEM,  # type: ignore[arg-type]
                )
                for user in users[1:]:
                    services.game_join(game_id=game.pk, user=user, source=Source.SYSTEM)
        except (UnknownGame, OptionError, IllegalMove, services.GameError) as error:
            raise CommandError(str(error)) from error
        return str(game.pk)
