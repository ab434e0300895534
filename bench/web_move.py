"""web_move: a whole web move (the form's POST and the redirect's GET) through gunicorn on PostgreSQL.

The service runs as documented (deploy/Procfile's ``web`` command with two
workers, deploy/ravenpost.env.example's environment, ``DEBUG`` off) on a free
loopback port, on the benchmark database (``BENCH_DATABASE_URL``), with a Redis
of its own as the broker: a move writes its outbox rows and queues them, as in
production, and no worker sends them, so no move waits on mail.

``BENCH_WEB_GAMES`` games (8) of ``BENCH_GAME`` (default: the game whose moves are
cheapest to make from a form, see :func:`form_game`) are played at once, one client
thread per game and one signed-in HTTP client (cookie session) per seat. A move
is what a player's browser does: the game page's own move form, read from the
page (its CSRF token, version and idempotency key; one of the decision's option
buttons when the page shows them, else the move box with a move in the game's
notation), posted, and the redirect followed. When the seat to move is not the
one that moved last, its player first opens the game page (from the turn mail):
that GET is load but not part of the move's latency.

- ``web_move``: moves per second over the wall time of ``BENCH_WEB_MOVES`` moves
  (1,200), with ``p50_ms`` and ``p95_ms`` of POST + redirect GET as the client sees them;
- ``web_move_404_floor``: the median of a 404 page through the same gunicorn, fetched
  one at a time before the moves; ``web_move``'s ``ratio`` is its p50 over this.

``BENCH_WEB_PROFILE=DIR`` serves through :mod:`bench.web_profile` (cProfile per
request) and prints where the POSTs and the pages spend their time; its figures
are slowed by the profiler and not comparable. With ``BENCH_WEB_SPLIT=1`` as well it
only times each request (no profiler) and prints ``web_move_split_<kind>`` lines:
mean server CPU and wall ms of the move POSTs, the game pages and the rest.
"""

from __future__ import annotations

import html
import math
import os
import random
import re
import secrets
import statistics
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import common
from faults.services import BIN, HIDDEN, ROOT, Browser, Process, Redis, procfile, read_env_file

MOVES = int(os.environ.get("BENCH_WEB_MOVES", "1200"))
GAMES = int(os.environ.get("BENCH_WEB_GAMES", "8"))
WORKERS = 2
FLOOR_REPEAT = 200
PASSWORD = "bench-web-move-password"

FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
ACTION = re.compile(r'action="([^"]*)"')
INPUT = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
CHOICE = re.compile(r'<button[^>]*name="choice" value="([^"]*)"|<option value="([^"]*)"')


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    opens: int = 0
    confirmed: int = 0
    moves: int = 0
    refused: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def page_forms(page: str) -> list[tuple[str, dict[str, str], list[str]]]:
    """Each POST form of a page: (action, its hidden fields, the values its ``choice`` buttons or list offer)."""
    forms = []
    for attributes, body in FORM.findall(page):
        action = ACTION.search(attributes)
        if 'method="post"' not in attributes or not action:
            continue
        hidden = {name: html.unescape(value) for name, value in INPUT.findall(body)}
        choices = [html.unescape(button or option) for button, option in CHOICE.findall(body)]
        forms.append((html.unescape(action.group(1)), hidden, choices))
    return forms


def choose_form(page: str, game_id: int, rng: random.Random, text: Any) -> tuple[str, dict[str, str]] | None:
    """The form a player sends: one option of a decision's buttons if the page offers them, else the
    move box with ``text()`` (a legal move in the notation); None when the page takes no move."""
    forms = page_forms(page)
    offered = [(action, hidden, choices) for action, hidden, choices in forms
               if hidden.get("action") == "choice" and choices]
    if offered:
        action, hidden, choices = rng.choice(offered)
        return action, {**hidden, "choice": rng.choice(choices)}
    for action, hidden, _ in forms:
        if action == f"/games/{game_id}/move/" and {"expected_version", "idempotency_key"} <= set(hidden):
            return action, {**hidden, "text": text()}
    return None


def seated_users(prefix: str, n: int) -> list[Any]:
    """``n`` verified users who sign in with PASSWORD (the password is hashed once, then copied)."""
    from accounts.models import User
    from accounts.services import user_get_or_create_verified

    users = [user_get_or_create_verified(email=f"{prefix}-{i}@bench.invalid") for i in range(n)]
    users[0].set_password(PASSWORD)
    User.objects.filter(pk__in=[u.pk for u in users]).update(password=users[0].password)
    return users


