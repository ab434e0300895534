"""WCAG 2.2 AA measured by axe-core on every page a player or a spectator can reach, at both widths.

For every hosted game (taken from the registry, so a new game is checked on its first
landing): the page of the player to act, of a player waiting, of a spectator, the
replay, a finished game and the create-game form. Then the site's own pages: lobby,
sign-in, sign-up, profile, vacation, new game, the dev mailbox, a turn mail and the
mail's HTML part as a mail client would show it. Each runs at 1280x900 and 390x844.

A check fails on any critical or serious violation and prints the rule, the page and
the element.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat
from games.rules import game_slugs, get_rules
from games.selectors import pending_invitations
from notifications.models import DevMail

from .axe import Finding, report, run_axe, serious
from .conftest import DESKTOP, PHONE, Person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser,
              pytest.mark.usefixtures("dev_mailbox")]
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
NAMES = ("Ada", "Brook", "Cyd", "Dee", "Eli")


def players(count: int) -> list[Any]:
    return [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n) for n in NAMES[:count]]


def seat_count(slug: str) -> int:
    rules = get_rules(slug)
    return min(max(rules.min_players, 3), rules.max_players)


def started(slug: str, users: list[Any], seed: str) -> Game:
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=len(users), seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def step(game: Game, rng: random.Random) -> bool:
    """One random legal move by the first seat to act; False when the game is over."""
    projection = Projection.objects.get(pk=game.pk)
    if not projection.to_act:
        return False
    seat = projection.to_act[0]
    rules = get_rules(game.rules_slug, game.rules_version)
    user = Seat.objects.get(game=game, index=seat).user
    services.submit_move(game_id=game.pk, user=user, move=rules.random_move(projection.state, seat, rng))
    return True


def into_play(game: Game, rng: random.Random) -> tuple[int, int]:
    """Play a few moves, until one seat is to act and another waits: (seat to act, seat waiting)."""
    for moves in range(200):
        projection = Projection.objects.get(pk=game.pk)
        waiting = [s for s in range(game.num_players) if s not in projection.to_act]
        if moves >= 3 and projection.to_act and waiting:
            return projection.to_act[0], waiting[0]
        assert step(game, rng), "the game ended before a seat waited for another"
    raise AssertionError("no moment with one seat to act and another waiting")


def user_at(game: Game, seat: int) -> Any:
    return Seat.objects.get(game=game, index=seat).user


def check(browser: Any, live_server: Any, visits: list[tuple[str, Any, str]]) -> tuple[list[Finding], list[str]]:
    """Run axe on each (label, user or None, path) at both widths: what it found, and the pages seen."""
    found: list[Finding] = []
    seen: list[str] = []
    for width, viewport in VIEWPORTS.items():
        people: dict[Any, Person] = {}
        try:
            for label, user, path in visits:
                key = user.pk if user is not None else None
                if key not in people:
                    people[key] = Person(browser, live_server, user, viewport, bypass_csp=True)
                page = people[key].open(path)
                seen.append(f"{label} @{width}")
                found.extend(run_axe(page, seen[-1]))
        finally:
            for person in people.values():
                person.close()
    return found, seen


@pytest.mark.parametrize("slug", game_slugs())
def test_every_page_of_a_game_passes_axe(browser, live_server, slug):
    rng = random.Random(5)
    users = players(seat_count(slug))
    watcher = user_get_or_create_verified(email="watcher@example.com", display_name="Watcher")
    game = started(slug, users, seed=f"axe-{slug}")
    to_act, waiting = into_play(game, rng)
    done = started(slug, users, seed=f"axe-{slug}-done")
    while step(done, rng):
        pass
    done.refresh_from_db()
    assert done.status in ("finished", "aborted")
    steps = game.events.count()
    visits = [
        (f"{slug}: player to act", user_at(game, to_act), f"/games/{game.pk}/"),
        (f"{slug}: player waiting", user_at(game, waiting), f"/games/{game.pk}/"),
        (f"{slug}: spectator", watcher, f"/games/{game.pk}/"),
        (f"{slug}: visitor", None, f"/games/{game.pk}/"),
        (f"{slug}: replay", watcher, f"/games/{game.pk}/replay/?step={max(1, steps - 1)}"),
        (f"{slug}: finished game", user_at(done, 0), f"/games/{done.pk}/"),
        (f"{slug}: finished replay", user_at(done, 0), f"/games/{done.pk}/replay/"),
        (f"{slug}: create game", users[0], f"/games/new/{slug}/"),
    ]
    found, seen = check(browser, live_server, visits)
    print(report(found, seen))
    assert not serious(found), report(found, seen)


def test_the_sites_own_pages_pass_axe(browser, live_server):
    users = players(3)
    game = started("revolution", users, seed="axe-site")
    mail = DevMail.objects.filter(to__icontains=users[0].email).order_by("-pk").first()
    assert mail is not None, "no turn mail reached the dev mailbox"
    # An invitation waiting, so that the lobby and the profile show theirs (with Accept and Decline).
    waiting = services.game_create(rules_slug="revolution", creator=users[1], num_players=3)
    services.game_invite(game_id=waiting.pk, inviter=users[1], email=users[0].email)
    assert [i.game.pk for i in pending_invitations(users[0])] == [waiting.pk]
    visits = [
        ("lobby (visitor)", None, "/"),
        ("sign-in", None, "/accounts/login/"),
        ("sign-up", None, "/accounts/signup/"),
        ("lobby", users[0], "/"),
        ("profile", users[0], "/profile/"),
        ("vacation", users[0], "/vacation/"),
        ("new game", users[0], "/games/new/"),
        ("dev mailbox", users[0], "/dev/mailbox/"),
        ("a turn mail", users[0], f"/dev/mailbox/{mail.pk}/"),
        ("game page", users[0], f"/games/{game.pk}/"),
    ]
    found, seen = check(browser, live_server, visits)
    print(report(found, seen))
    assert not serious(found), report(found, seen)


def test_a_turn_mails_html_part_passes_axe(browser, live_server):
    """The HTML part alone, as a mail client shows it (the mailbox page frames it in a sandbox)."""
    users = players(3)
    started("revolution", users, seed="axe-mail")
    mail = DevMail.objects.filter(to__icontains=users[0].email).exclude(html="").order_by("-pk").first()
    assert mail is not None, "no turn mail with an HTML part"
    found: list[Finding] = []
    seen: list[str] = []
    for width, viewport in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        try:
            page = context.new_page()
            page.set_content(mail.html)
            seen.append(f"turn mail HTML part @{width}")
            found.extend(run_axe(page, seen[-1]))
        finally:
            context.close()
    print(report(found, seen))
    assert not serious(found), report(found, seen)
