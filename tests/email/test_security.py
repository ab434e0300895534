"""Security: nothing but the seat's own player, from a verified address, changes a game by mail.

Every case checks that the game's event count is unchanged, that processing
ended without a system error, and that nobody but a verified player's address
was answered (no backscatter to forged senders).
"""

from __future__ import annotations

import pytest
from django.core import mail

from allauth.account.models import EmailAddress
from games import services
from games.models import Projection, Seat
from notifications import inbound, sender, tokens
from notifications.models import InboundMessage, InboundStatus, OutboxMessage

from .conftest import all_reply_recipients, build_reply, deliver, events, replies_to, seat_user

pytestmark = pytest.mark.django_db

BID = "mercenary 3g; general b; innkeeper f"
PLAYERS = {"ada@example.com", "brook@example.com", "cyd@example.com"}


@pytest.fixture
def turn(game):
    """Seat 0's turn mail and its player."""
    sender.send_pending()
    user = seat_user(game, 0)
    message = [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]
    return user, message


def assert_unchanged(game, before, inbound, *, statuses=(InboundStatus.DROPPED, InboundStatus.HELD)):
    assert events(game) == before
    if inbound is not None:
        assert inbound.status in statuses, (inbound.status, inbound.reason)
    assert all_reply_recipients() <= PLAYERS


def test_forged_from_is_held_and_only_the_real_player_is_told(game, turn):
    user, message = turn
    before = events(game)
    _, inbound = deliver(build_reply(message, BID, sender="mallory@evil.example"))
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.HELD,))
    assert replies_to("mallory@evil.example") == []
    notices = replies_to(user.email)
    assert [n.kind for n in notices] == ["held_notice"]
    assert "could not be confirmed as yours" in " ".join(notices[0].payload["intro"])


def test_held_notices_are_sent_once(game, turn):
    user, message = turn
    deliver(build_reply(message, BID, sender="mallory@evil.example"))
    deliver(build_reply(message, BID, sender="mallory@evil.example"))
    assert InboundMessage.objects.filter(status=InboundStatus.HELD).count() == 2
    assert len(replies_to(user.email)) == 1


def test_a_valid_token_from_another_players_address_is_held(game, turn):
    user, message = turn
    other = seat_user(game, 1)
    before = events(game)
    _, inbound = deliver(build_reply(message, BID, sender=other.email))
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.HELD,))
    assert replies_to(other.email) == []


def test_an_unverified_address_of_the_player_is_held(game, turn):
    user, message = turn
    EmailAddress.objects.create(user=user, email="ada.second@example.com", verified=False)
    before = events(game)
    _, inbound = deliver(build_reply(message, BID, sender="ada.second@example.com"))
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.HELD,))
    assert replies_to("ada.second@example.com") == []


@pytest.mark.parametrize("edit", ["game", "seat", "signature", "nonce"])
def test_a_tampered_token_is_dropped_without_answer(game, turn, edit):
    user, message = turn
    parsed = tokens.parse_address(message.reply_to[0].split("<")[1].rstrip(">"))
    token = tokens.lookup(parsed)
    text = tokens.token_text(token)
    game_id, seat, nonce, signature = text.split("-")
    if edit == "game":
        game_id = str(int(game_id) + 1)
    elif edit == "seat":
        seat = "1"
    elif edit == "signature":
        signature = ("0" if signature[0] != "0" else "1") + signature[1:]
    else:
        nonce = "deadbeef"
    forged = f"play+{game_id}-{seat}-{nonce}-{signature}@{tokens.inbound_domain()}"
    before = events(game)
    _, inbound = deliver(build_reply(message, BID, to=forged))
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.DROPPED,))
    assert OutboxMessage.objects.filter(kind__in=["email_reply", "held_notice"]).count() == 0


def test_a_token_of_another_game_does_not_reach_this_one(players, mailoutbox):
    from .conftest import start_game

    first = start_game(players, seed="first")
    second = start_game(players, seed="second")
    seat = Seat.objects.get(game=first, user=players[0]).index
    address = tokens.reply_address(tokens.token_for(game_id=first.pk, seat=seat, user_id=players[0].pk))
    # Rewriting the game number breaks the signature; the token only ever names its own game.
    parsed = tokens.parse_address(address)
    assert parsed.game_id == first.pk
    assert tokens.parse_address(address.replace(f"+{first.pk}-", f"+{second.pk}-")) is None


def test_a_revoked_token_is_dropped(game, turn):
    from django.utils import timezone

    from notifications.models import ReplyToken

    user, message = turn
    ReplyToken.objects.update(revoked_at=timezone.now())
    before = events(game)
    _, inbound = deliver(build_reply(message, BID))
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.DROPPED,))


def test_a_replayed_message_changes_nothing(game, turn):
    user, message = turn
    raw = build_reply(message, BID)
    deliver(raw)
    after_first = events(game)
    received, inbound = deliver(raw)
    assert received.status == "duplicate" and inbound is None
    assert events(game) == after_first
    assert len(replies_to(user.email)) == 1


