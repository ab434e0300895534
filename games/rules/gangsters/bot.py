"""Random and simple-bot moves: ``random_move`` for fuzzing and timeouts, ``bot_move`` for playouts.

``random_move(state, seat, rng, skill)`` picks, with probability ``skill``, the
move of a simple greedy gang boss (``bot_move``) and otherwise a move drawn
from all the legal ones (paths sampled step by step from the legal-path tree,
so a random move never needs the whole, sometimes huge, list). The bot:

* buys and improves where it can; writes a 5/1/2 gang order;
* in the cop portion steers a cop into a rival's criminal joint or onto rival
  criminals when it can, otherwise sometimes buys a bribe, else passes; stops
  cops heading for its own joints and pieces;
* brings a Public straight into its own one-jump joint, moves Public into its
  own joints and out of rivals' ones;
* sends the Racketeer to unowned joints it can afford or its own joints it can
  raise, the Thug and the Vamp to extort (the Vamp seduces when she can, the
  Thug hits weak rival pieces), and recruits Racketeer strength when it is cheap.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from . import actions, movers, police, police_bot, purchases, setup
from .board import DOORS
from .data import BUILDING, GRAY_CODES
from .engine import step_of
from .moves import (
    Move,
    cop_listed,
    listed_moves,
    movable_pieces,
    movable_public,
    movement_listed,
    order_moves,
)
from .state import State, criminals_at, gang, joint_shows_crime, owned, piece


def random_move(state: State, seat: int, rng: random.Random, skill: float = 0.7) -> Move:
    if rng.random() < skill:
        return bot_move(state, seat, rng)
    return uniform_move(state, seat, rng)


def _pick(rng: random.Random) -> Callable[[list[str]], str]:
    return lambda items: items[rng.randrange(len(items))]


# -- uniform ----------------------------------------------------------------------------------------


def uniform_move(state: State, seat: int, rng: random.Random) -> Move:
    """A legal move drawn at random: first a kind of move, then one of that kind."""
    step = step_of(state)
    if step == "order" and state["seats"][seat] == "police":
        return {"a": "commish", "n": rng.randint(1, 5)}
    if step == "order":
        return setup.random_order(state, seat, _pick(rng))
    if police_bot.police_step(state):
        listed = listed_moves(state, seat)
        for _ in range(3):
            found = police_bot.random_move(state, seat, rng)
            if found is not None:
                return found
        return rng.choice(listed)
    listed = listed_moves(state, seat)
    choices: list[Callable[[], Move | None]] = []
    if listed:
        choices.append(lambda: rng.choice(listed))
    if step == "cop":
        cops = sorted(int(k) for k in state["cops"])
        if cops:
            choices.append(lambda: _random_cop(state, rng, cops))
    elif step == "move":
        kinds = movable_pieces(state, seat)
        if kinds:
            choices.append(lambda: _random_piece_move(state, seat, rng, rng.choice(kinds)))
            choices.append(lambda: _random_piece_move(state, seat, rng, rng.choice(kinds)))
        publics = movable_public(state)
        if publics:
            choices.append(lambda: _random_public(state, rng, rng.choice(publics)))
    for _ in range(8):
        move = rng.choice(choices)()
        if move is not None:
            return move
    return listed[-1]


def _random_cop(state: State, rng: random.Random, cops: list[int]) -> Move | None:
    cop = rng.choice(cops)
    path = police.cop_paths(state, cop).sample(_pick(rng))
    return None if path is None else {"a": "cop", "cop": cop, "path": path}


def _random_piece_move(state: State, seat: int, rng: random.Random, kind: str) -> Move | None:
    path = movers.piece_paths(state, seat, kind).sample(_pick(rng))
    if path is None:
        return None
    options = actions.end_actions(state, seat, kind, path[-1])
    act, target = rng.choice(options)
    return {"a": "move", "piece": kind, "path": path, "act": act, "target": target}


def _random_public(state: State, rng: random.Random, pid: int) -> Move | None:
    path = movers.public_paths(state, pid).sample(_pick(rng))
    return None if path is None else {"a": "public", "id": pid, "path": path}


# -- the simple bot -----------------------------------------------------------------------------------


def bot_move(state: State, seat: int, rng: random.Random) -> Move:
    step = step_of(state)
    if police_bot.police_step(state) or (step == "order" and state["seats"][seat] == "police"):
        found = police_bot.bot_move(state, seat, rng)
        if found is not None:
            return found
    if step == "pick":
        return _bot_pick(state, seat, rng)
    if step == "order":
        return _bot_order(state, seat, rng)
    if step == "buy":
        buys = purchases.purchase_moves(state, seat)
        return buys[0] if buys else {"a": "roll"}
    if step == "cop":
        return _bot_cop(state, seat, rng)
    if step == "stop":
        return _bot_stop(state, seat)
    if step == "move":
        return _bot_movement(state, seat, rng)
    if step == "assign":
        return _bot_assign(state, seat)
    moves = listed_moves(state, seat)
    recruits = [m for m in moves if m["a"] == "recruit"]
    if recruits:
        top = max(m["n"] for m in recruits)
        best = [m for m in recruits if m["n"] == min(top, 5)]
        return rng.choice(best)
    return moves[0]


def _bot_pick(state: State, seat: int, rng: random.Random) -> Move:
    options = setup.pick_options(state, seat)
    mine = owned(state, seat)
    colours = [BUILDING[c].colour for c in mine]

    def score(code: str) -> float:
        b = BUILDING[code]
        return (3 if b.jump else 0) + 2 * colours.count(b.colour) + rng.random() * 2 - b.value / 400

    return {"a": "buy", "joint": max(options, key=score)}


def _bot_order(state: State, seat: int, rng: random.Random) -> Move:
    mine = owned(state, seat)
    home = max(mine, key=lambda c: BUILDING[c].jump)
    for move in order_moves(state, seat):
        if move["R"] == 5 and move["V"] == 1 and move["T"] == 2 and set(move["at"].values()) == {home}:
            return move
    return setup.default_order(state, seat)


def _threat(state: State, seat: int, node: str) -> int:
    """How much a cop ending on ``node`` would hurt rivals of ``seat`` (negative: hurts ``seat``)."""
    score = 0
    if node in state["joints"] and joint_shows_crime(state, node):
        score += 3 if state["joints"][node]["owner"] != seat else -5
    for s, _ in criminals_at(state, node):
        score += 2 if s != seat else -4
    return score


def _bot_cop(state: State, seat: int, rng: random.Random) -> Move:
    best: tuple[int, Move] | None = None
    for cop in sorted(int(k) for k in state["cops"]):
        paths = police.cop_paths(state, cop)
        for end in paths.ends():
            value = _threat(state, seat, end)
            if value > 0 and (best is None or value > best[0]):
                path = paths.path_to(end, _pick(rng))
                if path is not None:
                    best = (value, {"a": "cop", "cop": cop, "path": path})
    listed = cop_listed(state, seat)
    for move in listed:
        if move["a"] == "newcop" and move["to"] in DOORS and _threat(state, seat, move["to"]) > 0:
            return move
    if best is not None:
        return best[1]
    if {"a": "bribe"} in listed and rng.random() < 0.2:
        return {"a": "bribe"}
    intro = [m for m in listed if m["a"] == "newcop"]
    if intro and rng.random() < 0.3:
        return rng.choice(intro)
    return {"a": "pass"}


def _bot_stop(state: State, seat: int) -> Move:
    pending = state["turn"]["pending"]
    return {"a": "stop"} if _threat(state, seat, pending["path"][-1]) < 0 else {"a": "allow"}


def _bot_assign(state: State, seat: int) -> Move:
    """Spare its own pieces, then shoot the gang with the most joints (ties: the even default)."""
    options = listed_moves(state, seat)
    joints = [len(owned(state, s)) for s in range(state["players"])]
    even = police.even_assignment(state["turn"]["fight"], seat, state["players"])

    def score(move: Move) -> tuple[int, int, bool]:
        own = sum(n for s, _, n in move["hits"] if s == seat)
        lead = sum(n * joints[s] for s, _, n in move["hits"] if s != seat)
        return (own, -lead, move["hits"] != even)

    return min(options, key=score)


def _joint_worth(state: State, seat: int, code: str) -> float:
    joint = state["joints"].get(code)
    if joint is None or joint["owner"] != seat:
        return -1.0
    level: int = joint["level"]
    return BUILDING[code].value * level / 100


def _bot_movement(state: State, seat: int, rng: random.Random) -> Move:
    t = state["turn"]
    listed = movement_listed(state, seat)
    # 1. A new Public straight into our own one-jump joint, else onto the subway.
    entries = [m for m in listed if m["a"] == "newpublic"]
    own_entries = [m for m in entries if m["to"] in DOORS and state["joints"][m["to"]]["owner"] == seat]
    if own_entries:
        return max(own_entries, key=lambda m: _joint_worth(state, seat, m["to"]))
    # 2. Public into our joints, or out of rivals' joints.
    for pid in movable_public(state):
        move = _bot_public(state, seat, pid, rng)
        if move is not None:
            return move
    # 3. Rebuild: a missing piece, or a Racketeer too weak to move the gang.
    g = gang(state, seat)
    recruits = [m for m in listed if m["a"] == "recruit"]
    for kind, want in (("R", 4), ("T", 1), ("V", 1), ("R", 6)):
        have = piece(state, seat, kind)["s"]
        if have >= want:
            continue
        mine = [m for m in recruits if m["piece"] == kind and have + m["n"] <= max(want, 2)
                and actions.recruit_cost(state, seat, kind, m["n"]) <= max(g["cash"] // 2, 700)]
        if mine:
            return max(mine, key=lambda m: m["n"])
    # 4. Extort in place.
    extorts = [m for m in listed if m["a"] == "extort"]
    if extorts:
        return extorts[0]
    # 5. The piece move worth most.
    tried = (_bot_piece(state, seat, kind, rng) for kind in movable_pieces(state, seat))
    candidates = [m for m in tried if m]
    if candidates:
        return _strip(max(candidates, key=lambda m: float(m["_value"])))
    # 6. Recruit strength when cheap.
    cheap = [m for m in recruits if actions.recruit_cost(state, seat, m["piece"], m["n"]) <= g["cash"] // 3]
    for kind in ("R", "T", "V"):
        mine = [m for m in cheap if m["piece"] == kind]
        if mine and piece(state, seat, kind)["s"] < (6 if kind != "V" else 1):
            return max(mine, key=lambda m: m["n"])
    if entries and not t["pin"] and rng.random() < 0.5:
        return rng.choice(entries)
    return {"a": "done"}


def _strip(move: Move) -> Move:
    return {k: v for k, v in move.items() if k != "_value"}


def _bot_public(state: State, seat: int, pid: int, rng: random.Random) -> Move | None:
    at = state["public"][str(pid)]["at"]
    here = state["joints"].get(at)
    if here is not None and here["owner"] == seat:
        return None  # it pays us where it is
    paths = movers.public_paths(state, pid)
    ends = paths.ends()
    mine = [e for e in ends if _joint_worth(state, seat, e) > 0]
    target = None
    if mine:
        target = max(mine, key=lambda e: _joint_worth(state, seat, e))
    elif here is not None and here["owner"] is not None:
        streets = [e for e in ends if e not in DOORS]
        target = streets[0] if streets else None
    if target is None:
        return None
    path = paths.path_to(target, _pick(rng))
    return None if path is None else {"a": "public", "id": pid, "path": path}


def _bot_piece(state: State, seat: int, kind: str, rng: random.Random) -> Move | None:
    g = gang(state, seat)
    paths = movers.piece_paths(state, seat, kind)
    best: tuple[float, str, str, Any] | None = None
    for end in paths.ends():
        for act, target in actions.end_actions(state, seat, kind, end):
            value = _piece_value(state, seat, kind, end, act, target, g["cash"]) + rng.random() * 0.5
            if best is None or value > best[0]:
                best = (value, end, act, target)
    if best is None or best[0] < 0.6:
        return None
    path = paths.path_to(best[1], _pick(rng))
    if path is None:
        return None
    return {"a": "move", "piece": kind, "path": path, "act": best[2], "target": best[3], "_value": best[0]}


def _piece_value(state: State, seat: int, kind: str, end: str, act: str, target: Any, cash: int) -> float:
    p = piece(state, seat, kind)
    if act == "extort":
        return 5.0
    if act == "seduce":
        return 6.0
    if act == "hit":
        if target == "joint":
            level = state["joints"][end]["level"] if end in state["joints"] else 1  # a gray HQ is level 1
            return 4.0 if p["s"] >= 2 * (level + BUILDING[end].guard) else -1.0
        t = piece(state, target[0], target[1])
        return 4.5 if p["s"] > t["s"] + 1 else -1.0
    # No action: where does it stand afterwards?
    value = 0.0
    if kind == "R" and end in state["joints"]:
        joint = state["joints"][end]
        if joint["owner"] is None and BUILDING[end].value <= cash:
            value = 5.5 + (1 if BUILDING[end].jump else 0)
        elif joint["owner"] == seat and joint["level"] < purchases.level_cap(state, seat, end):
            value = 4.0 + BUILDING[end].jump / 6
    if kind in ("T", "V") and end in GRAY_CODES:
        value = 1.0
    for s, _ in criminals_at(state, end):
        value -= 0.5
    if end in state["joints"] and state["joints"][end]["owner"] == seat and kind == "R":
        value += 0.2
    return value
