"""The cops: where they may go, entering, moving, shift changes, bribes, raids and shootouts.

Nine numbered cops (G47) start in the cop cup. A cop moves exactly the blue
die, turning as gang pieces do; it passes through no building and may end
inside one only where a crime is showing (G10, G30). A cop whose move rides the
subway changes shift as the move ends (G44): it goes back to the cup and
another, drawn at random, stands where it ended. A cop ending inside a joint
that shows its criminal side raids it at once (G16): the joint loses a level
(at level 1 the owner loses it) and every Public inside goes back to the cup.

At the shootout step every cop sharing a space or building with criminal-side
gang pieces fights them (G12), in cop-number order: it rolls two dice hitting
on 5-6 (house numbers, G13); the active gang assigns the hits among the
criminal pieces there; the cop then returns to the cup. Return fire cannot hurt
an ordinary cop (G13), so it is not rolled. A cop inside any building when the
turn ends returns to the cup (G10).
"""

from __future__ import annotations

from typing import Any

from .board import DOORS, SUBWAY_OF
from .data import COP_DICE, COP_HIT_ON, CRIME_MAX, ONE_JUMP, SUBWAYS
from .movement import Access, Paths
from .state import (
    State,
    cop_cup,
    crime_scene,
    criminals_at,
    draw,
    joint_shows_crime,
    log,
    piece,
    roll,
)
from .violence import lose


def cop_access(state: State) -> Access:
    return Access(pass_through=lambda b: False, end_in=lambda b: crime_scene(state, b), rides=True)


def cop_paths(state: State, cop: int) -> Paths:
    at = state["cops"][str(cop)]
    return Paths(at["at"], at["f"], (state["dice"]["blue"],), cop_access(state))


def may_introduce(state: State) -> bool:
    """A cop may come on while the cops on the board are no more than the crime level (G9)."""
    return bool(cop_cup(state)) and len(state["cops"]) <= state["crime"]


def entry_joints(state: State) -> list[str]:
    """One-jump joints labelled with the blue die that a cop may enter straight away (crime scenes)."""
    return [code for code in ONE_JUMP.get(state["dice"]["blue"], ()) if crime_scene(state, code)]


def move_cop(state: State, cop: int, path: list[str], facing: str | None) -> None:
    """Carry out a checked cop move: the shift change after a subway ride, then a raid."""
    key = str(cop)
    start = state["cops"][key]["at"]
    end = path[-1]
    state["cops"][key] = {"at": end, "f": None if end in DOORS else facing}
    log(state, "cop_moved", cop=cop, path=path)
    if rode(start, path):
        cop = shift_change(state, cop)
    raid_if_criminal(state, cop)


def rode(start: str, path: list[str]) -> bool:
    """Did a path from ``start`` ride the subway (two subway spaces in a row)?"""
    nodes = [start, *path]
    return any(a in SUBWAY_OF and b in SUBWAY_OF for a, b in zip(nodes, nodes[1:]))


def shift_change(state: State, cop: int) -> int:
    """The cop goes back to the cup and another from the cup takes its place (G44).

    Returns the cop that stands there now.
    """
    others = cop_cup(state)
    if not others:
        log(state, "shift", cop=cop, new=None)
        return cop
    new = int(draw(state, others))
    state["cops"][str(new)] = state["cops"].pop(str(cop))
    log(state, "shift", cop=cop, new=new)
    return new


def introduce(state: State, to: str) -> int:
    """Bring a cop from the cup onto the blue die's subway (facing ``to``) or into a one-jump joint."""
    cop = int(draw(state, cop_cup(state)))
    if to in DOORS:
        state["cops"][str(cop)] = {"at": to, "f": None}
    else:
        space = SUBWAYS[state["dice"]["blue"]]
        state["cops"][str(cop)] = {"at": space, "f": to}
    log(state, "cop_in", cop=cop, to=to)
    raid_if_criminal(state, cop)
    return cop


def raid_if_criminal(state: State, cop: int) -> None:
    at = state["cops"][str(cop)]["at"]
    if at in state["joints"] and joint_shows_crime(state, at):
        raid(state, cop, at)


