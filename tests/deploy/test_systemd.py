"""deploy/systemd/: the units an operator without containers installs, read as systemd reads them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.envfile import ROOT

UNITS = ROOT / "deploy" / "systemd"
LONG_RUNNING = ("ravenpost-web.service", "ravenpost-worker@.service", "ravenpost-beat.service")


def directives(unit: Path) -> dict[str, list[str]]:
    """Every ``Key=value`` of a unit, keys that repeat (ExecStart) in order."""
    found: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.startswith(("#", ";", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_the_long_running_processes_restart_and_wait_for_the_deploy_steps():
    for name in LONG_RUNNING:
        unit = directives(UNITS / name)
        assert unit["Restart"] == ["always"], f"{name} is restarted whenever it exits"
        assert unit["Requires"] == ["ravenpost-migrate.service"], f"{name} needs the deploy steps"
        assert "ravenpost-migrate.service" in unit["After"][0].split()
        assert unit["EnvironmentFile"] == ["/etc/ravenpost/ravenpost.env"]


def test_the_deploy_unit_migrates_then_collects_static_files():
    steps = [command.split()[-2:] for command in directives(UNITS / "ravenpost-migrate.service")["ExecStart"]]
    assert steps == [["migrate", "--noinput"], ["collectstatic", "--noinput"]]


def test_the_units_run_what_the_procfile_runs():
    procfile = dict(line.split(": ", 1) for line in (ROOT / "deploy" / "Procfile").read_text().splitlines()
                    if line and not line.startswith("#"))
    for process, unit in zip(("web", "worker", "beat"), LONG_RUNNING):
        command = directives(UNITS / unit)["ExecStart"][0].removeprefix("/opt/ravenpost/.venv/bin/")
        assert command.startswith(procfile[process]), f"{unit} runs {procfile[process]!r}"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_finds_no_syntax_error_in_the_units(tmp_path):
    result = subprocess.run(["systemd-analyze", "verify", "--man=no", *map(str, sorted(UNITS.glob("*.service")))],
                            capture_output=True, text=True, timeout=60)
    syntax = [line for line in result.stderr.splitlines()
              if "Unknown key" in line or "Invalid" in line or "Failed to parse" in line or "Missing" in line]
    assert not syntax, "\n".join(syntax)
