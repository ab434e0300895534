"""Turning a corpus shape into the raw RFC 5322 reply a client would send to a real turn mail.

A shape (``shapes/<id>.eml``) is the client's message written out: its headers
as the client writes them (``Content-Type`` with charset and ``format=flowed``,
``Content-Transfer-Encoding``, ``X-Mailer``...), its MIME structure and
boundaries, and each text part's content in plain UTF-8 with placeholders
where the client puts the mail being answered and the player's words:

- ``{{move}}``, ``{{move:div}}``, ``{{move:br}}``, ``{{move:p}}``: the new text (one line per line, or
  as the client's HTML editor writes lines); empty in the quote-only twin;
- ``{{original:<how>}}``: the answered mail as the client quotes it (see ``ORIGINAL``);
- ``{{reply_address}}``, ``{{reply_name}}``, ``{{sender_address}}``, ``{{sender_name}}``,
  ``{{subject}}``, ``{{message_id}}``, ``{{references}}``, ``{{nonce}}``;
- ``{{subject_header:<prefix>}}`` in the ``Subject:`` line: ``<prefix>: <subject>`` as an
  RFC 2047 encoded word in the part's charset when it is not ASCII.

:func:`build` fills them in and then encodes each part as its own headers say
(charset, then base64 / quoted-printable / 7bit / 8bit), so what comes out is
the byte-for-byte message the client would have sent.
"""

from __future__ import annotations

import base64
import email
import html
import quopri
import re
import textwrap
import tomllib
from dataclasses import dataclass, field
from email import policy
from email.message import Message
from email.utils import parseaddr
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).parent
SHAPES = HERE / "shapes"


@dataclass(frozen=True)
class Shape:
    id: str
    client: str
    language: str
    posting: str  # top, bottom, alone (no quote header) or inline
    move: str
    needs_original: bool
    source: str
    notes: str = ""

    @property
    def template(self) -> str:
        return (SHAPES / f"{self.id}.eml").read_text(encoding="utf-8")


def load_shapes() -> list[Shape]:
    data = tomllib.loads((HERE / "shapes.toml").read_text(encoding="utf-8"))
    return [Shape(**{k: (v.strip("\n") if k == "move" else v) for k, v in entry.items()})
            for entry in data["shape"]]


@dataclass
class Original:
    """The turn mail being answered, as the player's client received it."""

    text: str
    html: str
    subject: str
    message_id: str
    references: str
    reply_address: str
    reply_name: str
    sender_address: str
    sender_name: str

    @classmethod
    def of(cls, sent: Any) -> Original:
        """From a Django message of the locmem outbox (what the player received)."""
        message = email.message_from_bytes(sent.message().as_bytes(), policy=policy.default)
        plain = message.get_body(("plain",))
        assert plain is not None, "a turn mail has a text part"
        text = plain.get_content()
        html_part = message.get_body(("html",))
        reply_name, reply_address = parseaddr(str(message["Reply-To"]))
        sender_name, sender_address = parseaddr(str(message["From"]))
        message_id = str(message["Message-ID"])
        references = (str(message.get("References", "")) + " " + message_id).strip()
        return cls(text=text.replace("\r\n", "\n"), html=html_part.get_content() if html_part else "",
                   subject=" ".join(str(message["Subject"]).split()), message_id=message_id, references=references,
                   reply_address=reply_address, reply_name=reply_name, sender_address=sender_address,
                   sender_name=sender_name)


# -- how clients quote the answered mail ------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def _gt(lines: list[str], blank: str = ">") -> str:
    return "\n".join(f"> {line}" if line else blank for line in lines)


def _wrap(lines: list[str], width: int) -> list[str]:
    out: list[str] = []
    for line in lines:
        indent = len(line) - len(line.lstrip(" "))
        out += textwrap.wrap(line, width, subsequent_indent=" " * indent, break_long_words=False,
                             break_on_hyphens=False, drop_whitespace=True) or [""]
    return out


