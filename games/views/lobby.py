"""The lobby: invitations (the ``invitations_panel`` tag, shared with the profile), open games, the
signed-in person's games, substitutes wanted, recent games; creating, joining, declining an invitation.

The open games and the person's games are shown a page at a time (``games.selectors.lobby``), with
links to newer and older pages whose parameters ``games.views.lobby_query`` reads."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme

from games import selectors, services
from games.forms import GameCreateForm
from games.models import Game, GameStatus
from games.paging import Page
from games.rules import UnknownGame, all_rules, get_rules
from games.selectors.lobby import COUNT_LIMIT
from games.selectors.seats import load_seat_rows
from games.timecontrol import TimeControl, TimeControlError
from games.views.common import AuthenticatedHttpRequest, PLAYER_ERRORS, form_errors_text, game_or_404, post_only
from games.views.lobby_query import LobbyQuery, parse_lobby_query


def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby: every list on it is a bounded page (see games.selectors.lobby), whatever the service holds."""
    user = request.user if request.user.is_authenticated else None
    query, notices = parse_lobby_query(request.GET)
    for notice in notices:
        messages.warning(request, notice)
    found = selectors.open_games_page(at=query.open, rules_slug=query.rules_slug)
    recent = selectors.recent_games()
    mine = selectors.games_of_page(user, others_at=query.mine, finished_at=query.done) if user is not None else None
    listed = [*found.page.rows, *recent]
    if mine is not None:
        listed += [*mine.to_play, *mine.others.rows, *mine.finished.rows]
    load_seat_rows(listed)  # the seats of every game on the page, in one query
    context: dict[str, Any] = {
        "open_games": [_open_item(game, user) for game in found.page.rows],
        "open_pager": _pager(query, "open", found.page),
        "open_count": found.count,
        "count_limit": COUNT_LIMIT,
        "game_filter": query.rules_slug or "",
        "recent_games": [{"game": g, "players": [seat.name for seat in selectors.seats_of(g)]} for g in recent],
        "substitutes": selectors.substitute_wanted(user),
        "all_rules": all_rules(),
        # Deadlines are shown in the viewer's zone (accounts' middleware): say which.
        "time_zone_name": timezone.get_current_timezone_name(),
    }
    if mine is not None:
        context.update({
            "to_play": [_my_item(game, user) for game in mine.to_play],
            "my_games": [_my_item(game, user) for game in mine.others.rows],
            "my_pager": _pager(query, "mine", mine.others),
            "finished_games": [_my_item(game, user) for game in mine.finished.rows],
            "finished_pager": _pager(query, "done", mine.finished),
        })
    return render(request, "games/lobby.html", context)


def _open_item(game: Game, user: Any) -> dict[str, Any]:
    seats = selectors.seats_of(game)
    return {"game": game, "players": [seat.name for seat in seats],
            "joined": user is not None and any(seat.user_id == user.pk for seat in seats)}


def _my_item(game: Game, user: Any) -> dict[str, Any]:
    seat = selectors.viewer_for(game, user).seat
    active = game.status == GameStatus.ACTIVE
    return {
        "game": game,
        "awaited": selectors.awaited_names(game, game.projection) if active else [],
        "my_turn": active and selectors.is_awaited(game, seat, game.projection),
        "phase": selectors.phase_label(game, seat, game.projection) if active else "",
    }


def _pager(query: LobbyQuery, list_name: str, page: Page[Game]) -> dict[str, str]:
    """The links to the pages either side of ``page`` (none at either end), each to its list's place on the page."""
    anchor = {"open": "#open-games", "mine": "#my-games", "done": "#finished-games"}[list_name]
    links = {}
    if page.newer is not None:
        links["newer"] = query.link(list_name, after=page.newer) + anchor
        links["newest"] = query.link(list_name) + anchor
    if page.older is not None:
        links["older"] = query.link(list_name, before=page.older) + anchor
    return links


@login_required
def game_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Pick the game to create (each game has its own options form)."""
    rules_list = all_rules()
    if len(rules_list) == 1:
        return redirect("games:create", slug=rules_list[0].slug)
    return render(request, "games/new.html", {"all_rules": rules_list})


@login_required
def game_create(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    try:
        rules = get_rules(slug)
    except UnknownGame as error:
        raise Http404(str(error)) from None
    form = GameCreateForm(rules, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                game = services.game_create(
                    rules_slug=rules.slug, creator=request.user,
                    num_players=form.cleaned_data["num_players"], options=form.options(),
                    time_control=form.cleaned_data.get("time_control"),
                    entropy=_entropy(request),
                )
            except (*PLAYER_ERRORS, TimeControlError) as error:
                messages.error(request, f"The game was not created: {error}")
            else:
                messages.success(request, f"{rules.name} #{game.pk} is open; you have the first seat. "
                                          f"It starts when {game.num_players} players have joined. "
                                          f"Time: {TimeControl.from_json(game.time_control).describe()}.")
                return redirect("games:detail", game_id=game.pk)
        else:
            messages.error(request, "The game was not created: " + form_errors_text(form))
    return render(request, "games/create.html", {"form": form, "rules": rules},
                  status=400 if request.method == "POST" else 200)


def _entropy(request: AuthenticatedHttpRequest) -> str | None:
    """The player's contribution to the seed, drawn by their browser (site.js); none: the service draws one."""
    return request.POST.get("entropy", "").strip()[:256] or None


@login_required
@post_only
def game_join(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    try:
        game = services.game_join(game_id=game.pk, user=request.user, entropy=_entropy(request))
    except PLAYER_ERRORS as error:
        messages.error(request, f"You did not join: {error}")
    else:
        if game.status == GameStatus.ACTIVE:
            messages.success(request, f"You joined {game.rules.name} #{game.pk}. All seats are taken: "
                                      f"the game has started!")
        else:
            messages.success(request, f"You joined {game.rules.name} #{game.pk}.")
    return redirect("games:detail", game_id=game.pk)


@login_required
@post_only
def game_leave(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    try:
        services.game_leave(game_id=game.pk, user=request.user)
    except PLAYER_ERRORS as error:
        messages.error(request, f"You did not leave: {error}")
        return redirect("games:detail", game_id=game.pk)
    messages.success(request, f"You left {game.rules.name} #{game.pk}.")
    return redirect("games:lobby")


@login_required
@post_only
def game_invite(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    email = request.POST.get("email", "")
    try:
        services.game_invite(game_id=game.pk, inviter=request.user, email=email)
    except PLAYER_ERRORS as error:
        messages.error(request, f"No invitation was sent: {error}")
    else:
        messages.success(request, f"Invitation sent to {email.strip()}.")
    return redirect("games:detail", game_id=game.pk)


@login_required
@post_only
def invitation_decline(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Say no to the invitations to an open game (accepting is the Join button); back to the page whose
    button it was (posted ``next``: the lobby or the profile), else the lobby."""
    game = game_or_404(game_id)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""  # never on to another site
    try:
        services.invitation_decline(game_id=game.pk, user=request.user)
    except PLAYER_ERRORS as error:
        messages.error(request, f"Nothing was declined: {error}")
    else:
        messages.success(request, f"You declined the invitation to {game.rules.name} #{game.pk}.")
    return redirect(back or "games:lobby")
