"""The dev mailbox's reply form: answer a caught mail as its recipient, through the real pipeline.

The reply is built as a mail client would build it (``Re:`` subject,
``In-Reply-To``/``References``, the original quoted under an "On … wrote:"
line), from the recipient's address to the mail's ``Reply-To``, and handed to
:func:`notifications.inbound.receive` exactly as ``ingest_email`` would. Only
served on a local run (:func:`notifications.devmail.mailbox_open`).
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from notifications import inbound, mailparse, tokens
from notifications.devmail import mailbox_open
from notifications.models import DevMail


def quote(text: str) -> str:
    return "\n".join(("> " + line) if line else ">" for line in text.splitlines())


def build_reply(mail: DevMail, text: str) -> tuple[bytes, str, str]:
    """The RFC 5322 reply to ``mail`` with ``text`` on top; returns (raw, from, to)."""
    sender = mail.to[0] if mail.to else ""
    reply_to = parseaddr(mail.headers.get("Reply-To", "") or mail.sender)[1]
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = reply_to
    reply["Subject"] = "Re: " + mailparse.clean_subject(mail.subject)
    reply["Date"] = format_datetime(mail.created_at.now(tz=mail.created_at.tzinfo))
    reply["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "devmail.localhost")
    original_id = mail.headers.get("Message-ID", "")
    if original_id:
        reply["In-Reply-To"] = original_id
        reply["References"] = (mail.headers.get("References", "") + " " + original_id).strip()
    header = f"On {format_datetime(mail.created_at)}, {mail.sender} wrote:"
    reply.set_content(f"{text.strip()}\n\n{header}\n{quote(mail.text)}\n")
    return reply.as_bytes(), sender, reply_to


def reply(request: HttpRequest, mail_id: int) -> HttpResponse:
    if not mailbox_open():
        raise Http404("the dev mailbox is off")
    mail = get_object_or_404(DevMail, pk=mail_id)
    reply_to = parseaddr(mail.headers.get("Reply-To", ""))[1]
    can_reply = tokens.parse_address(reply_to) is not None
    if request.method == "POST" and can_reply:
        text = request.POST.get("text", "")
        if not text.strip():
            messages.error(request, "Write at least one command (for example: help).")
        else:
            raw, sender, to = build_reply(mail, text)
            result = inbound.receive(raw, via="devmail", envelope_sender=sender, recipients=[to])
            messages.success(request, f"Reply sent from {sender} ({result.status}); the answer is in the mailbox.")
            return redirect(reverse("notifications:mailbox") + f"?to={sender}")
    return render(request, "notifications/reply_form.html",
                  {"mail": mail, "can_reply": can_reply, "reply_to": reply_to})
