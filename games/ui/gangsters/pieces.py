"""What stands where on the map, as the seat's view shows it: one list for the web board and the mail's map."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from games.rules.gangsters import PIECE_NAME, PIECES


@dataclass(frozen=True)
class Occupant:
    """One thing on a space: a gang's piece, a cop, a Public (or Informant), the Police Commissioner."""

    text: str  # its marker, as the text map writes it: 1R (1R! criminal), c3, p4, i4, C
    seat: int | None  # whose piece; None for cops and the Public
    role: str  # "gang", "cop", "public" or "commish"
    name: str  # "Racketeer", "cop 3", "Public 4 (x2)", "Informant 4 (x1)", "Commissioner"
    strength: int = 0
    criminal: bool = False
    label: str = ""  # the gang's label, for a gang's piece


def occupants(view: Mapping[str, Any]) -> dict[str, list[Occupant]]:
    """Node -> what stands there, in the text map's order."""
    found: dict[str, list[Occupant]] = {}
    for g in view["gangs"]:
        for kind in PIECES:
            p = g["pieces"][kind]
            if p["s"] > 0 and p["at"]:
                found.setdefault(p["at"], []).append(Occupant(
                    f"{g['seat'] + 1}{kind}" + ("!" if p["c"] else ""), g["seat"], "gang", PIECE_NAME[kind],
                    p["s"], bool(p["c"]), g["label"]))
    for cop, at in sorted(view["cops"].items(), key=lambda kv: int(kv[0])):
        found.setdefault(at["at"], []).append(Occupant(f"c{cop}", None, "cop", f"cop {cop}"))
    police = view.get("police") or {}
    spies = set(police.get("informants") or [])
    for pid, at in sorted(view["public"].items(), key=lambda kv: int(kv[0])):
        spy = int(pid) in spies
        found.setdefault(at["at"], []).append(Occupant(
            f"{'i' if spy else 'p'}{pid}", None, "public",
            f"{'Informant' if spy else 'Public'} {pid} (x{at.get('mult', 1)})"))
    commish = police.get("commish") or {}
    if commish.get("at"):
        found.setdefault(commish["at"], []).append(Occupant("C", police["seat"], "commish", "Commissioner",
                                                            commish["s"]))
    return found
