"""Starting real service processes on loopback for integration tests (the process control is faults.services)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from faults.services import BIN, ROOT, Process

__all__ = ["BIN", "ROOT", "Process", "manage", "service_env"]


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
