"""The service over real HTTP: gunicorn serving the lobby, a game page and its replay."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

import pytest

from tests.integration.processes import BIN, Process, manage, service_env

pytestmark = pytest.mark.integration


@pytest.fixture
def served(tmp_path):
    env = service_env(tmp_path)
    manage(env, "migrate", "--noinput")
    game_id = manage(env, "new_game", "revolution", "--player", "ann@example.org", "--player",
                     "bob@example.org", "--player", "cy@example.org", "--seed", "http-test").strip()
    server = Process([str(BIN / "gunicorn"), "config.wsgi:application", "--bind", "127.0.0.1:0",
                      "--workers", "2", "--access-logfile", "-"], env)
    try:
        port = int(server.wait_for(r"Listening at: http://127\.0\.0\.1:(\d+)").group(1))
        yield f"http://127.0.0.1:{port}", int(game_id)
    finally:
        server.stop()


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_gunicorn_serves_lobby_game_and_replay(served):
    base, game_id = served
    status, body = fetch(base + "/")
    assert status == 200 and "Revolution!" in body
    status, body = fetch(f"{base}/games/{game_id}/")
    assert status == 200 and "General" in body
    status, body = fetch(f"{base}/games/{game_id}/replay/")
    assert status == 200
    status, _ = fetch(f"{base}/games/999999/")
    assert status == 404
