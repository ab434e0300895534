"""Make the README screenshots: lobby, a Revolution! game mid-game (bid form), the replay page, Five Points.

Run from the project root::

    .venv/bin/python docs/screenshots/make_screenshots.py
    .venv/bin/python docs/screenshots/make_screenshots.py five-points   # only five-points-game.png
    .venv/bin/python docs/screenshots/make_screenshots.py five-tribes   # only five-tribes-game.png

It builds a throw-away database in a temporary directory (your ``var/`` is not
touched), plays a game part-way through ``games.services``, serves the site on
127.0.0.1 with the viewer's session cookie injected (headless Chromium cannot
sign in by itself), and calls headless Chromium for each page.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable
from wsgiref.simple_server import WSGIRequestHandler, make_server

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
os.environ["RAVENPOST_VAR_DIR"] = tempfile.mkdtemp(prefix="ravenpost-shots-")
os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"


def build_game() -> tuple[Any, Any, Any]:
    """Users, a finished-looking lobby and a Revolution! game in round 3 with Ada still to bid."""
    from accounts.services import user_get_or_create_verified
    from games import services
    from games.models import Projection, Seat
    from games.rules import get_rules

    names = ["Ada", "Brook", "Cyd", "Dana"]
    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in names]
    ada, brook, cyd, dana = users
    rules = get_rules("revolution")
    game = services.game_create(rules_slug="revolution", creator=ada, num_players=3, seed="screenshots-1",
                                options={"bid_refunds": True})
    services.game_join(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd)
    rng = random.Random(11)
    seat_of_ada = Seat.objects.get(game=game, user=ada).index
    while True:
        p = Projection.objects.get(pk=game.pk)
        state = p.state
        if state["round"] >= 4 and state["phase"] == "bidding" and seat_of_ada in p.to_act and len(p.to_act) == 2:
            break
        waiting = [s for s in p.to_act if not (state["round"] >= 4 and s == seat_of_ada)]
        seat = waiting[0]
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(state, seat, rng))
    services.chat_post(game_id=game.pk, user=brook, text="The Printer is mine this round. You have been warned.")
    services.chat_post(game_id=game.pk, user=cyd, text="We'll see about that.")
    # Something for the lobby's other lists.
    services.game_create(rules_slug="revolution", creator=dana, num_players=4,
                         options={"area_control_bonus": True})
    other = services.game_create(rules_slug="revolution", creator=brook, num_players=3, seed="screenshots-2")
    services.game_join(game_id=other.pk, user=dana)
    services.game_join(game_id=other.pk, user=ada)
    return game, ada, brook


def build_five_points_game(users: list[Any]) -> Any:
    """A 3-player Five Points game in round 2 or later: bosses on the map, bids on markers, Ada to place."""
    from games import services
    from games.models import Projection, Seat
    from games.rules import get_rules

    ada, brook, cyd = users[:3]
    rules = get_rules("five_points")
    game = services.game_create(rules_slug="five_points", creator=ada, num_players=3, seed="screenshots-fp-192")
    services.game_join(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd)
    rng = random.Random(3)
    seat_of_ada = Seat.objects.get(game=game, user=ada).index
    for _ in range(500):
        p = Projection.objects.get(pk=game.pk)
        state = p.state
        bids = sum(sum(b) for b in state["bids"])
        if (state["round"] >= 2 and state["phase"] == "placement" and p.to_act == [seat_of_ada] and bids >= 3
                and any(any(t["bosses"]) for t in state["tiles"])):
            break
        seat = p.to_act[0]
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(state, seat, rng))
    return game


def build_five_tribes_game(users: list[Any]) -> tuple[Any, str]:
    """A 2-player Five Tribes game in round 2 or later with Ada to move meeples; and a path to pre-click.

    The path (start tile and the first drops of a legal movement) is shown by the
    page's builder through its ``#build:`` link, so the picture shows the move
    being built with the next legal tiles highlighted.
    """
    from games import services
    from games.models import Projection, Seat
    from games.rules import get_rules
    from games.rules.five_tribes.board import TILE_INDEX
    from games.rules.five_tribes.movement import continuations, starts

    ada, brook = users[:2]
    rules = get_rules("five_tribes")
    game = services.game_create(rules_slug="five_tribes", creator=ada, num_players=2, seed="screenshots-ft-2")
    services.game_join(game_id=game.pk, user=brook)
    rng = random.Random(5)
    seat_of_ada = Seat.objects.get(game=game, user=ada).index
    for _ in range(800):
        p = Projection.objects.get(pk=game.pk)
        state = p.state
        if (state["round"] >= 3 and state["phase"] == "play" and p.to_act == [seat_of_ada]
                and state["turn"]["step"] == "move" and state["turn"]["can_move"]):
            break
        seat = p.to_act[0]
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=rules.random_move(state, seat, rng))
    state = Projection.objects.get(pk=game.pk).state
    hand = {t: state["meeples"][TILE_INDEX[t]] for t in starts(state)}
    start = max(hand, key=lambda t: len(hand[t]))  # the longest move makes the most telling picture
    path = [start]
    while len(path) < min(3, len(hand[start])):  # a few drops in, the rest still to choose
        path.append(continuations(state, start, path[1:])[0])
    return game, ",".join(path)


def reveal_step(game: Any) -> int:
    """The first step where the bids lie revealed (a Spy or Apothecary choice): the most telling picture."""
    from games.store import game_records, replay_states

    states = replay_states(game_records(game))
    return next((i + 1 for i, state in enumerate(states) if state and state["phase"] == "choice"), len(states))


def session_cookie(user: Any) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def serve_as(cookie: str) -> tuple[Any, int]:
    """A dev server on 127.0.0.1 (any free port) whose every request carries ``cookie``."""
    app = get_wsgi_application()

    def with_cookie(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        environ["HTTP_COOKIE"] = cookie
        return app(environ, start_response)

    server = make_server("127.0.0.1", 0, with_cookie, handler_class=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_port


def shoot(url: str, path: Path, height: int) -> None:
    profile = tempfile.mkdtemp(prefix="ravenpost-chromium-")
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
         f"--user-data-dir={profile}", f"--screenshot={path}", f"--window-size=1280,{height}", url],
        check=True, capture_output=True, timeout=120,
    )
    shutil.rmtree(profile, ignore_errors=True)
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    call_command("migrate", verbosity=0, interactive=False)
    # Served as production serves it (DEBUG off: whitenoise reads the collected files, not the apps' folders).
    call_command("collectstatic", verbosity=0, interactive=False)
    only_five_points = sys.argv[1:] == ["five-points"]
    only_five_tribes = sys.argv[1:] == ["five-tribes"]
    game, ada, brook = build_game()
    from accounts.services import user_get_or_create_verified

    cyd = user_get_or_create_verified(email="cyd@example.com", display_name="Cyd")
    ft_game, ft_path = build_five_tribes_game([ada, brook])
    fp_game = None if only_five_tribes else build_five_points_game([ada, brook, cyd])
    server, port = serve_as(session_cookie(ada))
    try:
        base = f"http://127.0.0.1:{port}"
        if not only_five_points:  # each "only" mode leaves the other game's picture alone
            shoot(f"{base}/games/{ft_game.pk}/#build:{ft_path}", OUT / "five-tribes-game.png", 1400)
        if only_five_tribes:
            return
        shoot(f"{base}/games/{fp_game.pk}/", OUT / "five-points-game.png", 1400)
        if only_five_points:
            return
        shoot(f"{base}/", OUT / "lobby.png", 1000)
        shoot(f"{base}/games/{game.pk}/", OUT / "revolution-game.png", 2600)
        shoot(f"{base}/games/{game.pk}/replay/?step={reveal_step(game)}", OUT / "replay.png", 1800)
    finally:
        server.shutdown()
        shutil.rmtree(os.environ["RAVENPOST_VAR_DIR"], ignore_errors=True)


if __name__ == "__main__":
    main()
