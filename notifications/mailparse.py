"""Reading a raw RFC 5322 message: headers we trust, the reply's own words, auto-reply detection.

Only Python's ``email`` package touches MIME. The reply text is found in four
steps:

1. the body: the first ``text/plain`` part that is not an attachment (RFC 3676
   ``format=flowed`` lines joined), else the ``text/html`` part as text, with
   quoted blocks written as ``>`` lines (``blockquote``, Gmail's ``gmail_quote``,
   Thunderbird's ``moz-cite-prefix``, Yahoo's ``yahoo_quoted``) and the start of
   Outlook's, Hotmail's and Zimbra's quoted mail (``divRplyFwdMsg``,
   ``stopSpelling``, ``<hr>``, a border-top header div) as a separator line;
2. the copy of the answered mail, when its text is given (``originals``, found
   by :mod:`notifications.originals`): found by its words however the client
   quoted, wrapped or re-flowed it, and dropped with the header or attribution
   block just above it, in any language (see "the copy of the mail being
   answered" below);
3. the quote: ``>`` lines and quote headers ("On … wrote:" in many languages,
   and any line ending in ``:`` that names an address or a date over a quote)
   are removed wherever they are, which serves top-posting, bottom-posting and
   inline answers alike; an unquoted original ("-----Original Message-----", a
   From/Sent/To/Subject block in any of some thirty languages, "On … wrote:"
   over unquoted text) ends the reply;
4. the signature: everything after a ``-- `` line, and the "Sent from my
   phone" lines mail apps add, in many languages.

The maintained parsers (quotequail, mail-parser-reply, email-reply-parser,
talon, unquotemail, email-reply-extractor) were measured on the reply corpus
of ``tests/email/corpus/`` and the fixtures: the best reads 17 of 37 moves
alone, these rules 34 without the answered mail and all 37 with it (figures and
reasons in that folder's README), so none is a dependency. The corpus and
``tests/email/fixtures/`` are this module's specification.

Reading is total and bounded: a message that cannot be read raises ValueError
and nothing else; HTML is tokenized in one pass (not with ``html.parser``,
whose unclosed-tag handling is quadratic); at most ``MAX_READ_CHARS`` of a body
and ``MAX_COMPARED_WORDS`` words of it are examined.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from email import policy
from email.header import decode_header, make_header
from email.message import Message
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses

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


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _decoded_header(message: Message, name: str) -> str:
    """A header with its RFC 2047 encoded words decoded (for text a person wrote: the subject)."""
    raw = _header(message, name)
    if "=?" not in raw:
        text = raw  # no encoded word: decoding would give the same text back
    else:
        try:
            text = " ".join(str(make_header(decode_header(raw))).split())
        except Exception:  # noqa: BLE001 - a broken encoded word: keep the raw text
            text = raw
    # A subject is copied into the answer: no control character (a NUL cannot even be stored).
    return _CONTROL.sub("", text)


# Addresses read once per message: parse() reads the From and To headers for several purposes, and
# email.utils' address parser walks a header character by character.
_AddressMemo = dict[str, list[tuple[str, str]]]


def _address_list(value: str, memo: _AddressMemo | None = None) -> list[tuple[str, str]]:
    """``getaddresses([value])``, kept in ``memo`` for the rest of the message."""
    if memo is None:
        return getaddresses([value])
    found = memo.get(value)
    if found is None:
        found = memo[value] = getaddresses([value])
    return found


def _addresses(message: Message, *names: str, memo: _AddressMemo | None = None) -> list[str]:
    values: list[str] = []
    for name in names:
        try:
            values += [str(v) for v in (message.get_all(name) or [])]
        except Exception:  # noqa: BLE001
            continue
    return [addr.lower() for _, addr in _address_list(", ".join(values), memo) if addr]


_RE_PREFIX = re.compile(r"^\s*((re|fwd?|aw|wg|sv|vs|antw|tr|rif|r|enc|odp|ynt|res|отв|ответ|回复|答复|回覆|返信|转发|"
                        r"השב|رد)\s*(\[\d+\])?\s*[:：]\s*)+", re.I)


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
    return _auto_reason(message, envelope_sender, None)


def _auto_reason(message: Message, envelope_sender: str | None, memo: _AddressMemo | None) -> str:
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
    sender = _first_address(_header(message, "From"), memo)[1].lower()
    if sender.split("@")[0] in ("mailer-daemon", "postmaster"):
        return "mail system sender"
    if _AUTO_SUBJECT.match(_header(message, "Subject")):
        return "automatic reply subject"
    return ""


# -- body -------------------------------------------------------------------------------

# Labels mail clients put on text that Python's codecs know under another (usually wider) name.
_CHARSETS: dict[str, tuple[str, ...]] = {
    "us-ascii": ("ascii",),
    "iso-8859-1": ("cp1252", "latin-1"), "latin1": ("cp1252", "latin-1"), "iso8859-1": ("cp1252", "latin-1"),
    "gb2312": ("gb18030",), "gbk": ("gb18030",), "x-gbk": ("gb18030",), "cp936": ("gb18030",),
    "euc-cn": ("gb18030",), "big5": ("big5hkscs", "cp950"), "x-big5": ("big5hkscs", "cp950"),
    "shift_jis": ("cp932", "shift_jis_2004"), "shift-jis": ("cp932", "shift_jis_2004"), "x-sjis": ("cp932",),
    "sjis": ("cp932",), "windows-31j": ("cp932",),
    "iso-2022-jp": ("iso2022_jp", "iso2022_jp_2", "iso2022_jp_ext"),
    "ks_c_5601-1987": ("cp949",), "euc-kr": ("cp949",), "iso-8859-8-i": ("iso-8859-8",),
    "windows-874": ("cp874",), "tis-620": ("cp874",), "unicode-1-1-utf-7": ("utf-7",),
    "x-user-defined": ("cp1252",),
}
_META_CHARSET = re.compile(rb"<meta[^>]{0,200}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{1,40})", re.I)


def _decode_bytes(data: bytes, charset: str | None) -> str:
    """Bytes in a declared charset as text; a wrong or unknown label is decoded as best we can."""
    declared = (charset or "").strip().strip("\"'").lower()
    names = [*_CHARSETS.get(declared, (declared,) if declared else ()), "utf-8", "cp1252"]
    for name in names:
        try:
            return data.decode(name)
        except (LookupError, UnicodeError):
            continue
    for name in names[:-2]:  # a known charset with a few bad bytes: keep the rest of the text
        try:
            return data.decode(name, errors="replace")
        except LookupError:
            continue
    return data.decode("latin-1")


def _decode(part: Message) -> str:
    """A text part's content: transfer encoding undone, then its charset (or a sensible guess)."""
    try:
        payload = part.get_payload(decode=True)
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001 - a broken part is read as empty
        return ""
    if not isinstance(payload, bytes):
        return ""
    if charset is None and part.get_content_type() == "text/html":
        found = _META_CHARSET.search(payload[:4096])
        charset = found.group(1).decode("ascii") if found else None
    text = _decode_bytes(payload, charset)
    if part.get_content_type() == "text/plain" and str(part.get_param("format") or "").lower() == "flowed":
        text = unflow(text, str(part.get_param("delsp") or "").lower() == "yes")
    return text


