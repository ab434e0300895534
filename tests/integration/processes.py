"""Starting real service processes on loopback for integration tests, and waiting on their output."""

from __future__ import annotations

import os
import queue
import re
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

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.seen: list[str] = []
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, bufsize=1)
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

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
