"""The example bot plays a whole game of every hosted game against a live server, through the API alone."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from accounts.services import user_get_or_create_verified
from accounts.tokens import token_create
from games.rules import game_slugs, get_rules
from ravenpost_verify import verify

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "ravenpost_bot.py"
NAMES = ("Ada", "Brook", "Cyd", "Dee", "Eli")

pytestmark = [pytest.mark.slow, pytest.mark.integration]


@pytest.fixture
def fast_api(settings):
    settings.API_RATE_LIMIT = "100000/min"


@pytest.mark.parametrize("slug", game_slugs())
def test_the_example_bot_plays_a_game_to_the_end(slug, live_server, fast_api, transactional_db):
    if connection.vendor != "sqlite" and slug != game_slugs()[0]:
        # Each game is played through the API in the SQLite pass; on a database server, one shows the same path.
        pytest.skip("every game is played in the SQLite pass")
    players = get_rules(slug).min_players
    tokens = []
    for name in NAMES[:players]:
        user = user_get_or_create_verified(email=f"{name.lower()}@example.com", display_name=name)
        tokens.append(token_create(user=user, name="bot", scope="play")[1])
    command = [sys.executable, str(BOT), "--url", live_server.url, "--create", slug, "--players", str(players),
               "--seed", slug]
    for token in tokens:
        command += ["--token", token]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "is finished" in run.stdout
    game_id = int(run.stdout.split("playing game #", 1)[1].split()[0])
    with urllib.request.urlopen(f"{live_server.url}/api/games/{game_id}/record", timeout=30) as answer:
        record = json.loads(answer.read())
    assert {e["source"] for e in record["events"] if e["kind"] == "move"} == {"api"}
    report = verify(record)
    assert report.ok, report.failure
    assert report.result == record["game"]["result"]