def unflow(text: str, delsp: bool = False) -> str:
    """RFC 3676 ``format=flowed`` text as the lines its writer meant (soft line breaks joined).

    Quoted lines keep their depth, written ``> `` per level.
    """
    out: list[str] = []
    paragraph: str | None = None
    depth_of_paragraph = 0
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing
        soft = content.endswith(" ") and content.rstrip(" ") != "--"
        if soft and delsp:
            content = content[:-1]
        if paragraph is not None and depth != depth_of_paragraph:
            out.append(_with_depth(depth_of_paragraph, paragraph))  # a flowed line ended by a change of depth
            paragraph = None
        paragraph = content if paragraph is None else paragraph + content
        depth_of_paragraph = depth
        if not soft:
            out.append(_with_depth(depth, paragraph))
            paragraph = None
    if paragraph is not None:
        out.append(_with_depth(depth_of_paragraph, paragraph))
    return "\n".join(out)


MAX_QUOTE_DEPTH = 32  # deeper quotes are written as this deep


def _with_depth(depth: int, text: str) -> str:
    if not depth:
        return text
    return ">" * min(depth, MAX_QUOTE_DEPTH) + (" " + text if text else "")


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


# A body is read for the reply's words up to here: twice the longest reply text the pipeline reads as commands
# (INBOUND_EMAIL_MAX_BODY_CHARS), so a longer text is still refused as too long, and time stays bounded.
MAX_READ_CHARS = 2 * 1024 * 1024
MAX_HTML_CHARS = MAX_READ_CHARS
SEPARATOR_LINE = "_" * 32  # what an <hr> or an Outlook reply header's border becomes (as Outlook writes it)


# The tokenizer is ours rather than html.parser's, whose handling of unclosed tags takes quadratic
# time (a few kilobytes of "<a <a <a ..." keep it busy for seconds): here every "<" costs at most one
# bounded match.
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:_.-]{0,40})([^<>]{0,2000}?)>")
_ATTRIBUTE = re.compile(r"""([^\s=/"'<>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'<>]+))?""")
_RAW_TEXT = ("script", "style", "textarea", "title", "xmp")


