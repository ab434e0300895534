"""Before/after screenshots: one game situation shown by two versions of Ravenpost.

Run it from the root of a checkout, with that checkout's Python (Playwright
installed, Debian's Chromium on PATH)::

    .venv/bin/python docs/screenshots/before-after/make_before_after.py after --moves moves.json
    <old checkout>/.venv/bin/python make_before_after.py before --moves moves.json --out <this folder>

The first run that finds no ``--moves`` file plays random legal moves from a
fixed seed and writes every move down; every later run (another checkout) plays
exactly those moves from the same seeds, so both versions show the same games.
It works on a throw-away SQLite database in a temporary directory, with the dev
mailbox catching the mail, and serves the site on 127.0.0.1 (a free port) to
headless Chromium signed in as the player to act.

Written against the services both versions share (``game_create``, ``game_join``,
``submit_move``, ``user_get_or_create_verified``) and nothing newer.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable
from wsgiref.simple_server import WSGIRequestHandler, make_server

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
os.environ["RAVENPOST_VAR_DIR"] = tempfile.mkdtemp(prefix="ravenpost-before-after-")
for name in ("DATABASE_URL", "REDIS_URL", "EMAIL_BACKEND"):
    os.environ.pop(name, None)  # SQLite, eager tasks, the dev mailbox
os.environ["DEBUG"] = "1"  # static files served from the source folders, as on a local run
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Playwright's sync API runs an event loop in this thread; the ORM is used between captures on purpose.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

DESKTOP: Any = {"width": 1280, "height": 900}
PHONE: Any = {"width": 390, "height": 844}
# Long pages are cut: a desktop page to two screens, a phone page or mail to two phone screens.
MAX_HEIGHT = {"desktop": 1800, "phone": 1688}
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars"]
NAMES = ("Ada", "Brook", "Cyd")

# (game, seed, random seed for recording, when to stop)
GAMES: list[tuple[str, str, int, Callable[[dict[str, Any], list[int], int], bool]]] = [
    # Five Tribes: the bids for turn order made, two turns played, the third player about to move meeples.
    ("five_tribes", "before-after-ft", 5,
     lambda s, to_act, n: s.get("phase") == "play" and (s.get("turn") or {}).get("step") == "move"
     and n >= 8),
    # Revolution!: round 1 bid and resolved, everyone about to bid for round 2.
    ("revolution", "before-after-rev", 7,
     lambda s, to_act, n: s.get("round") == 2 and s.get("phase") == "bidding" and len(to_act) == 3),
]


def play(slug: str, seed: str, rng_seed: int, ready: Callable[..., bool],
         recorded: list[list[Any]] | None) -> tuple[Any, Any, list[list[Any]]]:
    """The game played to its moment; the user whose screen is shown; the moves made as ``[seat, move]``."""
    from accounts.services import user_get_or_create_verified
    from games import services
    from games.models import Projection, Seat
    from games.rules import get_rules

    users = [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=len(users), seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    rules = get_rules(slug)
    rng = random.Random(rng_seed)
    moves: list[list[Any]] = []
    while True:
        p = Projection.objects.get(pk=game.pk)
        state: dict[str, Any] = p.state or {}
        if recorded is not None:
            if len(moves) == len(recorded):
                break
            seat, move = recorded[len(moves)]
        else:
            if ready(state, list(p.to_act), len(moves)):
                break
            if len(moves) > 300:
                raise SystemExit(f"{slug}: the wanted moment never came")
            seat = p.to_act[0]
            move = rules.random_move(state, seat, rng)
        user = Seat.objects.get(game=game, index=seat).user
        services.submit_move(game_id=game.pk, user=user, move=move)
        moves.append([seat, move])
    p = Projection.objects.get(pk=game.pk)
    # Someone to act who did not make the last move: a player's own move sends them no mail about it.
    last = moves[-1][0] if moves else None
    seat = next((s for s in p.to_act if s != last), p.to_act[0])
    viewer = Seat.objects.get(game=game, index=seat).user
    return game, viewer, moves


def session_cookie(user: Any) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return str(session.session_key)


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def serve() -> Any:
    """The site on 127.0.0.1, any free port, in a thread of its own."""
    server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def capture(page: Any, path: Path, kind: str) -> None:
    height = page.evaluate("document.documentElement.scrollHeight")
    clip = {"x": 0, "y": 0, "width": page.viewport_size["width"], "height": min(height, MAX_HEIGHT[kind])}
    page.screenshot(path=str(path), full_page=True, clip=clip)
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("label", help="before or after: the end of each file's name")
    parser.add_argument("--moves", type=Path, required=True, help="the moves file (written if missing)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    from notifications.models import DevMail
    from playwright.sync_api import sync_playwright

    call_command("migrate", verbosity=0, interactive=False)
    recorded = json.loads(args.moves.read_text()) if args.moves.exists() else None
    played: dict[str, list[list[Any]]] = {}
    shots = []
    for slug, seed, rng_seed, ready in GAMES:
        game, viewer, moves = play(slug, seed, rng_seed, ready, None if recorded is None else recorded[slug])
        played[slug] = moves
        # The games are played one after another, so the viewer's latest mail is still about this one.
        mail = DevMail.objects.filter(to__icontains=viewer.email).exclude(html="").order_by("-pk").first()
        print(f"{slug}: game {game.pk}, {len(moves)} moves, {viewer.email} to act; mail: {mail and mail.subject}")
        shots.append((slug, game, viewer, mail))
    if recorded is None:
        args.moves.write_text(json.dumps(played, indent=1) + "\n")
    args.out.mkdir(parents=True, exist_ok=True)
    server = serve()
    base = f"http://127.0.0.1:{server.server_port}"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            for slug, game, viewer, mail in shots:
                name = slug.replace("_", "-")
                cookie = session_cookie(viewer)
                for kind, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                    context = browser.new_context(viewport=viewport)
                    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
                    page = context.new_page()
                    page.goto(f"{base}/games/{game.pk}/", wait_until="load")
                    capture(page, args.out / f"{name}-game-{kind}-{args.label}.png", kind)
                    if mail is not None:
                        page = context.new_page()
                        page.set_content(mail.html, wait_until="load")
                        capture(page, args.out / f"{name}-mail-{kind}-{args.label}.png", kind)
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(os.environ["RAVENPOST_VAR_DIR"], ignore_errors=True)


if __name__ == "__main__":
    main()
