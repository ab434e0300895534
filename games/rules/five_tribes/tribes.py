"""Tribe actions after the move: Viziers, Elders, Merchants, Builders, Assassins.

Viziers and Elders go in front of the player; Merchants take cards from the
front of the resource row; Builders earn gold from the blue tiles around the
final tile; Assassins kill one meeple on the board within range or one Vizier
or Elder in front of an opponent (two with Iblis). Fakirs add to the Builders'
multiplier and to the Assassins' board range.
"""

from __future__ import annotations

from itertools import combinations

from games.rules.base import IllegalMove

from .board import DISTANCE, TILE_INDEX, TILE_NAMES
from .data import COLOUR_NAMES, COLOURS, TRIBE_NAMES
from .djinns import blue_around, nekir
from .state import (
    MoveDict,
    State,
    draw_resource,
    gain_card,
    gain_gold,
    log,
    owner_of,
    seat_label,
    take_control,
    to_bag,
)


def keep(s: State, seat: int, colour: str, n: int) -> None:
    key = "viziers" if colour == "Y" else "elders"
    s["seats"][seat][key] += n
    log(s, f"{seat_label(seat)} keeps {n} {TRIBE_NAMES[colour]}{'s' if n > 1 else ''}")


def merchants(s: State, seat: int, n: int) -> None:
    to_bag(s, "G", n)
    taken = s["row"][:n]
    del s["row"][:n]
    for card in taken:
        gain_card(s, seat, card)
    log(s, f"{seat_label(seat)}'s {n} Merchant{'s' if n > 1 else ''} take "
           + (", ".join(taken) if taken else "nothing (the row is empty)"))


def builder_multiplier(s: State) -> int:
    return 2 if s["turn"].get("echidna") else 1


def builders(s: State, seat: int, fakirs: int) -> None:
    """Pay the Builders collected this turn, *fakirs* Fakirs added to the multiplier."""
    turn = s["turn"]
    p = s["seats"][seat]
    if not 0 <= fakirs <= p["fakirs"]:
        raise IllegalMove(f"you hold {p['fakirs']} Fakir{'s' if p['fakirs'] != 1 else ''}, "
                          f"so you can add 0 to {p['fakirs']}, not {fakirs}")
    n = turn["n"]
    to_bag(s, "B", n)
    if fakirs:
        p["fakirs"] -= fakirs
        s["discard"].extend(["Fakir"] * fakirs)
        log(s, f"{seat_label(seat)} discards {fakirs} Fakir{'s' if fakirs > 1 else ''} for the Builders")
    gold = (n + fakirs) * blue_around(s, turn["tile"]) * builder_multiplier(s)
    p["gold"] += gold
    log(s, f"{seat_label(seat)}'s Builders earn {gold} gold")


def kill_limit(s: State) -> int:
    return 2 if s["turn"].get("iblis") else 1


def _protected(s: State, victim: int) -> bool:
    return "Boaz" in s["seats"][victim]["djinns"]


def kill_options(s: State, seat: int) -> list[MoveDict]:
    """Every kill the Assassins may make now (board kills within range with Fakirs, player kills)."""
    turn = s["turn"]
    final, n = turn["tile"], turn["n"]
    reach = n + s["seats"][seat]["fakirs"]
    limit = kill_limit(s)
    out: list[MoveDict] = []
    dist = DISTANCE[final]
    for t, here in enumerate(s["meeples"]):
        if here and dist[t] <= reach:
            for size in range(1, limit + 1):
                for combo in sorted(set(combinations(sorted(here, key=COLOURS.index), size))):
                    out.append({"t": "kill", "tile": TILE_NAMES[t], "meeples": "".join(combo)})
    for victim, p in enumerate(s["seats"]):
        if victim == seat or _protected(s, victim):
            continue
        held = "Y" * min(p["viziers"], limit) + "W" * min(p["elders"], limit)
        for size in range(1, limit + 1):
            for combo in sorted(set(combinations(held, size))):
                if combo.count("Y") <= p["viziers"] and combo.count("W") <= p["elders"]:
                    out.append({"t": "kill", "seat": victim, "meeples": "".join(combo)})
    return out


def free_kill_exists(s: State, seat: int) -> bool:
    """A target reachable without Fakirs: then the kill is compulsory."""
    turn = s["turn"]
    final, n = turn["tile"], turn["n"]
    dist = DISTANCE[final]
    if any(here and dist[t] <= n for t, here in enumerate(s["meeples"])):
        return True
    return any(
        victim != seat and not _protected(s, victim) and (p["viziers"] or p["elders"])
        for victim, p in enumerate(s["seats"])
    )


