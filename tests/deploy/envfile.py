"""The documented production environment (deploy/ravenpost.env.example), as tests start processes with it."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "deploy" / "ravenpost.env.example"


def read_env_file(path: Path = EXAMPLE) -> dict[str, str]:
    """KEY=VALUE lines as docker compose's env_file reads them (no quoting; # starts a comment line)."""
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: not KEY=VALUE: {line!r}"
        values[key.strip()] = value
    return values


def operator_secret_key() -> str:
    """A key as the example tells the operator to generate one."""
    return secrets.token_urlsafe(50)


def production_env(var_dir: Path, **overrides: str) -> dict[str, str]:
    """This process's environment with nothing of Django's or ours, plus the example file and ``overrides``.

    Empty values in the example are what the operator must fill in; they are left out unless overridden.
    """
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "DJANGO_", "CELERY_", "ANYMAIL_", "EMAIL_", "SECRET_KEY"))}
    for key in ("DEBUG", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS", "SITE_URL", "INBOUND_EMAIL_DOMAIN",
                "ALLAUTH_TRUSTED_CLIENT_IP_HEADER", "STATIC_ROOT", "DEFAULT_FROM_EMAIL", "CSRF_TRUSTED_ORIGINS"):
        env.pop(key, None)
    env.update({k: v for k, v in read_env_file().items() if v != ""})
    env.update(RAVENPOST_VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    env.update(overrides)
    return env


def run_python(env: dict[str, str], code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -c code`` in the repository with ``env``."""
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