def _soft_breaks(line: str, width: int) -> list[str]:
    """A line cut for format=flowed: every piece but the last ends with the space that marks a soft break."""
    words = line.split(" ")
    pieces: list[str] = []
    current = words[0]
    for word in words[1:]:
        if current.strip() and len(current) + 1 + len(word) > width:
            pieces.append(current + " ")
            current = word
        else:
            current += " " + word
    pieces.append(current)
    return pieces


def _flowed_gt(lines: list[str], width: int = 76) -> str:
    """RFC 3676 quoting as Thunderbird writes it: long lines soft-broken (a trailing space) under ``> ``."""
    out: list[str] = []
    for line in lines:
        out += [f"> {piece}" if piece else ">" for piece in _soft_breaks(line, width - 2)]
    return "\n".join(out)


class _ClientText(HTMLParser):
    """An HTML mail as a client's own HTML-to-text converter writes it (Gmail, Outlook): list items as
    ``   - item`` (``*   item`` for Outlook), links as ``text <url>``, headings on their own line."""

    def __init__(self, bullet: str, links: str) -> None:
        super().__init__(convert_charrefs=True)
        self.bullet, self.links = bullet, links
        self.out: list[str] = []
        self.pre = 0
        self.skip = 0
        self.href = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("head", "style", "title", "script"):
            self.skip += 1
        elif tag in ("p", "div", "h3", "ul", "pre"):
            self.out.append("\n\n" if tag in ("p", "h3", "pre") else "\n")
        elif tag == "li":
            self.out.append("\n" + self.bullet)
        elif tag == "br":
            self.out.append("\n")
        elif tag == "a":
            self.href = dict(attrs).get("href") or ""
        if tag == "pre":
            self.pre += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("head", "style", "title", "script"):
            self.skip -= 1
        elif tag in ("p", "h3", "pre", "ul"):
            self.out.append("\n\n" if tag != "ul" else "\n")
        elif tag == "a" and self.href:
            self.out.append(self.links.format(url=self.href))
            self.href = ""
        if tag == "pre":
            self.pre -= 1

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        self.out.append(data if self.pre else re.sub(r"\s+", " ", data))

    def text(self) -> str:
        lines = [line.rstrip() if line.startswith((" ", "\t")) else line.strip()
                 for line in "".join(self.out).split("\n")]
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
        return text.strip("\n")


def client_text(markup: str, bullet: str = "   - ", links: str = " <{url}>") -> str:
    parser = _ClientText(bullet, links)
    parser.feed(markup)
    parser.close()
    return parser.text()


def body_of(markup: str) -> str:
    found = re.search(r"<body[^>]*>(.*)</body>", markup, re.S | re.I)
    return (found.group(1) if found else markup).strip()


_SMART = str.maketrans({"'": "’"})


def _smart(text: str) -> str:
    """Curly quotes and no-break spaces, as a Word-based editor writes the same text."""
    text = re.sub(r'"([^"\n]*)"', "“\\1”", text).translate(_SMART)
    return "\n".join(re.sub(r"^ +", lambda m: "\xa0" * len(m.group(0)), line) for line in text.split("\n"))


