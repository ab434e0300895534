"""bench-peers: the peer harness and Ravenpost's write-path benchmarks in one invocation, with the ratios.

The peer harness (a folder holding ``run_all.sh``: pgbench's commit ceiling and the
``eventsourcing`` library's PostgreSQL recorder) is given as ``PEERS``; it runs on
Python 3.12 or newer, in a virtualenv this script makes under ``var/`` the first
time. Absolute figures on a shared machine move from run to run; ratios taken
within one run move much less, and they are what the performance targets are
written against. Usage: ``make bench-peers PEERS=/path/to/peers``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "var" / "peers-venv"
OUT = ROOT / "var" / "peers"
OURS = ["bench.move_path", "bench.replay"]


def peers_python(peers: Path) -> Path:
    """A Python >= 3.12 virtualenv with the harness's requirements, made once."""
    python = VENV / "bin" / "python"
    if not python.exists():
        candidates = [os.environ.get("PEERS_PYTHON", ""), shutil.which("python3.13"), shutil.which("python3.12")]
        base = next((found for found in candidates if found and _runs_3_12(found)), None)
        if base is None:
            raise SystemExit("bench-peers needs Python 3.12 or newer for the peer harness: put python3.12 on PATH "
                             "or set PEERS_PYTHON")
        subprocess.run([base, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-r", str(peers / "requirements.txt")],
                       check=True)
    return python


def _runs_3_12(python: str) -> bool:
    """Whether ``python`` starts and is 3.12 or newer (a version manager's shim may name one it lacks)."""
    check = subprocess.run([python, "-c", "import sys; sys.exit(sys.version_info < (3, 12))"], capture_output=True)
    return check.returncode == 0


def run_peers(peers: Path) -> str:
    OUT.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PY": str(peers_python(peers)), "OUT": str(OUT)}
    result = subprocess.run(["bash", str(peers / "run_all.sh")], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"the peer harness failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def peer_figures(log: str) -> dict[str, float]:
    """The harness's figures that the targets compare against."""
    figures: dict[str, float] = {}
    for label, tps in re.findall(r"^-- (json c[18]): pgbench.*?\n(?:.*\n)*?tps = ([\d.]+)", log, re.M):
        figures[f"pgbench {label} tps"] = float(tps)
    for blob in re.findall(r"^\{.*?^\}", log, re.S | re.M):
        data: dict[str, Any] = json.loads(blob)
        if "single_writer" in data:
            figures["eventsourcing single events/s"] = data["single_writer"]["events_per_s"]
            figures["eventsourcing 8 threads events/s"] = data["concurrent"]["events_per_s"]
            figures["eventsourcing replay_1000 ms"] = data["replay_1000"]["get_no_snapshot_ms_median"]
    return figures


def our_figures() -> dict[str, float]:
    figures: dict[str, float] = {}
    for module in OURS:
        result = subprocess.run([sys.executable, "-m", module], cwd=ROOT, capture_output=True, text=True, check=True)
        for line in result.stdout.splitlines():
            if line.startswith("{"):
                row = json.loads(line)
                figures[row["bench"]] = row["value"]
                print(line)
    return figures


def main() -> int:
    peers = Path(os.environ.get("PEERS", "")).expanduser()
    if not (peers / "run_all.sh").is_file():
        raise SystemExit("set PEERS to the peer harness's folder (the one with run_all.sh)")
    peer = peer_figures(run_peers(peers))
    for name, value in peer.items():
        print(json.dumps({"bench": f"peer: {name}", "value": value}))
    ours = our_figures()
    ratios = [  # (ours, theirs, target, whether more is better)
        ("move_path_1w", "eventsourcing single events/s", 1.3, True),
        ("move_path_8p", "eventsourcing 8 threads events/s", 2.0, True),
        ("replay_1000", "eventsourcing replay_1000 ms", 0.5, False),
        ("move_path_1w", "pgbench json c1 tps", None, True),
        ("move_path_8p", "pgbench json c8 tps", None, True),
    ]
    for mine, theirs, target, more_is_better in ratios:
        if mine in ours and theirs in peer:
            ratio = ours[mine] / peer[theirs]
            met = None if target is None else (ratio >= target if more_is_better else ratio <= target)
            print(json.dumps({"bench": f"ratio {mine} / {theirs}", "value": round(ratio, 2), "target": target,
                              "met": met}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
