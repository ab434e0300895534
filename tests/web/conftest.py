"""Fixtures for the web tests: verified users, signed-in clients, a running Revolution! game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, Projection, Seat

HIDDEN = re.compile(r'<input type="hidden" name="(expected_version|idempotency_key)" value="([^"]*)"')


@pytest.fixture
def dev_mailbox(settings):
    """Mail goes to the dev mailbox as under ``make run`` (the test runner swaps in locmem otherwise)."""
    settings.EMAIL_BACKEND = "notifications.devmail.DevMailboxBackend"
    settings.DEV_MAILBOX = True
    settings.DEBUG = True  # the mailbox is served on a local run only


@pytest.fixture
def make_user(db):
    def make(email: str, name: str = "") -> Any:
        return user_get_or_create_verified(email=email, display_name=name)

    return make


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def three_players(make_user):
    """Three verified users, each with a signed-in client: [(user, client), ...]."""
    users = [make_user(f"{n.lower()}@example.com", n) for n in ("Ada", "Brook", "Cyd")]
    return [(u, client_for(u)) for u in users]


@pytest.fixture
def running_game(three_players) -> Game:
    """A 3-player Revolution! game in its first bidding round, created through the services."""
    (ada, _), (brook, _), (cyd, _) = three_players
    game = services.game_create(rules_slug="revolution", creator=ada, num_players=3, seed="web-tests")
    services.game_join(game_id=game.pk, user=brook)
    services.game_join(game_id=game.pk, user=cyd)
    game.refresh_from_db()
    assert game.status == "active"
    return game


def seat_client(game: Game, seat: int, players: list[tuple[Any, Client]]) -> Client:
    user_id = Seat.objects.get(game=game, index=seat).user_id
    return next(c for u, c in players if u.pk == user_id)


def seat_user(game: Game, seat: int) -> Any:
    return Seat.objects.get(game=game, index=seat).user


def form_meta(html: str, form_action: str) -> dict[str, str]:
    """The hidden expected_version/idempotency_key of the form posting to ``form_action``."""
    start = html.index(f'action="{form_action}"')
    chunk = html[start:html.index("</form>", start)]
    return dict(HIDDEN.findall(chunk))


def projection(game: Game) -> Projection:
    return Projection.objects.get(pk=game.pk)
