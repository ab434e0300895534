"""Sessions: loaded by one plain query (accounts.sessions), and still Django's in what they allow."""

from __future__ import annotations

import datetime
from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User

pytestmark = pytest.mark.django_db
SessionStore = import_module(settings.SESSION_ENGINE).SessionStore  # the store the service is configured with


def signed_in() -> tuple[Client, User]:
    user = User.objects.create_user(email="session@example.org", password="a long enough secret 1")
    client = Client()
    client.force_login(user)
    return client, user


def test_the_session_is_loaded_by_one_plain_query() -> None:
    client, user = signed_in()
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    store = SessionStore(key)
    with CaptureQueriesContext(connection) as queries:
        data = store.load()
    assert data["_auth_user_id"] == str(user.pk)
    assert [q["sql"].split()[:2] for q in queries.captured_queries] == [["SELECT", "session_data"]]


def test_a_signed_in_page_knows_its_player() -> None:
    client, user = signed_in()
    assert user.email in client.get("/profile/").content.decode()


def test_an_expired_session_signs_no_one_in() -> None:
    client, _ = signed_in()
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - datetime.timedelta(seconds=1))
    assert SessionStore(key).load() == {}
    response = client.get("/profile/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_unknown_or_malformed_key_loads_nothing() -> None:
    for key in ("x" * 40, "short", "é" * 500, "' OR 1=1 --"):
        store = SessionStore(key)
        assert store.load() == {}
        assert store.session_key is None


def test_signing_out_ends_the_session_for_its_cookie() -> None:
    client, _ = signed_in()
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    client.post("/accounts/logout/")
    assert SessionStore(key).load() == {}
    assert not Session.objects.filter(session_key=key).exists()


def test_the_signed_in_user_is_read_as_the_orm_reads_it() -> None:
    _, user = signed_in()
    with CaptureQueriesContext(connection) as queries:
        read = User.objects.get(pk=user.pk)
    by_orm = User.objects.filter(pk=user.pk).first()
    fields = [f.attname for f in User._meta.concrete_fields]
    assert [getattr(read, f) for f in fields] == [getattr(by_orm, f) for f in fields]
    assert read._state.adding is False and read._state.db == by_orm._state.db
    assert len(queries.captured_queries) == 1
    with pytest.raises(User.DoesNotExist):
        User.objects.get(pk=user.pk + 1000)
    assert User.objects.get(email=user.email) == user  # any other lookup is the ORM's own


def test_the_signed_in_user_is_read_by_a_query_compiled_once() -> None:
    client, user = signed_in()
    client.get("/profile/")  # the first request compiles it
    kept = connections["default"].__dict__.get("_prepared_reads", {})
    assert "prepared_user_by_pk" in kept
    assert User.objects.get(pk=user.pk) == user