def _order(meeples: str) -> str:
    return "".join(sorted(meeples, key=COLOURS.index))


def _killed(s: State, killer: int, colour: str, tile: int | None) -> None:
    """Where a killed meeple goes, with Kandicha's rewards for its owner's kills."""
    kandicha = owner_of(s, "Kandicha") == killer
    if kandicha and colour in "YW":
        s["seats"][killer]["viziers" if colour == "Y" else "elders"] += 1
        log(s, f"Kandicha: {seat_label(killer)} keeps the killed {TRIBE_NAMES[colour]}")
        return
    to_bag(s, colour)
    if kandicha and colour == "G":
        card = draw_resource(s)
        if card is not None:
            gain_card(s, killer, card)
            log(s, f"Kandicha: {seat_label(killer)} draws a {card}")
    elif kandicha and colour == "B" and tile is not None:
        gain_gold(s, killer, blue_around(s, tile) * builder_multiplier(s), "Kandicha")


def kill(s: State, seat: int, move: MoveDict) -> None:
    """Check and carry out a kill move on a cloned state."""
    turn = s["turn"]
    meeples = move.get("meeples")
    limit = kill_limit(s)
    if not isinstance(meeples, str) or not 1 <= len(meeples) <= limit or any(c not in COLOURS for c in meeples):
        raise IllegalMove(
            "name the meeple to kill" + (" (one or two with Iblis)" if limit == 2 else ""),
            accepted="for example kill D2 white, or kill P2 vizier",
        )
    meeples = _order(meeples)
    p = s["seats"][seat]
    if "tile" in move:
        tile = TILE_INDEX.get(move["tile"]) if isinstance(move["tile"], str) else None
        if tile is None:
            raise IllegalMove(f"{move['tile']!r} is not a tile", accepted="tiles are A1 to F5")
        dist = DISTANCE[turn["tile"]][tile]
        need = max(0, dist - turn["n"])
        if need > p["fakirs"]:
            raise IllegalMove(
                f"{TILE_NAMES[tile]} is {dist} tiles from {TILE_NAMES[turn['tile']]}, beyond your Assassins' "
                f"range of {turn['n']}" + (f" plus your {p['fakirs']} Fakirs" if p["fakirs"] else ""),
                accepted="each Assassin reaches one tile and each Fakir discarded one more",
            )
        here = s["meeples"][tile]
        for c in set(meeples):
            if here.count(c) < meeples.count(c):
                raise IllegalMove(f"there is no{'t enough' if here.count(c) else ''} {TRIBE_NAMES[c]} "
                                  f"({COLOUR_NAMES[c]}) on {TILE_NAMES[tile]} to kill")
        if need:
            p["fakirs"] -= need
            s["discard"].extend(["Fakir"] * need)
            log(s, f"{seat_label(seat)} discards {need} Fakir{'s' if need > 1 else ''} for range")
        for c in meeples:
            here = here.replace(c, "", 1)
        s["meeples"][tile] = here
        log(s, f"{seat_label(seat)}'s Assassins kill {' and '.join(TRIBE_NAMES[c] for c in meeples)} "
               f"on {TILE_NAMES[tile]}")
        for c in meeples:
            _killed(s, seat, c, tile)
        if not here:
            take_control(s, seat, tile)
    elif "seat" in move:
        victim = move["seat"]
        if not isinstance(victim, int) or not 0 <= victim < len(s["seats"]) or victim == seat:
            raise IllegalMove("you can only kill in front of an opponent",
                              accepted=", ".join(seat_label(o) for o in range(len(s["seats"])) if o != seat))
        if _protected(s, victim):
            raise IllegalMove(f"{seat_label(victim)} holds Boaz: their Viziers and Elders cannot be killed")
        vp = s["seats"][victim]
        if any(c not in "YW" for c in meeples):
            raise IllegalMove("in front of a player you can only kill a Vizier or an Elder")
        if meeples.count("Y") > vp["viziers"] or meeples.count("W") > vp["elders"]:
            raise IllegalMove(f"{seat_label(victim)} has {vp['viziers']} Viziers and {vp['elders']} Elders; "
                              "you cannot kill more than they hold")
        vp["viziers"] -= meeples.count("Y")
        vp["elders"] -= meeples.count("W")
        log(s, f"{seat_label(seat)}'s Assassins kill {seat_label(victim)}'s "
               f"{' and '.join(TRIBE_NAMES[c] for c in meeples)}")
        for c in meeples:
            _killed(s, seat, c, None)
    else:
        raise IllegalMove("name a tile or a player to kill on", accepted="kill D2 white, or kill P2 vizier")
    nekir(s, seat)
