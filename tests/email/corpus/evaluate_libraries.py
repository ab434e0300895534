"""How well the maintained reply parsers read the corpus and the fixtures, each on its own; not part of the suite.

Run it with the libraries installed somewhere on PYTHONPATH (they are not
dependencies of the project), e.g.::

    pip install --target /tmp/evallibs quotequail==0.5.4 mail-parser-reply==1.36 email-reply-parser==0.5.12 \
        unquotemail==1.0.11 email-reply-extractor==1.1.1 html2text==2025.4.15
    pip install --target /tmp/evallibs --no-deps talon==1.4.4 && pip install --target /tmp/evallibs regex \
        cssselect html5lib chardet six   # talon also wants cchardet: a one-line stand-in importing chardet's detect
    PYTHONPATH=/tmp/evallibs .venv/bin/python -m pytest -p no:xdist -s tests/email/corpus/evaluate_libraries.py

Each library gets the decoded body it is made for (the plain part, or the
HTML part where the message has no plain text: as HTML to those that take
HTML, through html2text to those that take text) and is scored on:

- ``exact``: its text is exactly the shape's move (trailing spaces and blank-line runs aside);
- ``commands``: the command lines read from its text (comments and blank lines dropped) are the move's;
- ``twins``: a quote-only twin yields no command line at all (else the copy of the turn mail, which
  holds example moves, may be applied);
- ``fixtures``: the six hand-written fixtures of ``tests/email/fixtures`` give their bid;

and once more with mailparse's signature pass applied to what the library
found (``-- `` and the "Sent from my …" lines in many languages), since some
of them leave signatures in on purpose: ``+sig`` is that total.
"""

from __future__ import annotations

import email
import importlib
import re
from collections.abc import Callable
from email import policy
from pathlib import Path

import pytest
from django.core import mail as django_mail

from notifications import commands, mailparse, originals, sender, tokens

from ..conftest import start_game
from . import build

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent.parent / "fixtures"
BID_PARTS = ["mercenary 3g", "general b", "innkeeper f"]


def parts(raw: bytes) -> tuple[str | None, str | None]:
    message = email.message_from_bytes(raw, policy=policy.compat32)
    plain = html = None
    for part in message.walk():
        if part.is_multipart():
            continue
        if part.get_content_type() == "text/plain" and plain is None:
            plain = mailparse._decode(part)
        elif part.get_content_type() == "text/html" and html is None:
            html = mailparse._decode(part)
    return (plain if plain and plain.strip() else None), html


def html_as_text(html: str) -> str:
    html2text = importlib.import_module("html2text")
    converter = html2text.HTML2Text()
    converter.body_width = 0
    converter.ignore_links = converter.ignore_images = converter.ignore_emphasis = True
    return re.sub(r"\\([\\`*_{}\[\]()#+\-.!>])", r"\1", converter.handle(html))


def text_or_html_text(raw: bytes) -> str:
    plain, html = parts(raw)
    return plain if plain is not None else html_as_text(html or "")


# -- the candidates: raw reply (and the answered mail's texts) -> the new text they find ------------------


def quotequail(raw: bytes, _: list[str]) -> str:
    qq = importlib.import_module("quotequail")
    plain, html = parts(raw)
    if plain is not None:
        found = qq.unwrap(plain)
        return plain if found is None else "\n".join(filter(None, [found.get("text_top"), found.get("text_bottom")]))
    found = qq.unwrap_html(html or "")
    if found is None:
        return html_as_text(html or "")
    return "\n".join(html_as_text(found[k]) for k in ("html_top", "html_bottom") if found.get(k))


def mail_parser_reply(raw: bytes, _: list[str]) -> str:
    parser = importlib.import_module("mailparser_reply").EmailReplyParser
    languages = ["en", "de", "cs", "da", "es", "fr", "it", "ja", "ko", "nl", "pl", "sv", "zh"]  # all it knows
    replies = parser(languages=languages).read(text_or_html_text(raw)).replies
    # The first fragment is the new text; parse_reply() would skip an empty one and return the quote.
    return replies[0].body if replies else ""


def email_reply_parser(raw: bytes, _: list[str]) -> str:
    parser = importlib.import_module("email_reply_parser").EmailReplyParser
    return parser.parse_reply(text_or_html_text(raw)) or ""


def talon(raw: bytes, _: list[str]) -> str:
    quotations = importlib.import_module("talon.quotations")
    plain, html = parts(raw)
    if plain is not None:
        return quotations.extract_from_plain(plain)
    return html_as_text(quotations.extract_from_html(html or ""))


def unquotemail(raw: bytes, _: list[str]) -> str:
    unquote = importlib.import_module("unquotemail").Unquote
    plain, html = parts(raw)
    return unquote(html, plain).get_text() or ""


def email_reply_extractor(raw: bytes, _: list[str]) -> str:
    extract = importlib.import_module("email_reply_extractor").extract_new_text
    plain, html = parts(raw)
    return extract(plain or "", html_body=html).text


def email_reply_extractor_with_parent(raw: bytes, texts: list[str]) -> str:
    extract = importlib.import_module("email_reply_extractor").extract_new_text
    plain, html = parts(raw)
    return extract(plain or "", parent_body=texts[0] if texts else None, html_body=html).text


def ravenpost(raw: bytes, _: list[str]) -> str:
    return mailparse.parse(raw).reply_text


def ravenpost_with_original(raw: bytes, texts: list[str]) -> str:
    return mailparse.parse(raw, originals=texts).reply_text


