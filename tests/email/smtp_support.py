"""Loopback SMTP helpers for the end-to-end tests: a sink that queues what it receives, free ports."""

from __future__ import annotations

import email
import queue
import socket
from email import policy
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _SinkHandler:
    def __init__(self, inbox: "queue.Queue[EmailMessage]") -> None:
        self.inbox = inbox

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        self.inbox.put(message)
        return "250 OK"


class Sink:
    """An SMTP server on 127.0.0.1 standing in for the players' mail providers."""

    def __init__(self) -> None:
        self.inbox: "queue.Queue[EmailMessage]" = queue.Queue()
        self.port = free_port()
        self.controller = Controller(_SinkHandler(self.inbox), hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> "Sink":
        self.controller.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.controller.stop()

    def drain(self) -> list[EmailMessage]:
        """Everything delivered so far (sending is synchronous here, so nothing is still in flight)."""
        found = []
        while True:
            try:
                found.append(self.inbox.get_nowait())
            except queue.Empty:
                return found


def text_of(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def examples_in(message: EmailMessage) -> list[str]:
    """The worked examples a turn mail offers (indented lines under "for example:")."""
    return examples_in_text(text_of(message))


def examples_in_text(text: str) -> list[str]:
    """The worked examples in a turn mail's plain text."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Reply with your move on top of this mail"))
    examples = []
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        examples.append(line.strip())
    return examples


def recipient(message: EmailMessage) -> str:
    return parseaddr(str(message["To"]))[1]
