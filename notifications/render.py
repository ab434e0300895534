"""Turning an outbox row into an email: a text part, an HTML part, threading headers.

Every game mail is built from ``rules.describe(state, seat)``,
``rules.example_moves(state, seat)``, ``rules.phase_label(state, seat)`` (the
subject) and the moves narrated for the recipient's own seat, never from the
raw state, so a mail cannot show what that seat may not see (another player's
secret bid, the seed). One thread per game per player: the game's first mail
carries the thread's root ``Message-ID`` and every later mail of that game to
that player points at it with ``In-Reply-To`` and ``References``. That first
mail is the ``game_started`` one, or, for a player who must act at once, the
first ``your_turn`` mail with the start folded into it (``starts_thread``):
one mail, not two.

Kinds written by the write path: ``game_started``, ``your_turn``, ``game_over``.
Kinds written by this app: ``email_reply`` (the answer to a player's mail:
confirmation or error), ``held_notice`` (a mail for your seat failed
authentication), ``invitation``, ``digest`` (rendered by the sender),
``undeliverable_notice`` (a player of your game no longer receives mail) and
``address_check`` (the link that proves an address receives mail again).

Headers every mail carries: a ``Message-ID`` on our own domain, ``Date`` (Django
adds it), ``Auto-Submitted: auto-generated`` (so autoresponders stay quiet) and
``X-Ravenpost-Ref`` (:func:`notifications.delivery.row_ref`, what a bounce
quotes back). Game mail also carries the one-click unsubscribe pair of RFC 8058:
``List-Unsubscribe: <signed URL>`` and ``List-Unsubscribe-Post:
List-Unsubscribe=One-Click``; the URL switches its owner to web-only mail.
"""

from __future__ import annotations

import datetime
import re
import zoneinfo
from dataclasses import dataclass, field
from email.utils import formataddr, parseaddr
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.urls import reverse

from notifications import delivery, links, tokens
from notifications.models import OutboxMessage

SUBJECT_PREFIX = "[Ravenpost]"


@dataclass
class Section:
    title: str
    text: str
    pre: bool = True  # board descriptions and logs keep their layout
    html: str = ""  # the HTML part's version when a game draws it (a SafeString: boards as tables)
    items: list[str] = field(default_factory=list)  # shown as a list in HTML (the text part has ``text``)


@dataclass
class MailContent:
    """What one mail says, independent of its text or HTML spelling."""

    subject: str
    intro: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    notation: str = ""
    reply_lines: str = ""  # how this game reads a reply's lines (one move per line, a bid over several...)
    commands: bool = False  # list help/status/moves/resign/say
    deadline: str = ""
    game_url: str = ""
    can_reply: bool = True
    # Links to the person's mail settings and to unsubscribe (game mail a preference governs).
    settings_url: str = ""
    unsubscribe_url: str = ""

    @property
    def heading(self) -> str:
        """The mail's one heading: its subject without the service's prefix."""
        return self.subject.removeprefix(SUBJECT_PREFIX).strip()


# -- threading ----------------------------------------------------------------


_HOSTNAME = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$")


def valid_domain(domain: str) -> bool:
    """A host name fit for the right-hand side of a Message-ID (RFC 5322 ``dot-atom``, DNS labels)."""
    return bool(_HOSTNAME.match(domain))


def _mail_domain() -> str:
    """Our own domain for Message-IDs: the inbound domain (ours, with MX), else the From address's."""
    for candidate in (tokens.inbound_domain(), parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2]):
        try:
            domain = candidate.strip().lower().encode("idna").decode("ascii")
        except UnicodeError:
            continue
        if valid_domain(domain):
            return domain
    return "ravenpost.invalid"  # RFC 2606: never a real host, still a valid Message-ID


def thread_root_id(game_id: int, seat: int | None, user_id: int) -> str:
    """The Message-ID of the first mail of a player's thread for a game (deterministic: no storage)."""
    return f"<game-{game_id}.seat-{seat if seat is not None else 'x'}.user-{user_id}@{_mail_domain()}>"


