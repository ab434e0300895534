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

from . import payoffs
from .board import DOORS, SUBWAY_OF
from .data import (
    BUILDING,
    COP_DICE,
    COP_HIT_ON,
    CRIME_MAX,
    HEATERS_HIT_ON,
    HIT_ON,
    ONE_JUMP,
    SUBWAYS,
    hq_entry_digit,
    level_payoff,
)
from .movement import Access, Paths
from .state import (
    State,
    commish,
    cop_cup,
    crime_scene,
    criminals_at,
    draw,
    gang,
    hqs,
    is_hq,
    joint_shows_crime,
    log,
    piece,
    police_seat,
    roll,
)
from .violence import lose

COMMISH = 0  # the Commissioner's number in a list of police fights (he fights after the cops)


def cop_access(state: State, steer: int | None = None) -> Access:
    """Cops cross no building but an HQ and end only in an HQ or a crime scene (G10, 7.33); a cop a gang moves
    with its bribe never ends in that gang's joint (G46)."""
    joints = state["joints"]

    def end_in(b: str) -> bool:
        if steer is not None and b in joints and joints[b]["owner"] == steer:
            return False
        return is_hq(state, b) or crime_scene(state, b)

    return Access(pass_through=lambda b: is_hq(state, b), end_in=end_in, rides=True)


def cop_paths(state: State, cop: int, steer: int | None = None) -> Paths:
    at = state["cops"][str(cop)]
    return Paths(at["at"], at["f"], (state["dice"]["blue"],), cop_access(state, steer))


def may_introduce(state: State) -> bool:
    """A cop may come on while the cops on the board are no more than the crime level (G9)."""
    return bool(cop_cup(state)) and len(state["cops"]) <= state["crime"]


def entry_joints(state: State, steer: int | None = None) -> list[str]:
    """Buildings a new cop may enter straight away: one-jump joints labelled with the blue die that are crime
    scenes (not, for a cop a gang brings on, that gang's own), and HQs whose entry digit is the blue die
    (7.31)."""
    blue = state["dice"]["blue"]
    joints = [code for code in ONE_JUMP.get(blue, ()) if crime_scene(state, code)
              and (steer is None or state["joints"][code]["owner"] != steer)]
    return joints + [code for code in hqs(state) if hq_entry_digit(BUILDING[code].value) == blue]


def move_cop(state: State, cop: int, path: list[str], facing: str | None) -> None:
    """Carry out a checked cop move: the shift change after a subway ride, then a raid."""
    key = str(cop)
    start = state["cops"][key]["at"]
    end = path[-1]
    state["cops"][key] = {"at": end, "f": None if end in DOORS else facing}
    log(state, "cop_moved", cop=cop, path=path)
    if rode(start, path) or any(is_hq(state, node) for node in path):
        cop = shift_change(state, cop)  # a subway ride or an HQ: a new shift (G10, G44, 7.33)
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


def introduce(state: State, to: str, cop: int | None = None) -> int:
    """Bring a cop from the cup (drawn at random, or the bribed ``cop``) onto the blue die's subway (facing
    ``to``), into a one-jump joint or into an HQ."""
    if cop is None:
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
        if state["joints"][at]["owner"] == payoffs.steerer(state, cop):
            return  # a cop a gang moved with its bribe never raids that gang's joint (G46)
        raid(state, cop, at)


def raid(state: State, cop: int | None, code: str) -> None:
    """11.6: the joint loses a level, or its owner loses it at level 1; its Public go back to the cup.

    In a Police game the raid pays face value x the level before the raid (2, G16); ``cop`` None is the
    Commissioner.
    """
    joint = state["joints"][code]
    owner = joint["owner"]
    level = joint["level"]
    payoffs.raid_payoff(state, cop, code, BUILDING[code].value * level)
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
    """Cops that must fight at this shootout step, in number order; the Commissioner (``COMMISH``) last."""
    found = [c for c in sorted(int(k) for k in state["cops"]) if _targets(state, c)]
    if police_seat(state) is not None and commish(state)["at"] and _targets(state, COMMISH):
        found.append(COMMISH)
    return found


def where(state: State, cop: int) -> str | None:
    if cop == COMMISH:
        at: str | None = commish(state)["at"]
        return at
    found = state["cops"].get(str(cop))
    return None if found is None else str(found["at"])


