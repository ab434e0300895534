"""Helpers for the turn-mail board tests: a game played some random moves through the services, its turn mails.

A game is created with the verified players of ``conftest.make_players`` and
advanced with ``rules.random_move`` by whichever seat is to act, every move
through ``games.services.submit_move`` (the one write path); the mails the
sender then builds are Django's locmem outbox, as in the other mail tests.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

from django.core import mail as django_mail

from accounts.services import user_get_or_create_verified
from games import services
from games.models import Game, GameStatus, Projection, Seat
from games.rules import get_rules
from notifications import sender

from .conftest import make_players


def start(slug: str, players: int, seed: str) -> Game:
    """A game of ``slug`` with ``players`` verified players (Ada, Brook, Cyd, then Dee and Eve), started."""
    users = (make_players() + [user_get_or_create_verified(email=f"{n.lower()}@example.com", display_name=n)
                               for n in ("Dee", "Eve")])[:players]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=players, seed=seed)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    return game


def play(game: Game, moves: int, rng: random.Random,
         until: Callable[[Any], bool] | None = None) -> Projection:
    """``moves`` random legal moves (fewer if the game ends or ``until(state)`` holds first), by web."""
    rules = get_rules(game.rules_slug, game.rules_version)
    for _ in range(moves):
        p = Projection.objects.get(pk=game.pk)
        if not p.to_act or (until is not None and until(p.state)):
            break
        seat = p.to_act[0]
        services.submit_move(game_id=game.pk, user=Seat.objects.get(game=game, index=seat).user,
                             move=rules.random_move(p.state, seat, rng), source="web",
                             idempotency_key=f"mail-board-{p.version}", expected_version=p.version)
        sender.send_pending()  # each move's mails go before the next move, as the worker sends them
    return Projection.objects.get(pk=game.pk)


TURN_KINDS = ("your_turn", "game_started")


def newest_mail(game: Game, seat: int, kinds: tuple[str, ...] = TURN_KINDS) -> tuple[str, str]:
    """The text and HTML parts of the newest mail of ``kinds`` (turn or start mail) to ``seat``'s player."""
    sender.send_pending()
    user = Seat.objects.get(game=game, index=seat).user
    found = [m for m in django_mail.outbox if user.email in m.to and m.extra_headers.get("X-Ravenpost-Kind") in kinds]
    assert found, f"no game mail to {user.email}"
    return found[-1].body, html_part(found[-1])


def view_in_newest_mail(game: Game, seat: int) -> dict[str, Any]:
    """The seat's view of the game as its newest turn or start mail was built (at that mail's event)."""
    from games.selectors import state_at
    from notifications.models import OutboxMessage

    user = Seat.objects.get(game=game, index=seat).user
    row = OutboxMessage.objects.filter(game=game, user=user, kind__in=TURN_KINDS).latest("pk")
    rules = get_rules(game.rules_slug, game.rules_version)
    return rules.view(state_at(game, row.event_seq), seat)


def html_part(message: Any) -> str:
    return dict((kind, body) for body, kind in message.alternatives)["text/html"]


def text_without_drawing(game: Game, seat: int, monkeypatch: Any) -> str:
    """The text part of the newest game mail to ``seat`` as built again with the generic presentation."""
    from games.ui.base import GameUI
    from games.ui import ui_for
    from notifications.models import OutboxMessage
    from notifications.render import build_message

    user = Seat.objects.get(game=game, index=seat).user
    row = OutboxMessage.objects.filter(game=game, user=user, kind__in=("your_turn", "game_started")).latest("pk")
    monkeypatch.setattr(type(ui_for(game.rules_slug)), "mail_situation", GameUI.mail_situation)
    message = build_message(row)
    monkeypatch.undo()
    assert message is not None
    return message.body


def section(text: str, title: str) -> str:
    """One ``== title ==`` section of a text part."""
    start = text.index(f"== {title} ==")
    end = text.find("\n== ", start + 1)
    return text[start:end if end >= 0 else None]


def last_turn_seat(game: Game) -> int:
    """The seat whose player got the newest turn or start mail of the game (a web mover awaited again gets none)."""
    sender.send_pending()
    seat_of = {s.user.email: s.index for s in Seat.objects.filter(game=game).select_related("user")}
    mails = [m for m in django_mail.outbox if m.extra_headers.get("X-Ravenpost-Kind") in TURN_KINDS
             and m.to[0] in seat_of]
    assert mails, "no turn mail was sent"
    return seat_of[mails[-1].to[0]]


def cells(row_html: str) -> list[str]:
    """The text of a table row's data cells, in order (tags and non-breaking spaces removed)."""
    return [re.sub(r"<[^>]+>", "", cell).replace("&nbsp;", " ").strip()
            for cell in re.findall(r"<td\b[^>]*>(.*?)</td>", row_html, re.S)]
