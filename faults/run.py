"""The fault run: play games on the production topology while it is broken at known times, then count.

``python -m faults [--quick]`` (``make faults``, ``make faults ARGS=--quick``)
starts everything of its own on loopback (a PostgreSQL cluster in a temporary
directory, a redis-server, an SMTP sink standing in for the ESP, gunicorn, two
Celery workers and beat) from the documented production environment
(deploy/ravenpost.env.example), plays games over HTTP and by mail
(an MTA pipe into ``ingest_email``) plus one game whose players never move (its
deadlines time out), and meanwhile: kills a Celery worker with SIGKILL while it
hands a mail to the ESP, kills a gunicorn worker, restarts PostgreSQL, stops
Redis for ~25 s, runs a second beat. Then it drains the outbox, runs
``rebuild_projections --verify`` and prints one table (docs/operators/faults.md
explains how to read it). It stops only the processes it started, by their ids.

The exit status is 1 when the run failed its criteria: ``--quick`` (CI) fails on
any lost or duplicated move, any timeout applied twice, any worker or beat that
exited on its own, or a verify that finds differences; the full run also on
missing mail, unmarked or too many duplicate mails, a 5xx, or mail delayed by
more than 15 s after a fault ended.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import http.client
import json
import os
import re
import secrets
import signal
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import psycopg

from faults.services import (
    BIN,
    HIDDEN,
    ROOT,
    Browser,
    PostgresCluster,
    Process,
    Redis,
    SmtpSink,
    pids_with_connection_from,
    procfile,
    read_env_file,
    reply,
)
from games.rules import get_rules

PASSWORD = "fault-run-password-42"


def _simultaneous_game() -> str:
    """The first registered game whose seats all act at once from the start (sealed bids), so that one
    game's seats move by web and by mail at the same time; ``FAULTS_GAME`` names another."""
    from games.rules import game_slugs

    for slug in game_slugs():
        rules = get_rules(slug)
        state = rules.setup(rules.min_players, rules.resolve_options(None), "faults-probe")
        if len(rules.to_act(state)) == rules.min_players > 1:
            return slug
    raise SystemExit("the fault run needs a game whose players act simultaneously; set FAULTS_GAME")


# The players use only the rules protocol (to_act, default_move, format_move, is_over).
GAME = os.environ.get("FAULTS_GAME") or _simultaneous_game()
RULES = get_rules(GAME)
# Documented knobs (docs/operators/README.md), turned down so that a killed send is retried within
# seconds rather than minutes: the bound on a mail's delay after such a fault is about their sum.
KNOBS = {"OUTBOX_RETRY_SECONDS": "3", "OUTBOX_SENDING_TIMEOUT": "6", "DEADLINE_SWEEP_SECONDS": "1",
         "EMAIL_TIMEOUT": "5"}
DEADLINE_SECONDS = 6
MAX_MAIL_DELAY = 15.0
# A move while the broker is away takes as long as any other (the publish fails at once); on a loaded
# machine a POST may take a second anyway, so only a wait of the broker's order fails the run.
MAX_MOVE_WAIT = 2.0
REDIS_OUTAGE = 25.0


@dataclass
class Plan:
    """What to play and when to break what (seconds after play begins)."""

    games: int
    play_seconds: float
    faults: list[tuple[float, str]]

    @classmethod
    def of(cls, quick: bool) -> "Plan":
        if quick:
            return cls(games=3, play_seconds=90, faults=[
                (5, "worker"), (15, "gunicorn"), (25, "postgres"), (35, "redis"), (63, "beat")])
        return cls(games=4, play_seconds=330, faults=[
            (15, "worker"), (40, "gunicorn"), (60, "postgres"), (85, "redis"), (130, "beat"),
            (175, "worker"), (200, "gunicorn"), (220, "postgres"), (245, "redis"), (290, "worker")])


@dataclass
class Fault:
    name: str
    start: float  # time.time()
    end: float = 0.0
    note: str = ""
    in_flight: int = 1  # mails in the ESP's hands at the fault: each may go out twice (marked)


