"""Pieces of a production topology that a test owns: its own PostgreSQL cluster, an SMTP sink, an HTTP client.

Nothing here touches the shared PostgreSQL (5432) or Redis (6379): the cluster
is initialised in a temporary directory and listens on a free loopback port.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import glob
import http.client
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import threading
import time
from email.message import EmailMessage
from http.cookies import SimpleCookie
from typing import Any, Callable

import psycopg
from aiosmtpd.controller import Controller

from tests.integration.live import free_port


def postgres_bin() -> str | None:
    """The directory of PostgreSQL's server binaries (initdb, pg_ctl), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


class PostgresCluster:
    """A PostgreSQL server of the test's own (initdb into a temporary directory), which it may restart."""

    def __init__(self) -> None:
        bindir = postgres_bin()
        assert bindir, "PostgreSQL server binaries not found"
        self.bindir = bindir
        self.port = free_port()
        self.datadir = tempfile.mkdtemp(prefix="ravenpost-pg-")
        # initdb refuses to run as root: the cluster then belongs to the postgres system user.
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.datadir, owner.pw_uid, owner.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str, timeout: float = 120) -> None:
        result = subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise AssertionError(f"{args[0]} failed:\n{result.stdout}\n{result.stderr}")

    def _pg_ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.datadir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(f"{self.bindir}/pg_ctl", "-D", self.datadir, "-l", f"{self.datadir}/log", "-w", "-t", "60",
                  "-o", options, *args)

    def start(self) -> None:
        if not os.path.exists(f"{self.datadir}/PG_VERSION"):
            self._run(f"{self.bindir}/initdb", "-D", self.datadir, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                      "--no-sync")
        self._pg_ctl("start")

    def restart(self) -> None:
        self._pg_ctl("restart", "-m", "fast")

    def stop(self) -> None:
        if os.path.exists(f"{self.datadir}/postmaster.pid"):
            self._pg_ctl("stop", "-m", "immediate")

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.datadir, ignore_errors=True)

    def url(self, dbname: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{dbname}"

    def connect(self, dbname: str = "postgres") -> psycopg.Connection[Any]:
        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname=dbname, autocommit=True)

    def create_database(self, name: str) -> None:
        with self.connect() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')


class Watcher:
    """Wakes a waiting test whenever a watched table of the cluster's database changes (NOTIFY triggers)."""

    def __init__(self, cluster: PostgresCluster, dbname: str, tables: tuple[str, ...]) -> None:
        self.cluster, self.dbname, self.tables = cluster, dbname, tables
        self.listener: psycopg.Connection[Any] | None = None
        self.install()

    def install(self) -> None:
        """Triggers and a listening connection (again after a restart of the server)."""
        with self.cluster.connect(self.dbname) as conn:
            conn.execute("CREATE OR REPLACE FUNCTION test_notify() RETURNS trigger AS $$ "
                         "BEGIN PERFORM pg_notify('test_changes', TG_TABLE_NAME); RETURN NULL; END $$ "
                         "LANGUAGE plpgsql")
            for table in self.tables:
                conn.execute(f"CREATE OR REPLACE TRIGGER test_notify AFTER INSERT OR UPDATE ON {table} "
                             "FOR EACH STATEMENT EXECUTE FUNCTION test_notify()")
        self.reconnect()

    def reconnect(self) -> None:
        if self.listener is not None and not self.listener.closed:
            self.listener.close()
        self.listener = self.cluster.connect(self.dbname)
        self.listener.execute("LISTEN test_changes")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.cluster.connect(self.dbname) as conn:
            return conn.execute(sql, params).fetchall()

    def wait_until(self, condition: Callable[[], bool], timeout: float = 60.0, what: str = "condition") -> None:
        """Return when ``condition()`` holds, re-checking whenever a watched table changes."""
        give_up = time.monotonic() + timeout
        while not condition():
            left = give_up - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}")
            assert self.listener is not None
            try:
                for _ in self.listener.notifies(timeout=min(left, 1.0), stop_after=1):
                    pass
            except psycopg.OperationalError:
                self.reconnect()

    def close(self) -> None:
        if self.listener is not None:
            self.listener.close()


