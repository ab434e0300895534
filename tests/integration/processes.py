"""Starting real service processes on loopback for integration tests, and waiting on their output."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def service_env(var_dir: Path, **extra: str) -> dict[str, str]:
    """Environment for a child process of the service: its own SQLite file unless a URL is given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env.update(RAVENPOST_VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=300)
    if result.returncode != 0:
        raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


class Process:
    """A child process whose output lines are collected so a test can wait for one."""

    def __init__(self, args: list[str], env: dict[str, str], *, new_session: bool = False) -> None:
        """Start ``args``; ``new_session`` gives it a process group of its own (see :meth:`kill_group`)."""
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
        """The last lines the process printed (for a failing test's message)."""
        while True:
            try:
                self.seen.append(self.lines.get_nowait())
            except queue.Empty:
                return "".join(self.seen[-last:])

    def children(self) -> list[int]:
        """Process ids of this process's children (e.g. a Celery worker's pool processes)."""
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(pid) for pid in path.read_text().split()] if path.exists() else []

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
