"""Fixtures for the API tests: verified users with tokens, and a client that sends a token."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.services import user_get_or_create_verified
from accounts.tokens import token_create


class ApiClient:
    """A test client that sends ``Authorization: Bearer <token>`` and JSON bodies."""

    def __init__(self, token: str | None) -> None:
        self.client = Client()
        self.token = token

    def _headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return {**headers, **(extra or {})}

    def get(self, path: str, **params: Any) -> Any:
        return self.client.get(path, params, headers=self._headers())

    def post(self, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        return self.client.post(path, json.dumps(body if body is not None else {}), content_type="application/json",
                                headers=self._headers(headers))

    def delete(self, path: str) -> Any:
        return self.client.delete(path, headers=self._headers())


@pytest.fixture
def make_player(db):
    """make_player("Ada", scope="play") -> (user, ApiClient)."""

    def make(name: str, scope: str = "play") -> tuple[Any, ApiClient]:
        user = user_get_or_create_verified(email=f"{name.lower()}@example.com", display_name=name)
        _, token = token_create(user=user, name=f"{name}'s bot", scope=scope)
        return user, ApiClient(token)

    return make


@pytest.fixture
def trio(make_player):
    return [make_player(n) for n in ("Ada", "Brook", "Cyd")]


@pytest.fixture(autouse=True)
def _generous_rate_limit(settings):
    """A limit no test reaches unless it means to; each token counts apart (its key holds its random prefix),
    so nothing needs clearing from a cache that other processes may share."""
    settings.API_RATE_LIMIT = "1000/min"


def start_revolution(players: list[tuple[Any, ApiClient]]) -> int:
    """A 3-player Revolution! game created and joined through the API; returns its id."""
    (_, first), *others = players
    answer = first.post("/api/games", {"rules": "revolution", "num_players": 3})
    assert answer.status_code == 201, answer.content
    game_id = answer.json()["id"]
    for _, client in others:
        joined = client.post(f"/api/games/{game_id}/join", {})
        assert joined.status_code == 200, joined.content
    return game_id


def client_of_seat(game_id: int, seat: int, players: list[tuple[Any, ApiClient]]) -> ApiClient:
    from games.models import Seat

    user_id = Seat.objects.get(game_id=game_id, index=seat).user_id
    return next(c for u, c in players if u.pk == user_id)
