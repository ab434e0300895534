"""The 22 Djinns: who may use which power now, the powers themselves, and triggers.

Kinds of power (see ``data.DJINNS``):

* active (Anun-Nak, Bouraq, Echidna, Enki, Iblis, Leta, Sibittis, Sloar, Utug):
  used with a ``djinn`` move at any decision of the owner's turn, once per turn,
  paying the cost then;
* redirect (Hagis, Lamia): offered as a choice each time the owner places a
  palace / palm tree on their turn, once per turn, paid when used;

"Once per turn" is the rulebook's Turn, the whole round (bids, every player's
actions, clean-up). Rules version 1 read it as one player's actions, so in a
2-player game a seat playing twice in a round could use such a power in both
plays; version 2 (states holding ``round_used``) allows it once per round. The
version is known from the state alone: :func:`once_per_round`.
* bid (Kumarbi): Fakirs paid with a bid;
* passive: triggered payouts (Ba'al, Marid, Monkir, Nekir, Kandicha), a
  protection (Boaz) and end-game scoring (Al-Amin, Haurvatat, Jafaar, Shamhat).

This module changes the state but never decides what step comes next; that is
``turn.py``'s job.
"""

from __future__ import annotations

from typing import Any

from .board import AROUND, TILE_NAMES
from .data import DJINNS, TILE_COLOUR
from .state import (
    State,
    can_pay,
    draw_djinn,
    draw_meeple,
    draw_resource,
    gain_card,
    gain_gold,
    log,
    owner_of,
    seat_label,
)


def cost_options(name: str) -> tuple[str, ...]:
    """The payment codes accepted for a Djinn's power ("E", "F", "EE", "EF")."""
    cost = DJINNS[name][1]
    return cost or ()


def payable(p: dict[str, Any], name: str) -> list[str]:
    """The payments for *name* that the player can afford now."""
    return [pay for pay in cost_options(name) if can_pay(p, pay)]


def empty_tiles(s: State) -> list[int]:
    """Tiles with no camel, meeple, palm tree or palace (Anun-Nak, Leta)."""
    return [
        i for i in range(30)
        if not s["meeples"][i] and s["camels"][i] is None and not s["palms"][i] and not s["palaces"][i]
    ]


def meeple_only_tiles(s: State) -> list[int]:
    """Tiles holding meeples and no camel, palm tree or palace (Utug)."""
    return [
        i for i in range(30)
        if s["meeples"][i] and s["camels"][i] is None and not s["palms"][i] and not s["palaces"][i]
    ]


def tiles_of_kind(s: State, kind: str) -> list[int]:
    return [i for i, (k, _) in enumerate(s["tiles"]) if k == kind]


def targets(s: State, seat: int, name: str) -> list[int] | None:
    """Tiles the power of *name* may target now; None for powers without a tile."""
    if name == "Anun-Nak":
        return empty_tiles(s) if sum(s["bag"]) else []
    if name == "Bouraq":
        return tiles_of_kind(s, "village") if s["supply"]["palaces"] else []
    if name == "Enki":
        return tiles_of_kind(s, "oasis") if s["supply"]["palms"] else []
    if name == "Leta":
        return empty_tiles(s) if s["seats"][seat]["camels"] else []
    if name == "Utug":
        return meeple_only_tiles(s) if s["seats"][seat]["camels"] else []
    return None


def once_per_round(s: State) -> bool:
    """Rules version 2: a Djinn power with a cost works once per round, not once per play."""
    return "round_used" in s


def used_already(s: State, seat: int, name: str) -> bool:
    """Whether *seat* has used the power of *name* already: this play (v1) or this round (v2)."""
    if name in s["turn"]["used"]:
        return True
    return once_per_round(s) and name in s["round_used"][seat]


def mark_used(s: State, seat: int, name: str) -> None:
    """Record the use of a Djinn power with a cost (for the rest of the play, and in v2 the round)."""
    s["turn"]["used"].append(name)
    if once_per_round(s):
        s["round_used"][seat].append(name)