def _attributes(text: str) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for name, value in _ATTRIBUTE.findall(text):
        if value[:1] in ("'", '"'):
            value = value[1:-1]
        found.append((name.lower(), html.unescape(value) if value else None))
    return found


# A tag without attributes (most of them) reads these instead of new empty ones.
_NO_ATTRIBUTES: dict[str, str] = {}
_NO_CLASSES: frozenset[str] = frozenset()


class _HTMLText:
    """HTML to text as a reader sees it: quoted blocks written as ``>`` lines, invisible parts left out.

    Quoting is kept rather than dropped so that the text rules (and the copy of
    the original) decide, the same way for plain and HTML mail.
    """

    BLOCK = {"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol", "dl",
             "dt", "dd", "blockquote", "section", "article", "header", "footer", "center", "address",
             "figure", "form"}
    SKIP = {"style", "script", "head", "title", "template", "xml"}
    QUOTE_CLASSES = {"gmail_quote", "gmail_attr", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote",
                     "zmail_extra", "fairemail_quote", "quote"}
    SKIP_CLASSES = {"gmail_signature", "moz-signature", "applemailsignature", "yahoo_signature"}
    # Where Outlook, Outlook.com, Hotmail and Zimbra start the quoted mail: drawn as a separator line.
    SEPARATOR_IDS = {"appendonsend", "divrplyfwdmsg", "mail-editor-reference-message-container",
                     "stopspelling", "zwchr", "olk_src_body_section"}
    VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source", "embed",
            "param", "track", "keygen"}
    IMPLIED_END = {"p", "li", "dt", "dd", "tr", "td", "th", "option"}
    MAX_STACK = 4000
    MATCH_DEPTH = 24  # an end tag closes one of the innermost open elements, or nothing

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []
        self.current_depth: int | None = None
        self.stack: list[tuple[str, int]] = []  # (tag, flags) of the open elements
        self.skip = self.quote = self.pre = 0

    SKIPS, QUOTES, PRE = 1, 2, 4

    def feed(self, markup: str) -> None:
        """Read ``markup`` in one pass: text, tags, comments, each found with a bounded look ahead."""
        lowered = markup.lower()
        position, end = 0, len(markup)
        while position < end:
            start = markup.find("<", position)
            if start < 0:
                self.handle_data(html.unescape(markup[position:]))
                break
            if start > position:
                self.handle_data(html.unescape(markup[position:start]))
            if markup.startswith("<!--", start):
                close = markup.find("-->", start + 4)
                position = end if close < 0 else close + 3
                continue
            if markup.startswith(("<!", "<?"), start):
                close = markup.find(">", start + 2)
                position = end if close < 0 else close + 1
                continue
            tag = _TAG.match(markup, start)
            if tag is None:
                self.handle_data("<")
                position = start + 1
                continue
            name = tag.group(2).lower()
            position = tag.end()
            if tag.group(1):
                self.handle_endtag(name)
                continue
            attributes = tag.group(3)
            self.handle_starttag(name, _attributes(attributes) if attributes else [])
            if attributes.rstrip().endswith("/") and name not in self.VOID and self.stack \
                    and self.stack[-1][0] == name:
                self._close(len(self.stack) - 1)
            if name in _RAW_TEXT:
                close = lowered.find("</" + name, position)
                close = end if close < 0 else close
                self.handle_data(html.unescape(markup[position:close]))
                position = close

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k.lower(): (v or "") for k, v in attrs} if attrs else _NO_ATTRIBUTES
        if tag in self.IMPLIED_END and self.stack and self.stack[-1][0] == tag:
            self._close(len(self.stack) - 1)
        style = values.get("style", "")
        if style:
            style = style.replace(" ", "").lower()
        if values.get("id", "").lower() in self.SEPARATOR_IDS or (
                tag in ("div", "p") and "border-top" in style and "solid" in style and "padding" in style):
            self._separator()
        if tag in self.BLOCK:
            self._end_line(False)
        if tag == "br":
            self._end_line(True)
        elif tag == "hr":
            self._separator()
        if tag in self.VOID or len(self.stack) >= self.MAX_STACK:
            return
        named = values.get("class")
        classes = {c[-12:] if c.endswith("yahoo_quoted") else c for c in named.lower().split()} if named else _NO_CLASSES
        flags = 0
        if tag in self.SKIP or classes & self.SKIP_CLASSES or "display:none" in style:
            flags |= self.SKIPS
        if tag == "blockquote" or classes & self.QUOTE_CLASSES:
            flags |= self.QUOTES
        if tag in ("pre", "textarea", "plaintext"):
            flags |= self.PRE
        self.stack.append((tag, flags))
        self._count(flags, 1)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if tag in self.BLOCK:
            self._end_line(False)  # the block's last line, read while the block (a <pre>) is still open
        for index in range(len(self.stack) - 1, max(-1, len(self.stack) - 1 - self.MATCH_DEPTH), -1):
            if self.stack[index][0] == tag:
                self._close(index)
                break

    def _close(self, index: int) -> None:
        while len(self.stack) > index:
            _, flags = self.stack.pop()
            if flags & self.QUOTES:
                self._end_line(False)  # the quote's last line keeps its depth
            self._count(flags, -1)

    def _count(self, flags: int, step: int) -> None:
        if flags & self.SKIPS:
            self.skip += step
        if flags & self.QUOTES:
            self.quote += step
        if flags & self.PRE:
            self.pre += step

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre:
            pieces = data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            for index, piece in enumerate(pieces):
                if index:
                    self._end_line(True)
                self._add(piece.replace("\xa0", " "))
            return
        self._add(_SPACES.sub(" ", data))

    def _add(self, text: str) -> None:
        if not text:
            return
        if self.current_depth is None and text.strip():
            self.current_depth = self.quote
        self.current.append(text)

    def _end_line(self, always: bool) -> None:
        text = "".join(self.current)
        if text.strip() or always:
            depth = self.quote if self.current_depth is None else self.current_depth
            text = text.rstrip() if self.pre else text.strip()
            self.lines.append(_with_depth(depth, text))
        self.current, self.current_depth = [], None

    def _separator(self) -> None:
        self._end_line(False)
        if not self.skip:
            self.lines.append(_with_depth(self.quote, SEPARATOR_LINE))

    def text(self) -> str:
        self._end_line(False)
        return "\n".join(self.lines)