@dataclass
class Tally:
    """What the players saw, filled in by the driver threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    web_keys: dict[int, list[str]] = field(default_factory=lambda: collections.defaultdict(list))
    mail_ids: dict[int, list[str]] = field(default_factory=lambda: collections.defaultdict(list))
    refused: list[str] = field(default_factory=list)
    server_errors: list[tuple[float, str]] = field(default_factory=list)  # (when, what)
    dropped: list[tuple[float, str]] = field(default_factory=list)  # connection reset or timed out
    move_times: list[tuple[float, float]] = field(default_factory=list)  # (when, seconds) of each move POST
    games_played: list[int] = field(default_factory=list)
    accepted_at: list[float] = field(default_factory=list)  # when each move was accepted (web or mail)

    def note(self, bucket: list[Any], item: Any) -> None:
        with self.lock:
            bucket.append(item)


class Deployment:
    """The processes of one deployment, started from the documented environment, and the faults done to them."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.cluster = PostgresCluster()
        self.redis = Redis()
        self.sink = SmtpSink()
        documented = read_env_file()
        self.host = documented["ALLOWED_HOSTS"].split(",")[0]
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("DJANGO_", "CELERY_", "ANYMAIL_", "EMAIL_", "OUTBOX_", "DEADLINE_"))
                and k not in documented and k not in ("SECRET_KEY", "STATIC_ROOT", "LOG_LEVEL")}
        self.env = {**base, **documented,
                    "SECRET_KEY": secrets.token_urlsafe(50), "DATABASE_URL": self.cluster.url("ravenpost"),
                    "REDIS_URL": self.redis.url, "STATIC_ROOT": str(workdir / "static"),
                    "RAVENPOST_VAR_DIR": str(workdir / "var"), "DJANGO_SETTINGS_MODULE": "config.settings",
                    "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING",
                    # The operator's choice of ESP: an SMTP relay (docs/operators/email.md), here the sink.
                    "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "127.0.0.1",
                    **KNOBS}
        self.web: Process | None = None
        self.workers: dict[str, Process] = {}
        self.beat: Process | None = None
        self.extra_beat: Process | None = None
        self.started: list[Process] = []
        self.killed: set[int] = set()  # ids of processes this run killed or stopped on purpose
        self.port = 0
        self.commands = procfile()

    # -- starting -------------------------------------------------------------------------------
    def manage(self, *args: str, stdin: bytes | None = None, check: bool = True) -> subprocess.CompletedProcess[bytes]:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, input=stdin,
                                capture_output=True, timeout=300)
        if check and result.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{result.stdout.decode()}\n{result.stderr.decode()}")
        return result

    def start(self) -> None:
        self.cluster.start()
        self.cluster.create_database("ravenpost")
        self.redis.start()
        self.sink.start()
        self.env["EMAIL_PORT"] = str(self.sink.port)
        # The documented order: migrate, collectstatic, start.
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput")
        web = self.commands["web"]
        web[web.index("--bind") + 1] = "127.0.0.1:0"  # a free port
        self.web = self._spawn(web)
        self.port = int(self.web.wait_for(r"Listening at: http://127\.0\.0\.1:(\d+)").group(1))
        for name in ("w1", "w2"):
            self.start_worker(name)
        self.beat = self.start_beat("beat-schedule")

    def _spawn(self, args: list[str], *, new_session: bool = False) -> Process:
        process = Process(args, self.env, new_session=new_session)
        self.started.append(process)
        return process

    def start_worker(self, name: str) -> None:
        worker = self._spawn([*self.commands["worker"], "-n", f"{name}@faults"], new_session=True)
        worker.wait_for(r"ready\.", timeout=120)
        self.workers[name] = worker

    def start_beat(self, schedule: str) -> Process:
        # Each beat keeps its own schedule file and no pid file (as on two hosts).
        beat = self._spawn([*self.commands["beat"], "-s", str(self.workdir / schedule), "--pidfile="])
        beat.wait_for(r"beat: Starting", timeout=120)
        return beat

    def stop(self) -> None:
        for process in reversed(self.started):
            self.killed.add(process.proc.pid)
            process.stop()
        self.sink.stop()
        self.redis.stop()
        self.cluster.remove()

    def exited_on_their_own(self) -> list[str]:
        return [" ".join(p.args[:4]) + f" (pid {p.proc.pid}, status {p.proc.returncode})"
                for p in self.started if not p.alive() and p.proc.pid not in self.killed]

    # -- faults ---------------------------------------------------------------------------------
    def kill_worker_mid_send(self) -> tuple[str, int]:
        """SIGKILL the Celery worker that is handing a mail to the ESP (the sink holds it unanswered)."""
        self.sink.hold(lambda message: True)
        held = self.sink.holding.wait(30)
        victim = None
        if held and self.sink.held_peer is not None:
            for name, worker in self.workers.items():
                if pids_with_connection_from(self.sink.held_peer[1], [worker.proc.pid, *worker.children()]):
                    victim = name
        name = victim or sorted(self.workers)[0]
        worker = self.workers.pop(name)
        # Each of its processes talking to the ESP right now has a mail in flight: one duplicate each, at most.
        sending = len(pids_with_connection_from(self.sink.port, [worker.proc.pid, *worker.children()], to=True))
        self.killed.add(worker.proc.pid)
        worker.kill_group()
        self.sink.release()
        self.start_worker(name)
        return (f"mid-send, {sending} sending" if victim else "no mail in flight"), max(1, sending)

    def kill_gunicorn_worker(self) -> str:
        assert self.web is not None
        children = self.web.children()
        if not children:
            return "no worker found"
        os.kill(children[0], 9)
        return f"pid {children[0]}"

    def restart_postgres(self) -> str:
        self.cluster.restart()
        return ""

    def second_beat(self, seconds: float) -> str:
        """A second beat beside the first, ``seconds`` from when it runs: every periodic task twice."""
        beat = self.start_beat("beat2-schedule")
        time.sleep(seconds)
        self.killed.add(beat.proc.pid)
        beat.stop()
        return f"{seconds:.0f} s"


