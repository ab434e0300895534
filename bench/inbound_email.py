"""inbound_email: reply mails processed from receipt to applied move and queued confirmation.

One process does everything a worker would (the embedded default runs the
Celery task in-process; here the task body is called directly, without
Celery's eager tracing): ``pipeline.receive`` stores the raw RFC 5322 message,
and after commit the ``notifications.process_inbound`` task parses the MIME,
strips the quote, checks the token and the sender's verified address, applies
the bid through ``games.services.submit_moves`` and writes the confirmation to
the outbox (sending it is not measured). PostgreSQL, messages/s.

The messages are realistic Gmail-style replies (a bid on top, the turn mail
quoted below). Seats 1 and 2 of each game keep revising their round-1 bids,
which Revolution! allows until the last bid is in, so every message is a legal,
applied move and no game needs a fresh deal mid-run.
"""

from __future__ import annotations

import datetime
import os
import time
import uuid
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from bench import common

MESSAGES = int(os.environ.get("BENCH_INBOUND_MESSAGES", "3000"))
PER_GAME = 30
BIDS = ["printer f b 3g", "general b; priest f; mercenary 3g", "captain b; innkeeper f; merchant 2g; rogue g",
        "magistrate f; aristocrat b; spy g; apothecary 2g"]
QUOTED = "\n".join("> " + line for line in (
    "It is your move. Reply to this mail with your move, one command per line.\n\n"
    "== The game as you see it ==\nRevolution! round 1\nYou are Red (seat 1).\n"
    "Support: Red 0, Blue 0, Green 0\n\nBoard:\n" + "\n".join(f"  Area {i}  0/6 (worth 40): empty" for i in range(7))
    + "\n\nTokens held: Red 1 Force, 1 Blackmail, 3 Gold; Blue 1 Force, 1 Blackmail, 3 Gold\n"
    "Bid: name characters and the tokens on each, e.g. \"general b g; merchant 2g; printer f\".\n"
    "-- \nRavenpost").splitlines())


def reply(sender: str, to: str, text: str) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: [Ravenpost] Revolution! — your bid, round 1"
    message["Date"] = format_datetime(datetime.datetime.now(datetime.timezone.utc))
    message["Message-ID"] = make_msgid(domain="bench.invalid")
    message.set_content(f"{text}\n\nOn Tue, 3 Mar 2026 at 09:58, Ravenpost <{to}> wrote:\n{QUOTED}\n")
    return message.as_bytes()


def main() -> None:
    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    from accounts.services import user_get_or_create_verified
    from games import services
    from games.models import Seat
    from notifications import pipeline, tokens
    from notifications.models import InboundMessage, InboundStatus, OutboxMessage

    run = uuid.uuid4().hex[:8]
    messages: list[bytes] = []
    games = (MESSAGES + PER_GAME - 1) // PER_GAME
    for g in range(games):
        users = [user_get_or_create_verified(email=f"in-{run}-{g}-{i}@bench.invalid") for i in range(3)]
        game = services.game_create(rules_slug="revolution", creator=users[0], num_players=3, seed=f"{run}-{g}")
        for user in users[1:]:
            services.game_join(game_id=game.pk, user=user)
        seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
        addresses = {i: tokens.reply_address(tokens.token_for(game_id=game.pk, seat=i, user_id=seats[i].pk))
                     for i in (0, 1)}
        for k in range(PER_GAME):
            seat = k % 2
            messages.append(reply(seats[seat].email, addresses[seat], BIDS[k % len(BIDS)]))
    messages = messages[:MESSAGES]
    first_id = (InboundMessage.objects.order_by("-pk").values_list("pk", flat=True).first() or 0)
    # The worker's part is the task body, pipeline.process; Celery's eager tracing around it is not
    # what a worker pays per message, so the queue hand-over is pointed straight at it.
    pipeline._queue = pipeline.process
    started = time.perf_counter()
    for raw in messages:
        pipeline.receive(raw, via="bench")  # stores; after commit the task body runs here
    elapsed = time.perf_counter() - started
    done = InboundMessage.objects.filter(pk__gt=first_id)
    applied = done.filter(status=InboundStatus.APPLIED).count()
    queued = OutboxMessage.objects.filter(kind="email_reply", game__seed__startswith=run).count()
    if applied != len(messages) or queued != len(messages):
        raise SystemExit(f"only {applied} of {len(messages)} applied, {queued} confirmations queued: "
                         f"{list(done.exclude(status=InboundStatus.APPLIED).values_list('reason', flat=True)[:3])}")
    common.report("inbound_email", len(messages) / elapsed, "messages/s", messages=len(messages), workers=1)


if __name__ == "__main__":
    main()