_SPACES = re.compile(r"[ \t\r\n\f\xa0\u200b]+")


def html_to_text(markup: str) -> str:
    parser = _HTMLText()
    parser.feed(markup[:MAX_HTML_CHARS])
    return parser.text()


# -- the parts of a reply that are not the player's words -------------------------------------

MAX_HEADER_LINE = 400  # a longer line is never a quote header (and the patterns stay linear)

# Direction marks and other invisible characters clients wrap names, dates and RTL text in.
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\u061c\ufeff\u00ad]")


def _clean(line: str) -> str:
    return _INVISIBLE.sub("", line).replace("\xa0", " ").strip()


def _is_quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _unquote(line: str) -> str:
    return re.sub(r"^\s*(>\s?)+", "", line)


# "On <date>, <name> wrote:" and its translations; may be wrapped over two lines by the client.
_QUOTE_HEADER = re.compile(
    r"^((on|am|le|el|op|il|em|den|d\.|w dniu|il giorno|dne|dňa)\b.{0,300}?\b(wrote|schrieb|a [ée]crit|"
    r"escribi[óo]|schreef|ha scritto|escreveu|skrev|pisze|napisał\(?a?\)?|napsal\(?a?\)?|"
    r"kirjoitti)\b.{0,200}?|"
    r".{0,300}?(\bнаписал\(?а?\)?|\bнаписав\(?ла\)?|\bпишет|写道|寫道|書きました|のメッセージ|כתב\(?ה?\)?|كتب|"
    r"\byazdı|έγραψε|작성)|.{0,300}?\bwrote)\s*[:：]\s*$",
    re.I)
_SEPARATORS = re.compile(
    r"^(-{2,}\s*(original message|urspr[üu]ngliche nachricht|message d'origine|mensaje original|"
    r"messaggio originale|oorspronkelijk bericht|forwarded message|weitergeleitete nachricht|"
    r"mensagem original|oryginalna wiadomość|wiadomość oryginalna|originalmeddelande|исходное сообщение|"
    r"пересылаемое сообщение|переслане повідомлення|原始邮件|原始郵件|元のメッセージ|הודעה מקורית|"
    r"الرسالة الأصلية|orijinal ileti|alkuperäinen viesti|původní zpráva)\s*-{2,}|"
    r"_{10,}|begin forwarded message:|début du message réexpédié\s*:)\s*$",
    re.I)