class Driver(threading.Thread):
    """Plays one game at a time for its players, move after move, by web and by mail; a new game when one ends."""

    def __init__(self, n: int, d: Deployment, db: "Db", tally: Tally, stop: threading.Event, *,
                 idle: bool = False) -> None:
        super().__init__(daemon=True, name=f"driver-{n}")
        self.n, self.d, self.db, self.tally, self.stopping, self.idle = n, d, db, tally, stop, idle
        self.players = [f"{'clock' if idle else 'p'}{n}-{seat}@example.org" for seat in range(3)]
        self.browsers = [Browser(d.port, d.host, f"203.0.113.{10 + 3 * n + seat}") for seat in range(3)]
        self.count = 0
        self.game_id = 0
        self.seats: dict[int, int] = {}  # seat -> index in ``players``
        self.seats_of = 0
        self.mailed: dict[int, str] = {}  # seat -> Message-ID of its mail move not yet processed
        self.error: str | None = None

    def new_game(self) -> None:
        for _ in range(60):
            result = self.d.manage("new_game", *self.new_game_args(), check=False)
            if result.returncode == 0:
                self.game_id = int(result.stdout.decode().strip())
                self.tally.note(self.tally.games_played, self.game_id)
                return
            time.sleep(1)  # the database is restarting
        raise RuntimeError(f"could not create a game: {result.stderr.decode()[-2000:]}")

    def new_game_args(self) -> list[str]:
        extra = ["--deadline", f"{DEADLINE_SECONDS}s", "--max-timeouts", "100"] if self.idle else []
        return [GAME, *[a for p in self.players for a in ("--player", p)], *extra]

    def sign_in(self) -> None:
        if not self.idle:
            for browser, address in zip(self.browsers, self.players):
                browser.sign_in(address, PASSWORD)

    def run(self) -> None:
        try:
            self.play()
        except Exception as error:  # noqa: BLE001 - reported in the table, the run goes on
            self.error = f"{type(error).__name__}: {error}"

    def play(self) -> None:
        while not self.stopping.is_set():
            state = self.db.state(self.game_id)
            if state is None or RULES.is_over(state):
                self.new_game()
                continue
            if self.idle:
                self.stopping.wait(1)
                continue
            if self.seats_of != self.game_id:  # seats are dealt by the game's seed
                self.seats_of = self.game_id
                self.seats = {seat: self.players.index(address) for seat, address in self.db.query(
                    "SELECT s.index, u.email FROM games_seat s JOIN accounts_user u ON u.id = s.user_id "
                    "WHERE s.game_id = %s", (self.game_id,))}
                self.mailed = {}
            self.settle_mail()
            # A seat whose mail move a worker has yet to apply waits; the others play on meanwhile
            # (during a broker outage the web moves go on while the mail moves wait for the worker).
            free = [seat for seat in RULES.to_act(state) if seat not in self.mailed]
            if not free:
                self.stopping.wait(0.3)
                continue
            seat = free[0]
            player = self.seats[seat]
            text = RULES.format_move(state, seat, RULES.default_move(state, seat))
            self.count += 1
            if self.count % 3 == 0 and self.mail_move(seat, player, text):
                continue
            if not self.web_move(player, text) and not self.mail_move(seat, player, text):
                self.stopping.wait(0.5)  # neither the page nor a turn mail offers the move yet

    def settle_mail(self) -> None:
        """Forget the mail moves the worker has processed (applied, or refused: then counted as such)."""
        for seat, key in list(self.mailed.items()):
            found = self.db.inbound_status(key)
            if found is not None and found[0] != "received":
                del self.mailed[seat]
                if found[0] != "applied":
                    self.tally.note(self.tally.refused, f"mail move {key} in game {self.game_id}: {found[0]} "
                                                        f"({found[1][:300]})")

    def _request(self, what: str, call: Callable[[], Any]) -> Any:
        """One HTTP exchange, repeated (as a player presses reload) after a 5xx or a dropped connection."""
        for _ in range(120):
            try:
                status, *rest = call()
            except (OSError, http.client.HTTPException) as error:
                self.tally.note(self.tally.dropped, (time.time(), f"{what}: {error!r}"))
                time.sleep(0.5)
                continue
            if status >= 500:
                self.tally.note(self.tally.server_errors, (time.time(), f"{what}: {status}"))
                time.sleep(0.5)
                continue
            return status, *rest
        raise RuntimeError(f"{what}: no answer after 120 tries")

    def web_move(self, player: int, text: str) -> bool:
        """The move through the game page's move box; False when the page shows none."""
        browser = self.browsers[player]
        status, page = self._request(f"game {self.game_id} page", lambda: browser.get(f"/games/{self.game_id}/"))
        fields = dict(HIDDEN.findall(page))
        if status != 200 or set(fields) != {"expected_version", "idempotency_key"}:
            return False
        form = {**fields, "text": text, "confirm": "1"}
        began = time.monotonic()
        status, _, body = self._request(f"game {self.game_id} move",
                                        lambda: browser.post(f"/games/{self.game_id}/move/", form))
        self.tally.note(self.tally.move_times, (time.time(), time.monotonic() - began))
        if status == 302:
            with self.tally.lock:
                self.tally.web_keys[self.game_id].append(form["idempotency_key"])
                self.tally.accepted_at.append(time.time())
        else:
            self.tally.note(self.tally.refused, f"web move in game {self.game_id}: {status} {body[:200]!r}")
        return True

    def mail_move(self, seat: int, player: int, text: str) -> bool:
        """Reply to the latest turn mail; False when there is none yet (the caller moves on the web)."""
        address = self.players[player]
        mails = [m for m in list(self.d.sink.messages) if address in str(m["To"]) and m["Reply-To"]
                 and f"#{self.game_id}" in str(m["Subject"])]
        if not mails:
            return False
        raw = reply(mails[-1], address, text)
        for _ in range(120):
            result = self.d.manage("ingest_email", "--sender", address, "--recipient", str(mails[-1]["Reply-To"]),
                                   stdin=raw, check=False)
            if result.returncode != 75:  # EX_TEMPFAIL: the MTA tries again later
                break
            time.sleep(1)
        if result.returncode != 0:
            self.tally.note(self.tally.refused, f"mail move in game {self.game_id}: exit {result.returncode}")
            return True
        message_id = re.search(rb"^Message-ID: <([^>]+)>", raw, re.M | re.I)
        key = message_id.group(1).decode() if message_id else "?"
        with self.tally.lock:
            self.tally.mail_ids[self.game_id].append(key)
            self.tally.accepted_at.append(time.time())
        self.mailed[seat] = key  # a worker applies it (see settle_mail)
        return True


