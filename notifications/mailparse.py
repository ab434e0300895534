"""Reading a raw RFC 5322 message: headers we trust, the reply's own words, auto-reply detection.

Only Python's ``email`` package touches MIME. The reply
text is found in three steps:

1. the body: the first ``text/plain`` part that is not an attachment, else the
   ``text/html`` part turned into text with quoted blocks left out (Gmail's
   ``gmail_quote``, Apple Mail's and Thunderbird's ``blockquote type=cite``,
   Outlook's ``divRplyFwdMsg``/``appendonsend``);
2. the quote: ``>`` lines and quote headers ("On … wrote:" in several
   languages) are removed wherever they are, which serves top-posting,
   bottom-posting and inline answers alike; an unquoted original (Outlook's
   "-----Original Message-----" or "From:/Sent:" block) ends the reply;
3. the signature: everything after a ``-- `` line, and the one-line
   "Sent from my phone" tails mail apps add.

No dependency does this well across languages and HTML-only mail (the
maintained parsers handle English plain text), so this is a small, tested
stripper; the fixtures under ``tests/email/fixtures/`` are its specification.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.header import decode_header, make_header
from email.message import Message
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

# -- headers --------------------------------------------------------------------------


@dataclass
class ParsedMail:
    message_id: str
    from_address: str
    from_name: str
    recipients: list[str]
    subject: str
    in_reply_to: str
    references: list[str]
    auto_reason: str  # why it is an automatic mail, or ""
    body: str  # the whole text body (quotes and all)
    reply_text: str  # the reply's own words
    headers: dict[str, str] = field(default_factory=dict)


def header_message_id(raw: bytes) -> str:
    """The Message-ID of a raw message from its header block alone (cheap, for de-duplication)."""
    head = raw[:65536]
    end = head.find(b"\r\n\r\n")
    if end < 0:
        end = head.find(b"\n\n")
    try:
        headers = BytesHeaderParser(policy=policy.compat32).parsebytes(head[: end if end >= 0 else len(head)])
        value = headers.get("Message-ID", "") or ""
    except Exception:  # noqa: BLE001 - a message we cannot even read headers of gets a content hash id
        value = ""
    value = " ".join(str(value).split())
    return value[:255]


def _header(message: Message, name: str) -> str:
    """A header's raw value, unfolded (compat32 keeps it as sent: cheap, and enough for our checks)."""
    try:
        value = message.get(name)
    except Exception:  # noqa: BLE001 - malformed header values: treat as absent
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def _decoded_header(message: Message, name: str) -> str:
    """A header with its RFC 2047 encoded words decoded (for text a person wrote: the subject)."""
    raw = _header(message, name)
    try:
        return " ".join(str(make_header(decode_header(raw))).split())
    except Exception:  # noqa: BLE001 - a broken encoded word: keep the raw text
        return raw


def _addresses(message: Message, *names: str) -> list[str]:
    values: list[str] = []
    for name in names:
        try:
            values += [str(v) for v in (message.get_all(name) or [])]
        except Exception:  # noqa: BLE001
            continue
    return [addr.lower() for _, addr in getaddresses(values) if addr]


_RE_PREFIX = re.compile(r"^\s*((re|fwd?|aw|wg|sv|vs|antw|tr|rif|r|enc|odp|ynt)\s*(\[\d+\])?\s*:\s*)+", re.I)


def clean_subject(subject: str) -> str:
    """The subject without ``Re:``/``Fwd:`` and their translations (``AW:``, ``SV:``, ``TR:``…)."""
    return _RE_PREFIX.sub("", subject or "").strip()


# -- automatic mail --------------------------------------------------------------------

_AUTO_SUBJECT = re.compile(
    r"^(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|abwesenheit|r[ée]ponse automatique|"
    r"autosvar|respuesta autom[aá]tica|undeliver(ed|able)|delivery status notification|mail delivery failed)",
    re.I)


