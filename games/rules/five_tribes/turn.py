"""The flow of a round: turns step by step, clean-up, and the end of the game.

A turn is a short sequence of decisions, each an ordinary move by the player
in ``state["turn"]["seat"]``. ``state["turn"]["step"]`` names the decision
awaited:

``move``      move meeples (or ``pass`` when no movement exists), Djinns allowed
``builders``  how many Fakirs to add to the Builders (only asked when it matters)
``kill``      the Assassins' target (``pass`` only when no target is free)
``market``    which cards to buy at a Small/Large Market, or ``pass``
``sacred``    which Djinn to take at a Sacred Place, or ``pass``
``palm``      Lamia's owner: where the palm tree goes
``palace``    Hagis's owner: where the palace goes
``sibittis``  which of the drawn Djinns to keep
``end``       sell merchandise, use Djinns, or ``done``

Active Djinns may be used at every step marked "Djinns allowed" in
``DJINN_STEPS``. Steps with nothing to decide are skipped, but never on the
strength of secret gold (a market is offered even to a player who cannot
pay), so the sequence of steps reveals nothing hidden.
"""

from __future__ import annotations

from games.rules.base import IllegalMove

from . import djinns as dj
from .bidding import play_order
from .board import TILE_INDEX, TILE_NAMES
from .data import DJINNS, DJINNS_FACE_UP, RESOURCE_ROW, TILE_LABELS, TRIBE_NAMES
from .movement import any_movement
from .state import MoveDict, State, draw_djinn, draw_resource, log, pay_cost, seat_label, take_control, to_bag
from .tiles import sacred_payments
from .tribes import builders, keep, kill_options, merchants

DJINN_STEPS = ("move", "builders", "kill", "market", "sacred", "end")


# -- rounds --------------------------------------------------------------------


def finish_bidding(s: State) -> None:
    s["queue"] = play_order(s)
    s["played"] = []
    s["phase"] = "play"
    log(s, "turn order: " + ", ".join(seat_label(m) for m in s["queue"]))
    start_next_turn(s)


def start_next_turn(s: State) -> None:
    if not s["queue"]:
        clean_up(s)
        return
    seat = s["queue"].pop(0)
    # Moving the Turn marker to the Bid Order track: next round bids in this order.
    s["played"].append(seat)
    s["turn"] = {"seat": seat, "step": "move", "used": [], "echidna": False, "iblis": False,
                 "tile": None, "tribe": None, "n": 0, "can_move": True}
    enter_move(s)


def clean_up(s: State) -> None:
    s["turn"] = None
    while len(s["row"]) < RESOURCE_ROW:
        card = draw_resource(s)
        if card is None:
            break
        s["row"].append(card)
    while len(s["djinns"]) < DJINNS_FACE_UP:
        d = draw_djinn(s)
        if d is None:
            break
        s["djinns"].append(d)
    if s["end"] is None and not any_movement(s):
        s["end"] = "no_move"
    if s["end"] is not None:
        s["phase"] = "over"
        s["queue"] = []
        log(s, "the game is over")
        return
    s["round"] += 1
    s["phase"] = "bid"
    s["bid_order"] = s["played"]
    s["played"] = []
    s["bid_index"] = 0
    s["zeros"] = []
    s["spots"] = [None] * 9
    s["kumarbi_used"] = [False] * s["num_players"]
    if dj.once_per_round(s):
        s["round_used"] = [[] for _ in range(s["num_players"])]
    log(s, f"round {s['round']}: bid order " + ", ".join(seat_label(m) for m in s["bid_order"]))


# -- steps ---------------------------------------------------------------------


def enter_move(s: State) -> None:
    t = s["turn"]
    seat = t["seat"]
    t["step"] = "move"
    if any_movement(s):
        t["can_move"] = True
        return
    t["can_move"] = False
    if s["end"] is None:
        s["end"] = "no_move"
        log(s, "no meeple can move any more: this is the last round")
    if not dj.usable_djinns(s, seat):
        log(s, f"{seat_label(seat)} cannot move and passes")
        finish_turn(s)


def enter_end(s: State) -> None:
    t = s["turn"]
    seat = t["seat"]
    if s["seats"][seat]["goods"] or dj.usable_djinns(s, seat):
        t["step"] = "end"
    else:
        finish_turn(s)


