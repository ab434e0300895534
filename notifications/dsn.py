"""Reading machine reports about our mail: RFC 3464 delivery-status notifications, RFC 5965 (ARF) spam reports.

A DSN is ``multipart/report; report-type=delivery-status``: a human-readable
part, a ``message/delivery-status`` part (one block of per-message fields, then
one block per recipient: ``Final-Recipient``, ``Action``, ``Status``,
``Diagnostic-Code``) and the returned message or its headers
(``message/rfc822`` or ``text/rfc822-headers``). An ARF report is
``multipart/report; report-type=feedback-report`` with a
``message/feedback-report`` part (``Feedback-Type: abuse``, ``Original-Rcpt-To``).

Each recipient is classed by RFC 3463's status code: ``Action: failed`` with a
5.x.x status is a hard bounce, with a 4.x.x status a soft one; ``delayed`` means
the remote system still tries; ``delivered``/``relayed``/``expanded`` mean it
arrived. The returned headers give ``X-Ravenpost-Ref``, which names (and
authenticates) the mail of ours that the report is about.

The reader is total: any input gives a :class:`Report` or None, never an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.message import Message
from email.parser import BytesParser, HeaderParser

MAX_RECIPIENTS = 50
_STATUS = re.compile(r"^\s*([245])\.(\d{1,3})\.(\d{1,3})\b")


@dataclass
class Recipient:
    address: str
    kind: str  # hard, soft, delayed, delivered
    status: str
    diagnostic: str


@dataclass
class Report:
    type: str  # delivery-status or feedback-report
    recipients: list[Recipient] = field(default_factory=list)
    ref: str = ""  # the X-Ravenpost-Ref of the returned message
    original_message_id: str = ""


def _address(value: str | None) -> str:
    """``rfc822; bob@example.com`` → ``bob@example.com``."""
    text = " ".join(str(value or "").split())
    if ";" in text:
        text = text.split(";", 1)[1]
    return text.strip().strip("<>").strip().lower()[:320]


def _kind(action: str, status: str) -> str | None:
    action = action.strip().lower()
    found = _STATUS.match(status or "")
    klass = found.group(1) if found else ""
    if action == "failed":
        return "soft" if klass == "4" else "hard"
    if action == "delayed":
        return "delayed"
    if action in ("delivered", "relayed", "expanded"):
        return "delivered"
    return None


def _returned_headers(report: Message) -> Message | None:
    for part in report.walk():
        kind = part.get_content_type()
        if kind == "message/rfc822":
            payload = part.get_payload()
            if isinstance(payload, list) and payload and isinstance(payload[0], Message):
                return payload[0]
        elif kind == "text/rfc822-headers":
            return HeaderParser(policy=policy.compat32).parsestr(_text(part))
    return None


def _text(part: Message) -> str:
    data = part.get_payload(decode=True)
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else ""


def _blocks(part: Message) -> list[Message]:
    """The field blocks of a ``message/delivery-status`` part (Python parses it into a list of headers)."""
    payload = part.get_payload()
    if isinstance(payload, list):
        return [block for block in payload if isinstance(block, Message)]
    blocks = re.split(r"\r?\n\r?\n", _text(part))
    return [HeaderParser(policy=policy.compat32).parsestr(block) for block in blocks if block.strip()]


def _header(message: Message | None, name: str) -> str:
    if message is None:
        return ""
    try:
        value = message.get(name)
    except Exception:  # noqa: BLE001 - a malformed header is an absent one
        return ""
    return " ".join(str(value).split())[:500] if value is not None else ""


def parse_report(raw: bytes) -> Report | None:
    """The report a raw mail is, or None when it is no delivery or feedback report."""
    try:
        message = BytesParser(policy=policy.compat32).parsebytes(raw)
        if message.get_content_type() != "multipart/report":
            return None
        report_type = str(message.get_param("report-type", "") or "").lower()
        returned = _returned_headers(message)
        report = Report(type=report_type, ref=_header(returned, "X-Ravenpost-Ref"),
                        original_message_id=_header(returned, "Message-ID"))
        for part in message.walk():
            kind = part.get_content_type()
            if kind == "message/delivery-status":
                for block in _blocks(part)[1:MAX_RECIPIENTS + 1]:
                    address = _address(_header(block, "Final-Recipient") or _header(block, "Original-Recipient"))
                    status = _header(block, "Status")
                    found = _kind(_header(block, "Action"), status)
                    if address and found:
                        report.recipients.append(Recipient(address, found, status,
                                                           _header(block, "Diagnostic-Code")))
            elif kind == "message/feedback-report":
                fields = _blocks(part)
                feedback = fields[0] if fields else None
                address = _address(_header(feedback, "Original-Rcpt-To"))
                if not address and returned is not None:
                    address = _address(_header(returned, "To"))
                feedback_type = _header(feedback, "Feedback-Type").lower() or "abuse"
                report.recipients.append(Recipient(address, "complaint", "", f"feedback: {feedback_type}"))
        return report if report.type in ("delivery-status", "feedback-report") else None
    except Exception:  # noqa: BLE001 - a report we cannot read is no report: the mail is dropped all the same
        return None