# The labels of a quoted mail's header block (Outlook, Windows Mail, AOL, Yahoo, ...), by meaning.
_LABELS: dict[str, str] = {}
for _kind, _names in {
    "from": "from von de da van från fra od от від 差出人 发件人 寄件者 發件人 מאת من kimden lähettäjä feladó "
            "από 보낸사람 expéditeur remitente absender",
    "date": "sent date gesendet datum envoyé envoyéle enviado enviada fecha data inviato verzonden verstuurd "
            "skickat sendt wysłano wysłane отправлено дата надіслано 送信日時 日付 发送时间 发送日期 日期 时间 "
            "寄件日期 傳送時間 傳送日期 נשלח תאריך تمالإرسال التاريخ gönderildi tarih lähetetty päivämäärä "
            "elküldve dátum στάλθηκε ημερομηνία 보낸날짜",
    "to": "to an à a para aan till til do кому komu 宛先 收件人 收件者 אל إلى kime vastaanottaja címzett προς "
          "받는사람 destinataire",
    "cc": "cc kopie copie copia kopia копия 抄送 副本 עותק نسخة bilgi",
    "subject": "subject betreff objet asunto assunto oggetto onderwerp ämne emne temat тема 件名 主题 主旨 נושא "
               "الموضوع konu aihe tárgy θέμα 제목 subiect",
}.items():
    for _name in _names.split():
        _LABELS[_name] = _kind
_LABEL_LINE = re.compile(r"^\**([^\W\d_][^:：<>@\d]{0,30}?)\**\s*[:：]\**\s*(.*)$")
_ADDRESS = re.compile(r"[\w.+'=-]+@[\w-]+(\.[\w-]+)+|mailto:|<\s*$")
_TIME = re.compile(r"(?<!\d)\d{1,2}\s?[:：]\s?\d{2}(?!\d)")
_DATE = re.compile(r"(?<![\d.])(\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|(19|20)\d{2})(?![\d])")


def _label(line: str) -> tuple[str, str] | None:
    """(kind, value) of a "Label: value" line of a known header label, or None."""
    found = _LABEL_LINE.match(line)
    if found is None:
        return None
    label = found.group(1).casefold().replace(" ", "")
    kind = _LABELS.get(label)
    return (kind, found.group(2) or "") if kind else None


def _dated(line: str) -> bool:
    return bool(_DATE.search(line) or _TIME.search(line))


_COLON = re.compile("[:：]")


def _header_block_at(lines: list[str], index: int) -> bool:
    """Whether a quoted mail's header block (From/Sent/To/Subject in any language) starts here."""
    if not _COLON.search(lines[index]):
        return False
    first = _label(_clean(lines[index]))
    if first is None or first[0] not in ("from", "date", "subject"):
        return False
    seen = 0
    for line in lines[index + 1:index + 8]:
        text = _clean(line)
        if not text:
            continue
        seen += 1
        other = _label(text)
        if other is not None and other[0] != first[0]:
            return True
        if seen >= 4:
            break
    return False


def _attribution(lines: list[str], index: int) -> tuple[int, bool]:
    """How many lines an "On …, … wrote:" line at ``index`` spans (0: none), and whether it names an address
    or a date (then it surely introduces a quoted mail)."""
    following = lines[index + 1] if index + 1 < len(lines) else ""
    if not _COLON.search(lines[index]) and not _COLON.search(following):
        return 0, False  # an attribution ends with a colon, on its line or on the next (wrapped)
    line = _clean(lines[index])
    if not line or len(line) > MAX_HEADER_LINE or _is_quoted(line):
        return 0, False
    following = _clean(following)
    if len(following) > MAX_HEADER_LINE or _is_quoted(following):
        following = ""
    for span, text in ((1, line), (2, f"{line} {following}" if following else "")):
        if not text:
            continue
        ends = text.endswith((":", "："))
        strong = ends and bool(_ADDRESS.search(text) or (_DATE.search(text) and _TIME.search(text)))
        if span == 2 and not (line.endswith("<") or _ADDRESS.search(line) or _dated(line)
                              or line.lower().startswith(("on ", "am ", "le ", "el ", "op ", "il ", "em ",
                                                          "den ", "w dniu"))):
            continue  # a line is only the start of an attribution if it looks like one
        if _QUOTE_HEADER.match(text):
            return span, strong or bool(_ADDRESS.search(text) or _dated(text))
        if strong and _label(line) is None:
            return span, True
    return 0, False


def _next_text(lines: list[str], index: int) -> str | None:
    for line in lines[index:index + 50]:
        if _clean(line):
            return line
    return None


_PHONE_TAILS = re.compile(
    r"^(sent from my .{1,60}|sent from (mail|outlook|yahoo mail|mymail|mail\.ru|aol)\b.{0,60}|"
    r"sent with .{1,60}|"
    r"sent from .{1,40} for (ios|android|windows|iphone|ipad|mac)\b.{0,20}|get outlook for .{1,30}|"
    r"von meinem .{1,40} gesendet|gesendet von .{1,40}|envoy[ée] de (mon|ma) .{1,40}|"
    r"enviado desde mi .{1,40}|enviado do meu .{1,40}|enviado de meu .{1,40}|inviato da(l mio)? .{1,40}|"
    r"verzonden (met|vanaf) mijn .{1,40}|verstuurd vanaf mijn .{1,40}|skickat från min .{1,40}|"
    r"sendt fra min .{1,40}|wysłane z .{1,60}|отправлено (с|из|со) .{1,60}|надіслано з .{1,60}|"
    r".{1,30}から送信|发自我的.{1,30}|從我的.{1,30}傳送|נשלח מ.{1,40}|(أرسلت|مرسل|تم الإرسال) من .{1,40}|"
    r"diese nachricht wurde von meinem .{1,80} gesendet.{0,60}|"
    r"sent from my android device with k-9 mail.{0,60})$", re.I)