def row_message_id(row: OutboxMessage) -> str:
    # Deterministic per row: a retried send that did reach the server is a duplicate the receiver drops.
    if (row.kind == "game_started" or row.payload.get("starts_thread")) and row.game_id is not None:
        return thread_root_id(row.game_id, row.seat, row.user_id)
    return f"<ravenpost.{row.pk}.{row.kind.replace('_', '-')}@{_mail_domain()}>"


def digest_message_id(user_id: int, last_row_id: int) -> str:
    """The Message-ID of a daily digest: its reader and the last row it carried (no storage).

    A reply to it names that row; the digest's other rows are those marked sent with it
    (:func:`notifications.originals.rows_for`).
    """
    return f"<ravenpost.digest.{user_id}.{last_row_id}@{_mail_domain()}>"


def game_url(game_id: int) -> str:
    return settings.SITE_URL + reverse("games:detail", args=[game_id])


def game_label(game: Any) -> str:
    return f"{game.rules.name} #{game.pk}"


# -- pieces shared by the game mails ----------------------------------------------------


def local_deadline(deadline: datetime.datetime | None, user: Any) -> str:
    if deadline is None:
        return ""
    try:
        zone = zoneinfo.ZoneInfo(getattr(user, "time_zone", "") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = deadline.astimezone(zone)
    return local.strftime("%A %d %B %Y, %H:%M ") + f"({zone.key})"


def examples_for(rules: Any, state: Any, seat: int | None, limit: int = 4) -> list[str]:
    if state is None or seat is None or seat not in rules.to_act(state):
        return []
    try:
        return list(rules.example_moves(state, seat, limit))
    except Exception:  # noqa: BLE001 - examples are a courtesy; a missing one must not stop the mail
        return []


def seat_situation(game: Any, seat: int | None, state: Any) -> tuple[str, list[str]]:
    """The seat's description and worked examples (only what that seat may see)."""
    rules = game.rules
    if state is None:
        return "", []
    return rules.describe(state, seat), examples_for(rules, state, seat)


def situation(game: Any, state: Any, seat: int | None, description: str, title: str) -> Section:
    """The "game as you see it" section: the text description, and the game's HTML for it if it has one."""
    from games import selectors
    from games.ui import ui_for

    who = who_is_who(game, state, seat)
    html = ""
    if state is not None:
        drawn = ui_for(game.rules_slug).mail_situation(game.rules.view(state, seat), selectors.seat_names(game),
                                                     description)
        if drawn:
            html = format_html("<p>{}</p>{}", who.strip(), drawn) if who else drawn
    return Section(title, who + description, html=html)


def who_is_who(game: Any, state: Any, seat: int | None) -> str:
    """A line that maps the game's own seat labels ("P2", "Blue"), which the description uses, to people."""
    from games import selectors

    names = selectors.seat_names(game)
    if state is None or not names:
        return ""
    people = [f"{game.rules.seat_label(state, i)} {name}{' (you)' if i == seat else ''}"
              for i, name in enumerate(names)]
    return "Players: " + ", ".join(people) + ".\n"


# -- per kind ----------------------------------------------------------------------------


def _game_mail(row: OutboxMessage, game: Any) -> MailContent | None:
    from games import selectors

    rules = game.rules
    state = selectors.state_at(game, row.event_seq)
    seat = row.seat
    awaited = state is not None and seat is not None and seat in rules.to_act(state)
    description, examples = seat_situation(game, seat, state)
    content = MailContent(subject="", game_url=game_url(game.pk),
                          notation=rules.notation_help_for(state) if awaited and state is not None else "",
                          reply_lines=rules.reply_lines_help() if awaited else "")
    content.examples = examples
    content.commands = True
    if row.kind == "game_started":
        names = selectors.seat_names(game)
        content.subject = f"{SUBJECT_PREFIX} {game_label(game)} — the game has started"
        content.intro = [
            f"Your game of {rules.name} has started. Players: "
            + ", ".join(f"{n} ({rules.seat_label(state, i)})" for i, n in enumerate(names)) + ".",
            "You can play every move by replying to these mails, or on the game page.",
        ]
        if not awaited:
            content.notation = ""
    elif row.kind == "game_over":
        content.subject = f"{SUBJECT_PREFIX} {game_label(game)} — game over, final scores"
        content.intro = ["The game is over."]
        summary = selectors.result_summary(game)
        if summary:
            content.sections.append(Section("Result", summary))
        content.examples, content.notation, content.commands, content.reply_lines = [], "", False, ""
    elif row.kind in CLOCK_KINDS:
        _clock_mail(content, row, game, awaited)
    else:
        content.subject = f"{SUBJECT_PREFIX} {game_label(game)} — {rules.phase_label(state, seat)}"
        if awaited:
            content.intro = ["It is your move. Reply to this mail with your move written on top."]
        else:
            content.intro = ["The game has moved on; nothing is needed from you right now."]
        projection = selectors.projection_of(game)
        content.deadline = local_deadline(projection.deadline, row.user) if awaited else ""
    if description:
        content.sections.insert(0, situation(game, state, seat, description, "The game as you see it"))
    if seat is not None and row.kind in NARRATED_KINDS:
        happened = selectors.recent_moves(game, seat, upto=row.event_seq, since_own=row.kind != "game_over",
                                          limit=12 if row.kind != "game_over" else 6)
        if happened:
            title = "The last moves" if row.kind == "game_over" else "What happened since your last turn"
            content.sections.insert(0, Section(title, "\n".join(f"  - {line}" for line in happened), pre=False,
                                               items=happened))
    if content.notation and content.notation in description:
        content.notation = ""  # the game's own description already explains the syntax
    return content


# Mails that tell what the other players did since the recipient's own last move.
NARRATED_KINDS = ("your_turn", "game_over", "timeout_notice", "reminder")
CLOCK_KINDS = ("reminder", "timed_out", "timeout_notice", "briefing", "move_confirmed")


def _clock_mail(content: MailContent, row: OutboxMessage, game: Any, awaited: bool) -> None:
    """Mails of the deadline machinery: reminder, your time ran out, someone's time ran out, briefing."""
    from games import selectors

    label = game_label(game)
    names = selectors.seat_names(game)
    deadline = local_deadline(selectors.projection_of(game).deadline, row.user) if awaited else ""
    if row.kind == "reminder":
        content.subject = f"{SUBJECT_PREFIX} {label} — reminder: your move is due"
        content.intro = ["Reminder: the game is waiting for your move. Reply to this mail with it."]
        content.deadline = deadline
    elif row.kind == "timed_out":
        content.subject = f"{SUBJECT_PREFIX} {label} — your time ran out"
        content.intro = [f"Your time ran out, so the deadline policy played this move for you: "
                         f"{row.payload.get('move', '')}",
                         "Repeated timeouts hand your seat to a replacement; answer in time to keep it."]
        content.deadline = deadline
    elif row.kind == "timeout_notice":
        who = names[row.payload["seat"]] if row.payload.get("seat") is not None else "A player"
        # The move itself may be secret (a bid): others learn only what their own view shows.
        content.subject = f"{SUBJECT_PREFIX} {label} — {who}'s time ran out"
        content.intro = [f"{who}'s time ran out, so the deadline policy made their move. "
                         "The game as you see it now is below."]
        content.deadline = deadline
    elif row.kind == "move_confirmed":
        content.subject = f"{SUBJECT_PREFIX} {label} — your move is recorded"
        content.intro = [f"Your move on the game page is recorded: {row.payload.get('move', '')}"]
        if row.payload.get("hash"):  # the receipt: the recorded event's hash, checkable in the game's record
            content.intro.append(f"Receipt (the hash of the event that recorded it): {row.payload['hash']}")
        content.deadline = deadline
    elif row.seat is not None:  # briefing
        content.subject = f"{SUBJECT_PREFIX} {label} — you now play seat {row.seat + 1}"
        content.intro = [f"You have taken over seat {row.seat + 1}. Below is the game as this seat sees it, "
                         "and the moves this seat made before you.",
                         "Play by replying to this mail, or on the game page."]
        content.deadline = deadline
        own = [e["payload"].get("text") or "" for e in selectors.seat_history(game, row.seat)]
        if own:
            content.sections.append(Section("This seat's moves so far", "\n".join(f"  {t}" for t in own if t)))


def _reply_mail(row: OutboxMessage) -> MailContent:
    """An answer to a player's mail; the pipeline put its words in the payload."""
    payload = row.payload
    content = MailContent(subject=payload.get("subject", f"{SUBJECT_PREFIX} your message"))
    content.intro = list(payload.get("intro", []))
    content.sections = [Section(s["title"], s["text"], s.get("pre", True)) for s in payload.get("sections", [])]
    content.commands = bool(payload.get("commands"))
    content.can_reply = bool(payload.get("can_reply", True))
    if row.game is not None:
        content.game_url = game_url(row.game.pk)
        if payload.get("view") or payload.get("examples"):
            from games import selectors

            state = selectors.projection_of(row.game).state
            description, examples = seat_situation(row.game, row.seat, state)
            if description and payload.get("view"):
                content.sections.append(situation(row.game, state, row.seat, description,
                                                  "The game as you see it now"))
            if payload.get("examples"):
                content.examples = examples
                content.reply_lines = row.game.rules.reply_lines_help()
                notation = row.game.rules.notation_help_for(state) if state is not None else ""
                shown = description if payload.get("view") else ""
                content.notation = "" if notation in shown else notation
    return content


def _undeliverable_mail(row: OutboxMessage, game: Any) -> MailContent:
    """A player of this game no longer receives mail (told once per stop; only their name is said)."""
    player = row.payload.get("player", "A player")
    return MailContent(
        subject=f"{SUBJECT_PREFIX} {game_label(game)} — {player} is not receiving mail",
        intro=[f"Mail to {player} cannot be delivered at the moment, so they will not see turn mails for "
               "this game until they fix their address.",
               "The game's deadlines keep running as usual; you do not need to do anything."],
        game_url=game_url(game.pk),
        can_reply=False,
    )


def _address_check_mail(row: OutboxMessage) -> MailContent:
    """The mail a person asks for to prove that their address receives mail again."""
    address = delivery.address_of(row)
    return MailContent(
        subject=f"{SUBJECT_PREFIX} is your mail working again?",
        intro=["You asked us to check that mail reaches this address again.",
               f"Open this link to confirm it and receive game mail again: {links.check_url(row.user_id, address)}",
               f"The link works for {links.CHECK_MAX_AGE.days} days. If you did not ask for this, ignore this mail."],
        can_reply=False,
    )


def _invitation_mail(row: OutboxMessage, game: Any) -> MailContent:
    inviter = row.payload.get("inviter", "A friend")
    return MailContent(
        # The inviter's name stays out of the subject: a name is not a headline anyone may write.
        subject=f"{SUBJECT_PREFIX} an invitation to play {game_label(game)}",
        intro=[f"{inviter} invites you to a game of {game.rules.name} on Ravenpost.",
               f"Join it on the game page: {game_url(game.pk)}",
               "Once everyone has joined, the game is played by replying to its mails (or on the web)."],
        game_url=game_url(game.pk),
        can_reply=False,
    )


# -- assembling ----------------------------------------------------------------------------


def compose(content: MailContent, *, to: str, reply_to: str | None, message_id: str,
            in_reply_to: str | None, references: list[str], extra_headers: dict[str, str] | None = None,
            ) -> EmailMultiAlternatives:
    context = {"mail": content, "reply_to": reply_to}
    text = render_to_string("notifications/email/message.txt", context)
    html = render_to_string("notifications/email/message.html", context)
    headers = {"Message-ID": message_id, "Auto-Submitted": "auto-generated",
               "X-Auto-Response-Suppress": "All"}
    if in_reply_to:
        headers["In-Reply-To"] = in_reply_to
    if references:
        headers["References"] = " ".join(references)
    headers.update(extra_headers or {})
    message = EmailMultiAlternatives(
        subject=content.subject,
        body=_tidy(text),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        reply_to=[reply_to] if reply_to else None,
        headers=headers,
    )
    message.attach_alternative(html, "text/html")
    bounces = bounce_address()
    if bounces:
        # The envelope sender (where bounces go) is ours on the inbound domain; the From header stays.
        message.extra_headers.setdefault("From", message.from_email)
        message.from_email = bounces
    return message


def bounce_address() -> str:
    """The envelope sender for mail sent over SMTP: ``<local>-bounces@<inbound domain>``, so bounces reach the
    inbound pipeline (SMTP listener or ``ingest_email``). Empty with an ESP (anymail): its tracking
    webhook reports bounces, and most ESPs set their own envelope sender."""
    if str(getattr(settings, "EMAIL_BACKEND", "")).startswith("anymail."):
        return ""
    return f"{tokens.local_part()}-bounces@{tokens.inbound_domain()}"


def _tidy(text: str) -> str:
    """Templates leave runs of blank lines; a mail reads better with at most one."""
    lines: list[str] = []
    for line in text.splitlines():
        line = line if line == "-- " else line.rstrip()  # "-- " is the signature separator
        if not line and (not lines or not lines[-1]):
            continue
        lines.append(line)
    return "\n".join(lines).strip() + "\n"


def reply_to_for(game: Any, seat: int | None, user_id: int) -> str | None:
    if game is None or seat is None:
        return None
    token = tokens.token_for(game_id=game.pk, seat=seat, user_id=user_id)
    return formataddr((f"Ravenpost {game_label(game)}", tokens.reply_address(token)))


# Mail a preference governs: it carries the one-click unsubscribe and a link to the settings.
LIST_KINDS = frozenset({"game_started", "your_turn", "game_over", "undeliverable_notice", *CLOCK_KINDS})


def build_message(row: OutboxMessage) -> EmailMultiAlternatives | None:
    """The mail for one outbox row, or None when there is nothing to send (no address, no game)."""
    to = row.payload.get("to") or row.user.email
    if not to:
        return None
    game = row.game
    if row.kind in ("game_started", "your_turn", "game_over", *CLOCK_KINDS):
        if game is None:
            return None
        content = _game_mail(row, game)
        if content is not None:
            _fold_in(content, row, game)
    elif row.kind in ("email_reply", "held_notice"):
        content = _reply_mail(row)
    elif row.kind == "invitation" and game is not None:
        content = _invitation_mail(row, game)
    elif row.kind == "undeliverable_notice" and game is not None:
        content = _undeliverable_mail(row, game)
    elif row.kind == "address_check":
        content = _address_check_mail(row)
    else:
        return None
    if content is None:
        return None
    root = thread_root_id(game.pk, row.seat, row.user_id) if game is not None else None
    starts_thread = row.kind == "game_started" or row.payload.get("starts_thread")
    references = [root] if root and not starts_thread else []
    in_reply_to = root if references else None
    if row.payload.get("in_reply_to"):
        # An answer threads under the player's own mail as well as under the game's thread.
        in_reply_to = row.payload["in_reply_to"]
        references = [*references, *row.payload.get("references", []), in_reply_to]
        references = list(dict.fromkeys(references))[-10:]
    reply_to = reply_to_for(game, row.seat, row.user_id) if content.can_reply else None
    extra = {"X-Ravenpost-Kind": row.kind, delivery.REF_HEADER: delivery.row_ref(row.pk)}
    if row.kind in LIST_KINDS:
        extra.update(unsubscribe_headers(row.user_id))
        content.settings_url, content.unsubscribe_url = links.settings_url(), links.unsubscribe_url(row.user_id)
    if row.payload.get("result"):
        extra["X-Ravenpost-Result"] = row.payload["result"]  # lets mail filters (and tests) sort answers
    message = compose(content, to=to, reply_to=reply_to, message_id=row_message_id(row),
                      in_reply_to=in_reply_to, references=references, extra_headers=extra)
    # anymail hands metadata to the ESP, whose tracking events bring it back (see notifications.tracking).
    message.metadata = {"ravenpost_ref": delivery.row_ref(row.pk)}  # type: ignore[attr-defined]
    return message


def unsubscribe_headers(user_id: int) -> dict[str, str]:
    """RFC 8058 one-click unsubscribe: an HTTPS (here: the site's) URL and the POST marker."""
    return {"List-Unsubscribe": f"<{links.unsubscribe_url(user_id)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def _fold_in(content: MailContent, row: OutboxMessage, game: Any) -> None:
    """Add what the rows folded into this one said (the sender folded them: one mail per moment)."""
    ids = [pk for pk in row.payload.get("folded", []) if isinstance(pk, int)]
    if not ids:
        return
    lines: list[str] = []
    first: list[str] = []  # what the person did comes before what it led to
    others = OutboxMessage.objects.select_related("user", "game").filter(pk__in=ids, user_id=row.user_id,
                                                                          game=game)
    for other in sorted(others, key=lambda r: (r.event_seq or 0, r.pk)):
        said = _game_mail(other, game)
        if said is None:
            continue
        if other.kind == "game_started":
            # The first turn is also the game's first mail: say so in the subject too.
            content.subject = content.subject.replace(f"{game_label(game)} — ",
                                                      f"{game_label(game)} — the game has started; ", 1)
        (first if other.kind in ("move_confirmed", "game_started") else lines).extend(
            line for line in said.intro if line not in lines and line not in first and line not in content.intro)
        content.deadline = content.deadline or said.deadline
        titles = {section.title for section in content.sections}
        # "What happened since your last turn" of a folded turn mail is still news: keep it, first.
        content.sections[:0] = [section for section in said.sections if section.title not in titles]
    content.intro = [*first, *content.intro, *lines]


def build_digest(user: Any, rows: list[OutboxMessage]) -> EmailMultiAlternatives | None:
    """One mail summing up a day of game mail: the current situation of each game it mentioned."""
    from games import selectors

    if not user.email or not rows:
        return None
    content = MailContent(subject=f"{SUBJECT_PREFIX} your daily digest", commands=True, can_reply=False)
    content.intro = ["Your games since the last digest. Reply on each game's own thread or play on the web.",
                     "Each game below shows its reply address."]
    seen: set[int] = set()
    for row in rows:
        game = row.game
        if game is None or game.pk in seen:
            continue
        seen.add(game.pk)
        projection = selectors.projection_of(game)
        state = projection.state
        # The digest tells the present, so only a seat the user still holds speaks as that seat: a
        # player whose seat has passed to a substitute reads it as a spectator would.
        seat = row.seat if row.seat is not None and row.seat < len(projection.seat_users) and \
            projection.seat_users[row.seat] == row.user_id else None
        text = game.rules.describe(state, seat) if state is not None else ""
        happened = selectors.recent_moves(game, seat) if seat is not None and state is not None else []
        if happened:
            text = ("What happened since your last turn:\n" + "\n".join(f"  - {line}" for line in happened)
                    + "\n\n" + text)
        if game.result:
            text += "\n\n" + selectors.result_summary(game)
        reply = reply_to_for(game, seat, row.user_id)
        address = parseaddr(reply)[1] if reply else ""
        text += f"\n\nGame page: {game_url(game.pk)}" + (f"\nReply with moves to: {address}" if address else "")
        content.sections.append(Section(game_label(game), text))
    content.settings_url, content.unsubscribe_url = links.settings_url(), links.unsubscribe_url(user.pk)
    return compose(content, to=user.email, reply_to=None,
                   message_id=digest_message_id(user.pk, rows[-1].pk),
                   in_reply_to=None, references=[], extra_headers=unsubscribe_headers(user.pk))
