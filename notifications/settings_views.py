"""Pages about a person's mail: the settings form, one-click unsubscribe, and proving an address works again.

The settings form lives on the profile page (``accounts``), drawn by the
``mail_settings_panel`` tag; its POST comes here. Unsubscribe follows RFC 8058:
the mail client POSTs ``List-Unsubscribe=One-Click`` to the signed URL from the
``List-Unsubscribe`` header (no cookie, no CSRF token: the signature is the
authority); a person who opens the URL gets a page with a button (a GET never
changes anything, so link scanners cannot unsubscribe anyone).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts.forms import ProfileForm
from accounts.models import User
from accounts.requests import AuthenticatedHttpRequest
from notifications import delivery, links, outbox
from notifications.forms import MailSettingsForm
from notifications.models import MailMode, MailPreference


def _preference(user: User) -> MailPreference:
    return MailPreference.objects.filter(user=user).first() or MailPreference(user=user)


@login_required
@require_POST
def mail_settings(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = MailSettingsForm(request.POST, instance=_preference(request.user))
    if form.is_valid():
        form.save()
        messages.success(request, "Your mail settings were saved.")
        return redirect(reverse("accounts:profile") + "#mail")
    messages.error(request, "Your mail settings were not saved; see the errors below.")
    return render(request, "accounts/profile.html", {"form": ProfileForm(instance=request.user), "mail_form": form},
                  status=400)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user_id = links.unsubscribe_user_id(token)
    user = User.objects.filter(pk=user_id).first() if user_id is not None else None
    if user is None:
        return render(request, "notifications/settings/unsubscribe.html", {"invalid": True}, status=404)
    if request.method == "POST":
        with transaction.atomic():
            pref, _ = MailPreference.objects.select_for_update().get_or_create(user=user)
            pref.mode = MailMode.WEB
            pref.save(update_fields=["mode"])
        one_click = request.POST.get("List-Unsubscribe") == "One-Click"
        if one_click:
            return HttpResponse("unsubscribed: no more game mail\n", content_type="text/plain")
        return render(request, "notifications/settings/unsubscribe.html", {"done": True, "address": user.email})
    return render(request, "notifications/settings/unsubscribe.html",
                  {"address": user.email, "already": _preference(user).mode == MailMode.WEB})


@login_required
@require_POST
def request_address_check(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Send the person a mail with a link that proves mail reaches their address again."""
    address = delivery.normal(request.user.email)
    if delivery.receiving(address):
        messages.info(request, f"Mail to {address} is being delivered; there is nothing to check.")
        return redirect("accounts:profile")
    # At most one check mail an hour: asking again sooner does not mail the address again.
    hour = timezone.now().strftime("%Y%m%d%H")
    written = outbox.write_message(kind="address_check", user_id=request.user.pk,
                                   dedupe_key=f"address-check:{request.user.pk}:{address}:{hour}",
                                   payload={"to": address})
    if written is None:
        messages.info(request, f"A check mail went to {address} less than an hour ago; open the link in it.")
    else:
        messages.success(request, f"We sent a mail to {address}. Open the link in it to receive game mail again.")
    return redirect("accounts:profile")


@require_http_methods(["GET", "POST"])
def confirm_address(request: HttpRequest, token: str) -> HttpResponse:
    check = links.check_from_token(token)
    user = User.objects.filter(pk=check.user_id).first() if check else None
    if check is None or user is None or delivery.normal(user.email) != check.address:
        return render(request, "notifications/settings/confirm_address.html", {"invalid": True}, status=404)
    if request.method == "POST":
        delivery.confirm(check.address)
        return render(request, "notifications/settings/confirm_address.html",
                      {"done": True, "address": check.address})
    return render(request, "notifications/settings/confirm_address.html", {"address": check.address})