_MARKS = re.compile("[\u064b-\u065f\u0670]")  # Arabic vowel marks, written or not


def _is_phone_tail(line: str) -> bool:
    text = _MARKS.sub("", _clean(line))
    return len(text) <= 160 and bool(_PHONE_TAILS.match(text))


def _unquoted(lines: list[str]) -> list[str]:
    """The lines not quoted: ``>`` lines and quote headers left out, stopping at an unquoted original."""
    kept: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _is_quoted(line):
            i += 1
            continue
        text = _clean(line)
        if text and len(text) <= MAX_HEADER_LINE:
            if (text[0] in "-_bBdD" and _SEPARATORS.match(text)) or _header_block_at(lines, i):
                break  # an unquoted original (Outlook's header block, "Original Message"): it comes last
            span, strong = _attribution(lines, i)
            if span:
                following = _next_text(lines, i + span)
                if strong and following is not None and not _is_quoted(following):
                    break  # "On … wrote:" over an unquoted copy (Yahoo): nothing after it is the reply
                i += span
                continue
        kept.append(line)
        i += 1
    return kept


def _drop_signature(lines: list[str]) -> list[str]:
    kept: list[str] = []
    for line in lines:
        if line.rstrip() in ("--", "-- ") or line == "-- " or _clean(line) == "--":
            break
        if _is_phone_tail(line):
            continue
        kept.append(line)
    return kept


# -- the copy of the mail being answered ----------------------------------------------------------
#
# The service knows the text of the mail a player answers, so a copy of it in the
# reply is found by its words, however the client quoted, wrapped, re-flowed or
# re-encoded it: the reply and the original are compared as sequences of words
# (letters and digits, case and compatibility forms folded, punctuation and
# spacing ignored), long common runs are chained into blocks in the original's
# order, and the lines a block covers are dropped together with the header or
# attribution block just above it. The player's own lines survive even where
# they repeat a line of the original (an example move): a short run is no copy,
# and a line that interrupts a copy where the original goes on without a break
# is the player's insertion.

MAX_ORIGINALS = 6
MAX_ORIGINAL_CHARS = 200_000
MAX_COMPARED_WORDS = 40_000  # of the reply: words past this are never taken for a copy
RUN = 3  # words: the shortest common run that counts
MAX_CANDIDATES = 32  # places in the original a run may start from (repeated phrases)
CHAIN_GAP = 60  # words skipped (on either side) between two runs of one block
COPY_WORDS = 40  # an unquoted block this long is a copy
COPY_WORDS_UNDER_HEADER = 15  # ... or this long under a quote header
QUOTED_WORDS = 6  # a quoted block this long is a quote of the original (its header is looked for)
HEADER_LINES = 12

_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


@dataclass
class Context:
    """What a reply's headers say about the quoted mail's header block: names, addresses, subject."""

    names: list[str] = field(default_factory=list)
    subject: str = ""

    def mentions(self, text: str) -> bool:
        folded = unicodedata.normalize("NFKC", text).casefold()
        if self.subject and len(self.subject) >= 8 and self.subject in folded:
            return True
        return any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", folded) for name in self.names)


@dataclass
class _Run:
    start: int  # in the reply's words
    origin: int  # in the original's words
    length: int


def _runs(words: list[str], quoted: list[bool], original: list[str]) -> list[_Run]:
    index: dict[tuple[str, ...], list[int]] = {}
    for position in range(len(original) - RUN + 1):
        places = index.setdefault(tuple(original[position:position + RUN]), [])
        if len(places) < MAX_CANDIDATES:
            places.append(position)
    runs: list[_Run] = []
    i, expected = 0, -1
    while i <= len(words) - RUN:
        places = index.get(tuple(words[i:i + RUN]), [])
        if not places or len(set(quoted[i:i + RUN])) != 1:
            i += 1
            continue
        best, best_length = -1, 0
        for place in places:
            length = RUN
            while (i + length < len(words) and place + length < len(original)
                   and words[i + length] == original[place + length] and quoted[i + length] == quoted[i]):
                length += 1
            if length > best_length or (length == best_length and place == expected):
                best, best_length = place, length
        runs.append(_Run(i, best, best_length))
        expected = best + best_length
        i += best_length
    return runs


