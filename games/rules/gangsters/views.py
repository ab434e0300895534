"""What each seat may see, the text map, and the plain-text situation for turn mails.

Secret (G43): each gang's cash (its owner sees it; every payment is in the open
log), which bribe markers a gang holds (its owner sees them; how many is open;
a shown bribe is open), the sealed set-up orders until all are revealed, the
answers to an open bribe question (rules version 2: who was asked and who has
answered is open), the bribe cup's contents, the seed and future dice. Everything else is open: the
board, strengths, levels, criminal sides, the crime level and every roll.
``describe`` is built from the view alone, so it cannot tell more than the view.
"""

from __future__ import annotations

import marshal
from typing import Any, Mapping

from .data import (
    BUILDING,
    COLOUR_JOINTS,
    COLOURS,
    GANG_LABEL,
    GROUP_SIZE,
    PIECE_NAME,
    PIECES,
    PUBLIC,
)
from .bribes import effect_words, question
from .textmap import legend_lines, map_lines
from .engine import step_of, to_act
from .state import State

View = Mapping[str, Any]
# event kind -> the field only its seat may read: a bribe's marker, a chit, an answer to a bribe question
SECRET_EVENTS = {"bribe": "marker", "hire": "chit", "answered": "play"}


def _copy(data: Any) -> Any:
    return marshal.loads(marshal.dumps(data))