class Db:
    """The run's own reads of the database (psycopg, reconnecting after a restart)."""

    def __init__(self, cluster: PostgresCluster) -> None:
        self.cluster = cluster

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        for _ in range(120):
            try:
                with self.cluster.connect("ravenpost") as conn:
                    return conn.execute(sql, params).fetchall()
            except psycopg.OperationalError:
                time.sleep(0.5)
        raise RuntimeError("the database did not come back")

    def state(self, game_id: int) -> dict[str, Any] | None:
        rows = self.query("SELECT state FROM games_projection WHERE game_id = %s", (game_id,))
        return rows[0][0] if rows else None

    def moves(self, game_id: int) -> int:
        return int(self.query("SELECT count(*) FROM games_event WHERE game_id = %s AND kind = 'move'",
                              (game_id,))[0][0])

    def inbound_status(self, message_id: str) -> tuple[str, str] | None:
        """The stored reply's status and reason (why it was refused or failed), or None before it is stored."""
        rows = self.query("SELECT status, reason FROM notifications_inboundmessage WHERE message_id LIKE %s",
                          (f"%{message_id}%",))
        return (rows[0][0], rows[0][1] or "") if rows else None

    def unfinished_mail(self, before: float) -> int:
        """Mail written before ``before`` (time.time()) not sent yet, and received mail not processed yet."""
        return int(self.query(
            "SELECT (SELECT count(*) FROM notifications_outboxmessage WHERE status IN ('pending', 'sending') "
            "AND (not_before IS NULL OR not_before <= now()) AND created_at <= to_timestamp(%s)) + "
            "(SELECT count(*) FROM notifications_inboundmessage WHERE status = 'received')", (before,))[0][0])


