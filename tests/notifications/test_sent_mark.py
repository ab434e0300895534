"""The "sent" mark outlives a database connection dropped right after the mail went out (a PostgreSQL restart).

Lost, the mark would leave the row ``sending``: after OUTBOX_SENDING_TIMEOUT it
would be sent a second time (marked), a duplicate for every mail in flight.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db.utils import OperationalError

from accounts.models import User
from notifications import sender
from notifications.models import OutboxMessage, OutboxStatus

# Not inside a test transaction: the sender closes the dropped connection and opens a new one.
pytestmark = pytest.mark.django_db(transaction=True)


def flaky_updates(monkeypatch: pytest.MonkeyPatch, failures: int) -> list[str]:
    seen: list[str] = []
    real_filter = OutboxMessage.objects.filter

    class Flaky:
        def __init__(self, rows: Any) -> None:
            self.rows = rows

        def update(self, **values: Any) -> int:
            seen.append(values["status"])
            if len(seen) <= failures:
                raise OperationalError("terminating connection due to administrator command")
            return int(self.rows.update(**values))

    monkeypatch.setattr(OutboxMessage.objects, "filter", lambda *a, **k: Flaky(real_filter(*a, **k)))
    return seen


def sending_row() -> OutboxMessage:
    user = User.objects.create_user(email="ann@example.org", password="ann-password-42")
    return OutboxMessage.objects.create(kind="your_turn", user=user, dedupe_key="mark", status=OutboxStatus.SENDING)


def test_the_mail_is_marked_sent_on_a_fresh_connection(monkeypatch) -> None:
    row = sending_row()
    seen = flaky_updates(monkeypatch, failures=1)
    sender._mark_sent(row.pk, "esp-1")
    monkeypatch.undo()
    row.refresh_from_db()
    assert (row.status, row.esp_message_id, row.maybe_duplicate) == ("sent", "esp-1", False)
    assert seen == ["sent", "sent"]


def test_a_longer_outage_leaves_the_row_sending_for_the_marked_resend(monkeypatch) -> None:
    row = sending_row()
    flaky_updates(monkeypatch, failures=5)
    with pytest.raises(OperationalError):
        sender._mark_sent(row.pk, "esp-1")
    monkeypatch.undo()
    row.refresh_from_db()
    assert row.status == "sending"
