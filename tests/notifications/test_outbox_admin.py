"""The outbox in the admin: a mail sent again after an interrupted send is visible as possibly duplicated."""

from __future__ import annotations

import pytest

from accounts.models import User
from notifications.models import OutboxMessage, OutboxStatus

pytestmark = pytest.mark.django_db


def test_the_outbox_list_shows_and_filters_the_possibly_duplicated_mail(client) -> None:
    admin = User.objects.create_superuser(email="root@example.org", password="admin-password-42")
    player = User.objects.create_user(email="ann@example.org", password="player-password-42")
    again = OutboxMessage.objects.create(kind="your_turn", user=player, dedupe_key="again", status=OutboxStatus.SENT,
                                         maybe_duplicate=True, attempts=2)
    OutboxMessage.objects.create(kind="your_turn", user=player, dedupe_key="once", status=OutboxStatus.SENT,
                                 attempts=1)
    client.force_login(admin)

    page = client.get("/admin/notifications/outboxmessage/").content.decode()
    assert "possibly duplicated" in page.lower()
    assert page.count('<img src="/static/admin/img/icon-yes.svg" alt="True">') == 1
    filtered = client.get("/admin/notifications/outboxmessage/?maybe_duplicate__exact=1").content.decode()
    assert f"/admin/notifications/outboxmessage/{again.pk}/" in filtered and "1 outbox message" in filtered

    assert client.get(f"/admin/notifications/outboxmessage/{again.pk}/change/").status_code == 200
    response = client.post(f"/admin/notifications/outboxmessage/{again.pk}/change/", {"status": "pending"})
    assert response.status_code == 403, "the rows' states belong to the sender"
