"""Deadline actions on the web: extend your own deadline, take over a seat the service plays.

Both are POSTs that call one service and redirect; a refusal is shown as a
message on the page the player came from and changes nothing. A take-over
form whose seat is not a seat number at all (tampered) is a 400 game page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.http import url_has_allowed_host_and_scheme

from games import services
from games.rules.text import TextError, parse_int
from games.views.common import AuthenticatedHttpRequest, PLAYER_ERRORS, game_or_404, post_only, render_game


@login_required
@post_only
def deadline_extend(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Push the signed-in player's own current deadline back by one move's time."""
    game = game_or_404(game_id)
    try:
        deadline = services.deadline_extend(game_id=game.pk, user=request.user)
    except PLAYER_ERRORS as error:
        messages.error(request, f"Your deadline was not extended: {error}")
    else:
        when = dateformat.format(timezone.localtime(deadline), "D j M H:i")
        messages.success(request, f"Your deadline was extended: it is now {when}.")
    return redirect("games:detail", game_id=game.pk)


@login_required
@post_only
def seat_take_over(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Become the substitute for a seat the service has been playing (posted: ``seat``, 0-based)."""
    game = game_or_404(game_id)
    back = request.POST.get("next", "")
    # Refusals go back where the button was (lobby or game page), never to another site.
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""
    try:
        # Seats are numbered from 0 in the form; the service says whether that seat may be taken over.
        seat = parse_int(str(request.POST.get("seat", "")), low=0, high=max(game.num_players - 1, 0),
                         what="the seat")
    except TextError as error:
        messages.error(request, f"You did not take over a seat: the form did not say which seat ({error})")
        return render_game(request, game, status=400)
    try:
        services.seat_take_over(game_id=game.pk, seat=seat, user=request.user)
    except PLAYER_ERRORS as error:
        messages.error(request, f"You did not take over a seat: {error}")
        return redirect(back or reverse("games:detail", args=[game.pk]))
    messages.success(request, f"You now play seat {seat + 1} of {game.rules.name} #{game.pk}. "
                              "A briefing with the game so far is on its way to your mailbox.")
    return redirect("games:detail", game_id=game.pk)