CANDIDATES: dict[str, tuple[str, Callable[[bytes, list[str]], str]]] = {
    "quotequail 0.5.4": ("quotequail", quotequail),
    "mail-parser-reply 1.36": ("mailparser_reply", mail_parser_reply),
    "email-reply-parser 0.5.12": ("email_reply_parser", email_reply_parser),
    "talon 1.4.4 (quotations)": ("talon.quotations", talon),
    "unquotemail 1.0.11": ("unquotemail", unquotemail),
    "email-reply-extractor 1.1.1": ("email_reply_extractor", email_reply_extractor),
    "email-reply-extractor 1.1.1 + parent_body": ("email_reply_extractor", email_reply_extractor_with_parent),
    "ravenpost mailparse, no original": ("notifications.mailparse", ravenpost),
    "ravenpost mailparse + originals": ("notifications.mailparse", ravenpost_with_original),
}


def tidy(text: str) -> str:
    lines = [line.rstrip() for line in (text or "").replace("\r\n", "\n").split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def bid_parts(text: str) -> list[str]:
    found: list[str] = []
    for line in commands.split_lines(text):
        found += [p.strip() for p in line.split(";") if p.strip()]
    return found


def test_evaluate(players, mailoutbox):
    game = start_game(players)
    sender.send_pending()
    sent = [m for m in django_mail.outbox if "ada@example.com" in m.to and "your bid" in m.subject][-1]
    turn = build.Original.of(sent)
    shapes = build.load_shapes()
    cases = []
    for shape in shapes:
        for move in (shape.move, ""):
            raw = build.build(shape, turn, move=move)
            first = mailparse.parse(raw)
            texts = originals.texts_for(first, tokens.lookup(tokens.find_token(first.recipients)))
            cases.append((shape.id, move, raw, texts))
    address = turn.reply_address
    fixtures = [(p.name, p.read_bytes().replace(b"REPLY_ADDRESS", address.encode()))
                for p in sorted(FIXTURES.glob("*.eml"))]
    rows = []
    for name, (module, read) in CANDIDATES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            rows.append((name, "not installed"))
            continue
        exact = right = twins = fixture_right = with_signatures = 0
        missed: list[str] = []
        for shape_id, move, raw, texts in cases:
            try:
                found = read(raw, texts)
            except Exception as error:  # noqa: BLE001 - a library that raises gets the case wrong
                found = f"<raised {type(error).__name__}>"
            unsigned = mailparse._tidy(mailparse._drop_signature(found.split("\n")))
            if move:
                exact += tidy(found) == move
                ok = commands.split_lines(found) == commands.split_lines(move)
                right += ok
                with_signatures += commands.split_lines(unsigned) == commands.split_lines(move)
            else:
                ok = commands.split_lines(found) == []
                twins += ok
                with_signatures += commands.split_lines(unsigned) == []
            if not ok:
                missed.append(shape_id + ("" if move else " (twin)"))
        for fixture, raw in fixtures:
            try:
                found = read(raw, [])
            except Exception:  # noqa: BLE001
                found = ""
            ok = bid_parts(found) == BID_PARTS
            fixture_right += ok
            with_signatures += bid_parts(mailparse._tidy(mailparse._drop_signature(found.split("\n")))) == BID_PARTS
            if not ok:
                missed.append(fixture)
        rows.append((name, f"{exact:2}/{len(shapes)} exact  {right:2}/{len(shapes)} commands  "
                           f"{twins:2}/{len(shapes)} twins  {fixture_right}/{len(fixtures)} fixtures  "
                           f"= {right + twins + fixture_right}/{2 * len(shapes) + len(fixtures)}  "
                           f"(+sig {with_signatures})", missed))
    print()
    for row in rows:
        print(f"{row[0]:44} {row[1]}")
    for row in rows:
        if len(row) > 2:
            print(f"\n{row[0]} misses: {', '.join(row[2]) or 'nothing'}")
    assert game.pk


def test_evaluate_on_talons_fixtures():
    """The same candidates on public data none of this was written against: talon's fixtures
    (github.com/mailgun/talon, Apache-2.0, tests/fixtures/standard_replies and html_replies), extracted to the
    folder named by TALON_FIXTURES. The new text is "Hello" in every standard reply and "Hi. I am fine. Thanks,
    Alex" in every HTML reply; compared word for word, signatures counted once as kept and once removed."""
    import os

    folder = os.environ.get("TALON_FIXTURES")
    if not folder:
        pytest.skip("TALON_FIXTURES not set")
    cases: list[tuple[str, bytes, list[str]]] = []
    for path in sorted(Path(folder, "standard_replies").glob("*.eml")):
        cases.append((path.name, path.read_bytes(), ["hello"]))
    for path in sorted(Path(folder, "html_replies").glob("*.html")):
        raw = b"MIME-Version: 1.0\nFrom: a@example.com\nContent-Type: text/html; charset=utf-8\n" \
              b"Content-Transfer-Encoding: 8bit\n\n" + path.read_bytes()
        cases.append((path.name, raw, mailparse._words("Hi. I am fine. Thanks, Alex")))
    print()
    for name, (module, read) in CANDIDATES.items():
        if name.endswith("originals") or name.endswith("parent_body"):
            continue  # there is no original here
        try:
            importlib.import_module(module)
        except ImportError:
            print(f"{name:44} not installed")
            continue
        right = unsigned_right = 0
        missed = []
        for case, raw, expected in cases:
            try:
                found = read(raw, [])
            except Exception as error:  # noqa: BLE001
                found = f"<raised {type(error).__name__}>"
            ok = mailparse._words(found) == expected
            right += ok
            unsigned = mailparse._tidy(mailparse._drop_signature(found.split("\n")))
            unsigned_right += mailparse._words(unsigned) == expected
            if not ok:
                missed.append(case)
        print(f"{name:44} {right:2}/{len(cases)}  (+sig {unsigned_right:2}/{len(cases)})  misses: {', '.join(missed)}")
