"""inbound_email: reply mails processed from receipt to applied move and queued confirmation.

One process does everything a worker would (the embedded default runs the
Celery task in-process; here the task body is called directly, without
Celery's eager tracing): ``inbound.receive`` stores the raw RFC 5322 message,
and after commit the ``notifications.process_inbound`` task parses the MIME,
strips the quote, checks the token and the sender's verified address, applies
the move through ``games.services.submit_moves`` and writes the confirmation to
the outbox (sending it is not measured). PostgreSQL, messages/s.

The messages are realistic Gmail-style replies (a move on top, the turn mail
quoted below). The game is the first registered one whose seats may revise
their sealed input (``rules.open_seats``); all seats but one keep revising, so
every message is a legal, applied move and no game needs a fresh deal mid-run.

The replies name no mail they answer (no ``In-Reply-To``), so the pipeline has
no answered mail to read. ``BENCH_INBOUND_THREADED=1`` sends each moving seat's
mails (to the in-memory backend, before the clock starts) and gives each reply
the ``In-Reply-To`` and ``References`` a mail client writes (the seat's turn
mail as it went out), which is what real replies cost: the reply is read again
knowing that mail's texts (reported as ``inbound_email_threaded``).
``cpu_ms`` is the process CPU time per message.
"""

from __future__ import annotations

import datetime
import os
import random
import time
import uuid
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from bench import common

MESSAGES = int(os.environ.get("BENCH_INBOUND_MESSAGES", "3000"))
THREADED = os.environ.get("BENCH_INBOUND_THREADED", "") not in ("", "0")
PER_GAME = 30


def reply(sender: str, to: str, subject: str, text: str, quoted: str, in_reply_to: str | None = None) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = f"Re: {subject}"
    message["Date"] = format_datetime(datetime.datetime.now(datetime.timezone.utc))
    message["Message-ID"] = make_msgid(domain="bench.invalid")
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
        message["References"] = in_reply_to
    body = "\n".join("> " + line for line in quoted.splitlines())
    message.set_content(f"{text}\n\nOn Tue, 3 Mar 2026 at 09:58, Ravenpost <{to}> wrote:\n{body}\n")
    return message.as_bytes()


def main() -> None:
    common.configure()
    common.ensure_database()
    common.quiet_outbox()
    from accounts.services import user_get_or_create_verified
    from games import services
    from games.models import Seat
    from games.models import Projection
    from games.rules import get_rules
    from notifications import inbound, render, sender, tokens
    from notifications.models import InboundMessage, InboundStatus, OutboxMessage

    run = uuid.uuid4().hex[:8]
    slug = common.revisable_game()
    rules = get_rules(slug)
    n = rules.min_players
    rng = random.Random(5)
    messages: list[bytes] = []
    games = (MESSAGES + PER_GAME - 1) // PER_GAME
    for g in range(games):
        users = [user_get_or_create_verified(email=f"in-{run}-{g}-{i}@bench.invalid") for i in range(n)]
        game = services.game_create(rules_slug=slug, creator=users[0], num_players=n, seed=f"{run}-{g}")
        for user in users[1:]:
            services.game_join(game_id=game.pk, user=user)
        state = Projection.objects.get(pk=game.pk).state
        assert state is not None, "a full game has started"
        movers = sorted(rules.open_seats(state))[:-1]  # one seat never moves, so the phase never ends
        seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
        addresses = {i: tokens.reply_address(tokens.token_for(game_id=game.pk, seat=i, user_id=seats[i].pk))
                     for i in movers}
        quoted = {i: "It is your move. Reply to this mail with your move written on top.\n\n"
                  "== The game as you see it ==\n" + rules.describe(state, i) + "\n-- \nRavenpost" for i in movers}
        subject = {i: f"[Ravenpost] {rules.name} #{game.pk} — {rules.phase_label(state, i)}" for i in movers}
        answered: dict[int, str | None] = {i: None for i in movers}
        if THREADED:  # the Message-ID of the seat's latest turn mail as it went out, as its client names it
            for i in movers:
                mails = OutboxMessage.objects.filter(game=game, seat=i, user=seats[i])
                sender.send_rows(list(mails.filter(status="pending").order_by("pk").values_list("pk", flat=True)))
                row = (mails.filter(kind__in=["your_turn", "game_started"], status="sent").order_by("-pk").first())
                answered[i] = render.row_message_id(row) if row is not None else None
        for k in range(PER_GAME):
            seat = movers[k % len(movers)]
            text = rules.format_move(state, seat, rules.random_move(state, seat, rng))
            messages.append(reply(seats[seat].email, addresses[seat], subject[seat], text, quoted[seat],
                                  answered[seat]))
    messages = messages[:MESSAGES]
    first_id = (InboundMessage.objects.order_by("-pk").values_list("pk", flat=True).first() or 0)
    # The worker's part is the task body, inbound.process; Celery's eager tracing around it is not
    # what a worker pays per message, so the queue hand-over is pointed straight at it.
    from notifications.inbound import reception

    reception.queue = inbound.process  # type: ignore[assignment]  # its result is simply dropped
    started, cpu_started = time.perf_counter(), time.process_time()
    for raw in messages:
        inbound.receive(raw, via="bench")  # stores; after commit the task body runs here
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    done = InboundMessage.objects.filter(pk__gt=first_id)
    applied = done.filter(status=InboundStatus.APPLIED).count()
    queued = OutboxMessage.objects.filter(kind="email_reply", game__seed__startswith=run).count()
    if applied != len(messages) or queued != len(messages):
        raise SystemExit(f"only {applied} of {len(messages)} applied, {queued} confirmations queued: "
                         f"{list(done.exclude(status=InboundStatus.APPLIED).values_list('reason', flat=True)[:3])}")
    common.report("inbound_email_threaded" if THREADED else "inbound_email", len(messages) / elapsed, "messages/s",
                  messages=len(messages), workers=1, cpu_ms=round(cpu * 1000 / len(messages), 3))


if __name__ == "__main__":
    main()
