"""Bounces and complaints arriving as mail: RFC 3464 DSNs and ARF reports, through ingest and the SMTP listener.

A hard bounce stops the address (no more mail there, the player's pages and
profile say so, the other players are told once), a soft one is retried and
counted, a complaint stops it too, nothing is ever answered (no backscatter),
and the game's clock goes on. A report that does not quote our signed reference
changes nothing.
"""

from __future__ import annotations

import smtplib
from email.utils import parseaddr

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client

from games import services
from games.models import Projection
from notifications import delivery, sender
from notifications.models import AddressHealth, DeliveryReport, InboundStatus, OutboxMessage, OutboxStatus
from notifications.smtp import start_listener

from .conftest import deliver, seat_user
from .smtp_support import free_port

pytestmark = pytest.mark.django_db


def dsn(original, *, action: str = "failed", status: str = "5.1.1", recipient: str | None = None,
        ref: str | None = None, message_id: str = "<dsn-1@mx.example.net>") -> bytes:
    """A delivery-status notification as an MTA writes it (RFC 3464), returning the original's headers."""
    to = recipient or original.to[0]
    headers = original.message().as_bytes().split(b"\n\n", 1)[0].decode()
    if ref is not None:
        headers = "\n".join(line for line in headers.splitlines() if not line.startswith("X-Ravenpost-Ref"))
        headers += f"\nX-Ravenpost-Ref: {ref}" if ref else ""
    return f"""From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.net>
To: games@ravenpost.localhost
Subject: Undelivered Mail Returned to Sender
Message-ID: {message_id}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="BOUND"

--BOUND
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net. Your message could not be delivered.

--BOUND
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Arrival-Date: Mon, 6 Jan 2030 10:00:00 +0000

Final-Recipient: rfc822; {to}
Original-Recipient: rfc822; {to}
Action: {action}
Status: {status}
Diagnostic-Code: smtp; 550 {status} <{to}>: Recipient address rejected: User unknown

--BOUND
Content-Type: text/rfc822-headers

{headers}

--BOUND--
""".replace("\n", "\r\n").encode()


def arf(original, *, message_id: str = "<arf-1@fbl.example.net>") -> bytes:
    """A spam complaint in the Abuse Reporting Format (RFC 5965), as a feedback loop sends it."""
    headers = original.message().as_bytes().split(b"\n\n", 1)[0].decode()
    return f"""From: feedback loop <fbl@example.net>
To: games@ravenpost.localhost
Subject: complaint about message from ravenpost
Message-ID: {message_id}
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"

--ARF
Content-Type: text/plain

This is an email abuse report.

--ARF
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: ExampleFBL/1.0
Version: 1
Original-Rcpt-To: {original.to[0]}

--ARF
Content-Type: text/rfc822-headers

{headers}

--ARF--
""".replace("\n", "\r\n").encode()


def turn_mail_to(game, seat: int):
    sender.send_pending()
    user = seat_user(game, seat)
    return user, [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]


def notices_to(user) -> list:
    return [m for m in mail.outbox if user.email in m.to and "is not receiving mail" in m.subject]


def test_a_hard_bounce_stops_the_mail_tells_the_table_once_and_is_never_answered(game, mailoutbox):
    brook, turn = turn_mail_to(game, 1)  # whoever sits in seat 2; "brook" for short
    deadline = Projection.objects.get(pk=game.pk).deadline
    sent_before = len(mail.outbox)
    _, stored = deliver(dsn(turn), envelope_sender="")
    assert stored.status == InboundStatus.DROPPED and f"hard for {brook.email}" in stored.reason
    assert not delivery.receiving(brook.email)
    health = AddressHealth.objects.get(address=brook.email)
    assert health.reason == "hard_bounce" and "5.1.1" in health.detail
    sender.send_pending()
    # The others are told, once each; the bounce itself is answered by nobody.
    others = [seat_user(game, s) for s in (0, 2)]
    for other in others:
        told = notices_to(other)
        assert len(told) == 1 and brook.name in told[0].subject and "deadlines keep running" in told[0].body
    new = mail.outbox[sent_before:]
    assert all(brook.email not in m.to for m in new)
    assert all("mx.example.net" not in " ".join(m.to) for m in mail.outbox)
    assert not OutboxMessage.objects.filter(kind__in=["email_reply", "held_notice"]).exists()
    # The same report again, and a second one, tell nobody again.
    deliver(dsn(turn), envelope_sender="")
    deliver(dsn(turn, message_id="<dsn-2@mx.example.net>"), envelope_sender="")
    sender.send_pending()
    assert [len(notices_to(o)) for o in others] == [1, 1]
    # Brook's next game mail is not sent; the game and its clock go on.
    services.submit_move(game_id=game.pk, user=seat_user(game, 0), text="mercenary 3g; general b; innkeeper f",
                         source="email")
    reminder = OutboxMessage.objects.create(kind="reminder", game=game, user=brook, seat=1, dedupe_key="r")
    sender.send_pending()
    assert all(brook.email not in m.to for m in mail.outbox[sent_before:])
    reminder.refresh_from_db()
    assert reminder.status == OutboxStatus.SUPPRESSED
    assert Projection.objects.get(pk=game.pk).deadline == deadline