def usable(s: State, seat: int, name: str) -> bool:
    """Whether *seat* may activate the active Djinn *name* right now (ignoring the step)."""
    p = s["seats"][seat]
    turn = s["turn"]
    if name not in p["djinns"] or DJINNS[name][2] != "active" or turn is None or turn["seat"] != seat:
        return False
    if used_already(s, seat, name) or not payable(p, name):
        return False
    tiles = targets(s, seat, name)
    if tiles is not None:
        return bool(tiles)
    if name == "Sibittis":
        return bool(s["djinn_deck"] or s["djinn_discard"])
    if name == "Sloar":
        return bool(s["deck"] or s["discard"])
    return True


def usable_djinns(s: State, seat: int) -> list[str]:
    return [name for name in sorted(s["seats"][seat]["djinns"]) if usable(s, seat, name)]


def redirect_usable(s: State, seat: int, name: str) -> bool:
    """Hagis / Lamia: owned, unused this turn, affordable."""
    p = s["seats"][seat]
    turn = s["turn"]
    return (
        turn is not None and turn["seat"] == seat and name in p["djinns"]
        and not used_already(s, seat, name) and bool(payable(p, name))
    )


def neighbourhood(tile: int) -> list[int]:
    """Where Hagis / Lamia may move a piece: the 3x3 block around the tile, itself excluded."""
    return [t for t in AROUND[tile] if t != tile]


# -- effects -------------------------------------------------------------------


def put_palace(s: State, seat: int, tile: int) -> None:
    """Place a palace from the supply and pay Monkir."""
    s["palaces"][tile] += 1
    s["supply"]["palaces"] -= 1
    log(s, f"{seat_label(seat)} places a palace on {TILE_NAMES[tile]}")
    monkir = owner_of(s, "Monkir")
    if monkir is not None:
        gain_gold(s, monkir, 1 if monkir == seat else 2, "Monkir")


def put_palm(s: State, seat: int, tile: int) -> None:
    s["palms"][tile] += 1
    s["supply"]["palms"] -= 1
    log(s, f"{seat_label(seat)} places a palm tree on {TILE_NAMES[tile]}")


def gain_djinn(s: State, seat: int, name: str) -> None:
    """Give a Djinn to *seat* and pay Ba'al's owner."""
    s["seats"][seat]["djinns"].append(name)
    log(s, f"{seat_label(seat)} gains the Djinn {name}")
    baal = owner_of(s, "Ba'al")
    # Ba'al pays for other Djinns only, not for being acquired itself.
    if baal is not None and name != "Ba'al":
        gain_gold(s, baal, 1 if baal == seat else 2, "Ba'al")


def anun_nak(s: State, seat: int, tile: int) -> None:
    placed = ""
    for _ in range(3):
        m = draw_meeple(s)
        if m is None:
            break
        placed += m
    s["meeples"][tile] += placed
    log(s, f"{seat_label(seat)} uses Anun-Nak: {len(placed)} meeples from the bag on {TILE_NAMES[tile]}")


def sibittis_draw(s: State) -> list[str]:
    drawn = []
    for _ in range(3):
        d = draw_djinn(s)
        if d is None:
            break
        drawn.append(d)
    return drawn


def sloar(s: State, seat: int) -> None:
    card = draw_resource(s)
    if card is not None:
        gain_card(s, seat, card)
        log(s, f"{seat_label(seat)} uses Sloar and takes a {card} from the resource pile")


def blue_around(s: State, tile: int) -> int:
    """Blue-valued tiles in the 3x3 block centred on *tile* (the Builders' count)."""
    tiles = s["tiles"]
    return sum(1 for t in AROUND[tile] if TILE_COLOUR[tiles[t][0]] == "blue")


def nekir(s: State, killer: int) -> None:
    """Nekir pays once per assassination (one Iblis double kill is one kill event)."""
    owner = owner_of(s, "Nekir")
    if owner is not None:
        gain_gold(s, owner, 1 if owner == killer else 2, "Nekir")