ROWS_SCRIPT = """
import json
from notifications.models import OutboxMessage
from notifications.render import row_message_id
for row in OutboxMessage.objects.all():
    print(json.dumps([row.pk, row.kind, row.status, row.maybe_duplicate, row.created_at.timestamp(),
                      row_message_id(row), row.attempts, row.last_error[:200],
                      row.sent_at.timestamp() if row.sent_at else None]))
"""


@dataclass
class Outcome:
    lines: list[str]
    failures: list[str]


def judge(*, quick: bool, tally: Tally, events: dict[int, int], recorded_keys: set[str],
          timeouts: list[tuple[int, int, float]], mail_rows: list[list[Any]],
          arrivals: dict[str, list[float]], faults: list[Fault], exited: list[str], verify: str,
          play_end: float, driver_errors: list[str]) -> Outcome:
    """The table and the failed criteria, from what was counted (pure: the unit tests feed it by hand)."""
    failures: list[str] = []
    warnings: list[str] = []

    def fail(strict: bool, text: str) -> None:
        (failures if strict or not quick else warnings).append(text)

    accepted = {g: len(tally.web_keys.get(g, [])) + len(tally.mail_ids.get(g, [])) for g in events}
    for g in tally.web_keys:
        accepted.setdefault(g, len(tally.web_keys[g]) + len(tally.mail_ids.get(g, [])))
    lost = sum(max(0, accepted[g] - events.get(g, 0)) for g in accepted)
    lost_keys = sum(1 for keys in tally.web_keys.values() for key in keys if key not in recorded_keys)
    lost = max(lost, lost_keys)
    duplicated = sum(max(0, events.get(g, 0) - accepted.get(g, 0)) for g in events)
    n_web = sum(len(v) for v in tally.web_keys.values())
    n_mail = sum(len(v) for v in tally.mail_ids.values())
    # A timeout applied twice: one seat timed out again sooner than the time per move after the last.
    by_seat: dict[tuple[int, int], list[float]] = collections.defaultdict(list)
    for game_id, seat, when in timeouts:
        by_seat[(game_id, seat)].append(when)
    twice = sum(1 for times in by_seat.values() for a, b in zip(sorted(times), sorted(times)[1:])
                if b - a < DEADLINE_SECONDS * 0.8)

    first_arrival = {mid: min(times) for mid, times in arrivals.items()}
    # Mail written while the games were played (the deadline game keeps timing out while the run drains).
    to_deliver = [row for row in mail_rows
                  if row[2] in ("sent", "pending", "sending", "failed") and row[4] <= play_end]
    missing = [row for row in to_deliver if row[5] not in first_arrival]
    copies = {mid: len(times) for mid, times in arrivals.items() if len(times) > 1}
    marked_ids = {row[5] for row in mail_rows if row[3]}
    unmarked = [mid for mid in copies if mid not in marked_ids]
    extra_copies = sum(n - 1 for n in copies.values())

    lines = [f"moves     accepted {n_web + n_mail} (web {n_web}, mail {n_mail})   recorded {sum(events.values())}"
             f"   lost {lost}   duplicated {duplicated}   refused {len(tally.refused)}",
             f"timeouts  applied {len(timeouts)} (game with {DEADLINE_SECONDS} s deadlines)   applied twice {twice}",
             f"mail      written {len(to_deliver)} to send   delivered {len(to_deliver) - len(missing)}"
             f"   missing {len(missing)}   duplicated {extra_copies} (marked {extra_copies - len(unmarked)})",
             f"workers   exited on their own {len(exited)}" + (f": {'; '.join(exited)}" if exited else ""),
             f"web       5xx {len(tally.server_errors)}   dropped connections {len(tally.dropped)}"
             f"   move POSTs slower than 1 s {sum(1 for _, took in tally.move_times if took > 1)}"
             f" (of {len(tally.move_times)})",
             f"verify    {verify}", ""]
    lines.append(f"{'fault':<34}{'at s':>7}{'lasted s':>10}{'5xx':>6}{'dropped':>9}{'moves, mail during':>20}"
                 f"{'slowest move s':>16}{'max mail delay s':>18}{'dup mails':>11}")
    starts = [f.start for f in faults]
    origin = starts[0] if starts else play_end
    for i, fault in enumerate(faults):
        upto = starts[i + 1] if i + 1 < len(starts) else play_end + 3600
        errors = [e for e in tally.server_errors if fault.start <= e[0] < upto]
        drops = [e for e in tally.dropped if fault.start <= e[0] < upto]
        delays = [first_arrival[row[5]] - max(row[4], fault.end) for row in to_deliver
                  if row[5] in first_arrival and row[4] < upto and first_arrival[row[5]] >= fault.end]
        # A duplicate belongs to the fault that interrupted its first send (the copy comes later).
        dups = sum(n - 1 for mid, n in copies.items() if fault.start - 1 <= min(arrivals[mid]) < upto - 1)
        written = sum(1 for row in to_deliver if fault.start <= row[4] <= fault.end)
        moved = sum(1 for when in tally.accepted_at if fault.start <= when <= fault.end)
        slowest = max((took for when, took in tally.move_times if fault.start <= when <= fault.end), default=0.0)
        delay = max(delays, default=0.0)
        name = fault.name + (f" ({fault.note})" if fault.note else "")
        lines.append(f"{name:<34}{fault.start - origin:>7.1f}{fault.end - fault.start:>10.1f}{len(errors):>6}"
                     f"{len(drops):>9}{moved:>13}, {written:>5}{slowest:>16.1f}{delay:>18.1f}{dups:>11}")
        if fault.name.startswith("Redis") and slowest > MAX_MOVE_WAIT:
            fail(False, f"a move took {slowest:.1f} s while Redis was down (moves never wait on the broker)")
        if dups > fault.in_flight:
            fail(False, f"{dups} duplicate mails for '{fault.name}' at {fault.start - origin:.0f} s "
                        f"(at most one per mail in flight: {fault.in_flight})")
        if delay > MAX_MAIL_DELAY:
            fail(False, f"mail delayed {delay:.1f} s after '{fault.name}' ended (at most {MAX_MAIL_DELAY:.0f})")
    if lost:
        fail(True, f"{lost} moves lost")
    if duplicated:
        fail(True, f"{duplicated} moves recorded twice")
    if twice:
        fail(True, f"{twice} timeouts applied twice")
    if exited:
        fail(True, f"{len(exited)} processes exited on their own")
    if "0 differences" not in verify:
        fail(True, "rebuild_projections --verify found differences")
    if driver_errors:
        fail(True, "a player stopped: " + "; ".join(driver_errors))
    if missing:
        fail(False, f"{len(missing)} mails never delivered: " + "; ".join(
            f"row {row[0]} {row[1]} {row[2]} attempts {row[6:7]} {row[7:8]}" for row in missing[:5]))
    if unmarked:
        fail(False, f"{len(unmarked)} mails delivered twice without the possible-duplicate mark")
    allowed = sum(fault.in_flight for fault in faults)
    if extra_copies > allowed:
        fail(False, f"{extra_copies} duplicate mails for {len(faults)} faults (at most {allowed})")
    if tally.server_errors:
        fail(False, f"{len(tally.server_errors)} responses with a 5xx status: "
                    + "; ".join(f"{when - origin:.1f} s {what}" for when, what in tally.server_errors[:5]))
    if tally.refused:
        fail(False, f"{len(tally.refused)} moves refused: {tally.refused[:3]}")
    lines += [""] + [f"FAIL: {f}" for f in failures] + [f"warning: {w}" for w in warnings]
    lines.append("PASS" if not failures else "FAILED")
    return Outcome(lines, failures)


