"""Who acts, and ``apply``: the one entry for every move of either mode.

Competitive: during a round's set-up every seat that has not chosen its
agendas acts at once (a sealed choice, R4); then the seat whose turn it is.
Co-op: one seat at a time (roles, pawns, then turns of three actions).
``apply`` refuses a malformed or out-of-turn move with :class:`IllegalMove`
and never changes its input.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import IllegalMove, State

from . import actions, coop


def to_act(s: State) -> list[int]:
    phase = s["phase"]
    if phase == "over":
        return []
    if s["mode"] == "coop":
        return [s["turn"]]
    if phase == "agendas":
        return [seat for seat in range(s["players"]) if not s["agendas"][seat]]
    return [s["turn"]]


def apply(s: State, seat: Any, move: Any) -> State:
    if type(seat) is not int or not 0 <= seat < s["players"]:
        raise IllegalMove(f"there is no seat {seat!r} in this game",
                          accepted=f"seats are 0 to {s['players'] - 1}")
    if s["phase"] == "over":
        raise IllegalMove("the game is over; no more moves are accepted")
    if not isinstance(move, dict) or not isinstance(move.get("action"), str):
        raise IllegalMove("that is not a move", accepted="for example 'draw'")
    awaited = to_act(s)
    if seat not in awaited:
        if s["mode"] == "competitive" and s["phase"] == "agendas":
            waiting = ", ".join(f"seat {w + 1}" for w in awaited)
            raise IllegalMove("you have chosen your agendas for this round",
                              accepted=f"wait for the others to choose theirs ({waiting})")
        who = ", ".join(f"seat {w + 1}" for w in awaited)
        raise IllegalMove(f"it is not your turn (waiting for {who})")
    if s["mode"] == "coop":
        return coop.apply(s, seat, move)
    if s["phase"] == "agendas":
        if move["action"] != "agendas":
            raise IllegalMove("first choose your two agendas for this round",
                              accepted="for example 'agendas casinos, types'")
        return actions.choose_agendas(s, seat, move)
    if move["action"] == "agendas":
        raise IllegalMove("agendas are chosen when a round is set up; during the round you may swap one",
                          accepted="for example 'swap agenda casinos for hotels'")
    return actions.take_turn(s, seat, move)
