"""Who am I, which games are hosted, and vacation."""

from __future__ import annotations

import datetime
from typing import Any

from django.http import HttpRequest
from ninja import Router

from api.auth import caller, player, token_of
from api.errors import ApiRefusal
from api.schemas import Error, Me, RulesInfo, VacationIn, VacationOut
from games import selectors, services
from games.models import Source
from games.rules import all_rules

router = Router(tags=["account"])


@router.get("/me", response=Me)
def me(request: HttpRequest) -> dict[str, Any]:
    token = token_of(request)
    user = token.user
    return {"id": user.pk, "name": user.name, "time_zone": user.time_zone, "token_name": token.name,
            "scope": token.scope}


@router.get("/rules", response=list[RulesInfo])
def hosted_games(request: HttpRequest) -> list[dict[str, Any]]:
    """The hosted games, their player counts and options (with defaults and help)."""
    out = []
    for rules in all_rules():
        options = [{"key": o.key, "default": o.default, "help": getattr(o, "help", ""),
                    "choices": list(getattr(o, "choices", ()) or ())} for o in rules.options]
        out.append({"slug": rules.slug, "name": rules.name, "min_players": rules.min_players,
                    "max_players": rules.max_players, "version": rules.version, "options": options})
    return out


def _vacation(request: HttpRequest) -> dict[str, Any]:
    info = selectors.vacation_info(caller(request))
    return {"away": info.current is not None, "until": info.last_day.isoformat() if info.last_day else None,
            "days_left": info.left, "days_per_year": info.per_year}


@router.get("/vacation", response=VacationOut)
def vacation(request: HttpRequest) -> dict[str, Any]:
    return _vacation(request)


@router.post("/vacation", response={200: VacationOut, 400: Error})
def vacation_start(request: HttpRequest, payload: VacationIn) -> dict[str, Any]:
    """Go away until the end of ``until``: your clocks pause in every game (days come from a yearly bank)."""
    user = player(request)
    try:
        until = datetime.date.fromisoformat(payload.until)
    except ValueError:
        raise ApiRefusal(400, "bad_date", f"{payload.until!r} is not a date; write it as YYYY-MM-DD") from None
    services.vacation_start(user=user, until=until, source=Source.API)
    return _vacation(request)


@router.delete("/vacation", response={200: VacationOut, 400: Error})
def vacation_end(request: HttpRequest) -> dict[str, Any]:
    """Come back early (unused days go back to the bank)."""
    user = player(request)
    services.vacation_end(user=user, source=Source.API)
    return _vacation(request)