def finish_turn(s: State) -> None:
    s["turn"] = None
    start_next_turn(s)


def resume(s: State, back: str) -> None:
    """Return to the step a Djinn or a placement interrupted."""
    if back == "end":
        enter_end(s)
    elif back == "move":
        enter_move(s)
    else:
        s["turn"]["step"] = back


def after_movement(s: State, final: int, colour: str, n: int) -> None:
    """Control check, then the tribe action, then the tile action."""
    t = s["turn"]
    seat = t["seat"]
    t.update(tile=final, tribe=colour, n=n)
    log(s, f"{seat_label(seat)} picks up {n} {TRIBE_NAMES[colour]}{'s' if n > 1 else ''} on {TILE_NAMES[final]}")
    if not s["meeples"][final]:
        take_control(s, seat, final)
    if colour in "YW":
        keep(s, seat, colour, n)
    elif colour == "G":
        merchants(s, seat, n)
    elif colour == "B":
        if s["seats"][seat]["fakirs"] or dj.usable(s, seat, "Echidna"):
            t["step"] = "builders"
            return
        builders(s, seat, 0)
    else:
        to_bag(s, "R", n)
        if kill_options(s, seat):
            t["step"] = "kill"
            return
        log(s, f"{seat_label(seat)}'s Assassins find nothing to kill")
    tile_action(s)


def tile_action(s: State) -> None:
    t = s["turn"]
    seat, tile = t["seat"], t["tile"]
    kind = s["tiles"][tile][0]
    if kind == "oasis":
        place_palm(s, seat, tile, "end")
    elif kind == "village":
        place_palace(s, seat, tile, "end")
    elif kind in ("small_market", "large_market"):
        if s["row"]:
            t["step"] = "market"
        else:
            enter_end(s)
    elif s["djinns"] and sacred_payments(s["seats"][seat]):
        t["step"] = "sacred"
    else:
        enter_end(s)


def place_palm(s: State, seat: int, tile: int, back: str) -> None:
    if not s["supply"]["palms"]:
        log(s, "no palm trees are left")
        resume(s, back)
    elif dj.redirect_usable(s, seat, "Lamia"):
        s["turn"].update(step="palm", at=tile, back=back)
    else:
        dj.put_palm(s, seat, tile)
        resume(s, back)


def place_palace(s: State, seat: int, tile: int, back: str) -> None:
    if not s["supply"]["palaces"]:
        log(s, "no palaces are left")
        resume(s, back)
    elif dj.redirect_usable(s, seat, "Hagis"):
        s["turn"].update(step="palace", at=tile, back=back)
    else:
        dj.put_palace(s, seat, tile)
        resume(s, back)


def redirect(s: State, seat: int, move: MoveDict, piece: str) -> None:
    """The palm / palace step: keep the normal tile or move it with Lamia / Hagis."""
    t = s["turn"]
    name = "Lamia" if piece == "palm" else "Hagis"
    at, back = t.pop("at"), t.pop("back")
    put = dj.put_palm if piece == "palm" else dj.put_palace
    if "tile" not in move:
        put(s, seat, at)
        resume(s, back)
        return
    tile = TILE_INDEX.get(move["tile"]) if isinstance(move["tile"], str) else None
    allowed = dj.neighbourhood(at)
    if tile not in allowed:
        raise IllegalMove(
            f"{name} moves the {piece} to a tile next to {TILE_NAMES[at]} (diagonals included)",
            accepted=f"{piece} (on {TILE_NAMES[at]}) or {piece} " + "/".join(TILE_NAMES[x] for x in allowed),
        )
    pay = move.get("pay")
    if pay not in dj.payable(s["seats"][seat], name):
        raise IllegalMove(f"{name} costs 1 Elder or 1 Fakir", accepted=_pay_accepted(s, seat, name))
    pay_cost(s, seat, pay, name)
    dj.mark_used(s, seat, name)
    put(s, seat, tile)
    resume(s, back)


def _pay_accepted(s: State, seat: int, name: str) -> str:
    pays = dj.payable(s["seats"][seat], name)
    if not pays:
        return "you cannot pay it now"
    return " or ".join("pay " + " ".join("elder" if c == "E" else "fakir" for c in p) for p in pays)