ORIGINAL: dict[str, Callable[[Original], str]] = {
    # the text part
    "text": lambda o: o.text.rstrip("\n"),
    "text_gt": lambda o: _gt(_lines(o.text)),
    "text_gt_space": lambda o: _gt(_lines(o.text), blank="> "),
    "text_gt_wrap": lambda o: _gt(_wrap(_lines(o.text), 74)),
    "text_flowed_gt": lambda o: _flowed_gt(_lines(o.text)),
    "text_gt_tight": lambda o: "\n".join(">" + line for line in _lines(o.text)),
    "text_indent": lambda o: "\n".join(" " + line for line in _lines(o.text)),
    "text_wrap": lambda o: "\n".join(_wrap(_lines(o.text), 76)),
    "text_smart": lambda o: _smart(o.text.rstrip("\n")),
    "text_html": lambda o: "<br>\n".join(html.escape(line, quote=False) for line in _lines(o.text)),
    "text_pre_html": lambda o: "<pre>" + html.escape(o.text.rstrip("\n"), quote=False) + "</pre>",
    # the HTML part
    "html": lambda o: body_of(o.html),
    "html_text": lambda o: client_text(body_of(o.html)),
    "html_text_outlook": lambda o: client_text(body_of(o.html), bullet="*   ", links="<{url}>"),
    "html_text_gt": lambda o: _gt(_wrap(_lines(client_text(body_of(o.html))), 74)),
    "html_text_smart": lambda o: _smart(client_text(body_of(o.html), bullet="*   ", links="<{url}>")),
    # the HTML part cut after its first paragraph, for an answer written inside the copy
    "html_head": lambda o: _cut(body_of(o.html))[0],
    "html_rest": lambda o: _cut(body_of(o.html))[1],
}


def _cut(markup: str) -> tuple[str, str]:
    end = markup.index("</p>") + len("</p>")
    return markup[:end], markup[end:]


def _flowed(lines: list[str], width: int = 72) -> str:
    """New text as a format=flowed writer sends it: long lines soft-broken, a trailing space before each break."""
    out: list[str] = []
    for line in lines:
        out += [(" " + piece) if piece.startswith((" ", ">", "From ")) else piece
                for piece in _soft_breaks(line, width)]
    return "\n".join(out)


MOVE: dict[str, Callable[[list[str]], str]] = {
    "": lambda lines: "\n".join(lines),
    "flowed": _flowed,
    "div": lambda lines: "".join(f"<div>{html.escape(line) or '<br>'}</div>" for line in lines),
    "br": lambda lines: "<br>".join(html.escape(line) for line in lines) + ("<br>" if lines else ""),
    "p": lambda lines: "".join(f"<p class=MsoNormal>{html.escape(line) or '&nbsp;'}<o:p></o:p></p>\n"
                               for line in lines),
}


def encoded_words(value: str, charset: str) -> str:
    """A header value as RFC 2047 base64 encoded words in ``charset`` (UTF-8 when it cannot hold the text),
    folded between words as clients do."""
    if value.isascii():
        return value
    try:
        value.encode(_codec(charset))
    except (UnicodeError, LookupError):
        charset = "utf-8"
    words, chunk = [], ""
    for char in value:
        if len((chunk + char).encode(_codec(charset))) > 42:
            words.append(chunk)
            chunk = ""
        chunk += char
    words.append(chunk)
    return "\n ".join(f"=?{charset}?B?{base64.b64encode(w.encode(_codec(charset))).decode()}?=" for w in words)


# -- assembling the raw message ------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{\{([a-z_]+)(?::([^{}]*))?\}\}")


@dataclass
class Filling:
    original: Original
    move: str
    nonce: str
    values: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        o = self.original
        self.values = {"reply_address": o.reply_address, "reply_name": o.reply_name,
                       "sender_address": o.sender_address, "sender_name": o.sender_name, "subject": o.subject,
                       "message_id": o.message_id, "references": o.references, "nonce": self.nonce}

    def fill(self, text: str, *, markup: bool, charset: str = "utf-8") -> str:
        def one(found: re.Match[str]) -> str:
            name, how = found.group(1), found.group(2) or ""
            if name == "move":
                lines = self.move.split("\n") if self.move else []
                return MOVE[how](lines)
            if name == "original":
                return ORIGINAL[how](self.original)
            if name == "subject_header":
                return encoded_words(f"{how}: {self.original.subject}" if how else self.original.subject, charset)
            value = self.values[name]
            return html.escape(value, quote=False) if markup else value

        return _PLACEHOLDER.sub(one, text)


