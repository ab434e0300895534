"""Acceptance: a complete 3-player Revolution! game played only by email over real SMTP.

The service sends through Django's SMTP backend to a sink on 127.0.0.1; each
player answers the turn mail they received by replying to it (quoting it, as a
mail client does) over SMTP to the service's own listener. Celery runs eagerly,
so when a reply has been accepted by the listener every mail it caused has
already reached the sink: no sleeping, only queues.
"""

from __future__ import annotations

import random
import re
import smtplib
from email.utils import parseaddr

import pytest

from games import selectors, store
from games.models import Game, GameStatus
from notifications.models import InboundMessage, InboundStatus
from notifications.smtp import start_listener

from .conftest import build_reply, make_players, start_game
from .smtp_support import Sink, examples_in, free_port, recipient, text_of

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MAX_REPLIES = 600


@pytest.fixture
def smtp_world(settings):
    with Sink() as sink:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_TIMEOUT = 30
        listener_port = free_port()
        listener = start_listener("127.0.0.1", listener_port)
        try:
            yield sink, listener_port
        finally:
            listener.stop()


def send_over_smtp(port: int, raw: bytes, sender: str, to: str) -> None:
    # On the wire every line ends in CRLF, as a mail client sends it.
    raw = re.sub(rb"\r?\n", b"\r\n", raw)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.sendmail(sender, [to], raw)


def test_a_whole_game_by_email_over_smtp(smtp_world):
    sink, listener_port = smtp_world
    users = make_players()
    game = start_game(users, seed="smtp-acceptance")
    rng = random.Random(7)
    mailboxes: dict[str, list] = {u.email: [] for u in users}
    turn_mails, confirmations, results = [], [], []

    def collect() -> None:
        for message in sink.drain():
            mailboxes[recipient(message)].append(message)
            kind = message["X-Ravenpost-Kind"]
            if kind == "your_turn":
                turn_mails.append(message)
            elif kind == "email_reply":
                confirmations.append(message)
            elif kind == "game_over":
                results.append(message)

    collect()
    assert all(any("the game has started" in m["Subject"] for m in box) for box in mailboxes.values())
    replies = 0
    while turn_mails:
        turn = turn_mails.pop(0)
        player = recipient(turn)
        command = rng.choice(examples_in(turn))
        raw = build_reply(turn, command, sender=player)
        before = len(confirmations)
        assert max(len(line) for line in raw.splitlines()) < 998, [l[:200] for l in raw.splitlines() if len(l) > 998]
        send_over_smtp(listener_port, raw, player, parseaddr(str(turn["Reply-To"]))[1])
        replies += 1
        assert replies < MAX_REPLIES, "the game should have ended"
        collect()
        assert len(confirmations) == before + 1, "every reply gets exactly one answer"
        answer = confirmations[-1]
        assert recipient(answer) == player
        assert answer["X-Ravenpost-Result"] == "applied", text_of(answer)
        assert "Accepted. Applied in Revolution! #" in text_of(answer)
        assert answer["In-Reply-To"] == turn_reply_id(raw)

    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED
    assert store.verify_game(game) == []
    # Every player got the final scores, which are the rules' result.
    assert sorted(recipient(m) for m in results) == sorted(mailboxes)
    summary = selectors.result_summary(game)
    for message in results:
        assert "game over, final scores" in message["Subject"]
        assert summary in text_of(message)
    replayed = game.rules.result(store.replay_events(store.game_records(game)))
    assert replayed["scores"] == game.result["scores"]
    assert InboundMessage.objects.filter(status=InboundStatus.APPLIED).count() == replies
    # One thread per player: every mail of the game to a player points at that player's root.
    for box in mailboxes.values():
        root = next(m for m in box if "the game has started" in m["Subject"])["Message-ID"]
        for message in box:
            if message["Message-ID"] != root:
                assert root in str(message["References"])


def turn_reply_id(raw: bytes) -> str:
    import email
    from email import policy

    return str(email.message_from_bytes(raw, policy=policy.default)["Message-ID"])
