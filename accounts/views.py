"""The profile page. Sign-up, sign-in, email verification and password reset are django-allauth's.

The vacation page pauses game clocks, so it lives with the games (``games.views.vacation``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from accounts.requests import AuthenticatedHttpRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import ProfileForm
from accounts.tokens import TokenError, token_create, token_revoke, tokens_of

# The session key under which a new token waits to be shown, once, on the next profile page.
NEW_TOKEN_KEY = "new_access_token"


@login_required
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, "Your profile was saved.")
            return redirect("accounts:profile")
        messages.error(request, "Your profile was not saved; see the errors below.")
    return render(request, "accounts/profile.html", {"form": form, **_token_context(request)},
                  status=400 if form.errors else 200)


def _token_context(request: AuthenticatedHttpRequest) -> dict[str, object]:
    return {"access_tokens": tokens_of(request.user), "new_token": request.session.pop(NEW_TOKEN_KEY, None)}


@login_required
def access_token_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Make an API token; it is shown once, on the profile page this redirects to."""
    if request.method != "POST":
        return redirect("accounts:profile")
    try:
        row, token = token_create(user=request.user, name=request.POST.get("name", ""),
                                  scope=request.POST.get("scope", ""))
    except TokenError as refusal:
        messages.error(request, f"No token was made: {refusal}.")
        return redirect("accounts:profile")
    request.session[NEW_TOKEN_KEY] = {"name": row.name, "token": token, "scope": row.scope}
    return redirect("accounts:profile")


@login_required
def access_token_revoke(request: AuthenticatedHttpRequest, token_id: int) -> HttpResponse:
    if request.method == "POST":
        try:
            row = token_revoke(user=request.user, token_id=token_id)
            messages.success(request, f"The token \u201c{row.name}\u201d is revoked; it no longer works.")
        except TokenError as refusal:
            messages.error(request, f"Nothing was revoked: {refusal}.")
    return redirect("accounts:profile")
