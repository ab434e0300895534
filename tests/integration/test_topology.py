"""The production topology under faults (issue #13): gunicorn, a Celery worker and beat, with DEBUG=0.

Everything is started from the documented production environment
(deploy/ravenpost.env.example, filled in as an operator would: a key, the
database and Redis of this test, an SMTP relay standing in for the ESP) in the
documented order (migrate, collectstatic, start). A Revolution! game is played
over HTTP (as through nginx) and by mail (an MTA pipe into ingest_email), while:
PostgreSQL restarts, Redis is stopped for a few seconds, and the worker is
killed with SIGKILL in the middle of handing a mail to the ESP. Then: every move
is recorded once, every mail went out once or is marked as a possible
duplicate, and ``rebuild_projections --verify`` finds nothing.

It uses a PostgreSQL cluster and a Redis of its own (never the shared ones).
"""

from __future__ import annotations

import collections
import json
import subprocess
import sys
import time

import pytest
from django.db import connection  # noqa: F401  (the skip conditions read it)
from django.test import override_settings

from games.rules import get_rules
from notifications import render
from notifications.models import OutboxMessage
from tests.deploy.envfile import operator_secret_key, production_env, read_env_file
from tests.integration import topology
from tests.integration.live import Redis
from tests.integration.processes import BIN, ROOT, Process

pytestmark = [
    pytest.mark.integration,
    pytest.mark.slow,
    # Once per CI run: in its PostgreSQL + Redis pass (the test brings its own servers either way).
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="runs in the PostgreSQL + Redis pass"),
    pytest.mark.skipif(topology.postgres_bin() is None,
                       reason="needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin) for a cluster of its own"),
]
PASSWORD = "topology-password-42"
PLAYERS = ["ann@example.org", "bob@example.org", "cy@example.org"]
WATCHED = ("games_event", "notifications_outboxmessage", "notifications_inboundmessage")


class Topology:
    """The processes of one deployment and the ways to reach them."""

    def __init__(self, tmp_path, cluster: topology.PostgresCluster, redis: Redis, sink: topology.SmtpSink) -> None:
        self.tmp_path, self.cluster, self.redis, self.sink = tmp_path, cluster, redis, sink
        self.host = read_env_file()["ALLOWED_HOSTS"].split(",")[0]
        self.env = production_env(
            tmp_path / "var", SECRET_KEY=operator_secret_key(), DATABASE_URL=cluster.url("ravenpost"),
            REDIS_URL=redis.url, STATIC_ROOT=str(tmp_path / "static"),
            # The operator's choice of ESP: an SMTP relay (docs/operators/email.md), here the sink.
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=str(sink.port), EMAIL_TIMEOUT="20",
            # Documented knobs, turned down so that the test takes a minute, not an hour.
            OUTBOX_RETRY_SECONDS="1", OUTBOX_SENDING_TIMEOUT="3", DEADLINE_SWEEP_SECONDS="1", LOG_LEVEL="INFO")
        self.web: Process | None = None
        self.worker: Process | None = None
        self.beat: Process | None = None
        self.port = 0

    def manage(self, *args: str, stdin: bytes | None = None) -> str:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, input=stdin,
                                capture_output=True, timeout=300)
        if result.returncode != 0:
            raise AssertionError(f"manage.py {args[0]} failed:\n{result.stdout.decode()}\n{result.stderr.decode()}")
        return result.stdout.decode()

    def start_web(self) -> None:
        self.web = Process([str(BIN / "gunicorn"), "config.wsgi:application", "--bind", "127.0.0.1:0",
                            "--workers", "2", "--access-logfile", "-"], self.env)
        self.port = int(self.web.wait_for(r"Listening at: http://127\.0\.0\.1:(\d+)").group(1))
        for _ in range(2):
            self.web.wait_for(r"Booting worker")

    def start_worker(self, name: str) -> None:
        self.worker = Process([str(BIN / "celery"), "-A", "config", "worker", "-l", "INFO", "-c", "2", "-n",
                               f"{name}@topology", "--without-gossip", "--without-mingle"], self.env,
                              new_session=True)
        self.worker.wait_for(r"ready\.")

    def start_beat(self) -> None:
        self.beat = Process([str(BIN / "celery"), "-A", "config", "beat", "-l", "INFO", "--pidfile="], self.env)
        self.beat.wait_for(r"beat: Starting")

    def browser(self, n: int) -> topology.Browser:
        return topology.Browser(self.port, self.host, f"203.0.113.{10 + n}")

    def stop(self) -> None:
        for process in (self.beat, self.worker, self.web):
            if process is not None:
                process.stop()


