"""page_render: server time of the pages people look at most, against Django's own 404 in the same run.

For every registered game, a game is played part-way through the write path
(random legal moves), then each page is fetched in-process with Django's test
client (the whole middleware stack and template rendering; no network), with
``DEBUG`` off as in production, on PostgreSQL:

- ``page_<slug>_player``: the game page for the seat whose move is awaited;
- ``page_<slug>_spectator``: the same page for someone not playing;
- ``page_<slug>_replay``: the replay page at its last step;
- ``page_lobby``: the lobby of a player with games running;
- ``page_<slug>_player_cold``, ``page_<slug>_spectator_cold``: the game page as first shown
  after a move, with nothing kept of earlier views (the pages above are shown again: the
  state's part of a page is rendered once per state and viewer, see games.views.kept), nor
  what the rules keep about positions (games.rules.kept);
- ``page_<slug>_player_cold_told``: the same, for a player this process told the game's log
  before (games.selectors.log keeps it per viewer and reads only the events since).

Each figure is the median of ``BENCH_PAGE_REPEAT`` (30) fetches after two warm-up
fetches, in ms; ``ratio`` is that median over the median of a 404 page fetched
alternately with it (the floor: middleware and a template, no game), so a busy
machine slows both alike. ``BENCH_PAGE_GAMES`` (slugs, comma-separated) limits the
run to those games, to compare one page before and after a change quickly.
"""

from __future__ import annotations

import functools
import os
import random
import secrets
import statistics
import sys
import time
import uuid
from typing import Any, Callable

from bench import common

REPEAT = int(os.environ.get("BENCH_PAGE_REPEAT", "30"))
MOVES = int(os.environ.get("BENCH_PAGE_MOVES", "40"))
ONLY = {slug.strip() for slug in os.environ.get("BENCH_PAGE_GAMES", "").split(",") if slug.strip()}
# A folder: each game's first view by its player is also served 100 times under cProfile, written there as
# page_<slug>_player_cold.prof (read it with pstats), with the 30 costliest calls printed to stderr.
PROFILE = os.environ.get("BENCH_PAGE_PROFILE", "")


def _timed(fetch: Callable[[], Any]) -> float:
    started = time.perf_counter()
    response = fetch()
    elapsed = time.perf_counter() - started
    if response.status_code not in (200, 404):
        raise SystemExit(f"unexpected status {response.status_code}")
    return elapsed


def paired_ms(fetch: Callable[[], Any], floor: Callable[[], Any]) -> tuple[float, float]:
    """Medians (ms) of ``fetch`` and of the floor, fetched alternately so both see the same machine."""
    for _ in range(2):
        fetch()
        floor()
    pages, floors = [], []
    for _ in range(REPEAT):
        pages.append(_timed(fetch))
        floors.append(_timed(floor))
    return statistics.median(pages) * 1000, statistics.median(floors) * 1000


def cold(client: Any, address: str, *, told: bool = False) -> Any:
    """The page as first shown after a move: what the process kept of earlier views is dropped first.

    ``told``: the game's log as told to this viewer before stays kept (a viewer who looked before the
    move, served by the same process); otherwise the whole log is read and told again.
    """
    from games.rules.kept import forget_positions
    from games.selectors import log, seats
    from games.views.kept import FRAGMENTS

    FRAGMENTS.clear()
    seats._SEAT_ANSWERS.clear()
    forget_positions()  # what the rules keep about positions: warm only for a position seen before
    if not told:
        log._TOLD.clear()
    return client.get(address, secure=True)


def profile_cold(page: tuple[Any, str], path: str) -> None:
    """Serve a first view 100 times under cProfile; the stats go to ``path``, the costliest calls to stderr."""
    import cProfile
    import pstats

    client, address = page
    profiler = cProfile.Profile(time.process_time)
    for _ in range(100):
        profiler.runcall(cold, client, address)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    profiler.dump_stats(path)
    pstats.Stats(path, stream=sys.stderr).sort_stats("cumulative").print_stats(30)


def main() -> None:
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # what the startup guard asks of production
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from games.models import Game, Projection, Seat
    from games.rules import all_rules

    call_command("collectstatic", "--noinput", verbosity=0)  # as a production start does (DEBUG off)
    # Production redirects http to https (SECURE_SSL_REDIRECT): every request below comes as https.
    setup_test_environment()  # the test client's hooks; templates are rendered exactly as in production
    import logging

    logging.getLogger("django.request").setLevel(logging.ERROR)  # the floor's 404s are expected
    run = uuid.uuid4().hex[:8]
    anonymous = Client()

    def not_found() -> Any:
        return anonymous.get(f"/no-such-page-{run}/", secure=True)

    floors: list[float] = []
    lobby_client = None
    for rules in all_rules():
        if ONLY and rules.slug not in ONLY:
            continue
        # The same game every run (its own players): pages of different states cost differently, so runs
        # and trees compare only on one.
        game_id = common.new_game(f"page-{rules.slug}-{run}", rules.slug, common.most_players(rules),
                                  seed=f"page-render-{rules.slug}")
        driver = common.Driver(game_id, random.Random(1))
        for _ in range(MOVES):
            if not driver.step():
                break
        projection = Projection.objects.get(pk=game_id)
        seat = projection.to_act[0] if projection.to_act else 0
        player = Client()
        player.force_login(Seat.objects.get(game_id=game_id, index=seat).user)
        lobby_client = lobby_client or player
        spectator = Client()
        url = f"/games/{game_id}/"
        pages = {"player": (player, url), "spectator": (spectator, url), "replay": (spectator, url + "replay/")}
        for name, (client, address) in pages.items():
            value, floor = paired_ms(functools.partial(client.get, address, secure=True), not_found)
            floors.append(floor)
            common.report(f"page_{rules.slug}_{name}", value, "ms", ratio=round(value / floor, 1),
                          floor_ms=round(floor, 3), events=Game.objects.get(pk=game_id).events.count())
        for name, told in (("player", False), ("spectator", False), ("player", True)):
            # The first view of a state (after a move): nothing of the page nor of the rules' answers kept;
            # with ``told``, the log told to this viewer before the move is (see ``cold``).
            client, address = pages[name]
            value, floor = paired_ms(functools.partial(cold, client, address, told=told), not_found)
            floors.append(floor)
            common.report(f"page_{rules.slug}_{name}_cold{'_told' if told else ''}", value, "ms",
                          ratio=round(value / floor, 1), floor_ms=round(floor, 3))
        if PROFILE:
            profile_cold(pages["player"], os.path.join(PROFILE, f"page_{rules.slug}_player_cold.prof"))
    if lobby_client is not None:
        value, floor = paired_ms(lambda: lobby_client.get("/", secure=True), not_found)
        floors.append(floor)
        common.report("page_lobby", value, "ms", ratio=round(value / floor, 1), floor_ms=round(floor, 3))
    common.report("page_404_floor", statistics.median(floors), "ms", repeat=REPEAT,
                  note="median of the 404 floors measured beside each page")


if __name__ == "__main__":
    main()