def _chained(a: _Run, b: _Run, quoted: list[bool]) -> bool:
    skipped_original = b.origin - (a.origin + a.length)
    skipped_reply = b.start - (a.start + a.length)
    return quoted[a.start] == quoted[b.start] and -RUN <= skipped_original <= CHAIN_GAP \
        and skipped_reply <= CHAIN_GAP


def _copied_lines(lines: list[str], originals: Sequence[str], context: Context) -> set[int]:
    """The indexes of the lines that copy one of ``originals``, with the quote header above each copy."""
    words: list[str] = []
    line_of: list[int] = []
    quoted: list[bool] = []
    first_word: list[int] = []
    for number, line in enumerate(lines):
        found = _words(_unquote(line))[:max(0, MAX_COMPARED_WORDS - len(words))] \
            if len(words) < MAX_COMPARED_WORDS else []
        first_word.append(len(words))
        words += found
        line_of += [number] * len(found)
        quoted += [_is_quoted(line)] * len(found)
    first_word.append(len(words))
    reply = _Reply(lines, words, line_of, quoted, first_word)
    dropped: set[int] = set()
    for original in list(originals)[:MAX_ORIGINALS]:
        original_words = _words(original[:MAX_ORIGINAL_CHARS])
        if len(original_words) < RUN:
            continue
        blocks: list[list[_Run]] = []
        for run in _runs(words, quoted, original_words):
            if blocks and _chained(blocks[-1][-1], run, quoted):
                blocks[-1].append(run)
            else:
                blocks.append([run])
        for block in blocks:
            dropped |= _block_lines(block, reply, len(original_words), context)
    return dropped


@dataclass
class _Reply:
    lines: list[str]
    words: list[str]
    line_of: list[int]  # for each word, its line
    quoted: list[bool]  # for each word, whether its line is quoted
    first_word: list[int]  # for each line, its first word (and one past the end)

    def words_in(self, line: int) -> range:
        return range(self.first_word[line], self.first_word[line + 1])


def _block_lines(block: list[_Run], reply: _Reply, original_length: int, context: Context) -> set[int]:
    size = sum(run.length for run in block)
    covered: dict[int, int] = {}
    for run in block:
        for position in range(run.start, run.start + run.length):
            covered[reply.line_of[position]] = covered.get(reply.line_of[position], 0) + 1
    copy_lines = [n for n, count in covered.items() if 2 * count >= len(reply.words_in(n))]
    if not copy_lines:
        return set()
    first, last = min(copy_lines), max(copy_lines)
    header = _header_above(reply.lines, first, context)
    if reply.quoted[block[0].start]:
        if size < min(QUOTED_WORDS, original_length):
            return set()
    elif size < min(COPY_WORDS, original_length) and not (
            header and size >= min(COPY_WORDS_UNDER_HEADER, original_length)):
        return set()
    # Where the original goes on without a break, words between two runs are the player's insertion.
    inserted: set[int] = set()
    for a, b in zip(block, block[1:]):
        if b.origin - (a.origin + a.length) <= 0:
            inserted.update(range(a.start + a.length, b.start))
    kept = {n for n in range(first, last + 1)
            if n not in covered and len(reply.words_in(n)) and all(p in inserted for p in reply.words_in(n))}
    return (set(range(first, last + 1)) - kept) | header


def _header_above(lines: list[str], first: int, context: Context) -> set[int]:
    """The quote header or attribution lines just above line ``first`` (and a separator above them)."""
    found: set[int] = set()
    j = first - 1
    while j >= 0 and first - j <= HEADER_LINES and not _clean(_unquote(lines[j])):
        j -= 1  # blank lines between the header and the copy
    while j >= 0 and len(found) < HEADER_LINES \
            and _is_header_line(_clean(_unquote(lines[j])), lines, j, found, context):
        found.add(j)
        j -= 1
    if found:
        while j >= 0 and min(found) - j <= 3 and not _clean(_unquote(lines[j])):
            j -= 1
        if j >= 0 and _is_separator(_clean(_unquote(lines[j]))):
            found.add(j)
    return found


def _is_separator(text: str) -> bool:
    return bool(_SEPARATORS.match(text)) or (len(text) >= 3 and not _words(text))


def _is_header_line(text: str, lines: list[str], j: int, found: set[int], context: Context) -> bool:
    if not text or len(text) > MAX_HEADER_LINE:
        return False
    if _is_separator(text):
        return True  # "-----Original Message-----", "_____", "-- -- --"
    signal = bool(_ADDRESS.search(text) or _dated(text) or context.mentions(text))
    label = _LABEL_LINE.match(text)
    if label is not None and not (label.group(2) or "").startswith("//") \
            and (_label(text) is not None or signal):
        return True
    if text.endswith((":", "：")) and (signal or _QUOTE_HEADER.match(text)):
        return True
    below = _clean(_unquote(lines[j + 1])) if j + 1 < len(lines) else ""
    return (j + 1 in found and below.endswith((":", "：")) and signal
            and (text.endswith("<") or (len(text) >= 30 and not text.endswith((".", "!", "?")))))


