"""Rules version 2 of the Police variant: the holder of a cop's bribe decides whether to play it (2a, 2b).

Variant 2a: the Police player *may* double a cop's payoff by playing that cop's
bribe (for a shootout before the dice). 2b: a gang *may* take half of it by
playing the bribe (for a shootout after the result). Which bribes a seat holds
is secret (G43), so the question is put to every seat that may hold the bribe
as far as the table knows: the seat that showed it, else every seat still in the
game holding a bribe it has not shown. Holder or not, each gets the same
question (``play`` or ``keep``) at the same moment, and the answers stay
sealed; a non-holder's answer changes nothing. When the last answer is in, the
outcome is public: the bribe played (and by whom: a played bribe goes back to
the cup in the open, 3) or "not played", which a keeping holder and an empty
hand look alike in.

The questions (``state["turn"]["ask"]`` while one is open)::

    {"cop": 3, "what": "raid" | "double" | "shootout", "at": "BRI", "amount": 1000 | None,
     "seats": [0, 2, 4], "answers": {"2": False}, "then": "cmove"}

* ``raid``: as a raid is resolved, the Police player and the gangs: the
  Police's play doubles it, a gang's takes half (rounded up to $100);
* ``double``: before a cop's shootout dice, the Police player alone;
* ``shootout``: after a shootout that pays (and was not doubled), the gangs.

A cop a gang moved with its bribe shares automatically (that bribe was played
already), and the Commissioner and HQs have no bribe: no question for those. A
question opened in the middle of a move waits until the move is done; ``then``
is the step the turn goes on with when it is answered (:func:`hold`).
"""

from __future__ import annotations

from typing import Any

from .data import share_of
from .state import State, bribe_holder, gang, log, police_seat

ROLES = {"raid": ("police", "gang"), "double": ("police",), "shootout": ("gang",)}


def asks(state: State) -> bool:
    """Rules version 2: a Police game whose bribe holders are asked."""
    return bool(state.get("police", {}).get("asks"))


def askable(state: State, cop: int, what: str) -> list[int]:
    """The seats that may hold bribe ``cop`` as far as every seat knows, among those the question is for.

    Only open facts decide it (how many bribes each seat holds, which it showed, who is out), so being asked
    tells no one anything.
    """
    seats = range(state["players"])
    shown = [s for s in seats if cop in gang(state, s)["shown"]]
    if shown:
        maybe = shown
    else:
        maybe = [s for s in seats if not gang(state, s)["out"]
                 and len(gang(state, s)["bribes"]) > len(gang(state, s)["shown"])]
    return [s for s in maybe if state["seats"][s] in ROLES[what]]


def open_question(state: State, cop: int, what: str, at: str, amount: int | None) -> bool:
    """Ask about bribe ``cop`` if anyone may hold it; False (nothing asked) if no one can."""
    seats = askable(state, cop, what)
    if not seats:
        return False
    state["turn"]["ask"] = {"cop": cop, "what": what, "at": at, "amount": amount, "seats": seats,
                            "answers": {}, "then": None}
    log(state, "bribe_question", cop=cop, what=what, at=at, amount=amount, seats=list(seats))
    return True


def hold(state: State) -> bool:
    """True while a question is open: one opened during a move or a step is put now (the turn's step is
    kept in ``then`` to go on with afterwards)."""
    turn = state["turn"]
    ask = turn.get("ask")
    if ask is None:
        return False
    if ask["then"] is None:
        ask["then"] = turn["step"]
        turn["step"] = "bribes"
    return True


def waiting(state: State) -> list[int]:
    ask = state["turn"]["ask"]
    return [s for s in ask["seats"] if str(s) not in ask["answers"]]


def apply_answer(state: State, seat: int, move: dict[str, Any]) -> None:
    """A sealed ``play`` or ``keep`` (the engine accepts nothing else here); the last answer settles the
    payoff and the turn goes on."""
    turn = state["turn"]
    ask = turn["ask"]
    ask["answers"][str(seat)] = move["a"] == "play"
    log(state, "answered", seat=seat, cop=ask["cop"], play=move["a"] == "play")
    if waiting(state):
        return
    settle(state, ask)
    del turn["ask"]
    turn["step"] = ask["then"]


def settle(state: State, ask: dict[str, Any]) -> None:
    from .payoffs import credit, double, return_bribe, share

    p = police_seat(state)
    assert p is not None
    cop, what, at, amount = ask["cop"], ask["what"], ask["at"], ask["amount"]
    holder = bribe_holder(state, cop)
    played = holder is not None and bool(ask["answers"].get(str(holder)))
    if not played:
        log(state, "bribe_kept", cop=cop, what=what)
        if what != "double":
            credit(state, p, amount, cop, what, at)
    elif holder == p:
        double(state, p, cop, "shootout" if what == "double" else "raid", amount or 0, at)
    else:
        assert holder is not None
        return_bribe(state, holder, cop)
        share(state, holder, amount, cop, what, at, automatic=False)


def holds(state: State, seat: int) -> bool:
    """Does ``seat`` hold the bribe asked about (for its own decision and its own bot only)?"""
    return state["turn"]["ask"]["cop"] in gang(state, seat)["bribes"]


def effect(state: State, seat: int) -> str:
    """What playing would do for ``seat``, in words (its own decision prompt)."""
    ask = state["turn"]["ask"]
    return effect_words(ask, holds(state, seat), state["seats"][seat] == "police")


def effect_words(ask: dict[str, Any], holds: bool, police: bool) -> str:
    cop, amount = ask["cop"], ask["amount"]
    if not holds:
        return f"you do not hold bribe {cop}, so either answer changes nothing"
    if police:
        gain = "doubles the coming shootout's payoff" if amount is None else f"pays you ${2 * amount}"
        return f"you hold bribe {cop}; playing it {gain} and returns it to the cup"
    return f"you hold bribe {cop}; playing it pays you ${share_of(amount or 0)} and returns it to the cup"


def question(ask: dict[str, Any]) -> str:
    """The question every asked seat is put, in the same words."""
    cop, at = ask["cop"], ask["at"]
    if ask["what"] == "double":
        return (f"Cop {cop} is about to fire at {at}: does the Police player play bribe {cop} to double its "
                "payoff?")
    if ask["what"] == "raid":
        return (f"Cop {cop}'s raid on {at} pays the Police ${ask['amount']}: does its holder play bribe "
                f"{cop} (the Police to double it, a gang to take half)?")
    return (f"Cop {cop}'s shootout at {at} pays the Police ${ask['amount']}: does a gang play bribe {cop} "
            f"to take half (${share_of(ask['amount'])})?")
