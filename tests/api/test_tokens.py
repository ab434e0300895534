"""Personal access tokens: hashed at rest, scoped, made and revoked on the profile page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import AccessToken
from accounts.services import user_get_or_create_verified
from accounts.tokens import TokenError, token_create, token_digest, token_revoke
from tests.api.conftest import ApiClient


def test_a_token_is_stored_only_as_its_digest(db):
    user = user_get_or_create_verified(email="ada@example.com", display_name="Ada")
    row, token = token_create(user=user, name="bot", scope="read")
    assert token.startswith("rp_") and len(token) > 40
    stored = AccessToken.objects.get(pk=row.pk)
    assert stored.digest == token_digest(token)
    assert token not in [str(v) for v in AccessToken.objects.values_list().get(pk=row.pk)]


def test_unknown_missing_and_revoked_tokens_are_refused_with_a_message(make_player):
    user, client = make_player("Ada")
    assert client.get("/api/me").status_code == 200
    for bad in (ApiClient(None), ApiClient("rp_not-a-real-token"), ApiClient("nonsense")):
        answer = bad.get("/api/me")
        assert answer.status_code == 401
        assert answer.json()["code"] == "not_authenticated"
        assert "Authorization: Bearer" in answer.json()["detail"]
    token_revoke(user=user, token_id=AccessToken.objects.get(user=user).pk)
    assert client.get("/api/me").status_code == 401


def test_a_read_token_reads_but_may_not_act(make_player):
    _, reader = make_player("Ada", scope="read")
    assert reader.get("/api/games").status_code == 200
    answer = reader.post("/api/games", {"rules": "revolution", "num_players": 3})
    assert answer.status_code == 403
    assert answer.json()["code"] == "read_only_token"
    assert "play scope" in answer.json()["detail"]


def test_token_names_and_scopes_are_checked(db):
    user = user_get_or_create_verified(email="ada@example.com")
    with pytest.raises(TokenError, match="give the token a name"):
        token_create(user=user, name="  ", scope="read")
    with pytest.raises(TokenError, match="one of read, play"):
        token_create(user=user, name="x", scope="admin")


def test_the_profile_page_makes_lists_and_revokes_tokens(db):
    user = user_get_or_create_verified(email="ada@example.com", display_name="Ada")
    web = Client()
    web.force_login(user)
    made = web.post("/profile/tokens/", {"name": "my bot", "scope": "play"}, follow=True)
    assert made.status_code == 200
    shown = re.search(r'id="new-token-value" readonly rows="2" cols="40" spellcheck="false">(rp_[^<]+)</textarea>', made.content.decode())
    assert shown, "the new token is shown once"
    token = shown.group(1)
    assert ApiClient(token).get("/api/me").json()["scope"] == "play"
    again = web.get("/profile/").content.decode()
    assert token not in again, "a token is shown only once"
    assert "my bot" in again and token[:10] in again
    row = AccessToken.objects.get(user=user)
    web.post(f"/profile/tokens/{row.pk}/revoke/", follow=True)
    assert ApiClient(token).get("/api/me").status_code == 401
    assert "revoked" in web.get("/profile/").content.decode()


def test_nobody_revokes_another_players_token(db):
    ada = user_get_or_create_verified(email="ada@example.com")
    eve = user_get_or_create_verified(email="eve@example.com")
    row, token = token_create(user=ada, name="bot", scope="play")
    web = Client()
    web.force_login(eve)
    web.post(f"/profile/tokens/{row.pk}/revoke/")
    assert ApiClient(token).get("/api/me").status_code == 200


def test_bad_token_form_input_is_refused_with_a_message(db):
    user = user_get_or_create_verified(email="ada@example.com")
    web = Client()
    web.force_login(user)
    page = web.post("/profile/tokens/", {"name": "x", "scope": "root"}, follow=True).content.decode()
    assert "No token was made" in page
    assert not AccessToken.objects.exists()
