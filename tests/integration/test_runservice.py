"""The embedded default: one process serves the pages and enforces deadlines with nothing else running."""

from __future__ import annotations

import json
import sqlite3
import sys
import urllib.request

import pytest

from tests.integration.live import free_port
from tests.integration.processes import Process, manage, service_env

pytestmark = pytest.mark.integration


def test_runservice_serves_the_lobby_and_times_out_a_silent_player(tmp_path):
    env = service_env(tmp_path, DEADLINE_SWEEP_SECONDS="0.2", LOG_LEVEL="INFO")
    manage(env, "migrate", "--noinput")
    game_id = int(manage(env, "new_game", "revolution", "--player", "a@example.org", "--player", "b@example.org",
                         "--player", "c@example.org", "--deadline", "1s", "--seed", "runservice").strip())
    port = free_port()
    smtp_port = free_port()
    service = Process([sys.executable, "manage.py", "runservice", "--host", "127.0.0.1", "--port", str(port),
                       "--smtp-port", str(smtp_port)], env)
    try:
        # Links in mail follow the port the service runs on (SITE_URL is not set here).
        service.wait_for(rf"Ravenpost is running at http://127\.0\.0\.1:{port}/ \(links in mail: "
                         rf"http://127\.0\.0\.1:{port}\)")
        service.wait_for(rf"Replies by mail: SMTP on 127\.0\.0\.1:{smtp_port}")
        service.wait_for(r"Quit the server")
        service.wait_for(r"deadline sweep: timeout 1", timeout=60)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            assert response.status == 200 and "Revolution!" in response.read().decode()
    finally:
        service.stop()
    db = sqlite3.connect(tmp_path / "ravenpost.sqlite3")
    rows = db.execute("SELECT seat, source, payload FROM games_event WHERE game_id = ? AND kind = 'timeout' ORDER BY seq",
                      [game_id]).fetchall()
    assert sorted(r[0] for r in rows[:3]) == [0, 1, 2]
    assert all(r[1] == "deadline" and json.loads(r[2])["policy"] == "default" for r in rows)
    mails = [text for (text,) in db.execute("SELECT text FROM notifications_devmail")]
    assert mails and all(f"http://127.0.0.1:{port}/games/{game_id}/" in text for text in mails
                         if f"#{game_id}" in text)
