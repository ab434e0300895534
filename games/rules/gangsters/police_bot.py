"""The simple bot and random moves for the Police variant's decisions (the Police, a gang's cop portion).

The Police bot writes a strength-4 Commissioner; buys bribes after a deferral
until it holds two (a loyal officer's bribe wins the game with the cash);
sends cops and the Commissioner where criminals or a criminal joint pay
(a raid or a shootout); brings cops on while it may; walks the Commissioner to
unowned buildings to buy them as HQs; displays chits, flips joints with its
Informants, hires when rich; and recruits the Commissioner back when he is weak.
Asked whether to play a bribe (rules version 2), it answers as :func:`answer` says.
"""

from __future__ import annotations

import random
from typing import Callable

from . import bribes, commissioner, copportion, copturn, informants, movers, police, precincts
from .board import DOORS
from .data import BUILDING, CASH_GOAL, DIRECTIONS, GRAY_CODES, HQ_GOAL, UNTOUCHABLES, share_of
from .engine import step_of
from .moves import Move, cop_turn_public, listed_moves
from .state import State, commish, criminals_at, gang, hqs, informants as informants_on, joint_shows_crime


def _pick(rng: random.Random) -> Callable[[list[str]], str]:
    return lambda items: items[rng.randrange(len(items))]


def police_value(state: State, node: str, spare: int | None = None) -> int:
    """What a cop or the Commissioner ending on ``node`` is worth to the Police (a raid, criminals)."""
    score = 0
    joint = state["joints"].get(node)
    if joint is not None and joint_shows_crime(state, node) and joint["owner"] != spare:
        score += 2 + joint["level"]
    score += 2 * sum(1 for s, _ in criminals_at(state, node) if s != spare)
    return score


def random_move(state: State, seat: int, rng: random.Random) -> Move | None:
    """A random path move of a Police-variant step, or None (then a listed move is drawn)."""
    step = step_of(state)
    if step == "cop":
        cops = copportion.bribed_cops(state, seat)
        if cops and rng.random() < 0.5:
            cop = rng.choice(cops)
            path = police.cop_paths(state, cop, steer=seat).sample(_pick(rng))
            return None if path is None else {"a": "cop", "cop": cop, "path": path}
    if step == "pcop" and state["cops"] and rng.random() < 0.5:
        cop = int(rng.choice(sorted(state["cops"], key=int)))
        path = police.cop_paths(state, cop).sample(_pick(rng))
        return None if path is None else {"a": "cop", "cop": cop, "path": path}
    if step == "cmove":
        roll = rng.random()
        t = state["turn"]
        if roll < 0.3:
            cops = [int(c) for c in sorted(state["cops"], key=int) if not copturn.may_move(state, c)]
            if cops:
                cop = rng.choice(cops)
                path = police.cop_paths(state, cop).sample(_pick(rng))
                return None if path is None else {"a": "cop", "cop": cop, "path": path}
        elif roll < 0.5 and commish(state)["at"] and not copturn.may_move(state, "C") and not t["lone"]:
            path = commissioner.paths(state).sample(_pick(rng))
            return None if path is None else {"a": "cmove", "path": path}
        elif roll < 0.65 and t["stage"] == "c":
            ready = [p for p in informants_on(state) if p not in t["iacted"]]
            if ready:
                pid = rng.choice(ready)
                path = movers.public_paths(state, pid).sample(_pick(rng))
                if path is not None:
                    flips = [None, *informants.flip_targets(state, pid, path[-1])]
                    return {"a": "informant", "id": pid, "path": path, "flip": rng.choice(flips)}
        elif roll < 0.8:
            publics = cop_turn_public(state)
            if publics:
                pid = rng.choice(publics)
                path = movers.public_paths(state, pid).sample(_pick(rng))
                return None if path is None else {"a": "public", "id": pid, "path": path}
    return None


def bot_move(state: State, seat: int, rng: random.Random) -> Move | None:
    """The simple bot's move for a Police-variant step, or None when the step is not one of them."""
    step = step_of(state)
    if step == "order":
        return {"a": "commish", "n": 4}
    if step == "facing":
        return {"a": "face", "to": rng.choice(DIRECTIONS)}
    if step == "cop":
        return _gang_cop(state, seat, rng)
    if step == "pcop":
        return _police_cop(state, seat, rng)
    if step == "cbuy":
        buys = precincts.purchase_moves(state, seat)
        return buys[0] if buys else {"a": "roll"}
    if step == "cmove":
        return _cop_turn(state, seat, rng)
    if step == "bribes":
        return answer(state, seat)
    if step == "cforced":
        moves = copturn.forced_moves(state, seat)
        recruits = [m for m in moves if m["a"] == "recruit"]
        if recruits:
            top = max(m["n"] for m in recruits)
            return rng.choice([m for m in recruits if m["n"] == min(top, 4)])
        return moves[0]
    return None