class SmtpSink:
    """An SMTP server standing in for the ESP: it keeps every message it accepts.

    ``hold(predicate)`` makes it keep the next matching message and then not answer
    until ``release()``: the mail has reached the ESP, the sender has not heard back.
    """

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Condition()
        self._hold: Callable[[EmailMessage], bool] | None = None
        self.holding = threading.Event()
        self._release = threading.Event()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    @property
    def port(self) -> int:
        return int(self.controller.port)

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.release()
        self.controller.stop()

    def hold(self, predicate: Callable[[EmailMessage], bool]) -> None:
        self._release.clear()
        self.holding.clear()
        self._hold = predicate

    def release(self) -> None:
        self._hold = None
        self._release.set()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802  (aiosmtpd's name)
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        if self._hold is not None and self._hold(message):
            self._hold = None
            self.holding.set()
            await asyncio.get_running_loop().run_in_executor(None, self._release.wait)
        return "250 OK queued"

    def wait_for(self, condition: Callable[[list[EmailMessage]], Any], timeout: float = 60.0,
                 what: str = "mail") -> Any:
        """Return ``condition(messages)`` once it is truthy, waking on every arrival."""
        give_up = time.monotonic() + timeout
        with self.arrived:
            while not (found := condition(list(self.messages))):
                left = give_up - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what}; have {len(self.messages)} messages")
                self.arrived.wait(min(left, 1.0))
        return found


class Browser:
    """A player's browser behind nginx: the site's host name, https as nginx reports it, the client's address.

    Cookies are kept by hand: they are Secure (production), and the test talks plain HTTP to gunicorn.
    """

    def __init__(self, port: int, host: str, client_ip: str) -> None:
        self.port, self.host, self.client_ip = port, host, client_ip
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                timeout: float = 30) -> tuple[int, dict[str, str], str]:
        from urllib.parse import urlencode

        headers = {"Host": self.host, "X-Forwarded-Proto": "https", "X-Real-IP": self.client_ip,
                   "X-Forwarded-For": self.client_ip}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode({**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": f"https://{self.host}",
                            "Referer": f"https://{self.host}{path}"})
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
            for value in response.headers.get_all("Set-Cookie") or []:
                cookie = SimpleCookie()
                cookie.load(value)
                for key, morsel in cookie.items():
                    self.cookies[key] = morsel.value
            return response.status, dict(response.headers.items()), text
        finally:
            conn.close()

    def get(self, path: str) -> tuple[int, str]:
        status, _, text = self.request("GET", path)
        return status, text

    def post(self, path: str, form: dict[str, str]) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, form)

    def sign_in(self, email_address: str, password: str) -> None:
        status, _ = self.get("/accounts/login/")
        assert status == 200, f"login page: {status}"
        status, headers, text = self.post("/accounts/login/", {"login": email_address, "password": password})
        assert status == 302, f"sign-in of {email_address}: {status}\n{text[:2000]}"


HIDDEN = re.compile(r'name="(expected_version|idempotency_key)" value="([^"]*)"')


def move_form(browser: Browser, game_id: int) -> dict[str, str]:
    """The hidden fields of the game page's move box (the version it shows and a fresh idempotency key)."""
    status, page = browser.get(f"/games/{game_id}/")
    assert status == 200, f"game page: {status}"
    fields = dict(HIDDEN.findall(page))
    assert set(fields) == {"expected_version", "idempotency_key"}, "the move box is on the page"
    return fields


def reply(to_mail: EmailMessage, sender: str, body: str) -> bytes:
    """A player's reply to one of our mails, as their mail program would write it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = str(to_mail["Reply-To"])
    message["Subject"] = "Re: " + str(to_mail["Subject"])
    message["In-Reply-To"] = str(to_mail["Message-ID"])
    message["Message-ID"] = f"<reply-{time.monotonic_ns()}@mail.example.net>"
    message.set_content(body + "\n")
    return bytes(message)
