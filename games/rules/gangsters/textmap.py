"""The city as text: the map for turn mails and the text version of the page.

Works on a view (or anything shaped like one: ``gangs`` with pieces, ``cops``,
``public``, ``joints``), so mails show exactly what the reader may see::

         a   b   c   d   e   f   g  ...
      1  ·   ·   ·   ·   ·   ·   ·
      2  ·  HUF ICE  ·  BRT      ·
      3  ·  JAB      ·  FRH COA  ·
      4  ·   S1  ·   ·   ·   R1  ·
      ...
      8 ~~~ ~~~ ~~~  =  ~~~ ~~~  =

Street spaces show ``·``, subways ``S1``-``S6``, bridges ``=``, the river ``~~~``,
buildings their code (``HU*`` when someone is inside), and a piece standing
alone on a street its marker: ``1R`` P1's Racketeer (``1R!`` criminal side),
``c3`` cop 3, ``p4`` Public 4; ``*2`` for two or more.
"""

from __future__ import annotations

from typing import Any, Mapping

from .board import BRIDGES, DOORS, STREETS, SUBWAY_OF, cell_name
from .data import BUILDING, BUILDINGS, COLUMNS, GANG_LABEL, PIECES, RIVER_ROWS, ROWS

View = Mapping[str, Any]


def _marker(kind: str, ident: Any) -> str:
    if kind == "gang":
        seat, piece = ident
        return f"{seat + 1}{piece}"
    if kind == "cop":
        return f"c{ident}"
    return f"p{ident}"


def occupants(v: View) -> dict[str, list[str]]:
    """Node -> the markers on it: ``1R`` P1's Racketeer (``1R!`` criminal), ``c3`` cop 3, ``p4`` Public 4."""
    found: dict[str, list[str]] = {}
    for g in v["gangs"]:
        for kind in PIECES:
            p = g["pieces"][kind]
            if p["s"] > 0 and p["at"]:
                marker = _marker("gang", (g["seat"], kind)) + ("!" if p["c"] else "")
                found.setdefault(p["at"], []).append(marker)
    for cop, at in sorted(v["cops"].items(), key=lambda kv: int(kv[0])):
        found.setdefault(at["at"], []).append(_marker("cop", cop))
    police = v.get("police") or {}
    spies = set(police.get("informants") or [])
    for pid, at in sorted(v["public"].items(), key=lambda kv: int(kv[0])):
        found.setdefault(at["at"], []).append(f"i{pid}" if int(pid) in spies else _marker("public", pid))
    if police and police["commish"]["at"]:
        found.setdefault(police["commish"]["at"], []).append("C")
    return found


def map_lines(v: View) -> list[str]:
    """The city as text, 16 x 16 cells of 4 characters; pieces on streets shown in place."""
    occ = occupants(v)
    by_cell = {b.cell: b.code for b in BUILDINGS}
    lines = [("    " + "".join(f" {c}  " for c in COLUMNS)).rstrip()]
    for row in range(ROWS):
        cells = []
        for col in range(len(COLUMNS)):
            name = cell_name(row, col)
            if name in STREETS:
                here = occ.get(name, [])
                if len(here) == 1:
                    text = here[0]
                elif here:
                    text = f"*{len(here)}"
                elif name in SUBWAY_OF:
                    text = f"S{SUBWAY_OF[name]}"
                elif name in BRIDGES:
                    text = "="
                else:
                    text = "·"
            elif name in by_cell:
                code = by_cell[name]
                text = code if not occ.get(code) else code[:2] + "*"
            elif row in RIVER_ROWS:
                text = "~~~"
            else:
                text = ""
            cells.append(f"{text:^4}")
        lines.append(f"{row + 1:>3} " + "".join(cells).rstrip())
    return lines


def legend_lines(v: View) -> list[str]:
    """Who is where: crowded street spaces and every occupied building, with owners and levels."""
    occ = occupants(v)
    lines = []
    for node in sorted(occ, key=lambda n: (n not in STREETS, n)):
        here = occ[node]
        if node in STREETS and len(here) < 2:
            continue
        what = ""
        if node in DOORS:
            b = BUILDING[node]
            what = f" {b.name}"
            joint = v["joints"].get(node)
            if node in ((v.get("police") or {}).get("hqs") or ()):
                what += " (Police HQ)"
            elif joint and joint["owner"] is not None:
                what += f" ({GANG_LABEL[joint['owner']]} L{joint['level']})"
        lines.append(f"  {node}{what}: {' '.join(here)}")
    return lines