def run(quick: bool, keep: bool = False) -> int:
    plan = Plan.of(quick)
    workdir = Path(tempfile.mkdtemp(prefix="ravenpost-faults-"))
    d = Deployment(workdir)
    began = time.time()
    try:
        print(f"fault run ({'quick' if quick else 'full'}): starting PostgreSQL, Redis, an SMTP sink, gunicorn, "
              "two workers and beat", flush=True)
        d.start()
        print(f"started in {time.time() - began:.0f} s", flush=True)
        db = Db(d.cluster)
        tally = Tally()
        stop = threading.Event()
        drivers = [Driver(n, d, db, tally, stop) for n in range(plan.games)]
        drivers.append(Driver(plan.games, d, db, tally, stop, idle=True))
        setup(d, drivers)
        for driver in drivers:
            driver.start()
        play_start = time.time()
        print(f"playing {plan.games} games for {plan.play_seconds:.0f} s, with "
              f"{len(plan.faults)} faults; knobs {KNOBS}", flush=True)
        faults: list[Fault] = []
        for at, kind in plan.faults:
            wait = play_start + at - time.time()
            if wait > 0:
                time.sleep(wait)
            fault = Fault(name="", start=time.time())
            if kind == "worker":
                fault.name = "celery worker kill -9"
                fault.note, fault.in_flight = d.kill_worker_mid_send()
                fault.end = time.time()
            elif kind == "gunicorn":
                fault.name = "gunicorn worker kill -9"
                d.kill_gunicorn_worker()
                fault.end = time.time()
            elif kind == "postgres":
                fault.name = "PostgreSQL restart"
                d.restart_postgres()
                fault.end = time.time()
            elif kind == "redis":
                fault.name = f"Redis down {REDIS_OUTAGE:.0f} s"
                d.redis.stop()
                status, fault.note = sign_in_while_down(d)
                if status >= 500:
                    tally.note(tally.server_errors, (time.time(), f"sign-in with Redis down: {status}"))
                time.sleep(max(0.0, fault.start + REDIS_OUTAGE - time.time()))
                d.redis.start()
                fault.end = time.time()
            elif kind == "beat":
                fault.name = "second beat"
                fault.note = d.second_beat(10 if quick else 30)
                fault.end = time.time()
            faults.append(fault)
            print(f"  {fault.start - play_start:6.1f} s  {fault.name} {fault.note}".rstrip(), flush=True)
        time.sleep(max(0.0, play_start + plan.play_seconds - time.time()))
        stop.set()
        for driver in drivers:
            driver.join(timeout=300)
        play_end = time.time()
        print("draining the outbox", flush=True)
        give_up = time.monotonic() + 120
        while db.unfinished_mail(play_end) and time.monotonic() < give_up:
            time.sleep(0.5)
        time.sleep(2)  # the sink's last answers
        exited = d.exited_on_their_own()
        games = tally.games_played
        events = {g: int(n) for g, n in db.query(
            "SELECT game_id, count(*) FROM games_event WHERE kind = 'move' GROUP BY game_id")}
        events = {g: events.get(g, 0) for g in set(events) | set(tally.web_keys) | set(tally.mail_ids)}
        recorded_keys = {k for (k,) in db.query("SELECT idempotency_key FROM games_event "
                                                "WHERE idempotency_key IS NOT NULL")}
        timeouts = [(g, seat, when.timestamp()) for g, seat, when in db.query(
            "SELECT game_id, seat, created_at FROM games_event WHERE kind = 'timeout'")]
        mail_rows = [json.loads(line) for line in
                     d.manage("shell", "-c", ROWS_SCRIPT).stdout.decode().splitlines() if line.startswith("[")]
        arrivals: dict[str, list[float]] = collections.defaultdict(list)
        for message, when in zip(list(d.sink.messages), list(d.sink.arrival_times)):
            arrivals[str(message["Message-ID"])].append(when)
        verify_out = d.manage("rebuild_projections", "--verify", check=False).stdout.decode()
        verify = next((line.strip() for line in verify_out.splitlines() if "difference" in line),
                      verify_out.strip()[-200:] or "no output")
        outcome = judge(quick=quick, tally=tally, events=events, recorded_keys=recorded_keys,
                        timeouts=timeouts, mail_rows=mail_rows, arrivals=arrivals, faults=faults,
                        exited=exited, verify=verify, play_end=play_end,
                        driver_errors=[f"{drv.name}: {drv.error}" for drv in drivers if drv.error])
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        print(f"\nfault run ({'quick' if quick else 'full'}), {stamp}, {time.time() - began:.0f} s, "
              f"{len(set(games))} games")
        print("\n".join(outcome.lines), flush=True)
        if outcome.failures:
            for process in d.started:
                if process.proc.pid not in d.killed and not process.alive():
                    print(f"--- {' '.join(process.args[:4])}:\n{process.output(40)}")
        return 1 if outcome.failures else 0
    finally:
        d.stop()
        if keep:
            logs = workdir / "logs"
            logs.mkdir(exist_ok=True)
            for n, process in enumerate(d.started):
                process.save(logs / f"{n:02d}-{Path(process.args[0]).name}-{process.proc.pid}.log")
            print(f"kept {workdir} (process output in {logs})")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