def test_a_reply_to_an_old_turn_that_is_no_longer_legal(game, turn):
    user, message = turn
    bids = ["printer f b 3g", "general b; innkeeper f; mercenary 3g", "priest f b 3g"]
    for seat, bid in enumerate(bids):
        services.submit_moves(game_id=game.pk, user=seat_user(game, seat), texts=[bid], source="web")
    state = Projection.objects.get(pk=game.pk).state
    assert state["round"] == 2 and state["hands"][0] != {"force": 1, "blackmail": 1, "gold": 3}
    before = events(game)
    _, inbound = deliver(build_reply(message, "printer f b 3g"))  # the round-1 bid, now wrong
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.REFUSED,))
    answer = replies_to(user.email)[-1]
    assert answer.payload["result"] == "refused"
    assert "Nothing was applied" in " ".join(answer.payload["intro"])


@pytest.mark.parametrize("headers, envelope", [
    ({"Auto-Submitted": "auto-replied"}, "ada@example.com"),
    ({"Precedence": "bulk"}, None),
    ({"X-Autoreply": "yes"}, None),
    ({}, ""),  # a bounce: empty envelope sender
])
def test_automatic_mail_is_dropped_silently(game, turn, headers, envelope):
    user, message = turn
    before = events(game)
    _, inbound = deliver(build_reply(message, BID, extra_headers=headers), envelope_sender=envelope)
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.DROPPED,))
    assert OutboxMessage.objects.filter(kind__in=["email_reply", "held_notice"]).count() == 0


def test_an_out_of_office_subject_is_dropped(game, turn):
    user, message = turn
    raw = build_reply(message, "I am away until Monday.").replace(b"Subject: Re:", b"Subject: Out of Office: Re:")
    before = events(game)
    _, inbound = deliver(raw)
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.DROPPED,))


def test_a_10_mb_message_is_not_processed(game, turn):
    user, message = turn
    raw = build_reply(message, BID) + b"x" * (10 * 1024 * 1024)
    before = events(game)
    received, inbound = deliver(raw)
    assert received.status == InboundStatus.DROPPED
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.DROPPED,))
    assert len(bytes(inbound.raw)) <= 65536
    assert OutboxMessage.objects.filter(kind__in=["email_reply", "held_notice"]).count() == 0


def test_failed_provider_authentication_is_held(game, turn):
    user, message = turn
    before = events(game)
    _, inbound = deliver(build_reply(message, BID), auth_results={"spf": "pass", "dkim": "fail"})
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.HELD,))
    assert "DKIM fail" in inbound.reason


def test_authentication_results_only_count_from_our_own_mta(game, turn, settings):
    user, message = turn
    settings.INBOUND_EMAIL_AUTHSERV_ID = "mx.ravenpost.test"
    raw = build_reply(message, BID, extra_headers={
        "Authentication-Results": "mx.ravenpost.test; spf=fail smtp.mailfrom=example.com; dkim=none"})
    before = events(game)
    _, inbound = deliver(raw)
    assert_unchanged(game, before, inbound, statuses=(InboundStatus.HELD,))
    # The same header claimed by someone else's server is ignored (anyone can write it).
    raw = build_reply(message, BID, extra_headers={
        "Authentication-Results": "mx.attacker.example; spf=pass; dkim=pass; dmarc=pass"})
    _, inbound = deliver(raw)
    assert inbound.status == InboundStatus.APPLIED


MALFORMED = [
    b"",
    b"\x00\x01\x02 not a mail at all \xff\xfe",
    b"From: ada@example.com\nTo: TOKEN\nContent-Type: multipart/mixed; boundary=\"x\"\n\n--x\nno end",
    b"From: ada@example.com\nTo: TOKEN\nContent-Type: text/plain; charset=klingon-9\n\nprinter f\n",
    b"From: ada@example.com\nTo: TOKEN\nContent-Transfer-Encoding: base64\n\n!!!not base64!!!\n",
    b"From: =?utf-8?q?=FF=FE?= <ada@example.com>\nTo: TOKEN\nSubject: =?bogus?x?zz?=\n\nprinter f\n",
    b"From: <<<>>>\nTo: TOKEN\nMessage-ID: " + b"<" + b"a" * 2000 + b">\n\nhi\n",
    b"To: TOKEN\nContent-Type: multipart/alternative\n\n",
]


@pytest.mark.parametrize("index", range(len(MALFORMED)))
def test_malformed_mime_changes_nothing_and_fails_nothing(game, turn, index):
    user, message = turn
    address = message.reply_to[0].split("<")[1].rstrip(">")
    raw = MALFORMED[index].replace(b"TOKEN", address.encode())
    before = events(game)
    received = inbound.receive(raw, via="test")
    if received.inbound_id is not None:
        inbound.process(received.inbound_id)
        stored = InboundMessage.objects.get(pk=received.inbound_id)
        assert stored.status != InboundStatus.FAILED, stored.reason
    assert events(game) == before
    assert all_reply_recipients() <= PLAYERS