def activate(s: State, seat: int, move: MoveDict) -> None:
    """A ``djinn`` move: check and use an active Djinn power."""
    t = s["turn"]
    back = t["step"]
    name = move.get("djinn")
    p = s["seats"][seat]
    if name not in DJINNS:
        raise IllegalMove(f"there is no Djinn called {name!r}")
    if name not in p["djinns"]:
        raise IllegalMove(f"you do not have {name}",
                          accepted="your Djinns: " + (", ".join(p["djinns"]) or "none"))
    kind = DJINNS[name][2]
    if kind != "active":
        when = {
            "redirect": "it is offered when you place a " + ("palace" if name == "Hagis" else "palm tree"),
            "bid": "it is used with a bid, for example bid 8 kumarbi 1",
            "passive": "it works by itself",
        }[kind]
        raise IllegalMove(f"{name} is not used with a djinn move: {when}")
    if dj.used_already(s, seat, name):
        if dj.once_per_round(s):
            raise IllegalMove(f"{name} has already been used this round: a Djinn power with a cost works "
                              "once per round, even for a player who plays twice")
        raise IllegalMove(f"{name} has already been used this turn (once per turn)")
    pay = move.get("pay")
    if pay not in dj.cost_options(name) or pay not in dj.payable(p, name):
        raise IllegalMove(f"{name} costs " + {"E": "1 Elder or 1 Fakir", "EE": "1 Elder and 1 Elder or Fakir",
                                              "F": "1 Fakir"}[dj.cost_options(name)[0]],
                          accepted=_pay_accepted(s, seat, name))
    tiles = dj.targets(s, seat, name)
    tile = None
    if tiles is not None:
        named = move.get("tile")
        tile = TILE_INDEX.get(named) if isinstance(named, str) else None
        if tile not in tiles:
            raise IllegalMove(f"{name} cannot target {move.get('tile')}: {_target_rule(name)}",
                              accepted=("tiles: " + " ".join(TILE_NAMES[x] for x in tiles)) if tiles
                              else "no tile qualifies now")
    elif not dj.usable(s, seat, name):
        raise IllegalMove(f"{name} cannot be used now: "
                          + ("the Djinn pile is empty" if name == "Sibittis" else "the resource pile is empty"))
    pay_cost(s, seat, pay, name)
    dj.mark_used(s, seat, name)
    log(s, f"{seat_label(seat)} uses {name}" + (f" on {TILE_NAMES[tile]}" if tile is not None else ""))
    # (tile is a checked target for the Djinns that name one.)
    if name == "Anun-Nak" and tile is not None:
        dj.anun_nak(s, seat, tile)
    elif name == "Bouraq" and tile is not None:
        place_palace(s, seat, tile, back)
        return
    elif name == "Enki" and tile is not None:
        place_palm(s, seat, tile, back)
        return
    elif name == "Echidna":
        t["echidna"] = True
    elif name == "Iblis":
        t["iblis"] = True
    elif name in ("Leta", "Utug") and tile is not None:
        take_control(s, seat, tile)
    elif name == "Sibittis":
        drawn = dj.sibittis_draw(s)
        if drawn:
            t.update(step="sibittis", drawn=drawn, back=back)
            return
    elif name == "Sloar":
        dj.sloar(s, seat)
    resume(s, back)


def _target_rule(name: str) -> str:
    return {
        "Anun-Nak": "it needs a tile with no camel, meeple, palm tree or palace (and meeples in the bag)",
        "Leta": "it needs a tile with no camel, meeple, palm tree or palace (and a camel left)",
        "Utug": "it needs a tile holding meeples but no camel, palm tree or palace (and a camel left)",
        "Bouraq": "it puts a palace on a Village (while palaces are left)",
        "Enki": "it puts a palm tree on an Oasis (while palm trees are left)",
    }[name]


def keep_drawn(s: State, seat: int, move: MoveDict) -> None:
    t = s["turn"]
    name = move.get("djinn")
    drawn = t["drawn"]
    if name not in drawn:
        raise IllegalMove(f"{name} is not among the Djinns you drew", accepted="keep " + " / ".join(drawn))
    t.pop("drawn")
    back = t.pop("back")
    for d in drawn:
        if d != name:
            s["djinn_discard"].append(d)
    dj.gain_djinn(s, seat, str(name))
    resume(s, back)


def tile_label(s: State, tile: int) -> str:
    kind, value = s["tiles"][tile]
    return f"{TILE_LABELS[kind]} {value}"