def test_the_player_sees_it_on_the_web_until_a_check_mail_proves_the_address(game, mailoutbox):
    brook, turn = turn_mail_to(game, 1)
    deliver(dsn(turn), envelope_sender="")
    client = Client()
    client.force_login(brook)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"Mail to {brook.email} is not being delivered" in page
    profile = client.get("/profile/").content.decode()
    assert f"Mail to {brook.email} is not being delivered" in profile and "User unknown" in profile
    other = Client()
    other.force_login(seat_user(game, 0))
    assert f"Not receiving mail at the moment: {brook.name}." in other.get(f"/games/{game.pk}/").content.decode()
    # The check mail goes out even to the stopped address; its link (a GET shows, a POST confirms) restarts mail.
    assert client.post("/profile/mail/check/").status_code == 302
    sender.send_pending()  # the row is handed over after commit; the test's transaction never commits
    check = [m for m in mail.outbox if brook.email in m.to and "is your mail working again" in m.subject][-1]
    link = next(word for word in check.body.split() if "/mail/confirm-address/" in word)
    path = link.removeprefix("http://127.0.0.1:8000")
    assert b"Start sending game mail" in Client().get(path).content
    assert not delivery.receiving(brook.email)
    assert b"game mail goes there again" in Client().post(path).content
    assert delivery.receiving(brook.email)
    assert "not being delivered" not in client.get("/profile/").content.decode()


def test_a_check_link_for_an_address_the_account_no_longer_has_does_nothing(game, mailoutbox):
    from notifications import links

    brook, turn = turn_mail_to(game, 1)
    deliver(dsn(turn), envelope_sender="")
    path = links.check_url(brook.pk, "old@example.com").removeprefix("http://127.0.0.1:8000")
    assert Client().post(path).status_code == 404
    forged = links.check_url(brook.pk, brook.email).removeprefix("http://127.0.0.1:8000")[:-8] + "AAAAAAA/"
    assert Client().post(forged).status_code == 404
    assert not delivery.receiving(brook.email)


@pytest.mark.parametrize("ref", ["", "1.0123456789abcdef0123", "999999.deadbeefdeadbeefdead"])
def test_a_report_without_our_signed_reference_changes_nothing(game, mailoutbox, ref):
    user, turn = turn_mail_to(game, 1)
    _, stored = deliver(dsn(turn, ref=ref), envelope_sender="")
    assert stored.status == InboundStatus.DROPPED and "without a valid reference" in stored.reason
    assert delivery.receiving(user.email) and not DeliveryReport.objects.exists()


def test_a_report_naming_another_address_stops_only_the_address_our_mail_went_to(game, mailoutbox):
    """A forwarded address bounces at its final destination: the address we mail is the one that stops."""
    user, turn = turn_mail_to(game, 1)
    deliver(dsn(turn, recipient="brook@forwarded.example"), envelope_sender="")
    assert not delivery.receiving(user.email) and delivery.receiving("brook@forwarded.example")


def test_soft_bounces_are_retried_with_back_off_and_counted_until_the_address_is_given_up(game, mailoutbox):
    brook, turn = turn_mail_to(game, 1)
    row = delivery.row_from_ref(turn.extra_headers["X-Ravenpost-Ref"])
    for n in range(1, delivery.SOFT_BOUNCE_LIMIT):
        deliver(dsn(turn, status="4.2.2", message_id=f"<soft-{n}@mx.example.net>"), envelope_sender="")
        row.refresh_from_db()
        assert row.status == OutboxStatus.PENDING and "soft bounce" in row.last_error
        assert AddressHealth.objects.get(address=brook.email).soft_bounces == n
        sender.send_pending()  # the pause after a failed attempt is not over: not yet sent again
        row.refresh_from_db()
        assert row.status == OutboxStatus.PENDING
        OutboxMessage.objects.filter(pk=row.pk).update(claimed_at=row.claimed_at - sender.MAX_RETRY_PAUSE)
        sender.send_pending()
        row.refresh_from_db()
        assert row.status == OutboxStatus.SENT and row.attempts == n + 1
        assert delivery.receiving(brook.email)
    deliver(dsn(turn, status="4.2.2", message_id="<soft-last@mx.example.net>"), envelope_sender="")
    health = AddressHealth.objects.get(address=brook.email)
    assert not health.receiving and health.reason == "soft_bounces"
    assert health.soft_bounces_total == delivery.SOFT_BOUNCE_LIMIT