SETUP_SCRIPT = """
import json, sys
from django.core.management import call_command
from accounts.models import User
from notifications.models import MailPreference
games, password = json.loads(sys.argv[-1])
for args in games:
    call_command("new_game", *args)  # prints the new game's id
for user in User.objects.all():
    user.set_password(password)
    user.save()
    # A mail confirming each web move (off by default): mail is written while the broker is away.
    MailPreference.objects.update_or_create(user=user, defaults={"confirm_web_moves": True})
"""


def setup(d: Deployment, drivers: list[Driver]) -> None:
    """The first game of each driver (``manage.py new_game``, in one process) and its players' sign-ins."""
    games = json.dumps([[driver.new_game_args() for driver in drivers], PASSWORD])
    result = d.manage("shell", "-c", SETUP_SCRIPT.replace("sys.argv[-1]", repr(games)))
    ids = [int(line) for line in result.stdout.decode().splitlines() if line.strip().isdigit()]
    for driver, game_id in zip(drivers, ids):
        driver.game_id = game_id
        driver.tally.note(driver.tally.games_played, game_id)
        driver.sign_in()


def sign_in_while_down(d: Deployment) -> tuple[int, str]:
    """A fresh sign-in while Redis is down (the rate-limit cache must not turn it into a 5xx)."""
    browser = Browser(d.port, d.host, "198.51.100.7")
    try:
        status, _ = browser.get("/accounts/login/")
        if status == 200:
            status, _, _ = browser.post("/accounts/login/", {"login": "p0-0@example.org", "password": PASSWORD})
    except (OSError, http.client.HTTPException) as error:
        return 0, f"sign-in: {error!r}"
    return status, f"sign-in {'ok' if status == 302 else status}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m faults", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="about three minutes, five faults (CI)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (logs, database)")
    args = parser.parse_args(argv)
    # Stopped by a signal (also from a background job, where SIGINT is ignored), it still stops
    # everything it started: the interruption unwinds through run()'s cleanup.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    return run(args.quick, args.keep)