def visible_event(event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """An event as ``viewer`` may read it (a bribe's marker only for its buyer)."""
    out = dict(event)
    field = SECRET_EVENTS.get(out["k"])
    if field and out.get("seat") != viewer:
        out.pop(field, None)
    return out


def view(state: State, seat: int | None) -> dict[str, Any]:
    n = state["players"]
    me = seat if isinstance(seat, int) and 0 <= seat < n else None
    gangs = []
    for s in range(n):
        g = state["gangs"][s]
        mine = s == me
        gangs.append({
            "seat": s,
            "label": GANG_LABEL[s],
            "cash": g["cash"] if mine or state["phase"] == "over" else None,
            "pieces": g["pieces"],
            "bribes": list(g["bribes"]) if mine else None,
            "bribe_count": len(g["bribes"]),
            "shown": list(g["shown"]),
            "wheels": g["wheels"],
            "heaters": g["heaters"],
            "out": g["out"],
            "joints": sum(1 for j in state["joints"].values() if j["owner"] == s),
        })
    t = state["turn"]
    turn = None
    if t is not None:
        turn = {k: t.get(k) for k in ("seat", "step", "allow", "lone", "acted", "recruits", "hits", "pmoved",
                                      "pin", "pending", "fight", "bought", "cop_turn", "stage", "enter",
                                      "recruit", "iacted", "imoved", "hired", "began")}
    orders = {}
    if state["phase"] == "gangs" and me is not None and str(me) in state["orders"]:
        orders = {str(me): state["orders"][str(me)]}
    # Built from the state's own containers, then copied once, so a caller editing the view cannot reach it.
    out: dict[str, Any] = _copy({
        "game": "gangsters",
        "seat": me,
        "players": n,
        "options": dict(state["options"]),
        "phase": state["phase"],
        "step": step_of(state),
        "round": state["round"],
        "order": list(state["order"]),
        "index": state["index"],
        "first": state["first"],
        "to_act": to_act(state),
        "crime": state["crime"],
        "dice": dict(state["dice"]) if state["dice"] else None,
        "gangs": gangs,
        "joints": state["joints"],
        "cops": state["cops"],
        "public": {k: {**v, "mult": PUBLIC[int(k)]} for k, v in state["public"].items()},
        "cups": {"cops": 9 - len(state["cops"]), "public": len(PUBLIC) - len(state["public"]),
                 "bribes": len(state["bribe_cup"])},
        "ordered": sorted(int(k) for k in state["orders"]) if state["phase"] == "gangs" else [],
        "orders": orders,
        "turn": turn,
        "holder_asked": t["pending"]["holder"] if t is not None and t.get("pending") else None,
        "ask": _ask_view(t, me),
        "events": [visible_event(e, me) for e in state["events"]],
        "result": state["result"],
        "police": _police_view(state, me),
    })
    return out


def _ask_view(turn: Mapping[str, Any] | None, me: int | None) -> dict[str, Any] | None:
    """An open bribe question: what is asked, of whom, who has answered; the answers are sealed (a seat sees
    its own)."""
    ask = (turn or {}).get("ask")
    if ask is None:
        return None
    answers = ask["answers"]
    return {"cop": ask["cop"], "what": ask["what"], "at": ask["at"], "amount": ask["amount"],
            "seats": list(ask["seats"]), "answered": sorted(int(s) for s in answers),
            "mine": None if me is None or str(me) not in answers
            else ("play" if answers[str(me)] else "keep")}


def _police_view(state: State, me: int | None) -> dict[str, Any] | None:
    """The Police player's board (open) and his chits (his alone; how many is open)."""
    if "police" not in state:
        return None
    pol = state["police"]
    seat = state["seats"].index("police")
    return {
        "seat": seat,
        "commish": dict(pol["c"]),
        "hqs": list(pol["hqs"]),
        "informants": [p for p in pol["informants"] if str(p) in state["public"]],
        "chits": list(pol["chits"]) if me == seat else None,
        "chit_count": len(pol["chits"]),
        "salary": pol["salary"],
    }


def joint_lines(v: View) -> list[str]:
    lines = []
    for colour in COLOURS:
        parts = []
        for code in COLOUR_JOINTS[colour]:
            joint = v["joints"][code]
            b = BUILDING[code]
            owner = "--" if joint["owner"] is None else f"{GANG_LABEL[joint['owner']]}L{joint['level']}"
            if code in ((v.get("police") or {}).get("hqs") or ()):
                owner = "HQ"
            mark = "!" if joint["crim"] else ""
            jump = f"#{b.jump}" if b.jump else ""
            parts.append(f"{code}{jump} ${b.value} {owner}{mark}")
        lines.append(f"  {colour.capitalize()} ({GROUP_SIZE[colour]}): " + ", ".join(parts))
    return lines


def _piece_text(kind: str, p: Mapping[str, Any]) -> str:
    """"Racketeer 5 at MYR", "Vamp 1 at LOU (criminal)", "no Thug"."""
    if p["s"] == 0:
        return f"no {PIECE_NAME[kind]}"
    return f"{PIECE_NAME[kind]} {p['s']} at {p['at']}" + (" (criminal)" if p["c"] else "")


def police_lines(v: View, viewer: int | None) -> list[str]:
    """The Police player's line: his Commissioner, HQs, Informants, chits, bribes and (his own) cash."""
    pol = v.get("police")
    if not pol:
        return []
    g = v["gangs"][pol["seat"]]
    c = pol["commish"]
    commish = (f"Commissioner {c['s']} at {c['at']}" if c["at"] else f"Commissioner {c['s']} off the board") \
        if c["s"] else "no Commissioner"
    cash = f"${g['cash']}" if g["cash"] is not None else "cash hidden"
    chits = ("chits " + (", ".join(f"x{m}" for m in pol["chits"]) or "none")) if pol["chits"] is not None \
        else f"{pol['chit_count']} chits"
    bribes = (f"bribes {', '.join(str(b) for b in g['bribes']) or 'none'}" if g["bribes"] is not None
              else f"{g['bribe_count']} bribes")
    you = " (you)" if pol["seat"] == viewer else ""
    hqs = ", ".join(pol["hqs"]) or "none"
    spies = ", ".join(str(p) for p in pol["informants"]) or "none"
    extras = "".join(f", {x}" for x in ("wheels", "heaters") if g[x])
    return [f"  {g['label']} the Police{you}: {commish}; {cash}; HQs {hqs}; Informants {spies}; {chits}; "
            f"{bribes}{extras}"]


def gang_lines(v: View, viewer: int | None) -> list[str]:
    lines = []
    police_seat = (v.get("police") or {}).get("seat")
    for g in v["gangs"]:
        if g["seat"] == police_seat:
            continue
        pieces = ", ".join(_piece_text(k, g["pieces"][k]) for k in PIECES)
        cash = f"${g['cash']}" if g["cash"] is not None else "cash hidden"
        bribes = (f"bribes {', '.join(str(b) for b in g['bribes']) or 'none'}" if g["bribes"] is not None
                  else f"{g['bribe_count']} bribes")
        shown = f" (shown: {', '.join(str(b) for b in g['shown'])})" if g["shown"] else ""
        extras = "".join(f", {x}" for x in ("wheels", "heaters") if g[x])
        you = " (you)" if g["seat"] == viewer else ""
        out = " OUT" if g["out"] else ""
        head = f"  {g['label']}{you}{out}: {pieces}; {cash}; "
        lines.append(f"{head}{g['joints']} joints; {bribes}{shown}{extras}")
    return lines


def describe(state: State, seat: int | None, help_text: str, examples: list[str],
             log_lines: list[str]) -> str:
    v = view(state, seat)
    out = [f"Gangsters, round {v['round']}" + (" (game over)" if v["phase"] == "over" else "")]
    if seat is not None and v["seat"] is not None:
        police = " the Police player" if state["seats"][seat] == "police" else ""
        out.append(f"You are {GANG_LABEL[seat]}{police}.")
    if v["dice"]:
        d = v["dice"]
        out.append("Dice: " + ", ".join(f"{k} {d[k]}" for k in ("green", "red", "black", "blue", "white")))
    out.append(f"Crime level {v['crime']}; cops on patrol {len(v['cops'])}; "
               f"in the cups: {v['cups']['cops']} cops, "
               f"{v['cups']['public']} Public, {v['cups']['bribes']} bribes")
    out.append("")
    out.append("Gangs (strength and place of each piece):")
    out.extend(gang_lines(v, seat))
    out.extend(police_lines(v, seat))
    out.append("")
    out.extend(map_lines(v))
    legend = legend_lines(v)
    if legend:
        out.append("Inside buildings and on crowded spaces:")
        out.extend(legend)
    out.append("Map key: 1R 1T 1V = P1's Racketeer, Thug, Vamp (! criminal); c3 cop 3; p4 Public 4; "
               "*2 two pieces; S1 subway 1; = bridge; ~~~ river."
               + (" C the Police Commissioner; i4 Informant 4." if v.get("police") else ""))
    out.append("")
    out.append("Joints (code, #one-jump subway, price, owner and level, ! criminal side):")
    out.extend(joint_lines(v))
    if log_lines:
        out.append("")
        out.append("Lately:")
        out.extend("  " + line for line in log_lines)
    if v["phase"] == "over":
        result = v["result"]
        out.append("")
        out.append(f"The game is over: {', '.join(GANG_LABEL[w] for w in result['winners'])} won "
                   f"({result['detail']['win']}).")
        return "\n".join(out)
    if seat is not None and seat in v["to_act"]:
        out.append("")
        ask = v["ask"]
        if ask is not None and v["step"] == "bribes":
            holds = ask["cop"] in v["gangs"][seat]["bribes"]
            is_police = (v.get("police") or {}).get("seat") == seat
            out.append(f"{question(ask)} Everyone who may hold it is asked the same; answers are sealed. "
                       f"Play it or keep it: {effect_words(ask, holds, is_police)}.")
        out.append(help_text)
        if examples:
            out.append("For example: " + " | ".join(examples))
    return "\n".join(out)