# -- all together ------------------------------------------------------------------------


def strip_reply(text: str, originals: Sequence[str] | None = None, context: Context | None = None) -> str:
    """The reply's own words: no copy of the answered mail, no quote, no quote header, no signature.

    With ``originals`` (the text of the mail being answered), its copy is
    dropped wherever it is, quoted or not. Then one rule covers top-posting,
    bottom-posting and inline answers: keep what is not quoted, drop quote
    headers, and stop at an unquoted original (Outlook's "From:/Sent:" block or
    an "Original Message" line), which always comes last.
    """
    lines = text[:MAX_READ_CHARS].replace("\r\n", "\n").replace("\r", "\n").split("\n")
    by_rules = _tidy(_drop_signature(_unquoted(lines)))
    if not originals:
        return by_rules
    dropped = _copied_lines(lines, originals, context or Context())
    by_copy = _tidy(_drop_signature(_unquoted([line for number, line in enumerate(lines) if number not in dropped])))
    # The copy is found by the words of the mail as it is rendered now; a quote of an older rendering
    # (the templates changed since it was sent) can leave a few of its lines unmatched. When the rules
    # alone read a part of the same text, those leftovers are the difference: the shorter reading wins.
    # When they read nothing (a copy pasted without any quote mark), the copy's reading stands.
    if by_rules and by_rules != by_copy and _is_part_of(by_rules, by_copy):
        return by_rules
    return by_copy


def _is_part_of(shorter: str, longer: str) -> bool:
    """Whether every line of ``shorter`` is in ``longer``, in the same order."""
    rest = iter(longer.split("\n"))
    return all(any(line == other for other in rest) for line in shorter.split("\n"))


def _tidy(lines: list[str]) -> str:
    """Trailing spaces off, runs of blank lines made one, blank lines at either end dropped."""
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if not _clean(line):
            line = ""
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip("\n")


def _first_address(value: str, memo: _AddressMemo | None) -> tuple[str, str]:
    """``parseaddr(value)``, through ``memo``."""
    found = _address_list(value, memo)
    return found[0] if found else ("", "")


def _context(message: Message, subject: str, memo: _AddressMemo | None = None) -> Context:
    names: list[str] = []
    for header in ("From", "To", "Cc", "Reply-To"):
        for name, address in _address_list(_decoded_header(message, header), memo):
            names += [word for word in _words(name) if len(word) >= 3]
            if address:
                names.append(unicodedata.normalize("NFKC", address).casefold())
    return Context(names=sorted(set(names))[:40],
                   subject=unicodedata.normalize("NFKC", clean_subject(subject)).casefold())


def parse(raw: bytes, envelope_sender: str | None = None,
          originals: Sequence[str] | None = None) -> ParsedMail:
    """Read a raw message. Raises ValueError when it cannot be read as a mail at all.

    ``originals``: the text(s) of the mail being answered (see :mod:`notifications.originals`);
    a copy of one of them in the reply is not part of the reply's words.
    """
    try:
        # compat32 rather than policy.default: it leaves headers as sent instead of parsing every
        # one into objects, which is most of the cost of reading a mail; we decode what we use.
        message = BytesParser(policy=policy.compat32).parsebytes(raw)
    except Exception as error:  # noqa: BLE001 - the parser is lenient; anything it still refuses is malformed
        raise ValueError(f"unreadable message: {error}") from error
    try:
        memo: _AddressMemo = {}
        name, address = _first_address(_header(message, "From"), memo)
        subject = _decoded_header(message, "Subject")
        body = body_text(message)
        reply_text = strip_reply(body, originals, _context(message, subject, memo))
        return ParsedMail(
            message_id=_header(message, "Message-ID"),
            from_address=address.lower(),
            from_name=name,
            recipients=_addresses(message, "To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To", memo=memo),
            subject=subject,
            in_reply_to=_header(message, "In-Reply-To"),
            references=_header(message, "References").split(),
            auto_reason=_auto_reason(message, envelope_sender, memo),
            body=body,
            reply_text=reply_text,
            headers={k: _header(message, k) for k in ("Authentication-Results", "Received-SPF")},
        )
    except Exception as error:  # noqa: BLE001 - e.g. a message nested past what the parser can walk
        raise ValueError(f"unreadable message: {type(error).__name__}") from error
