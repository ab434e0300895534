"""The vacation page: the yearly bank of days, the vacation now running, starting and ending one.

Starting or ending a vacation pauses or restarts the player's clocks in every
game, so both go through ``games.services``.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import dateformat, timezone

from accounts.forms import VacationForm
from games import selectors, services
from games.views.common import AuthenticatedHttpRequest, post_only


@login_required
def vacation(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The yearly bank of vacation days, the vacation now running, and the form to start one (POST)."""
    form = VacationForm(request.POST or None, user=request.user)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                started = services.vacation_start(user=request.user, until=form.cleaned_data["until"])
            except services.GameError as error:
                messages.error(request, f"Your vacation was not started: {error}")
                status = 400
            else:
                back = dateformat.format(timezone.localtime(started.ends_at), "D j M Y, H:i")
                messages.success(request, f"Enjoy your time away! Your clocks are paused in every game until {back}.")
                return redirect("games:vacation")
        else:
            messages.error(request, "Your vacation was not started: " + "; ".join(
                str(e) for errors in form.errors.values() for e in errors))
            status = 400
    info = selectors.vacation_info(request.user)
    return render(request, "games/vacation.html", {"form": form, "info": info}, status=status)


@login_required
@post_only
def vacation_end(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Come back early: clocks run again; deadlines already pushed back stay as they are."""
    try:
        services.vacation_end(user=request.user)
    except services.GameError as error:
        messages.error(request, f"Nothing changed: {error}")
    else:
        messages.success(request, "Welcome back! Your clocks run again; deadlines already pushed back stay as they are.")
    return redirect("games:vacation")