def raid(state: State, cop: int, code: str) -> None:
    """11.6: the joint loses a level, or its owner loses it at level 1; its Public go back to the cup."""
    joint = state["joints"][code]
    owner = joint["owner"]
    level = joint["level"]
    joint["crim"] = False
    if level <= 1:
        joint["owner"] = None
        joint["level"] = 1
    else:
        joint["level"] = level - 1
    freed = sorted(int(p) for p, at in state["public"].items() if at["at"] == code)
    for p in freed:
        del state["public"][str(p)]
    log(state, "raid", cop=cop, joint=code, owner=owner, level=level, lost=level <= 1, public=freed)


def fights(state: State) -> list[int]:
    """Cops that must fight at this shootout step, in number order."""
    return [c for c in sorted(int(k) for k in state["cops"]) if _targets(state, c)]


def _targets(state: State, cop: int) -> list[tuple[int, str]]:
    at = state["cops"][str(cop)]["at"]
    return criminals_at(state, at)


def open_fire(state: State, cop: int) -> dict[str, Any]:
    """Roll a cop's dice; return what must be assigned: {"cop", "hits", "targets": [[seat, kind, s], ...]}."""
    dice = roll(state, COP_DICE)
    hits = sum(1 for d in dice if d >= COP_HIT_ON)
    targets = [[s, k, piece(state, s, k)["s"]] for s, k in _targets(state, cop)]
    log(state, "cop_fire", cop=cop, dice=dice, hits=hits, at=state["cops"][str(cop)]["at"],
        targets=[[s, k] for s, k, _ in targets])
    return {"cop": cop, "hits": hits, "targets": targets}


def needs_choice(fight: dict[str, Any]) -> bool:
    total = sum(t[2] for t in fight["targets"])
    return fight["hits"] > 0 and len(fight["targets"]) > 1 and fight["hits"] < total


def auto_assignment(fight: dict[str, Any]) -> list[list[Any]]:
    """The only assignment there is (one target, or hits enough for all): [[seat, kind, count], ...]."""
    left = fight["hits"]
    out = []
    for s, k, strength in fight["targets"]:
        n = min(left, strength)
        if n:
            out.append([s, k, n])
            left -= n
    return out


def assignments(fight: dict[str, Any]) -> list[list[list[Any]]]:
    """Every way to spread the hits over the targets (each at most its strength, all hits used)."""
    targets = fight["targets"]
    results: list[list[list[Any]]] = []

    def rec(i: int, left: int, acc: list[list[Any]]) -> None:
        if i == len(targets):
            if left == 0:
                results.append([list(a) for a in acc])
            return
        s, k, strength = targets[i]
        for n in range(min(left, strength), -1, -1):
            rec(i + 1, left - n, acc + ([[s, k, n]] if n else []))

    rec(0, fight["hits"], [])
    return results


def even_assignment(fight: dict[str, Any], active: int, players: int) -> list[list[Any]]:
    """The lapsed-deadline assignment (G40): one hit at a time around the targets, starting with the gang
    seated after the active one, so no seat is always shot first."""
    order = sorted(range(len(fight["targets"])),
                   key=lambda i: ((fight["targets"][i][0] - active - 1) % players, i))
    taken = [0] * len(fight["targets"])
    left = fight["hits"]
    while left:
        for i in order:
            if left and taken[i] < fight["targets"][i][2]:
                taken[i] += 1
                left -= 1
    return [[s, k, n] for (s, k, _), n in zip(fight["targets"], taken) if n]


def take_hits(state: State, fight: dict[str, Any], assignment: list[list[Any]]) -> None:
    lost = []
    for s, k, n in assignment:
        lost.append([s, k, lose(state, s, k, n)])
    cop = fight["cop"]
    state["cops"].pop(str(cop), None)
    log(state, "cop_hits", cop=cop, lost=lost)


def public_leave_criminals(state: State) -> None:
    """Public sharing a space or building with a criminal-side gang piece go back to the cup (G26)."""
    gone = sorted(int(p) for p, at in state["public"].items() if criminals_at(state, at["at"]))
    for p in gone:
        del state["public"][str(p)]
    if gone:
        log(state, "public_flee", public=gone)


def end_of_turn_cops(state: State) -> None:
    """A cop inside a building when the turn ends returns to the cup (G10)."""
    inside = sorted(int(c) for c, at in state["cops"].items() if at["at"] in DOORS)
    for c in inside:
        del state["cops"][str(c)]
    if inside:
        log(state, "cops_off", cops=inside)


def raise_crime(state: State) -> None:
    state["crime"] = min(CRIME_MAX, state["crime"] + 1)
