"""The seat's next decision for interfaces (``choices``) and the pass a timed-out seat makes.

``Decision.kind`` is the step; the options are the moves that follow no path,
each with its notation, a label and a group. Moves along a path are too many to
list, so where one is possible ``complete`` is False and ``detail`` holds the
trees of legal paths (nested dicts keyed by node; ``"$"`` where a path may end;
None where a tree was cut short and only the text box can go on):

``pick``     complete: ``buy <joint>`` for each joint within reach.
``order``    not complete (strengths times placements); ``detail``: ``purse``,
             ``max`` strengths, ``vamp_max``, ``level_price``, ``joints`` (the
             seat's). Options: a few ready-made orders.
``buy``      complete: buy / improve / wheels / heaters, and ``roll``.
``cop``      ``detail["cops"]``: {cop: {"at", "tree"}} for each cop that can move
             the blue count; options: bribe, cop in ..., donuts, pass.
``stop``     complete: stop / allow.
``bribes``   complete: play / keep (rules version 2: may a held bribe double or
             share a cop's payoff?); ``detail["ask"]`` the question,
             ``detail["holds"]`` whether this seat holds the bribe (its own
             secret; every asked seat gets the same options).
``move``     ``detail["pieces"]``: {"T": {"at", "tree", "cut", "ends": {node: [ending, ...]}}}
             where an ending is {"tail", "act", "target", "label"}: the end of
             the notation after the path ("", " extort", " hit joint",
             " hit P2 R", " seduce P3 T"), the move's ``act`` and ``target``;
             ``detail["public"]``: {id: {"at", "tree", "cut", "mult"}};
             ``detail["recruit"]``: {piece: {"costs": [+1, +2, ...], "facing": bool}};
             ``allow``, ``acted``, ``dice``. Options: extort in place, the
             smallest recruits, new Public, show, done.
``assign``   complete: every way to assign the cop's hits.
``forced``   complete: recruit R n facing d, or sell a joint.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Choice, Decision, IllegalMove

from . import actions, bribes, commissioner, copportion, copturn, data, movers, police
from .data import BUILDING, GANG_PURSE, LEVEL_PRICE, MAX_SETUP_VAMP, MAX_STRENGTH, PIECE_NAME, PUBLIC
from .engine import STEP_HINT, step_of, to_act
from .moves import cop_turn_public, legal_moves, listed_moves, movable_pieces, movable_public
from .notation import end_text, format_move
from .setup import check_order, default_order
from .state import State, commish, gang, informants as informants_on, owned

PROMPTS = {
    "pick": "Set-up: buy a joint (three each, in the drawn order)",
    "order": "Set-up: write your sealed gang order (strengths and starting joints)",
    "buy": "Purchases before the dice: buy or improve where your Racketeer is, or roll",
    "cop": "Cop portion: buy a bribe, move a cop the blue count, bring a cop on, or pass",
    "stop": "A cop whose bribe you hold is being moved: stop it or let it go",
    "move": "Movement: move or use your pieces, move the Public, then done",
    "assign": "Assign the cop's hits among the criminal pieces",
    "forced": "Your Racketeer is gone: recruit a new one (or sell a joint to pay for it)",
    "commish": "Set-up: write your sealed Commissioner order (strength 1 or more)",
    "facing": "Set-up: which way does the Commissioner face on his subway?",
    "pcop": "The gang deferred the cop move to you: buy a bribe, move a cop, bring one on, or pass",
    "cbuy": "Cop Turn purchases: an HQ where the Commissioner began, Wheels, Heaters, or roll",
    "cmove": "Cop Turn: chits and Informants, then cops and the Commissioner, then hire or move the Public",
    "cforced": "Your Commissioner is gone: recruit a new one (or sell an HQ to pay for it)",
}
GROUP_TITLES = {
    "buy": "Buy", "improve": "Improve", "extra": "Options", "roll": "Roll the dice",
    "bribe": "Bribe", "newcop": "Bring a cop on", "donuts": "Donuts", "pass": "Leave the cops",
    "stop": "Your bribe", "extort": "Extort where you stand", "recruit": "Recruit",
    "newpublic": "Bring a Public on", "show": "Show a bribe", "done": "End the movement",
    "assign": "Assign the hits", "sell": "Sell a joint",
    "bcop": "Bring your bribed cop on", "bribes": "Your answer (sealed)",
    "face": "Facing", "hq": "Precinct HQ", "chit": "Display a chit",
    "informant": "Informant abilities", "centry": "Bring the Commissioner on", "hire": "Hire an informant",
}
TREE_BUDGET = 2500


def _label(state: State, seat: int, move: dict[str, Any]) -> tuple[str, str]:
    a = move["a"]
    if a == "buy":
        b = BUILDING[move["joint"]]
        jump = f", one-jump {b.jump}" if b.jump else ""
        return f"{b.code} {b.name} ({b.colour}, ${b.value}{jump})", "buy"
    if a == "improve":
        joint = state["joints"][move["joint"]]
        cost = data.improve_cost(BUILDING[move["joint"]].value, joint["level"] + 1)
        return f"Raise {move['joint']} to level {joint['level'] + 1} (${cost})", "improve"
    if a in ("wheels", "heaters"):
        return f"Buy {a.capitalize()} ($1,000)", "extra"
    if a == "roll":
        return "Roll the dice", "roll"
    if a == "bribe":
        return f"Buy a bribe (${100 * state['dice']['blue']})", "bribe"
    if a == "newcop":
        to = move["to"]
        where = f"Into {to}" if to in BUILDING else f"At subway {state['dice']['blue']} facing {to}"
        return where, "newcop"
    if a == "donuts":
        return f"Cop {move['cop']} (${100 * state['dice']['blue']})", "donuts"
    if a == "pass":
        return "Leave the cops alone", "pass"
    if a == "stop":
        return "Stop it (play the bribe)", "stop"
    if a == "allow":
        return "Let it go", "stop"
    if a == "play":
        return f"Play bribe {state['turn']['ask']['cop']}", "bribes"
    if a == "keep":
        return f"Keep bribe {state['turn']['ask']['cop']} (or: I do not hold it)", "bribes"
    if a == "extort":
        return f"{PIECE_NAME[move['piece']]} extorts again", "extort"
    if a == "recruit":
        cost = commissioner.recruit_cost(state, move["n"]) if move["piece"] == "C" else \
            actions.recruit_cost(state, seat, move["piece"], move["n"])
        facing = f", facing {move['facing']}" if move["facing"] else ""
        return f"{PIECE_NAME[move['piece']]} +{move['n']} (${cost}{facing})", "recruit"
    if a == "newpublic":
        to = move["to"]
        where = f"Into {to}" if to in BUILDING else f"At subway {state['dice']['white']} facing {to}"
        return where, "newpublic"
    if a == "show":
        return f"Show bribe {move['bribe']}", "show"
    if a == "done":
        return "Done", "done"
    if a == "assign":
        return ", ".join(f"P{s + 1} {PIECE_NAME[k]} {n}" for s, k, n in move["hits"]), "assign"
    if a == "sell":
        return f"Sell {move['joint']} (${data.sale_price(BUILDING[move['joint']].value)})", "sell"
    return format_move(move), a


def _groups(options: list[Choice]) -> tuple[tuple[str, str], ...]:
    seen: list[str] = []
    for option in options:
        if option.group not in seen:
            seen.append(option.group)
    return tuple((g, GROUP_TITLES.get(g, g)) for g in seen)


def choices(state: State, seat: int) -> Decision | None:
    if not isinstance(seat, int) or seat not in to_act(state):
        return None
    step = step_of(state)
    if step == "order" and state["seats"][seat] == "police":
        moves = list(legal_moves(state, seat))
        strengths = tuple(Choice(m, format_move(m), f"Commissioner {m['n']}", "order") for m in moves)
        return Decision(seat=seat, kind="order", prompt=PROMPTS["commish"], options=strengths,
                        complete=True, groups=(("order", "Commissioner strength"),),
                        detail={"step": "order", "purse": 1700, "level_price": LEVEL_PRICE})
    if step == "order":
        return _order_decision(state, seat)
    listed = listed_moves(state, seat)
    detail: dict[str, Any] = {"step": step, "hint": STEP_HINT.get(step, "")}
    trimmed = False
    if step == "move":
        # Recruits come in many sizes: the options hold the smallest, ``detail["recruit"]`` the range.
        detail["recruit"] = _recruit_detail(state, seat, listed)
        kept = [m for m in listed if m["a"] != "recruit" or (m["n"] == 1 and m["facing"] in (None, "e"))]
        trimmed = len(kept) < len(listed)
        listed = kept
    options = []
    for move in listed:
        label, group = _label(state, seat, move)
        options.append(Choice(move, format_move(move), label, group))
    complete = not trimmed
    if step in ("cop", "pcop", "cmove"):
        cops = {}
        for cop in _movable_cops(state, seat, step):
            paths = police.cop_paths(state, cop, steer=seat if step == "cop" and "police" in state else None)
            if paths.any():
                tree, cut = paths.tree(TREE_BUDGET)
                cops[str(cop)] = {"at": state["cops"][str(cop)]["at"], "tree": tree, "cut": cut}
        detail.update(cops=cops, blue=state["dice"]["blue"])
        complete = not cops
        if step == "cmove":
            extra = _cop_turn_detail(state)
            detail.update(extra)
            complete = complete and not extra["commish"] and not extra["informants"] and not extra["public"]
    elif step == "move":
        detail.update(_movement_detail(state, seat))
        complete = complete and not detail["pieces"] and not detail["public"]
    elif step == "stop":
        detail["pending"] = dict(state["turn"]["pending"])
    elif step == "bribes":
        ask = state["turn"]["ask"]
        detail["ask"] = {k: ask[k] for k in ("cop", "what", "at", "amount", "seats")}
        detail["holds"] = bribes.holds(state, seat)  # this seat's own secret, told to it alone
    elif step == "assign":
        detail["fight"] = dict(state["turn"]["fight"])
    prompt = bribes_prompt(state, seat) if step == "bribes" else PROMPTS.get(step, step)
    return Decision(seat=seat, kind=step, prompt=prompt, options=tuple(options),
                    complete=complete, groups=_groups(options), detail=detail)


def bribes_prompt(state: State, seat: int) -> str:
    """The bribe question as its seat reads it (whether it holds the bribe is its own secret)."""
    ask = state["turn"]["ask"]
    return f"{bribes.question(ask)} Play it or keep it: {bribes.effect(state, seat)}."


def _movable_cops(state: State, seat: int, step: str) -> list[int]:
    if step == "cop" and "police" in state:
        return copportion.bribed_cops(state, seat)
    if step == "cmove":
        return [int(c) for c in sorted(state["cops"], key=int) if not copturn.may_move(state, c)]
    return sorted(int(k) for k in state["cops"])


def _cop_turn_detail(state: State) -> dict[str, Any]:
    """The Cop Turn's path moves: the Commissioner's, the Informants' (step c) and the Public's (step e)."""
    t = state["turn"]
    out: dict[str, Any] = {"commish": None, "informants": {}, "public": {}, "allow": t["allow"],
                           "acted": list(t["acted"]), "stage": t["stage"], "dice": dict(state["dice"])}
    c = commish(state)
    if c["at"] is not None and not copturn.may_move(state, "C") and not t["lone"]:
        paths = commissioner.paths(state)
        if paths.any():
            tree, cut = paths.tree(TREE_BUDGET)
            out["commish"] = {"at": c["at"], "tree": tree, "cut": cut}
    if t["stage"] == "c":
        for pid in informants_on(state):
            if pid in t["iacted"]:
                continue
            paths = movers.public_paths(state, pid)
            if paths.any():
                tree, cut = paths.tree(TREE_BUDGET)
                at = state["public"][str(pid)]["at"]
                out["informants"][str(pid)] = {"at": at, "tree": tree, "cut": cut}
    for pid in cop_turn_public(state):
        paths = movers.public_paths(state, pid)
        if paths.any():
            tree, cut = paths.tree(TREE_BUDGET)
            out["public"][str(pid)] = {"at": state["public"][str(pid)]["at"], "tree": tree, "cut": cut,
                                       "mult": PUBLIC[pid]}
    return out


def _movement_detail(state: State, seat: int) -> dict[str, Any]:
    pieces: dict[str, Any] = {}
    for kind in movable_pieces(state, seat):
        paths = movers.piece_paths(state, seat, kind)
        if not paths.any():
            continue
        tree, cut, ends = paths.tree_and_ends(TREE_BUDGET)
        options_at = actions.end_actions_of(state, seat, kind)
        pieces[kind] = {
            "at": gang(state, seat)["pieces"][kind]["at"],
            "tree": tree,
            "cut": cut,
            "ends": {node: [_ending(a, t) for a, t in options_at(node)] for node in ends},
        }
    public: dict[str, Any] = {}
    for pid in movable_public(state):
        paths = movers.public_paths(state, pid)
        if paths.any():
            tree, cut = paths.tree(TREE_BUDGET)
            public[str(pid)] = {"at": state["public"][str(pid)]["at"], "tree": tree, "cut": cut,
                                "mult": PUBLIC[pid]}
    t = state["turn"]
    return {"pieces": pieces, "public": public, "allow": t["allow"], "acted": list(t["acted"]),
            "dice": dict(state["dice"])}


def _ending(act: str, target: Any) -> dict[str, Any]:
    """One way to end a move: the notation's tail, the move's fields, and a label."""
    if act == "none":
        label = "Just move"
    elif act == "extort":
        label = "Extort here"
    elif target == "joint":
        label = "Hit the joint"
    else:
        label = f"{act.capitalize()} P{target[0] + 1}'s {PIECE_NAME[target[1]]}"
    return {"tail": end_text(act, target), "act": act, "target": target, "label": label}


def _recruit_detail(state: State, seat: int, listed: list[dict[str, Any]]) -> dict[str, Any]:
    """Per piece that may recruit: the costs of +1, +2, ... and whether it needs a facing (off the board)."""
    out: dict[str, Any] = {}
    for move in listed:
        if move["a"] != "recruit" or move["facing"] not in (None, "e"):
            continue
        entry = out.setdefault(move["piece"], {"costs": [], "facing": move["facing"] is not None})
        entry["costs"].append(actions.recruit_cost(state, seat, move["piece"], move["n"]))
    return out


def _order_decision(state: State, seat: int) -> Decision:
    mine = owned(state, seat)
    suggestions = [default_order(state, seat)]
    for r, t, v in ((6, 0, 0), (4, 4, 1), (5, 3, 0)):
        suggestions.append({"a": "gang", "R": r, "T": t, "V": v,
                            "at": {k: mine[0] for k, n in (("R", r), ("T", t), ("V", v)) if n > 0}})
    options: list[Choice] = []
    for move in suggestions:
        try:
            check_order(state, seat, move)
        except IllegalMove:
            continue
        text = format_move(move)
        if all(o.text != text for o in options):
            options.append(Choice(move, text, text.removeprefix("gang "), "order"))
    detail = {"step": "order", "purse": GANG_PURSE, "level_price": LEVEL_PRICE, "vamp_max": MAX_SETUP_VAMP,
              "max": dict(MAX_STRENGTH), "joints": mine,
              "current": state["orders"].get(str(seat))}
    return Decision(seat=seat, kind="order", prompt=PROMPTS["order"], options=tuple(options), complete=False,
                    groups=(("order", "Ready-made orders"),), detail=detail)


def skip_move(state: State, seat: int) -> dict[str, Any] | None:
    """The rulebook's passes: roll without buying, leave the cops, let a cop go, end the movement, keep a
    bribe."""
    if seat not in to_act(state):
        return None
    return {"buy": {"a": "roll"}, "cop": {"a": "pass"}, "stop": {"a": "allow"}, "move": {"a": "done"},
            "bribes": {"a": "keep"}}.get(step_of(state))


def example_moves(state: State, seat: int, limit: int) -> list[str]:
    """A varied handful of legal moves in notation: a path move or two first, then the listed ones."""
    from .bot import _random_cop, _random_piece_move, _random_public
    import random

    rng = random.Random(f"{state['evn']}-{seat}")
    picks: list[str] = []
    step = step_of(state)
    if step == "order":
        if state["seats"][seat] == "police":
            return ["commish 4"]
        return [format_move(default_order(state, seat))]
    from .police_bot import police_step, random_move

    if police_step(state):
        for _ in range(6):
            found = random_move(state, seat, rng)
            if found is not None and format_move(found) not in picks:
                picks.append(format_move(found))
            if len(picks) >= 2:
                break
    elif step == "cop":
        cops = sorted(int(k) for k in state["cops"])
        if cops:
            move = _random_cop(state, rng, cops)
            if move:
                picks.append(format_move(move))
    if step == "move":
        for kind in movable_pieces(state, seat)[:2]:
            move = _random_piece_move(state, seat, rng, kind)
            if move:
                picks.append(format_move(move))
        publics = movable_public(state)
        if publics:
            move = _random_public(state, rng, publics[0])
            if move:
                picks.append(format_move(move))
    listed = [format_move(m) for m in listed_moves(state, seat)]
    for text in listed[:2] + listed[-1:]:
        if text not in picks:
            picks.append(text)
    return picks[:limit]
