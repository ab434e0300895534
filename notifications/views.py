"""The dev mailbox: every message the dev backend caught, readable in the browser.

Only served on a local run (``DEV_MAILBOX`` and ``DEBUG``, see
:func:`notifications.devmail.mailbox_open`); it is how a person running
``make run`` reads the sign-up verification mail and the turn emails.
Elsewhere these pages are 404.
"""

from __future__ import annotations

from email.utils import parseaddr
from typing import Any, Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from notifications import tokens
from notifications.devmail import mailbox_open
from notifications.models import DevMail


def _dev_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # Read per request (not at import) so tests and operators can switch it.
        if not mailbox_open():
            raise Http404("the dev mailbox is off")
        return view(request, *args, **kwargs)

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


@_dev_only
def mailbox(request: HttpRequest) -> HttpResponse:
    to = request.GET.get("to", "").strip()
    mails = DevMail.objects.all()
    if to:
        mails = mails.filter(to__icontains=to)
    return render(request, "notifications/mailbox.html", {"mails": mails[:200], "to": to})


@_dev_only
def mail_detail(request: HttpRequest, mail_id: int) -> HttpResponse:
    mail = get_object_or_404(DevMail, pk=mail_id)
    reply_to = parseaddr(mail.headers.get("Reply-To", ""))[1]
    # A game mail carries a reply address: answer it right here, as its recipient would.
    can_reply = tokens.parse_address(reply_to) is not None
    return render(request, "notifications/reply_form.html",
                  {"mail": mail, "can_reply": can_reply, "reply_to": reply_to})
