"""Mob violence (11.4): hits on gang pieces and on joints, and the Vamp's seduction.

A hit is declared by a moving Thug or Racketeer at the end of its move and
fought in the turn's shootout step (G45), one at a time in the order declared.
Fire is simultaneous: the attacker rolls one die per strength point (Thug 5-6,
Racketeer 6, 4-6 with Heaters); a Thug or Racketeer that is hit fires back the
same way, a Vamp does not. Each hit costs one strength point; a piece at 0
leaves the board (there is no jail, G17).

A joint fires back with one die per level plus its guard, hitting on 5-6. Each
hit strips one level; the last level holds out for the joint's guard in hits.
A joint whose last level goes falls: to the attacker at level 1 if the attacker
is still standing, otherwise to no one. Damage that does not strip a level is
lost when the turn ends (a hit lasts one turn, G18).

Seduction is resolved at once: the Vamp rolls one die per strength point, and
each 5-6 moves one strength point of the enemy Racketeer or Thug to her own
gang's piece of that kind (which comes onto her space if it was off the board).
"""

from __future__ import annotations

from typing import Any

from .data import BUILDING, HEATERS_HIT_ON, HIT_ON, MAX_STRENGTH, SEDUCE_ON
from .state import State, gang, log, piece, roll

JOINT_FIRE_ON = 5


def hit_number(state: State, seat: int, kind: str) -> int:
    """The lowest roll that hits for this piece (Heaters make the Racketeer hit on 4-6)."""
    if kind == "R" and gang(state, seat)["heaters"]:
        return HEATERS_HIT_ON
    return HIT_ON[kind]


def fire(state: State, seat: int, kind: str) -> tuple[list[int], int]:
    """(dice, hits) of one volley by a gang piece: a die per strength point."""
    dice = roll(state, piece(state, seat, kind)["s"])
    need = hit_number(state, seat, kind)
    return dice, sum(1 for d in dice if d >= need)


def lose(state: State, seat: int, kind: str, count: int) -> int:
    """Take ``count`` strength points off a piece (never below 0); return how many went."""
    p = piece(state, seat, kind)
    taken: int = min(count, p["s"])
    p["s"] -= taken
    if p["s"] == 0:
        p["at"] = None
        p["f"] = None
        p["c"] = False
    return taken


def gain(state: State, seat: int, kind: str, count: int, at: str | None, facing: str | None) -> int:
    """Add strength to a piece up to its track's end; a piece off the board comes on at ``at``."""
    p = piece(state, seat, kind)
    room: int = MAX_STRENGTH[kind] - p["s"]
    added = min(count, room)
    if added <= 0:
        return 0
    if p["s"] == 0:
        p["at"] = at
        p["f"] = facing
        p["c"] = False
    p["s"] += added
    return added


def resolve_hit(state: State, seat: int, hit: dict[str, Any]) -> None:
    """Fight one declared hit (attacker still standing where it declared it)."""
    kind = hit["piece"]
    node = hit["at"]
    attacker = piece(state, seat, kind)
    if attacker["s"] == 0 or attacker["at"] != node:
        log(state, "hit_void", seat=seat, piece=kind, why="the attacker is gone")
        return
    target = hit["target"]
    if target == "joint":
        _hit_joint(state, seat, kind, node)
        return
    t_seat, t_kind = target
    defender = piece(state, t_seat, t_kind)
    if defender["s"] == 0 or defender["at"] != node:
        log(state, "hit_void", seat=seat, piece=kind, why="the target is gone")
        return
    a_dice, a_hits = fire(state, seat, kind)
    d_dice: list[int] = []
    d_hits = 0
    if t_kind in HIT_ON:
        d_dice, d_hits = fire(state, t_seat, t_kind)
    taken = lose(state, t_seat, t_kind, a_hits)
    lost = lose(state, seat, kind, d_hits)
    log(state, "hit", seat=seat, piece=kind, target=[t_seat, t_kind], at=node, dice=a_dice, back=d_dice,
        dealt=taken, took=lost)


def _hit_joint(state: State, seat: int, kind: str, code: str) -> None:
    if "police" in state and code in state["police"]["hqs"]:
        from .precincts import hit_hq

        hit_hq(state, seat, kind, code)
        return
    joint = state["joints"][code]
    owner = joint["owner"]
    if owner is None or owner == seat:
        log(state, "hit_void", seat=seat, piece=kind, why="the joint is no longer a rival's")
        return
    level = joint["level"]
    guard = BUILDING[code].guard
    a_dice, a_hits = fire(state, seat, kind)
    j_dice = roll(state, level + guard)
    j_hits = sum(1 for d in j_dice if d >= JOINT_FIRE_ON)
    lost = lose(state, seat, kind, j_hits)
    stripped = min(a_hits, level - 1)
    falls = a_hits - stripped >= guard
    result: dict[str, Any] = {"dice": a_dice, "back": j_dice, "took": lost, "owner": owner, "from": level}
    if falls:
        standing = piece(state, seat, kind)["s"] > 0
        joint["owner"] = seat if standing else None
        joint["level"] = 1
        joint["crim"] = False
        result.update(fell=True, taken=standing, to=1)
    else:
        joint["level"] = level - stripped
        result.update(fell=False, taken=False, to=joint["level"])
    log(state, "hit_joint", seat=seat, piece=kind, joint=code, **result)


def seduce(state: State, seat: int, t_seat: int, t_kind: str) -> None:
    """The Vamp of ``seat`` seduces the ``t_kind`` of ``t_seat`` on her node (resolved at once)."""
    vamp = piece(state, seat, "V")
    dice = roll(state, vamp["s"])
    wins = sum(1 for d in dice if d >= SEDUCE_ON)
    taken = lose(state, t_seat, t_kind, wins)
    gained = gain(state, seat, t_kind, taken, vamp["at"], vamp["f"])
    log(state, "seduce", seat=seat, target=[t_seat, t_kind], at=vamp["at"], dice=dice, moved=taken,
        gained=gained)
