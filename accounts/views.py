"""The profile page. Sign-up, sign-in, email verification and password reset are django-allauth's.

The vacation page pauses game clocks, so it lives with the games (``games.views.vacation``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from accounts.requests import AuthenticatedHttpRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import ProfileForm


@login_required
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, "Your profile was saved.")
            return redirect("accounts:profile")
        messages.error(request, "Your profile was not saved; see the errors below.")
    return render(request, "accounts/profile.html", {"form": form}, status=400 if form.errors else 200)
