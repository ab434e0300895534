"""Service processes of a deployment on loopback, owned by whoever starts them, and ways to reach them.

A PostgreSQL cluster initialised in a temporary directory, a redis-server, an
SMTP sink standing in for the ESP, and any command (gunicorn, Celery) as a
:class:`Process` whose output can be waited on. Each listens on a free loopback
port; nothing here touches a shared server. Everything is stopped by the
process id it was started with, never by name.

Used by the fault run (:mod:`faults.run`) and by the integration tests.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import glob
import http.client
import os
import pwd
import queue
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from email.message import EmailMessage
from http.cookies import SimpleCookie
from pathlib import Path
from typing import IO, Any, Callable
from urllib.parse import urlencode

import psycopg
from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ENV_EXAMPLE = ROOT / "deploy" / "ravenpost.env.example"
PROCFILE = ROOT / "deploy" / "Procfile"


def read_env_file(path: Path = ENV_EXAMPLE) -> dict[str, str]:
    """KEY=VALUE lines as docker compose's env_file reads them; empty values are the operator's to fill."""
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            if value:
                values[key.strip()] = value
    return values


def procfile(path: Path = PROCFILE) -> dict[str, list[str]]:
    """The documented commands of the long-running processes (``name: command`` lines)."""
    commands = {}
    for line in path.read_text().splitlines():
        name, sep, command = line.partition(":")
        if sep and not line.startswith("#"):
            args = shlex.split(command)
            commands[name.strip()] = [str(BIN / args[0]), *args[1:]]
    return commands


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Process:
    """A child process whose output lines are collected so a caller can wait for one."""

    def __init__(self, args: list[str], env: dict[str, str], *, new_session: bool = False) -> None:
        """Start ``args``; ``new_session`` gives it a process group of its own (see :meth:`kill_group`)."""
        self.args = args
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.seen: list[str] = []
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, bufsize=1, start_new_session=new_session)
        threading.Thread(target=self._pump, args=(self.proc.stdout,), daemon=True).start()

    def _pump(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        """Block until a line matches (the process reports it is ready); fail with its output if not."""
        regex = re.compile(pattern)
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"timed out waiting for {pattern!r}; output:\n{''.join(self.seen)}") from None
            self.seen.append(line)
            match = regex.search(line)
            if match:
                return match

    def output(self, last: int = 60) -> str:
        """The last lines the process printed (for a failure's message)."""
        while True:
            try:
                self.seen.append(self.lines.get_nowait())
            except queue.Empty:
                return "".join(self.seen[-last:])

    def save(self, path: Path) -> None:
        """Write everything the process printed so far to ``path`` (``--keep``: the logs to read after a run)."""
        self.output(0)
        path.write_text("".join(self.seen))

    def children(self) -> list[int]:
        """Process ids of this process's children (e.g. a Celery worker's pool processes)."""
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        try:
            return [int(pid) for pid in path.read_text().split()]
        except OSError:
            return []

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill_group(self) -> None:
        """kill -9 the process and everything in its process group (started with ``new_session``)."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Redis:
    """A redis-server of its own, on its own port, that may be stopped and started again (same port)."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.process: Process | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = Process(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no"], env={"PATH": "/usr/bin:/bin:/usr/sbin:/sbin"})
        self.process.wait_for(r"Ready to accept connections")

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.process = None


def postgres_bin() -> str | None:
    """The directory of PostgreSQL's server binaries (initdb, pg_ctl), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


class PostgresCluster:
    """A PostgreSQL server of its own (initdb into a temporary directory), which may be restarted."""

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


class SmtpSink:
    """An SMTP server standing in for the ESP: it keeps every message it accepts, and when.

    ``hold(predicate)`` makes it keep the next matching message and then not answer
    until ``release()``: the mail has reached the ESP, the sender has not heard back.
    ``held_peer`` is then the sender's (address, port).
    """

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrival_times: list[float] = []  # time.time() of each message, in the order of ``messages``
        self.arrived = threading.Condition()
        self._hold: Callable[[EmailMessage], bool] | None = None
        self.holding = threading.Event()
        self.held_peer: tuple[str, int] | None = None
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
        self.held_peer = None
        self._hold = predicate

    def release(self) -> None:
        self._hold = None
        self._release.set()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802  (aiosmtpd's name)
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.arrived:
            self.messages.append(message)
            self.arrival_times.append(time.time())
            self.arrived.notify_all()
        if self._hold is not None and self._hold(message):
            self._hold = None
            self.held_peer = tuple(session.peer[:2]) if session.peer else None
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


def pids_with_connection_from(port: int, candidates: list[int], *, to: bool = False) -> list[int]:
    """Which of ``candidates`` (process ids) own a TCP socket whose local port is ``port`` (``to``: remote port)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[2 if to else 1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":  # ESTABLISHED
                inodes.add(fields[9])
    owners = []
    for pid in candidates:
        try:
            links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        except OSError:
            continue
        if any(link in {f"socket:[{inode}]" for inode in inodes} for link in links):
            owners.append(pid)
    return owners


class Browser:
    """A player's browser behind nginx: the site's host name, https as nginx reports it, the client's address.

    Cookies are kept by hand: they are Secure (production), and the client talks plain HTTP to gunicorn.
    """

    def __init__(self, port: int, host: str, client_ip: str) -> None:
        self.port, self.host, self.client_ip = port, host, client_ip
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                timeout: float = 30) -> tuple[int, dict[str, str], str]:
        headers = {"Host": self.host, "X-Forwarded-Proto": "https", "X-Real-IP": self.client_ip,
                   "X-Forwarded-For": self.client_ip}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            # The page's own (masked) token when the form carries it, as a browser sends it; else the cookie's.
            body = urlencode({"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form})
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": f"https://{self.host}",
                            "Referer": f"https://{self.host}{path}"})
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
            for value in response.headers.get_all("Set-Cookie") or []:
                cookie: SimpleCookie = SimpleCookie()
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
