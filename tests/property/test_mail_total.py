"""Any mail body through the inbound pipeline ends applied or refused, with an answer; a refusal changes nothing.

For every registered game a game is started through the services and the
turn mail of an awaited seat is answered with hostile bodies: near misses of
the game's moves, command keywords with bad values (``vacation until
9999-12-31``, Unicode digits), control characters, very long lines, too many
lines. The mail is stored and processed as the worker does
(``tests/email/conftest.py``'s ``deliver``), inside a savepoint rolled back
after each example, so every example starts from the same game.
"""

from __future__ import annotations

import json
import random

import pytest
from django.core import mail as django_mail
from django.db import transaction
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from accounts.models import Vacation
from accounts.services import user_get_or_create_verified
from games import services, store
from games.models import ChatMessage, Event, Projection, Seat
from games.rules import game_slugs, get_rules
from games.selectors import seats as seat_selectors
from notifications import sender
from notifications.models import InboundStatus, OutboxMessage
from tests.email.conftest import build_reply, deliver
from tests.property import states, strategies
from tests.property.profiles import examples

pytestmark = pytest.mark.django_db

KEYWORD_LINES = st.one_of(
    st.sampled_from(["help", "status", "moves", "extend", "resign", "vacation end", "say", "say hello", "HELP:",
                     "vacation until 9999-12-31", "vacation until 0001-01-01", "vacation until 2026-02-30",
                     "vacation until ²⁰²⁶-01-01", "vacation until 20261224", "vacation until 10000-01-01",
                     "vacation until -1", "vacation", "extend 5", "# a comment", "> quoted 3", "--",
                     ";", ";;;", " ; , ", "-", "…", "\x00", "say a\x00b", "vacation until 2026-01-0\x00"]),
    st.tuples(st.sampled_from(["vacation until", "say", "extend", "status", "vacation"]),
              strategies.words_of(("until", "end", "2026", "12", "24"))).map(" ".join),
    st.tuples(strategies.unicode_numbers, strategies.unicode_numbers, strategies.unicode_numbers).map(
        lambda parts: "vacation until " + "-".join(parts)),
)


def bodies(vocabulary: tuple[str, ...], legal: list[str]) -> st.SearchStrategy[str]:
    line = st.one_of(KEYWORD_LINES, strategies.move_texts(vocabulary, legal),
                     st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
    return st.one_of(
        st.lists(line, max_size=8).map("\n".join),
        st.lists(st.sampled_from(["help", "status"] + legal[:1]), min_size=51, max_size=60).map("\n".join),
        strategies.long_text(strategies.words_of(vocabulary)),
    )


def game_for(slug: str):
    """A started game of ``slug`` with its smallest number of players, and the turn mail of an awaited seat."""
    rules = get_rules(slug)
    users = [user_get_or_create_verified(email=f"p{n}@example.com", display_name=f"P{n}")
             for n in range(rules.min_players)]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=rules.min_players,
                                seed=f"property-mail-{slug}")
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    sender.send_pending()
    seat = rules.to_act(Projection.objects.get(pk=game.pk).state)[0]
    user = Seat.objects.get(game=game, index=seat).user
    turn = [m for m in django_mail.outbox if user.email in m.to and m.reply_to][-1]
    return game, seat, user, turn


def snapshot(game, user) -> tuple:
    """Everything a refused mail must leave as it was."""
    projection = Projection.objects.get(pk=game.pk)
    return (Event.objects.filter(game=game).count(), projection.version, ChatMessage.objects.filter(game=game).count(),
            Vacation.objects.filter(user=user).count())


@pytest.mark.parametrize("slug", game_slugs())
def test_any_mail_body_is_applied_or_refused_with_an_answer(slug: str, mailoutbox) -> None:
    game, seat, user, turn = game_for(slug)
    rules = get_rules(slug)
    state = Projection.objects.get(pk=game.pk).state
    legal = [rules.format_move(state, seat, rules.random_move(state, seat, random.Random(n))) for n in range(5)]
    vocabulary = states.vocabulary(slug)
    seen: dict[str, int] = {}

    @examples(300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                          HealthCheck.large_base_example, HealthCheck.function_scoped_fixture])
    @given(body=bodies(vocabulary, legal))
    def one_mail(body: str) -> None:
        before = snapshot(game, user)
        savepoint = transaction.savepoint()
        try:
            _, inbound = deliver(build_reply(turn, body))
            assert inbound is not None
            status = inbound.status
            seen[status] = seen.get(status, 0) + 1
            assert status in (InboundStatus.APPLIED, InboundStatus.REFUSED), (status, inbound.reason)
            answer = OutboxMessage.objects.filter(kind="email_reply", dedupe_key=f"inbound:{inbound.pk}:reply")
            assert answer.count() == 1, "every processed mail gets exactly one answer"
            assert answer.get().payload["result"] == ("refused" if status == InboundStatus.REFUSED else "applied")
            # PostgreSQL stores no NUL in text or JSON: nothing written may hold one (SQLite would not notice).
            written = [answer.get().payload, *Event.objects.filter(game=game).values_list("payload", flat=True),
                       *ChatMessage.objects.filter(game=game).values_list("text", flat=True)]
            assert "\\u0000" not in json.dumps(written), "a NUL character would not be stored by PostgreSQL"
            if status == InboundStatus.REFUSED:
                assert snapshot(game, user) == before, "a refused mail changed the game"
        finally:
            transaction.savepoint_rollback(savepoint)
            # The per-process caches may hold what the rolled-back example wrote.
            store._SNAPSHOTS.clear()
            seat_selectors._PAST_STATES.clear()

    one_mail()
    assert seen.get(InboundStatus.REFUSED, 0) > 0, seen