def test_a_delayed_report_is_noted_but_changes_nothing(game, mailoutbox):
    user, turn = turn_mail_to(game, 1)
    _, stored = deliver(dsn(turn, action="delayed", status="4.4.1"), envelope_sender="")
    assert "delayed" in stored.reason and delivery.receiving(user.email)


def test_a_spam_complaint_stops_the_mail(game, mailoutbox):
    _, turn = turn_mail_to(game, 2)
    address = turn.to[0]
    _, stored = deliver(arf(turn), envelope_sender="fbl@example.net")
    assert stored.status == InboundStatus.DROPPED
    health = AddressHealth.objects.get(address=address)
    assert not health.receiving and health.reason == "complaint"


def test_a_dsn_through_ingest_email(game, mailoutbox):
    import io

    from notifications import inbound
    from notifications.management.commands.ingest_email import Command
    from notifications.models import InboundMessage

    user, turn = turn_mail_to(game, 1)
    command = Command(stdout=io.StringIO())
    command.stdin = io.BytesIO(dsn(turn))
    call_command(command, sender="")
    inbound.process(InboundMessage.objects.get().pk)  # what the queued task does after commit
    assert not delivery.receiving(user.email)


@pytest.mark.django_db(transaction=True)
def test_a_dsn_through_the_smtp_listener(players, mailoutbox):
    from .conftest import start_game

    game = start_game(players)
    user, turn = turn_mail_to(game, 1)
    port = free_port()
    controller = start_listener("127.0.0.1", port)
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
            # Bounces go to the envelope sender of our mail: an address on the inbound domain.
            assert turn.from_email == "play-bounces@play.ravenpost.test"
            assert parseaddr(turn.extra_headers["From"])[1] == "games@ravenpost.localhost"
            client.sendmail("", [turn.from_email], dsn(turn))
    finally:
        controller.stop()
    assert not delivery.receiving(user.email)
    assert all("mx.example.net" not in " ".join(m.to) for m in mail.outbox)


def test_a_digest_reader_whose_address_stopped_gets_no_digest(game, mailoutbox):
    import datetime

    from notifications.models import MailPreference

    user, turn = turn_mail_to(game, 1)
    MailPreference.objects.create(user=user, mode="digest", digest_hour=7)
    OutboxMessage.objects.filter(user=user).update(status=OutboxStatus.DIGEST)
    deliver(dsn(turn), envelope_sender="")
    before = len(mail.outbox)
    assert sender.send_digests(datetime.datetime(2030, 1, 5, 7, 5, tzinfo=datetime.timezone.utc)) == 0
    assert all(user.email not in m.to for m in mail.outbox[before:])
    assert not OutboxMessage.objects.filter(user=user, status=OutboxStatus.DIGEST).exists()


def test_the_clock_keeps_running_for_a_player_whose_mail_stopped(db, mailoutbox):
    """Mail stopping is no absence the game knows of: the deadline passes and the policy plays for the seat."""
    from games import deadlines

    from .conftest import make_players

    users = make_players()
    game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed="clock-bounce",
                                time_control={"move": 86400, "reminder": 3600})
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    user, turn = turn_mail_to(game, 1)
    deliver(dsn(turn), envelope_sender="")
    for seat in (0, 2):
        bid = ["mercenary 3g; general b; innkeeper f", "spy 3g; apothecary b; mercenary f"][seat // 2]
        services.submit_move(game_id=game.pk, user=seat_user(game, seat), text=bid, source="email")
    projection = Projection.objects.get(pk=game.pk)
    assert projection.deadline is not None and 1 in projection.to_act
    before = len(mail.outbox)
    deadlines.sweep(now=projection.deadline)
    sender.send_pending()
    from games.models import Event

    assert Event.objects.filter(game=game, kind="timeout", seat=1).exists()
    assert OutboxMessage.objects.get(user=user, kind="timed_out").status == OutboxStatus.SUPPRESSED
    assert all(user.email not in m.to for m in mail.outbox[before:])


def test_a_game_page_asks_once_whose_mail_stopped_for_the_banner_and_the_players(game, mailoutbox):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    brook, turn = turn_mail_to(game, 1)
    deliver(dsn(turn), envelope_sender="")
    for viewer, banner, note in ((brook, True, True), (seat_user(game, 0), False, True)):
        client = Client()
        client.force_login(viewer)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/games/{game.pk}/").content.decode()
        assert (f"Mail to {brook.email} is not being delivered" in page) is banner
        assert (f"Not receiving mail at the moment: {brook.name}." in page) is note
        health = [q["sql"] for q in queries.captured_queries if "notifications_addresshealth" in q["sql"]]
        # One question for both; the stopped address's own record is read only to show its banner.
        assert len(health) == (2 if banner else 1), health
