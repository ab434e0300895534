"""bench.web_move on a tiny setting: its moves go through gunicorn's forms and are recorded, and it reports them."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from tests.integration.processes import ROOT, service_env

pytestmark = pytest.mark.integration


def test_web_move_bench_plays_recorded_web_moves(tmp_path):
    database = tmp_path / "bench.sqlite3"
    # A database of its own (SQLite here: the benchmark reads BENCH_DATABASE_URL like the others).
    env = service_env(tmp_path, BENCH_DATABASE_URL=f"sqlite:///{database}", BENCH_WEB_MOVES="6",
                      BENCH_WEB_GAMES="2")
    result = subprocess.run([sys.executable, "-m", "bench.web_move"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    lines = {row["bench"]: row for row in (json.loads(text) for text in result.stdout.splitlines()
                                           if text.startswith("{"))}
    move, floor = lines["web_move"], lines["web_move_404_floor"]
    assert move["moves"] == 6 and move["refused"] == 0
    assert move["value"] > 0 and 0 < move["p50_ms"] <= move["p95_ms"]
    assert floor["value"] > 0 and move["ratio"] == pytest.approx(move["p50_ms"] / floor["value"], rel=0.05)
    with sqlite3.connect(database) as conn:
        (recorded,) = conn.execute("SELECT count(*) FROM games_event WHERE source = 'web' "
                                   "AND idempotency_key IS NOT NULL").fetchone()
    assert recorded == 6  # each timed move is one move recorded from a web form, none twice