def answer(state: State, seat: int) -> Move:
    """The bot's answer to a bribe question: a seat without the bribe keeps (its answer changes nothing).

    The Police play to double, except their last bribe of a cop when the cash goal is near (the victory needs
    a loyal officer's bribe in hand); a gang plays for a share of $300 or more and otherwise keeps the bribe
    to steer or stop the cop later.
    """
    ask = state["turn"]["ask"]
    cop = ask["cop"]
    g = gang(state, seat)
    if not bribes.holds(state, seat):
        return {"a": "keep"}
    if state["seats"][seat] == "police":
        others = [b for b in g["bribes"] if b != cop and b != UNTOUCHABLES]
        near = g["cash"] >= CASH_GOAL - 3000 or len(hqs(state)) >= HQ_GOAL - 2
        return {"a": "keep"} if near and not others else {"a": "play"}
    return {"a": "play"} if share_of(ask["amount"] or 0) >= 300 else {"a": "keep"}


def _best_cop(state: State, rng: random.Random, cops: list[int],
              steer: int | None) -> tuple[int, Move] | None:
    best: tuple[int, Move] | None = None
    for cop in cops:
        paths = police.cop_paths(state, cop, steer=steer)
        for end in paths.ends():
            value = police_value(state, end, spare=steer)
            if value > 0 and (best is None or value > best[0]):
                path = paths.path_to(end, _pick(rng))
                if path is not None:
                    best = (value, {"a": "cop", "cop": cop, "path": path})
    return best


def _gang_cop(state: State, seat: int, rng: random.Random) -> Move:
    best = _best_cop(state, rng, copportion.bribed_cops(state, seat), seat)
    if best is not None:
        return best[1]
    listed = copportion.gang_moves(state, seat)
    if {"a": "bribe"} in listed and rng.random() < 0.15:
        return {"a": "bribe"}
    return {"a": "pass"}


def _police_cop(state: State, seat: int, rng: random.Random) -> Move:
    best = _best_cop(state, rng, [int(c) for c in sorted(state["cops"], key=int)], None)
    listed = copportion.police_moves(state, seat)
    loyal = [b for b in gang(state, seat)["bribes"] if b < 10]
    if {"a": "bribe"} in listed and len(loyal) < 2:
        return {"a": "bribe"}  # the victory needs a loyal officer's bribe (10)
    for move in listed:
        if move["a"] == "newcop" and move["to"] in DOORS and police_value(state, move["to"]) > 0:
            return move
    if best is not None:
        return best[1]
    intro = [m for m in listed if m["a"] == "newcop" and m["to"] not in DOORS]
    if intro:
        return rng.choice(intro)
    if {"a": "bribe"} in listed and rng.random() < 0.5:
        return {"a": "bribe"}
    return {"a": "pass"}


def _commish_target(state: State, seat: int, end: str) -> float:
    value = float(police_value(state, end))
    cash = gang(state, seat)["cash"]
    if end in DOORS and precincts.unowned(state, end) and precincts.price(end) <= cash:
        value += 3.0 if end in GRAY_CODES else 2.0 + (1 if BUILDING[end].value <= 400 else 0)
    return value


def _cop_turn(state: State, seat: int, rng: random.Random) -> Move:
    t = state["turn"]
    listed = listed_moves(state, seat)
    for kind in ("centry", "chit"):
        mine = [m for m in listed if m["a"] == kind]
        if mine:
            return rng.choice(mine)
    if t["stage"] == "c":
        flips = [m for m in listed if m["a"] == "informant" and m["flip"] == "joint"]
        if flips:
            return flips[0]
    cops = [int(c) for c in sorted(state["cops"], key=int) if not copturn.may_move(state, c)]
    best = _best_cop(state, rng, cops, None)
    if best is not None:
        return best[1]
    c = commish(state)
    if c["s"] < 4:
        recruits = [m for m in listed if m["a"] == "recruit" and commissioner.recruit_cost(state, m["n"])
                    <= gang(state, seat)["cash"] // 2]
        if recruits:
            return max(recruits, key=lambda m: m["n"])
    if c["at"] is not None and not copturn.may_move(state, "C") and not t["lone"]:
        paths = commissioner.paths(state)
        ends = paths.ends()
        scored = sorted(((_commish_target(state, seat, e) + rng.random() * 0.3, e) for e in ends),
                        reverse=True)
        if scored and scored[0][0] >= 1.0:
            path = paths.path_to(scored[0][1], _pick(rng))
            if path is not None:
                return {"a": "cmove", "path": path}
    intro = [m for m in listed if m["a"] == "newcop"]
    if intro:
        into = [m for m in intro if m["to"] in DOORS and police_value(state, m["to"]) > 0]
        return into[0] if into else rng.choice(intro)
    if {"a": "hire"} in listed and gang(state, seat)["cash"] > 2500 and rng.random() < 0.5:
        return {"a": "hire"}
    return {"a": "done"}


def police_step(state: State) -> bool:
    return step_of(state) in ("pcop", "cbuy", "cmove", "cforced", "facing", "bribes") or (
        step_of(state) == "cop" and "police" in state)