def form_game() -> str:
    """``BENCH_GAME``, else the registered game whose moves are cheapest to make from a form.

    That is, among the games whose every decision in a seeded random game lists its
    legal options (``Rules.choices``: the page offers each move to pick, none has to
    be composed), the one whose rules spend the least per move (view, choices, apply).
    """
    from games.rules import all_rules

    if os.environ.get("BENCH_GAME"):
        return os.environ["BENCH_GAME"]
    costs = {}
    for rules in all_rules():
        state = rules.setup(rules.min_players, rules.resolve_options({}), "bench-form-game")
        rng, made, listed = random.Random(1), 0, True
        started = time.perf_counter()
        while listed and made < 200 and not rules.is_over(state):
            seat = rules.to_act(state)[0]
            rules.view(state, seat)
            decision = rules.choices(state, seat)
            listed = decision is not None and bool(decision.options)
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
            made += 1
        if listed:
            costs[rules.slug] = (time.perf_counter() - started) / made
    if not costs:
        raise SystemExit("no registered game lists its options at every decision; set BENCH_GAME")
    return min(costs, key=costs.__getitem__)


def create_game(slug: str, users: list[Any], seed: str) -> tuple[int, dict[int, int]]:
    """A started game of ``users`` and which user (index) holds each seat (the seed deals the seats)."""
    from games import services
    from games.models import Seat

    game = services.game_create(rules_slug=slug, creator=users[0], num_players=len(users), seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    index = {user.pk: i for i, user in enumerate(users)}
    seats = Seat.objects.filter(game_id=game.pk, index__isnull=False)  # every seat has its index once started
    return game.pk, {int(seat.index): index[seat.user_id] for seat in seats if seat.index is not None}


def game_length(rules: Any, players: int) -> int:
    """The fewest moves of a few random games through the pure rules (to create enough games up front)."""
    lengths = []
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.setup(players, rules.resolve_options({}), f"bench-length-{seed}")
        made = 0
        while not rules.is_over(state) and made < 100_000:
            seat = rules.to_act(state)[0]
            state = rules.apply(state, seat, rules.random_move(state, seat, rng))
            made += 1
        lengths.append(made)
    return max(1, min(lengths))


class Table(threading.Thread):
    """The players of one game after another: each move through the page's form, then the redirect."""

    def __init__(self, n: int, rules: Any, port: int, host: str, users: list[Any],
                 games: list[tuple[int, dict[int, int]]], quota: int, tally: Tally, go: threading.Event) -> None:
        super().__init__(daemon=True, name=f"table-{n}")
        self.rules = rules
        self.users, self.games, self.quota, self.tally, self.go = users, games, quota, tally, go
        addresses = [n * len(users) + i for i in range(len(users))]  # one client address per player
        self.browsers = [Browser(port, host, f"10.0.{a // 250}.{a % 250 + 1}") for a in addresses]
        self.rng = random.Random(n)
        self.pages: dict[int, str] = {}  # player (index) -> the last game page their browser shows
        self.error: str | None = None

    def sign_in(self) -> None:
        """Every player signs in and opens the first game's page (this also warms both workers up)."""
        for player, (browser, user) in enumerate(zip(self.browsers, self.users)):
            browser.sign_in(user.email, PASSWORD)
            status, self.pages[player] = browser.get(f"/games/{self.games[0][0]}/")
            assert status == 200, f"game page: {status}"

    def run(self) -> None:
        from django.db import connection

        try:
            self.go.wait()
            self.play()
        except Exception as error:  # noqa: BLE001 - reported by the main thread
            self.error = f"{type(error).__name__}: {error}"
        finally:
            connection.close()

    def play(self) -> None:
        from games.models import Projection

        rules = self.rules
        made = 0
        pages = self.pages
        while made < self.quota:
            if not self.games:
                raise RuntimeError("ran out of games: raise the estimate in game_length")
            game_id, seats = self.games[0]
            # The client's notion of whose turn it is; a player is told so by the turn mail.
            projection = Projection.objects.get(pk=game_id)
            if not projection.to_act:
                self.games.pop(0)
                pages.clear()
                continue
            seat = self.rng.choice(list(projection.to_act))
            player = seats[seat]
            browser = self.browsers[player]
            page = pages.get(player, "")
            shown = dict(HIDDEN.findall(page)).get("expected_version")
            if shown != str(projection.version):
                status, page = browser.get(f"/games/{game_id}/")  # opening the page from the turn mail
                assert status == 200, f"game page: {status}"
                with self.tally.lock:
                    self.tally.opens += 1

            def text() -> str:
                state = projection.state
                return str(rules.format_move(state, seat, rules.random_move(state, seat, self.rng)))

            chosen = choose_form(page, game_id, self.rng, text)
            if chosen is None:
                raise RuntimeError(f"game {game_id}: the page of seat {seat} offers no move form")
            action, form = chosen
            started = time.perf_counter()
            status, headers, body = browser.post(action, form)
            confirm = [(to, hidden) for to, hidden, _ in page_forms(body) if hidden.get("confirm") == "1"]
            if status == 200 and confirm:
                # The rules warned about the move: the page asks "are you sure?" and the player says yes.
                status, headers, body = browser.post(*confirm[0])
                with self.tally.lock:
                    self.tally.confirmed += 1
            if status != 302:
                with self.tally.lock:
                    self.tally.refused.append(f"{status}: {body[:300]!r}")
                    if len(self.tally.refused) > 20:
                        raise RuntimeError(f"too many refused moves, e.g. {self.tally.refused[0]}")
                pages.pop(player, None)
                continue
            status, page = browser.get(headers["Location"])
            elapsed = time.perf_counter() - started
            assert status == 200, f"redirect to the game page: {status}"
            pages[player] = page
            made += 1
            with self.tally.lock:
                self.tally.latencies.append(elapsed)
                self.tally.moves += 1


def floor_ms(port: int, host: str, run: str) -> float:
    """The median of a 404 through the same gunicorn, fetched one at a time."""
    anonymous = Browser(port, host, "198.51.100.250")
    times = []
    for i in range(FLOOR_REPEAT + 10):
        started = time.perf_counter()
        status, _ = anonymous.get(f"/no-such-page-{run}-{i}/")
        elapsed = time.perf_counter() - started
        assert status == 404, f"404 floor: {status}"
        if i >= 10:
            times.append(elapsed)
    return statistics.median(times) * 1000


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU time of each live process (all its threads), from /proc."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return found


def database_backends() -> list[int]:
    """Process ids of the PostgreSQL backends serving clients of the benchmark database (none on SQLite).

    Client backends only: an autovacuum worker busy on the (large, long-lived) benchmark database also
    shows in ``pg_stat_activity`` with its database, and counted from zero its CPU is not the moves'.
    """
    from django.db import connection

    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")
        return [int(row[0]) for row in cursor.fetchall()]


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings (a process that started meanwhile counts from zero)."""
    return sum(value - before.get(pid, 0.0) for pid, value in after.items())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def service_env(workdir: Path, redis_url: str) -> dict[str, str]:
    """The documented production environment, on the benchmark database and this run's own Redis."""
    documented = read_env_file()
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "CELERY_", "ANYMAIL_", "EMAIL_", "OUTBOX_", "DEADLINE_", "BENCH_"))
            and k not in documented and k not in ("SECRET_KEY", "STATIC_ROOT", "LOG_LEVEL")}
    return {**base, **documented, "SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_URL": os.environ["DATABASE_URL"],  # the benchmark database (common.configure)
            "REDIS_URL": redis_url, "STATIC_ROOT": str(workdir / "static"), "RAVENPOST_VAR_DIR": str(workdir / "var"),
            "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING",
            # No worker consumes the queue: mail is never sent, whatever the backend.
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend"}


def main() -> None:
    common.configure()
    common.ensure_database()
    common.quiet_outbox()  # the games are created here; their first mails are not what is measured
    from django.db import connection
    from games.rules import get_rules

    rules = get_rules(form_game())
    players = int(rules.min_players)
    run = uuid.uuid4().hex[:8]
    per_table = max(1, MOVES // GAMES)
    per_game = game_length(rules, players)
    tables_games = []
    tables_users = []
    for n in range(GAMES):
        users = seated_users(f"web-{run}-{n}", players)
        tables_users.append(users)
        # Random games vary in length: twice the shortest seeded playout's share, and one spare.
        count = 2 * math.ceil(per_table / per_game) + 1
        tables_games.append([create_game(rules.slug, users, f"web-{run}-{n}-{i}") for i in range(count)])
    connection.close()

    profile_dir = os.environ.get("BENCH_WEB_PROFILE")
    redis = Redis()
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        env = service_env(Path(tmp), redis.url)
        if profile_dir:
            env["BENCH_WEB_PROFILE"] = str(Path(profile_dir).resolve())
            env["BENCH_WEB_PROFILE_CLOCK"] = os.environ.get("BENCH_WEB_PROFILE_CLOCK", "wall")
        web = procfile()["web"]
        web[web.index("--bind") + 1] = "127.0.0.1:0"  # a free port
        web[web.index("--workers") + 1] = str(WORKERS)
        if profile_dir:
            served = "timed" if os.environ.get("BENCH_WEB_SPLIT") else "application"
            web[web.index("config.wsgi:application")] = f"bench.web_profile:{served}"
        server: Process | None = None
        redis.start()
        try:
            # The documented order: migrate (done above), collectstatic, start.
            collect = Process([sys.executable, "manage.py", "collectstatic", "--noinput"], env)
            if collect.proc.wait(timeout=300) != 0:
                raise SystemExit(f"collectstatic failed:\n{collect.output()}")
            server = Process(web, env)
            port = int(server.wait_for(r"Listening at: http://127\.0\.0\.1:(\d+)").group(1))
            for _ in range(WORKERS):
                server.wait_for(r"Booting worker")
            host = env["ALLOWED_HOSTS"].split(",")[0]
            tally = Tally()
            go = threading.Event()
            tables = [Table(n, rules, port, host, tables_users[n], tables_games[n], per_table, tally, go)
                      for n in range(GAMES)]
            for table in tables:
                table.sign_in()
            floor = floor_ms(port, host, run)
            for table in tables:
                table.start()
            # CPU time is what a busy machine does not inflate: the capacity of two cores, whatever else runs.
            workers_before, db_before = cpu_seconds(server.children()), cpu_seconds(database_backends())
            client_before = time.process_time()
            started = time.perf_counter()
            go.set()
            for table in tables:
                table.join()
            wall = time.perf_counter() - started
            client_cpu = time.process_time() - client_before
            worker_cpu = spent(workers_before, cpu_seconds(server.children()))
            db_cpu = spent(db_before, cpu_seconds(database_backends()))
            connection.close()
            errors = [table.error for table in tables if table.error]
            if errors:
                raise SystemExit(f"web_move failed: {errors[0]}\n{server.output()}")
        finally:
            if server is not None:
                server.stop()  # by its process id: SIGTERM, gunicorn stops its workers
            redis.stop()
    p50 = statistics.median(tally.latencies) * 1000
    common.report("web_move", tally.moves / wall, "moves/s", game=rules.slug, games=GAMES, workers=WORKERS,
                  moves=tally.moves, page_opens=tally.opens, confirmed=tally.confirmed, refused=len(tally.refused),
                  p50_ms=round(p50, 3), p95_ms=round(percentile(tally.latencies, 0.95) * 1000, 3),
                  floor_ms=round(floor, 3), ratio=round(p50 / floor, 1), profiled=bool(profile_dir),
                  # CPU per move: gunicorn's workers, PostgreSQL's backends (the clients' turn reads included),
                  # this process (the clients); a page opened before a move is in the figures too.
                  web_cpu_ms=round(worker_cpu / tally.moves * 1000, 3),
                  db_cpu_ms=round(db_cpu / tally.moves * 1000, 3),
                  client_cpu_ms=round(client_cpu / tally.moves * 1000, 3))
    for refusal in tally.refused[:3]:
        print(f"refused: {refusal}", file=sys.stderr)
    common.report("web_move_404_floor", floor, "ms", repeat=FLOOR_REPEAT)
    if profile_dir and os.environ.get("BENCH_WEB_SPLIT"):
        from bench import web_profile

        for kind, figures in sorted(web_profile.split(Path(profile_dir)).items()):
            common.report(f"web_move_split_{kind}", figures["cpu_ms"], "ms", **figures)
    elif profile_dir:
        from bench import web_profile

        for kind in ("post", "page"):
            print(f"== {kind}: cumulative time over every worker's profile ==")
            web_profile.summary(Path(profile_dir), kind)


if __name__ == "__main__":
    main()