def build(shape: Shape, original: Original, move: str | None = None, nonce: str = "1") -> bytes:
    """The raw reply of ``shape`` to ``original`` carrying ``move`` (the shape's own when None; "" for the
    quote-only twin)."""
    filling = Filling(original, shape.move if move is None else move, nonce)
    return _entity(shape.template.replace("\r\n", "\n"), filling, top=True)


def _split(entity: str) -> tuple[str, str]:
    head, _, body = entity.partition("\n\n")
    return head, body


def _entity(entity: str, filling: Filling, top: bool = False) -> bytes:
    head, body = _split(entity)
    headers: Message = email.message_from_string(head + "\n\n", policy=policy.compat32)
    charset = headers.get_content_charset() or "us-ascii"
    head = filling.fill(head, markup=False, charset=charset)
    raw_head = head.replace("\n", "\r\n").encode("ascii")
    kind = headers.get_content_type()
    if kind.startswith("multipart/"):
        boundary = headers.get_param("boundary")
        assert isinstance(boundary, str), "a multipart shape needs its boundary"
        pieces = re.split(rf"^--{re.escape(boundary)}(--)?[ \t]*$\n?", body, flags=re.M)
        # re.split with one group: preamble, (closing?, part)... ; the part after the closing mark is the epilogue
        out = [raw_head, b"\r\n\r\n", pieces[0].replace("\n", "\r\n").encode("ascii")]
        index = 1
        while index + 1 < len(pieces):
            closing, part = pieces[index], pieces[index + 1]
            if closing:
                out.append(f"--{boundary}--\r\n".encode("ascii"))
                out.append(part.replace("\n", "\r\n").encode("ascii"))
            else:
                out.append(f"--{boundary}\r\n".encode("ascii"))
                out.append(_entity(part.rstrip("\n") + "\n", filling))
                out.append(b"\r\n")
            index += 2
        return b"".join(out)
    text = filling.fill(body, markup=kind == "text/html", charset=charset)
    encoding = (headers.get("Content-Transfer-Encoding") or "7bit").strip().lower()
    data = text.encode(_codec(charset), errors="xmlcharrefreplace" if kind == "text/html" else "replace")
    if encoding == "base64":
        data = data.replace(b"\n", b"\r\n")  # text is sent with CRLF line ends
        encoded = base64.encodebytes(data).replace(b"\n", b"\r\n")
    elif encoding == "quoted-printable":
        encoded = quopri.encodestring(data).replace(b"\n", b"\r\n")
    else:
        if encoding == "7bit":
            assert data.isascii(), "a 7bit part must be ASCII once encoded"
        encoded = data.replace(b"\n", b"\r\n")
    return raw_head + b"\r\n\r\n" + encoded


_CODECS = {"gb2312": "gbk", "shift_jis": "cp932", "iso-2022-jp": "iso2022_jp", "big5": "big5"}


def _codec(charset: str) -> str:
    return _CODECS.get(charset.lower(), charset)


# -- what a built message is ------------------------------------------------------------------------


def describe(raw: bytes) -> dict[str, Any]:
    """Form (plain, plain+html, html), charsets, transfer encodings and format=flowed of a built reply."""
    message = email.message_from_bytes(raw, policy=policy.compat32)
    kinds, charsets, encodings, flowed = [], set(), set(), False
    for part in message.walk():
        if part.is_multipart():
            continue
        kinds.append(part.get_content_type())
        charsets.add((part.get_content_charset() or "us-ascii").lower())
        encodings.add((part.get("Content-Transfer-Encoding") or "7bit").strip().lower())
        flowed = flowed or str(part.get_param("format") or "").lower() == "flowed"
    form = "+".join(sorted({{"text/plain": "plain", "text/html": "html"}.get(k, k) for k in kinds},
                           key=lambda k: k != "plain"))
    return {"form": form, "charsets": sorted(charsets), "encodings": sorted(encodings), "flowed": flowed}
