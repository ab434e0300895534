"""Shared set-up for benchmarks: a Django process on a benchmark database, and game drivers."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BENCH_DB = "postgres://postgres@127.0.0.1:5432/ravenpost_bench"


def configure(database_url: str | None = None) -> None:
    """Point Django at the benchmark database (PostgreSQL unless BENCH_DATABASE_URL says otherwise)."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = database_url or os.environ.get("BENCH_DATABASE_URL", DEFAULT_BENCH_DB)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Mail is not what is measured: keep it in memory, and write outbox rows without sending.
    os.environ.setdefault("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()


def ensure_database() -> None:
    """Create the benchmark database if it is missing, migrate it and refresh its planner statistics."""
    from django.conf import settings
    from django.core.management import call_command

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("postgresql"):
        import psycopg

        conninfo = f"host={db['HOST'] or '127.0.0.1'} port={db['PORT'] or 5432} user={db['USER']} dbname=postgres"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [db["NAME"]]).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{db["NAME"]}"')
    call_command("migrate", verbosity=0)
    if db["ENGINE"].endswith("postgresql"):
        # Planner statistics as a running service has them: the benchmark database grows by thousands of
        # games a run, faster than autovacuum analyzes it (and a benchmark server may run without it), and
        # stale statistics chose a scan of every player for a game page's four seats.
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def report(name: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"bench": name, "value": round(value, 3), "unit": unit, **extra}), flush=True)


def quiet_outbox() -> None:
    """Outbox rows are written (that is part of the move path); sending them is not measured."""
    from notifications import outbox

    outbox.hand_over = lambda ids: None


def players(prefix: str, n: int) -> list[Any]:
    from accounts.models import User

    return [User.objects.get_or_create(email=f"{prefix}-{i}@bench.invalid")[0] for i in range(n)]


def bench_game() -> str:
    """The game the write-path benchmarks play: ``BENCH_GAME``, else the first registered game."""
    from games.rules import game_slugs

    return os.environ.get("BENCH_GAME") or game_slugs()[0]


def revisable_game() -> str:
    """A registered game whose seats may revise their input from the start (a sealed bid).

    The cost-ratio and inbound benchmarks need moves that are legal again and
    again without the game moving on; they ask the rules, not a name.
    """
    from games.rules import get_rules, game_slugs

    for slug in [bench_game(), *game_slugs()]:
        rules = get_rules(slug)
        if len(rules.open_seats(rules.setup(rules.min_players, {}, "probe"))) > 1:
            return slug
    raise SystemExit("no registered game accepts revisions from several seats")


def new_game(prefix: str, slug: str | None = None, n: int | None = None, seed: str | None = None) -> int:
    from games import services
    from games.rules import get_rules

    slug = slug or bench_game()
    n = n or get_rules(slug).min_players
    users = players(prefix, n)
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=n, seed=seed or prefix)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return game.pk


def most_players(rules: Any) -> int:
    """The most players the game takes with its default options (some games seat the most only with an option)."""
    from games.rules import OptionError

    defaults = rules.resolve_options({})
    for n in range(rules.max_players, rules.min_players, -1):
        try:
            rules.check_options(n, defaults)
        except OptionError:
            continue
        return int(n)
    return int(rules.min_players)


class Driver:
    """Plays random legal moves in one game through the write path, timing only submit_move."""

    def __init__(self, game_id: int, rng: random.Random) -> None:
        from games.models import Game

        self.game_id = game_id
        self.rng = rng
        self.rules = Game.objects.get(pk=game_id).rules
        self.state: Any = None
        self.spent = 0.0
        self.moves = 0

    def step(self) -> bool:
        """Make one move; False when the game is over."""
        from games import services
        from games.models import Projection

        if self.state is None:
            self.state = Projection.objects.get(pk=self.game_id).state
        awaited = self.rules.to_act(self.state)
        if not awaited:
            return False
        seat = awaited[0]
        move = self.rules.random_move(self.state, seat, self.rng)
        started = time.perf_counter()
        services.submit_move(game_id=self.game_id, seat=seat, move=move, source="api")
        self.spent += time.perf_counter() - started
        self.moves += 1
        # The client keeps its own copy of the state, as a web page would, outside the timing.
        self.state = self.rules.apply(self.state, seat, move)
        return True