@pytest.fixture
def deployment(tmp_path):
    cluster = topology.PostgresCluster()
    redis = Redis()
    sink = topology.SmtpSink()
    deployed = None
    try:
        cluster.start()
        cluster.create_database("ravenpost")
        redis.start()
        sink.start()
        deployed = Topology(tmp_path, cluster, redis, sink)
        yield deployed
    finally:
        if deployed is not None:
            deployed.stop()
        sink.stop()
        redis.stop()
        cluster.remove()


def test_a_game_survives_a_database_restart_a_redis_outage_and_a_killed_worker(deployment):
    d = deployment
    started = time.monotonic()
    # -- the documented order: migrate, collectstatic, start ----------------------------------------------
    d.manage("migrate", "--noinput")
    d.manage("collectstatic", "--noinput")
    game_id = int(d.manage("new_game", "revolution", *[arg for p in PLAYERS for arg in ("--player", p)],
                           "--seed", "topology-seed").strip())
    d.manage("shell", "-c", "from accounts.models import User\n"
                            f"for u in User.objects.all(): u.set_password({PASSWORD!r}); u.save()")
    d.start_web()
    d.start_worker("w1")
    d.start_beat()
    db = topology.Watcher(d.cluster, "ravenpost", WATCHED)
    rules = get_rules("revolution")
    browsers = [d.browser(n) for n in range(3)]
    for browser, address in zip(browsers, PLAYERS):
        browser.sign_in(address, PASSWORD)
    # Ann asks for a mail confirming each of her web moves (off by default): the kill below holds one.
    status, _, _ = browsers[0].post("/profile/mail/",
                                    {"mode": "every", "digest_hour": "8", "confirm_web_moves": "on"})
    assert status == 302, "mail settings saved"
    submitted: list[tuple[int, int]] = []  # (round, seat) of every move we made

    def state() -> dict:
        return db.query("SELECT state FROM games_projection WHERE game_id = %s", (game_id,))[0][0]

    def seat_of(address: str) -> int:
        return db.query("SELECT s.index FROM games_seat s JOIN accounts_user u ON u.id = s.user_id "
                        "WHERE s.game_id = %s AND u.email = %s", (game_id, address))[0][0]

    seats = [seat_of(address) for address in PLAYERS]

    def move_text(seat: int) -> str:
        current = state()
        return rules.format_move(current, seat, rules.default_move(current, seat))

    def web_move(n: int, fields: dict[str, str] | None = None) -> tuple[dict[str, str], float]:
        """Seat n's move through the game page's move box; the form posted and how long the POST took."""
        form = {**(fields or move_form(browsers[n])), "text": move_text(seats[n]), "confirm": "1"}
        round_ = state()["round"]
        began = time.monotonic()
        status, _, text = browsers[n].post(f"/games/{game_id}/move/", form)
        elapsed = time.monotonic() - began
        assert status == 302, f"move of {PLAYERS[n]}: {status}\n{text[:3000]}"
        submitted.append((round_, seats[n]))
        return form, elapsed

    def move_form(browser: topology.Browser) -> dict[str, str]:
        return topology.move_form(browser, game_id)

    def mail_move(n: int) -> None:
        round_ = state()["round"]
        turn_mail = d.sink.wait_for(
            lambda mails: [m for m in mails if PLAYERS[n] in str(m["To"]) and m["Reply-To"]
                           and f"#{game_id}" in str(m["Subject"])][-1:],
            what=f"a turn mail to {PLAYERS[n]}")[0]
        raw = topology.reply(turn_mail, PLAYERS[n], move_text(seats[n]))
        d.manage("ingest_email", "--sender", PLAYERS[n], "--recipient", str(turn_mail["Reply-To"]), stdin=raw)
        submitted.append((round_, seats[n]))

    def moves_recorded() -> int:
        return db.query("SELECT count(*) FROM games_event WHERE game_id = %s AND kind = 'move'", (game_id,))[0][0]

    def wait_for_moves(count: int) -> None:
        db.wait_until(lambda: moves_recorded() >= count, what=f"{count} moves recorded")

    def all_mail_out() -> bool:
        return not db.query("SELECT 1 FROM notifications_outboxmessage WHERE status IN ('pending', 'sending')")

    # -- round 1: over HTTP and by mail --------------------------------------------------------------------
    web_move(0)
    web_move(1)
    mail_move(2)
    wait_for_moves(3)
    assert state()["round"] == 2

    # -- PostgreSQL restarts: no request fails afterwards --------------------------------------------------
    form_before = move_form(browsers[0])
    d.cluster.restart()
    db.reconnect()
    for browser in browsers * 2:  # more requests than gunicorn workers: each worker's first one after the restart
        status, _ = browser.get(f"/games/{game_id}/")
        assert status == 200, f"a request after the restart failed with {status}"
    posted, _ = web_move(0, form_before)
    status, _, _ = browsers[0].post(f"/games/{game_id}/move/", posted)  # the player presses reload
    assert status == 302 and moves_recorded() == 4, "the resubmitted form is recorded once"
    web_move(1)
    mail_move(2)  # the worker's database connection was cut too
    wait_for_moves(6)
    assert state()["round"] == 3
    db.wait_until(all_mail_out, what="the mail of round 2")

    # -- Redis is down for a few seconds: sign-in works, moves do not wait --------------------------------
    d.redis.stop()
    browsers[2] = d.browser(3)
    browsers[2].sign_in(PLAYERS[2], PASSWORD)  # the rate-limit cache is Redis: this must not be a 500
    for n in range(3):
        _, elapsed = web_move(n)
        assert elapsed < 1.0, f"a move waited {elapsed:.2f} s on the broker"
    assert db.query("SELECT count(*) FROM notifications_outboxmessage WHERE status = 'pending'")[0][0] > 0
    d.redis.start()  # same port: worker and beat reconnect
    try:
        db.wait_until(all_mail_out, timeout=150, what="mail written during the outage (beat's retry resumed)")
    except AssertionError as error:
        raise AssertionError(f"{error}\n--- beat:\n{d.beat.output()}\n--- worker:\n{d.worker.output()}") from None
    assert state()["round"] == 4

    # -- the worker is killed while the ESP holds a mail it accepted --------------------------------------
    d.sink.hold(lambda m: PLAYERS[0] in str(m["To"]))
    web_move(0)  # its confirmation mail to ann goes to the sink, which takes it and does not answer
    assert d.sink.holding.wait(60), "the worker is sending ann's mail"
    d.worker.kill_group()
    d.sink.release()
    d.start_worker("w2")
    web_move(1)
    mail_move(2)
    wait_for_moves(12)
    db.wait_until(all_mail_out, timeout=90, what="every mail sent after the kill")

    # -- every move once ------------------------------------------------------------------------------------
    events = db.query("SELECT seat, payload FROM games_event WHERE game_id = %s AND kind = 'move' ORDER BY seq",
                      (game_id,))
    assert len(events) == len(submitted) == 12, "each move recorded once"
    per_round = collections.Counter(round_ for round_, _ in submitted)
    assert set(per_round.values()) == {3}, per_round
    keys = db.query("SELECT idempotency_key FROM games_event WHERE game_id = %s AND kind = 'move' "
                    "AND idempotency_key IS NOT NULL", (game_id,))
    assert len(keys) == len(set(keys))

    # -- every mail once, or marked -------------------------------------------------------------------------
    rows = db.query("SELECT id, kind, game_id, seat, user_id, status, maybe_duplicate, payload::text "
                    "FROM notifications_outboxmessage")
    # "folded": told inside another mail to the same person about the same moment.
    assert {row[5] for row in rows} <= {"sent", "skipped", "folded"}, "nothing left pending or sending"
    copies = collections.Counter(str(m["Message-ID"]) for m in d.sink.messages)
    with override_settings(INBOUND_EMAIL_DOMAIN=d.env["INBOUND_EMAIL_DOMAIN"]):
        # The payload says whether a row's mail opened the thread (a first turn mail with the start in it).
        ids = {row[0]: render.row_message_id(OutboxMessage(pk=row[0], kind=row[1], game_id=row[2], seat=row[3],
                                                           user_id=row[4], payload=json.loads(row[7])))
               for row in rows}
    marked = {ids[row[0]] for row in rows if row[6]}
    for row in rows:
        if row[5] == "sent":
            assert copies[ids[row[0]]] >= 1, f"outbox row {row[0]} ({row[1]}) never reached the ESP"
    twice = {message_id for message_id, count in copies.items() if count > 1}
    assert twice <= marked, f"sent twice without a mark: {twice - marked}"
    assert twice, "the mail held during the kill went out again, marked"

    # -- the projections replay ------------------------------------------------------------------------------
    verify = d.manage("rebuild_projections", "--verify")
    assert "0 differences" in verify, verify
    db.close()
    assert time.monotonic() - started < 300, "the topology test stays within a few minutes"