def auto_reason(message: Message, envelope_sender: str | None) -> str:
    """Why this mail was sent by a machine (then it gets no answer and changes nothing), or ""."""
    if envelope_sender is not None and envelope_sender.strip() in ("", "<>"):
        return "empty envelope sender (a bounce)"
    auto = _header(message, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = _header(message, "Precedence").lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    for name in ("X-Autoreply", "X-Autorespond", "X-Auto-Reply"):
        if _header(message, name):
            return f"{name} header"
    if _header(message, "X-Auto-Response-Suppress").lower() in ("all", "oof", "autoreply"):
        # Outlook sets this on its own automatic replies (and we set it on ours).
        if _header(message, "X-MS-Exchange-Generated-Message-Source") or _AUTO_SUBJECT.match(
                _header(message, "Subject")):
            return "Outlook automatic reply"
    if message.get_content_type() == "multipart/report":
        return "delivery report"
    sender = parseaddr(_header(message, "From"))[1].lower()
    if sender.split("@")[0] in ("mailer-daemon", "postmaster"):
        return "mail system sender"
    if _AUTO_SUBJECT.match(_header(message, "Subject")):
        return "automatic reply subject"
    return ""


# -- body -------------------------------------------------------------------------------


def _decode(part: Message) -> str:
    """A text part's content: transfer encoding undone, then its charset (or a sensible guess)."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    # An unknown or lying charset is decoded as best we can rather than refusing the mail.
    for charset in (part.get_content_charset() or "utf-8", "utf-8", "cp1252"):
        try:
            return payload.decode(charset)
        except (LookupError, UnicodeError):
            continue
    return payload.decode("latin-1")


def body_text(message: Message) -> str:
    """The text of the mail: the plain part if there is one, else the HTML part as text."""
    plain = html = None
    for part in message.walk():
        if part.is_multipart() or part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind == "text/plain" and plain is None:
            plain = _decode(part)
        elif kind == "text/html" and html is None:
            html = _decode(part)
    if plain is not None and plain.strip():
        return plain
    if html is not None:
        return html_to_text(html)
    return plain or ""


class _HTMLText(HTMLParser):
    """HTML to text, leaving out quoted blocks, signatures and anything invisible."""

    BLOCK = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol", "hr"}
    SKIP = {"blockquote", "style", "script", "head", "title"}
    SKIP_CLASSES = {"gmail_quote", "gmail_attr", "moz-cite-prefix", "gmail_signature", "moz-signature",
                    "applemailsignature"}
    STOP_IDS = {"appendonsend", "divrplyfwdmsg", "mail-editor-reference-message-container"}
    VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip_depth = 0
        self.stack: list[bool] = []  # for each open element: does it start a skipped subtree?
        self.stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.stopped:
            return
        values = {k.lower(): (v or "") for k, v in attrs}
        if values.get("id", "").lower() in self.STOP_IDS:
            self.stopped = True  # Outlook: everything from here down is the quoted mail
            return
        classes = set(values.get("class", "").lower().split())
        skip = (tag in self.SKIP or bool(classes & self.SKIP_CLASSES)
                or "display:none" in values.get("style", "").replace(" ", "").lower())
        if tag in self.BLOCK:
            self.out.append("\n")
        if tag in self.VOID:
            return
        self.stack.append(skip)
        if skip:
            self.skip_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.stopped or tag in self.VOID:
            return
        if self.stack:
            if self.stack.pop():
                self.skip_depth -= 1
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.stopped and self.skip_depth == 0:
            self.out.append(re.sub(r"[ \t\r\n]+", " ", data))


def html_to_text(html: str) -> str:
    parser = _HTMLText()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 - broken HTML: keep what was read
        pass
    text = "".join(parser.out).replace("\xa0", " ")
    return "\n".join(line.strip() for line in text.splitlines())


# -- quotes and signatures ----------------------------------------------------------------

# "On <date>, <name> wrote:" and its translations; may be wrapped over two lines by the client.
_QUOTE_HEADER = re.compile(
    r"^((on|am|le|el|op|il|em|den|d\.|w dniu|il giorno)\b.*\b(wrote|schrieb|a [ée]crit|escribi[óo]|schreef|"
    r"ha scritto|escreveu|skrev|pisze)\b.*|.*\bнаписал\(?а?\)?|.*写道|.*\bwrote)\s*:\s*$",
    re.I)
_SEPARATORS = re.compile(
    r"^(-{2,}\s*(original message|urspr[üu]ngliche nachricht|message d'origine|mensaje original|"
    r"messaggio originale|oorspronkelijk bericht|forwarded message|weitergeleitete nachricht)\s*-{2,}|"
    r"_{10,}|begin forwarded message:)\s*$",
    re.I)
# Outlook's header block of the quoted mail: "From: …" followed closely by "Sent: …" (and translations).
_OUTLOOK_FROM = re.compile(r"^\*?(from|von|de|da|van|från|od)\s*:\*?\s", re.I)
_OUTLOOK_SENT = re.compile(r"^\*?(sent|gesendet|envoy[ée]|enviado|inviato|verzonden|skickat|wysłane|date|datum)\s*:",
                           re.I)
_PHONE_TAILS = re.compile(
    r"^(sent from my \w+|sent from (mail|outlook) for \w+|get outlook for \w+|von meinem \w+ gesendet|"
    r"envoy[ée] de mon \w+|enviado desde mi \w+|inviato da \w+)", re.I)


def _is_quote_header(lines: list[str], index: int) -> int:
    """How many lines the quote header at ``index`` spans (0 if there is none)."""
    line = lines[index].strip()
    if not line:
        return 0
    if _SEPARATORS.match(line):
        return 1
    if _QUOTE_HEADER.match(line):
        return 1
    if index + 1 < len(lines) and _QUOTE_HEADER.match(line + " " + lines[index + 1].strip()):
        # Gmail wraps a long "On …, Name <addr>" line before "wrote:".
        if line.lower().startswith(("on ", "am ", "le ", "el ", "op ", "il ", "em ", "den ", "w dniu")):
            return 2
    if _OUTLOOK_FROM.match(line):
        following = [lines[j].strip() for j in range(index + 1, min(index + 4, len(lines)))]
        if any(_OUTLOOK_SENT.match(f) for f in following):
            return 1
    return 0


def strip_reply(text: str) -> str:
    """The reply's own words: no quoted mail, no quote header, no signature.

    One rule covers top-posting, bottom-posting and inline answers: keep what is
    not quoted, drop quote headers, and stop at an unquoted original (Outlook's
    "From:/Sent:" block or an "Original Message" line), which always comes last.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(_drop_signature(_unquoted(lines))).strip()


def _unquoted(lines: list[str]) -> list[str]:
    kept: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith(">"):
            i += 1
            continue
        span = _is_quote_header(lines, i)
        if span:
            if _OUTLOOK_FROM.match(lines[i].strip()) or _SEPARATORS.match(lines[i].strip()):
                break  # an unquoted Outlook-style original: nothing after it is the reply
            i += span
            continue
        kept.append(lines[i])
        i += 1
    return kept


def _drop_signature(lines: list[str]) -> list[str]:
    kept: list[str] = []
    for line in lines:
        if line.rstrip() in ("--", "-- ") or line == "-- ":
            break
        if _PHONE_TAILS.match(line.strip()):
            continue
        kept.append(line)
    return kept


# -- all together ------------------------------------------------------------------------


def parse(raw: bytes, envelope_sender: str | None = None) -> ParsedMail:
    """Read a raw message. Raises ValueError when it cannot be read as a mail at all."""
    try:
        # compat32 rather than policy.default: it leaves headers as sent instead of parsing every
        # one into objects, which is most of the cost of reading a mail; we decode what we use.
        message = BytesParser(policy=policy.compat32).parsebytes(raw)
    except Exception as error:  # noqa: BLE001 - the parser is lenient; anything it still refuses is malformed
        raise ValueError(f"unreadable message: {error}") from error
    name, address = parseaddr(_header(message, "From"))
    body = body_text(message)
    return ParsedMail(
        message_id=_header(message, "Message-ID"),
        from_address=address.lower(),
        from_name=name,
        recipients=_addresses(message, "To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To"),
        subject=_decoded_header(message, "Subject"),
        in_reply_to=_header(message, "In-Reply-To"),
        references=_header(message, "References").split(),
        auto_reason=auto_reason(message, envelope_sender),
        body=body,
        reply_text=strip_reply(body),
        headers={k: _header(message, k) for k in ("Authentication-Results", "Received-SPF")},
    )