def _targets(state: State, cop: int) -> list[tuple[int, str]]:
    at = where(state, cop)
    if at is None:
        return []
    spared = payoffs.steerer(state, cop)  # a cop a gang moved with its bribe spares that gang (G46)
    return [(s, k) for s, k in criminals_at(state, at) if s != spared]


def can_fight(state: State, cop: int) -> bool:
    return bool(_targets(state, cop))


def open_fire(state: State, cop: int) -> dict[str, Any]:
    """Roll a cop's dice; return what must be assigned: {"cop", "hits", "targets": [[seat, kind, s], ...]}.

    The Commissioner rolls a die per strength point hitting on 5-6 (4-6 with Heaters), and the criminal Thugs
    and Racketeers he fights fire back at once, each hit costing him a strength point (7.4, G13).
    """
    at = where(state, cop)
    targets = [[s, k, piece(state, s, k)["s"]] for s, k in _targets(state, cop)]
    fight: dict[str, Any] = {"cop": cop, "targets": targets, "top": {f"{s}{k}": n for s, k, n in targets}}
    if cop == COMMISH:
        p = police_seat(state)
        assert p is not None
        need = HEATERS_HIT_ON if gang(state, p)["heaters"] else COP_HIT_ON
        dice = roll(state, commish(state)["s"])
        back: list[int] = []
        for s, k, _ in targets:
            if k in HIT_ON:
                volley = roll(state, piece(state, s, k)["s"])
                back.extend(volley)
                fight.setdefault("took", 0)
                fight["took"] += sum(1 for d in volley if d >= HIT_ON[k])
        fight["took"] = fight.get("took", 0)
        log(state, "commish_fire", seat=p, dice=dice, back=back, at=at,
            targets=[[s, k] for s, k, _ in targets])
    else:
        dice = roll(state, COP_DICE)
        need = COP_HIT_ON
        log(state, "cop_fire", cop=cop, dice=dice, hits=sum(1 for d in dice if d >= need), at=at,
            targets=[[s, k] for s, k, _ in targets])
    fight["hits"] = sum(1 for d in dice if d >= need)
    fight["by"] = assigner(state, cop)
    return fight


def assigner(state: State, cop: int) -> int:
    """Who assigns a police fight's hits: the gang that moved the cop with its bribe, else the Police player,
    else (a base game) the active gang (G12)."""
    steer = payoffs.steerer(state, cop)
    if steer is not None:
        return steer
    p = police_seat(state)
    if p is not None:
        return p
    seat: int = state["turn"]["seat"]
    return seat


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
    at = where(state, cop) or ""
    if cop == COMMISH:
        c = commish(state)
        c["s"] = max(0, c["s"] - fight["took"])
        c.update(at=None, f=None)  # he leaves the board after every shootout, keeping his strength (7.4, G14)
        log(state, "commish_hits", lost=lost, took=fight["took"], left=c["s"])
    else:
        state["cops"].pop(str(cop), None)
        log(state, "cop_hits", cop=cop, lost=lost)
    if police_seat(state) is not None:
        amount = sum(level_payoff(fight["top"][f"{s}{k}"], n) for s, k, n in lost)
        doubled = cop in (state["turn"].get("doubled") or [])
        payoffs.pay_police(state, amount, None if cop == COMMISH else cop, "shootout", at, doubled=doubled)


def public_leave_criminals(state: State) -> None:
    """Public sharing a space or building with a criminal-side gang piece go back to the cup (G26)."""
    gone = sorted(int(p) for p, at in state["public"].items() if criminals_at(state, at["at"]))
    for p in gone:
        del state["public"][str(p)]
    if gone:
        log(state, "public_flee", public=gone)


def end_of_turn_cops(state: State) -> None:
    """A cop inside a building but an HQ when the turn ends returns to the cup (G10)."""
    inside = sorted(int(c) for c, at in state["cops"].items()
                    if at["at"] in DOORS and not is_hq(state, at["at"]))
    for c in inside:
        del state["cops"][str(c)]
    if inside:
        log(state, "cops_off", cops=inside)


def raise_crime(state: State) -> None:
    state["crime"] = min(CRIME_MAX, state["crime"] + 1)
