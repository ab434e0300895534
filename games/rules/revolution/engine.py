"""Setup, bids, resolution, patronage and final scoring of Revolution!, as pure functions.

The state is plain JSON data::

    {
      "players": 3,
      "options": {"bid_refunds": false, "area_control_bonus": false},
      "rng": {"seed": "...", "counter": 0},   # kept for the protocol; Revolution draws nothing
      "round": 1,
      "phase": "bidding",                     # bidding | choice | over
      "support": [0, 0, 0],                   # the support track
      "hands": [{"force": 1, "blackmail": 1, "gold": 3}, ...],   # tokens to bid this round
      "aside": [{"force": 0, "blackmail": 0, "gold": 0}, ...],   # won this round, for the next
      "bank": {"force": 9, "blackmail": 9, "gold": 23},
      "board": {"fortress": [0, 0, 0], ...},  # cubes per area per seat
      "bids": {"0": {"general": {"gold": 2}, ...}},   # secret until the last bid is in
      "resolution": null | {"next": 10, "pending": {"seat": 1, "character": "spy"},
                            "table": {"apothecary": {"0": {"gold": 2}}, ...}},  # not yet evaluated
      "log": {"round": 0, "events": []},      # the last (or current) resolution only
      "result": null | {...}
    }

``apply`` works copy-on-write: a bid copies the top-level dict and the bids map
and nothing else, because every move runs through it (on the move path, and
again whenever a game is replayed: the replay page, exports, rebuilds). The
resolution runs once per round and copies the few structures it changes.

Timing decisions (documented for players in docs/players/revolution.md):
tokens that do not count (immune tokens, characters beyond the sixth) go to the
bank when the bids are revealed; for each character the winner is paid first and
the tokens bid on it go to the bank afterwards, as the rulebook orders it.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from games.rules.base import IllegalMove, State

from .data import (
    APOTHECARY,
    AREA_INDEX,
    AREA_LIST,
    AREAS,
    CHARACTER_IDS,
    CHARACTER_INDEX,
    CHARACTER_LIST,
    CHARACTERS,
    COLORS,
    CUBES_PER_COLOR,
    KIND_NAME,
    KINDS,
    MAX_CHARACTERS_PER_BID,
    PATRONAGE_LEVEL,
    SPY,
    STARTING_TOKENS,
    TOKEN_POINTS,
    TOKENS_TOTAL,
    Character,
)

Tokens = dict[str, int]
Bid = dict[str, Tokens]

SEAT_KEYS = ("0", "1", "2", "3")
_KIND_SET = frozenset(KINDS)
_IMMUNE = {c.id: c.immune for c in CHARACTER_LIST}


# -- small helpers ---------------------------------------------------------------


def zero_tokens() -> Tokens:
    return {"force": 0, "blackmail": 0, "gold": 0}


def token_count(tokens: Tokens) -> int:
    return tokens["force"] + tokens["blackmail"] + tokens["gold"]


def tokens_text(tokens: Tokens) -> str:
    """'1 Force, 1 Blackmail, 3 Gold'; zero counts left out."""
    parts = [f"{tokens[k]} {KIND_NAME[k]}" for k in KINDS if tokens.get(k)]
    return ", ".join(parts) if parts else "no tokens"


def color_name(seat: int) -> str:
    return COLORS[seat].capitalize()


def seat_label(seat: int) -> str:
    return f"{color_name(seat)} (seat {seat + 1})"


def cubes_in_supply(state: State, seat: int) -> int:
    placed = 0
    for counts in state["board"].values():
        placed += counts[seat]
    return CUBES_PER_COLOR - placed


def area_full(state: State, area: str) -> bool:
    filled: int = sum(state["board"][area])
    return filled >= AREAS[area].spaces


def board_full(state: State) -> bool:
    return all(area_full(state, a.id) for a in AREA_LIST)


def area_owner(state: State, area: str) -> int | None:
    """The seat holding every space of a full area, or None."""
    counts = state["board"][area]
    spaces = AREAS[area].spaces
    for seat, n in enumerate(counts):
        if n == spaces:
            return seat
    return None


def area_protected(state: State, area: str) -> bool:
    """Area Control Bonus: a wholly held area cannot be touched by the Spy or Apothecary."""
    return bool(state["options"].get("area_control_bonus")) and area_owner(state, area) is not None


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def allowed_text(character: Character) -> str:
    allowed = [KIND_NAME[k] for k in character.allowed]
    return " or ".join(allowed)


# -- setup -----------------------------------------------------------------------


def setup(num_players: int, options: dict[str, Any], seed: str) -> State:
    n = num_players
    bank = {k: TOKENS_TOTAL[k] - n * STARTING_TOKENS[k] for k in KINDS}
    return {
        "players": n,
        "options": dict(options),
        "rng": {"seed": seed, "counter": 0},
        "round": 1,
        "phase": "bidding",
        "support": [0] * n,
        "hands": [dict(STARTING_TOKENS) for _ in range(n)],
        "aside": [zero_tokens() for _ in range(n)],
        "bank": bank,
        "board": {a.id: [0] * n for a in AREA_LIST},
        "bids": {},
        "resolution": None,
        "log": {"round": 0, "events": []},
        "result": None,
    }


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "bidding":
        bids = state["bids"]
        return [s for s in range(state["players"]) if SEAT_KEYS[s] not in bids]
    if phase == "choice":
        return [state["resolution"]["pending"]["seat"]]
    return []


# -- bids ------------------------------------------------------------------------

_BID_SHAPE = "a bid names characters and the tokens on each, for example 'general b g; printer f'"


def _bad_bid(detail: str) -> IllegalMove:
    return IllegalMove(detail, accepted=_BID_SHAPE)


def _clean_bid(bid: Any) -> tuple[Bid, Tokens]:
    """Check a bid's shape; return it without zero counts, and its token totals."""
    if not isinstance(bid, dict):
        raise _bad_bid("that is not a bid")
    out: Bid = {}
    used = zero_tokens()
    for cid, tokens in bid.items():
        if cid not in CHARACTERS:
            raise IllegalMove(
                f"there is no character '{cid}' on the bid board",
                accepted="characters: " + ", ".join(CHARACTER_IDS),
            )
        if type(tokens) is not dict:
            raise _bad_bid(f"the tokens on the {CHARACTERS[cid].name} are not a list of counts")
        clean: Tokens = {}
        for kind, count in tokens.items():
            if kind not in _KIND_SET:
                raise IllegalMove(f"'{kind}' is not a token", accepted="tokens are force, blackmail and gold")
            if type(count) is not int or count < 0:
                raise IllegalMove(
                    f"{count!r} {kind} on the {CHARACTERS[cid].name} is not a count",
                    accepted="counts are whole numbers such as 1 or 2",
                )
            if count:
                clean[kind] = count
                used[kind] += count
        if clean:
            out[cid] = clean
    return out, used


def normalize_bid(bid: Any) -> Bid:
    """A bid as {character: {kind: n > 0}}, characters in resolution order, tokens strongest first.

    Zero counts and characters without tokens are dropped so that equal bids are
    equal data (dict order never matters for equality; it only makes printing tidy).
    """
    clean, _ = _clean_bid(bid)
    return {cid: {k: clean[cid][k] for k in KINDS if k in clean[cid]} for cid in CHARACTER_IDS if cid in clean}


def bid_totals(bid: Bid) -> Tokens:
    used = zero_tokens()
    for tokens in bid.values():
        for kind, n in tokens.items():
            used[kind] += n
    return used


def check_bid(hand: Tokens, move: Any) -> Bid:
    """The cleaned bid of a bid move, or IllegalMove saying what is wrong.

    Runs on every bid (and every replayed one), so it checks and copies in one pass and keeps the
    move's own character order rather than sorting.
    """
    if not isinstance(move, dict) or move.get("action") != "bid" or "bid" not in move:
        raise _bad_bid("it is time to bid")
    bid, used = _clean_bid(move["bid"])
    if used != hand:
        raise IllegalMove(
            f"you hold {tokens_text(hand)} but your bid uses {tokens_text(used)}: every token must be bid",
            accepted="bid exactly the tokens you hold",
        )
    return bid


def counted_characters(bid: Bid) -> tuple[list[str], list[str]]:
    """(the first six characters bid on in resolution order, the ignored rest)."""
    chars = [cid for cid in CHARACTER_IDS if cid in bid]
    return chars[:MAX_CHARACTERS_PER_BID], chars[MAX_CHARACTERS_PER_BID:]


def bid_warnings(bid: Bid) -> list[str]:
    """What the resolution will throw away from this (otherwise legal) bid."""
    counted, extra = counted_characters(bid)
    warnings: list[str] = []
    if extra:
        names = join_names([f"the {CHARACTERS[c].name}" for c in extra])
        warnings.append(
            f"you bid on {len(counted) + len(extra)} characters but only the first six in resolution "
            f"order count: your tokens on {names} will go to the bank"
        )
    for cid in counted:
        ch = CHARACTERS[cid]
        lost = {k: n for k, n in bid[cid].items() if k in ch.immune}
        if lost:
            kinds = " and ".join(KIND_NAME[k] for k in KINDS if k in lost)
            warnings.append(
                f"the {ch.name} is immune to {kinds}: your {tokens_text(lost)} there will be removed "
                f"at resolution and go to the bank (bid {allowed_text(ch)} there)"
            )
    return warnings


def effective_table(bids: dict[str, Bid]) -> tuple[dict[str, dict[str, Tokens]], list[dict[str, Any]]]:
    """Per character, the tokens that count for each seat; plus what is discarded at reveal.

    Token dicts are shared with ``bids``, never copied: nothing mutates them, and
    this runs on every round (and every replayed one).
    """
    table: dict[str, dict[str, Tokens]] = {}
    discards: list[dict[str, Any]] = []
    for key in sorted(bids):
        bid = bids[key]
        if len(bid) > MAX_CHARACTERS_PER_BID:
            counted, extra = counted_characters(bid)
            for cid in extra:
                discards.append({"kind": "discard", "seat": int(key), "character": cid,
                                 "tokens": bid[cid], "reason": "over_six"})
        else:
            counted = bid  # type: ignore[assignment]  # iterating a dict gives its keys
        for cid in counted:
            tokens = bid[cid]
            immune = _IMMUNE[cid]
            if immune and not immune.isdisjoint(tokens):
                good = {k: n for k, n in tokens.items() if k not in immune}
                discards.append({"kind": "discard", "seat": int(key), "character": cid,
                                 "reason": "immune",
                                 "tokens": {k: n for k, n in tokens.items() if k in immune}})
                if not good:
                    continue
                tokens = good
            entry = table.get(cid)
            if entry is None:
                table[cid] = {key: tokens}
            else:
                entry[key] = tokens
    if discards:
        # A bid reloaded from storage may list its characters in any order; the log must not.
        discards.sort(key=lambda d: (d["seat"], CHARACTER_INDEX[d["character"]]))
    return table, discards


def strength(tokens: Tokens) -> tuple[int, int, int]:
    """Force, then Blackmail, then Gold: compared lexicographically."""
    return (tokens.get("force", 0), tokens.get("blackmail", 0), tokens.get("gold", 0))


def best_bidder(entries: dict[str, Tokens]) -> int | None:
    """The seat with the strictly strongest bid; None on a tie for the top."""
    if len(entries) == 1:
        # A lone bid wins: a counted bid is never empty, so it beats the nothing it is compared with.
        return int(next(iter(entries)))
    best_key = None
    best = second = (-1, -1, -1)
    for key, tokens in entries.items():
        value = (tokens.get("force", 0), tokens.get("blackmail", 0), tokens.get("gold", 0))
        if value > best:
            best, second, best_key = value, best, key
        elif value > second:
            second = value
    if best == second:
        return None
    return int(best_key)  # type: ignore[arg-type]


# -- apply -----------------------------------------------------------------------


def apply(state: State, seat: int, move: Any) -> State:
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise IllegalMove(f"there is no seat {seat!r} in this game",
                          accepted=f"seats are 0 to {state['players'] - 1}")
    phase = state["phase"]
    if phase == "bidding":
        return _with_bid(state, seat, check_bid(state["hands"][seat], move))
    if phase == "choice":
        return _apply_choice(state, seat, move)
    raise IllegalMove("the game is over; no more moves are accepted")


def apply_stored(state: State, seat: int, move: Any) -> State:
    """``apply`` for a move that ``apply`` accepted before on this state (a rebuild from the log).

    A bid's checks are a tenth of a replayed game's time and cannot fail here, so
    the bid is taken as stored; only its zero counts, which a move sent through the
    API may hold and ``apply`` drops, send it through the checks. A Spy or Apothecary
    choice is carried out without checking its cubes again.
    """
    if state["phase"] == "choice":
        action = move["action"]
        cubes = [move] if action == "spy" else move.get("cubes", [])
        return _chosen(state, seat, action, [(c["area"], COLORS.index(c["color"])) for c in cubes])
    if state["phase"] != "bidding":
        return apply(state, seat, move)
    bid = move["bid"]
    for tokens in bid.values():
        if not tokens or 0 in tokens.values():
            bid = check_bid(state["hands"][seat], move)
            break
    return _with_bid(state, seat, bid)


def _with_bid(state: State, seat: int, bid: Bid) -> State:
    """The state with ``seat``'s (checked) bid in; revealed when it is the last one.

    Any seat may bid, also one that already did: a new bid replaces the old one.
    """
    bids = dict(state["bids"])
    bids[SEAT_KEYS[seat]] = bid
    new = dict(state)
    new["bids"] = bids
    if len(bids) == state["players"]:
        return _reveal(new)
    return new


def _own(state: State, *, log: bool = True) -> State:
    """A copy whose mutable parts that resolution changes are private to it.

    A hand is never changed in place (patronage puts the set-aside pile in its place), so the list
    of hands is copied and the hands are not. ``log=False``: the caller starts a new log.
    """
    s = dict(state)
    s["support"] = list(state["support"])
    s["hands"] = list(state["hands"])
    s["aside"] = [dict(a) for a in state["aside"]]
    s["bank"] = dict(state["bank"])
    s["board"] = {k: list(v) for k, v in state["board"].items()}
    if log:
        s["log"] = {"round": state["log"]["round"], "events": list(state["log"]["events"])}
    return s


def _reveal(state: State) -> State:
    s = _own(state, log=False)
    n = s["players"]
    # The tokens are now on the bid boards, no longer in hand.
    s["hands"] = [zero_tokens() for _ in range(n)]
    table, discards = effective_table(s["bids"])
    bank = s["bank"]
    for d in discards:
        for kind, count in d["tokens"].items():
            bank[kind] += count
    s["log"] = {"round": s["round"], "events": discards}
    return _resolve_from(s, table, 0)


def _pay(s: State, seat: int, tokens: Mapping[str, int]) -> tuple[Tokens, Tokens]:
    """Pay tokens from the bank to a seat's set-aside pile as far as the bank allows."""
    paid: Tokens = {}
    short: Tokens = {}
    bank = s["bank"]
    aside = s["aside"][seat]
    for kind, want in tokens.items():
        got = want if want <= bank[kind] else bank[kind]
        bank[kind] -= got
        aside[kind] += got
        if got:
            paid[kind] = got
        if want > got:
            short[kind] = want - got
    return paid, short


def _resolve_from(s: State, table: dict[str, dict[str, Tokens]], start: int) -> State:
    """Evaluate characters from index ``start``; stop at a Spy/Apothecary choice or finish the round.

    ``table`` holds the tokens that count, per character and seat. When the
    resolution stops for a choice, the part not yet evaluated is stored in the
    state (it is public by then) so the continuation need not recompute it.
    """
    refunds = bool(s["options"].get("bid_refunds"))
    events = s["log"]["events"]
    bank = s["bank"]
    for index in range(start, len(CHARACTER_LIST)):
        ch = CHARACTER_LIST[index]
        entries = table.get(ch.id)
        if not entries:
            continue
        winner = best_bidder(entries)
        event: dict[str, Any] = {"kind": "character", "character": ch.id, "bids": entries, "winner": winner}
        if winner is not None:
            _reward(s, ch, winner, event)
        # After evaluation every token bid here leaves the board.
        for key, tokens in entries.items():
            if refunds and (winner is None or int(key) != winner):
                target = s["aside"][int(key)]
                event.setdefault("refunded", {})[key] = tokens
            else:
                target = bank
            for kind, count in tokens.items():
                target[kind] += count
        events.append(event)
        if winner is not None and ch.special:
            if choice_available(s, winner, ch.special):
                s["phase"] = "choice"
                rest = {c.id: table[c.id] for c in CHARACTER_LIST[index + 1:] if c.id in table}
                s["resolution"] = {"next": index + 1, "pending": {"seat": winner, "character": ch.id},
                                   "table": rest}
                return s
            events.append({"kind": "no_target", "seat": winner, "character": ch.id})
    return _finish_round(s)


def _reward(s: State, ch: Character, winner: int, event: dict[str, Any]) -> None:
    if ch.support:
        s["support"][winner] += ch.support
        event["support"] = ch.support
    if ch.tokens:
        paid, short = _pay(s, winner, ch.tokens)
        event["tokens"] = paid
        if short:
            event["short"] = short
    if ch.area:
        if area_full(s, ch.area):
            event["cube"] = None
            event["cube_note"] = "full"
        elif cubes_in_supply(s, winner) <= 0:
            event["cube"] = None
            event["cube_note"] = "no_cubes"
        else:
            s["board"][ch.area][winner] += 1
            event["cube"] = ch.area


def _finish_round(s: State) -> State:
    n = s["players"]
    s["resolution"] = None
    s["bids"] = {}
    if board_full(s):
        # No patronage after the last resolution: the set-aside tokens are scored as they are.
        s["phase"] = "over"
        s["log"]["events"].append({"kind": "end"})
        s["result"] = final_result(s)
        return s
    for seat in range(n):
        hand = s["aside"][seat]
        s["aside"][seat] = zero_tokens()
        missing = PATRONAGE_LEVEL - token_count(hand)
        if missing > 0:
            got = min(missing, s["bank"]["gold"])
            s["bank"]["gold"] -= got
            hand["gold"] += got
            event: dict[str, Any] = {"kind": "patronage", "seat": seat, "gold": got}
            if got < missing:
                event["short"] = missing - got
            s["log"]["events"].append(event)
        s["hands"][seat] = hand
    s["round"] += 1
    s["phase"] = "bidding"
    # A seat without tokens has nothing to decide: its (empty) bid is entered for it.
    for seat in range(n):
        if token_count(s["hands"][seat]) == 0:
            s["bids"][SEAT_KEYS[seat]] = {}
    if len(s["bids"]) == n:  # cannot happen with the real bank, but never stall
        return _reveal(s)
    return s


# -- Spy and Apothecary -------------------------------------------------------------


def spy_targets(state: State, seat: int) -> Iterator[tuple[str, int]]:
    """(area, seat) of every opponent cube the Spy may replace."""
    if cubes_in_supply(state, seat) <= 0:
        return
    for area in AREA_LIST:
        if area_protected(state, area.id):
            continue
        for other, count in enumerate(state["board"][area.id]):
            if other != seat and count > 0:
                yield area.id, other


def swap_targets(state: State) -> Iterator[tuple[tuple[str, int], tuple[str, int]]]:
    """Every pair of cubes whose exchange changes something, first in board order."""
    spots = []
    for area in AREA_LIST:
        if area_protected(state, area.id):
            continue
        for other, count in enumerate(state["board"][area.id]):
            if count > 0:
                spots.append((area.id, other))
    for i, first in enumerate(spots):
        for second in spots[i + 1:]:
            if first[0] != second[0] and first[1] != second[1]:
                yield first, second


def choice_available(state: State, seat: int, special: str) -> bool:
    targets = spy_targets(state, seat) if special == SPY else swap_targets(state)
    return next(iter(targets), None) is not None


def _pending_hint(special: str) -> str:
    if special == SPY:
        return "reply like 'spy blue harbor' to replace a Blue cube in the Harbor with yours, or 'pass'"
    return "reply like 'swap cathedral blue tavern green' to exchange those two cubes, or 'pass'"


Spot = tuple[str, int]  # (area, seat) of a cube


def _apply_choice(state: State, seat: int, move: Any) -> State:
    pending = state["resolution"]["pending"]
    special = CHARACTERS[pending["character"]].special
    assert special is not None
    who = pending["seat"]
    name = CHARACTERS[pending["character"]].name
    if seat != who:
        raise IllegalMove(
            f"the bids are revealed; the resolution waits for {seat_label(who)}, who won the {name}, "
            f"to choose",
            accepted="you can bid again when the next round starts",
        )
    action = move.get("action") if isinstance(move, dict) else None
    if action == "pass":
        return _chosen(state, seat, "pass", [])
    if action == "spy" and special == SPY:
        area, target = _check_spot(state, move, "the Spy")
        if target == seat:
            others = [COLORS[o] for _, o in spy_targets(state, seat)]
            raise IllegalMove("the Spy replaces an opponent's cube, not your own",
                              accepted="choose " + " or ".join(sorted(set(others), key=COLORS.index)))
        return _chosen(state, seat, "spy", [(area, target)])
    if action == "swap" and special == APOTHECARY:
        cubes = move.get("cubes")
        if not isinstance(cubes, list) or len(cubes) != 2:
            raise IllegalMove("the Apothecary swaps exactly two cubes", accepted=_pending_hint(special))
        spots = [_check_spot(state, c, "the Apothecary") for c in cubes]
        (a1, s1), (a2, s2) = sorted(spots, key=_spot_order)
        if a1 == a2:
            raise IllegalMove(
                f"both cubes are in the {AREAS[a1].name}: swapping within one area changes nothing",
                accepted="pick cubes in two different areas",
            )
        if s1 == s2:
            raise IllegalMove(
                f"both cubes are {color_name(s1)}: swapping cubes of one colour changes nothing",
                accepted="pick cubes of two different colours",
            )
        return _chosen(state, seat, "swap", spots)
    raise IllegalMove(f"you won the {name} and must choose first", accepted=_pending_hint(special))


def _spot_order(spot: Spot) -> tuple[int, int]:
    return AREA_INDEX[spot[0]], spot[1]


def _chosen(state: State, seat: int, action: str, spots: list[Spot]) -> State:
    """The resolution after the pending Spy or Apothecary choice (checked): ``spots`` are the cube the Spy
    replaces, or the two cubes the Apothecary swaps; none for a pass."""
    s = _own(state)
    board, events = s["board"], s["log"]["events"]
    if action == "pass":
        events.append({"kind": "pass", "seat": seat, "character": state["resolution"]["pending"]["character"]})
    elif action == "spy":
        (area, target), = spots
        board[area][target] -= 1
        board[area][seat] += 1
        events.append({"kind": "spy", "seat": seat, "area": area, "color": COLORS[target]})
    else:
        (a1, s1), (a2, s2) = sorted(spots, key=_spot_order)
        board[a1][s1] -= 1
        board[a1][s2] += 1
        board[a2][s2] -= 1
        board[a2][s1] += 1
        events.append({"kind": "swap", "seat": seat, "cubes": [
            {"area": a1, "color": COLORS[s1]}, {"area": a2, "color": COLORS[s2]}]})
    s["phase"] = "resolving"
    return _resolve_from(s, state["resolution"]["table"], state["resolution"]["next"])


def _check_spot(state: State, spot: Any, who: str) -> tuple[str, int]:
    """Validate {"area": ..., "color": ...} naming an existing, touchable cube."""
    if not isinstance(spot, dict):
        raise IllegalMove(f"{who} needs an area and a colour", accepted="for example 'harbor blue'")
    area = spot.get("area")
    color = spot.get("color")
    if not isinstance(area, str) or area not in AREAS:
        raise IllegalMove(f"there is no area {area!r}",
                          accepted="areas: " + ", ".join(a.name for a in AREA_LIST))
    playing = COLORS[: state["players"]]
    if not isinstance(color, str) or color not in playing:
        raise IllegalMove(f"{color!r} is not a colour in this game", accepted="colours: " + ", ".join(playing))
    target = playing.index(color)
    a = AREAS[area]
    if state["board"][area][target] <= 0:
        holders = [COLORS[o] for o, n in enumerate(state["board"][area]) if n > 0]
        have = ("cubes there: " + ", ".join(holders)) if holders else f"the {a.name} is empty"
        raise IllegalMove(f"{color_name(target)} has no cube in the {a.name}", accepted=have)
    if area_protected(state, area):
        raise IllegalMove(
            f"{color_name(target)} holds every space of the {a.name}, so {who} cannot touch those cubes "
            f"(Area Control Bonus)",
            accepted="pick a cube in another area",
        )
    return area, target


# -- scoring -----------------------------------------------------------------------


def final_result(state: State) -> dict[str, Any]:
    n = state["players"]
    bonus_on = bool(state["options"].get("area_control_bonus"))
    seats = []
    for seat in range(n):
        held = {k: state["hands"][seat][k] + state["aside"][seat][k] for k in KINDS}
        seats.append({
            "seat": seat,
            "color": COLORS[seat],
            "track": state["support"][seat],
            "tokens_held": held,
            "tokens": sum(TOKEN_POINTS[k] * held[k] for k in KINDS),
            "areas": {},
            "bonus": {},
        })
    for area in AREA_LIST:
        counts = state["board"][area.id]
        top = max(counts)
        if top > 0 and counts.count(top) == 1:
            seats[counts.index(top)]["areas"][area.id] = area.support
        owner = area_owner(state, area.id)
        if bonus_on and owner is not None:
            seats[owner]["bonus"][area.id] = 10
    for entry in seats:
        entry["area_total"] = sum(entry["areas"].values())
        entry["bonus_total"] = sum(entry["bonus"].values())
        entry["total"] = entry["track"] + entry["tokens"] + entry["area_total"] + entry["bonus_total"]
    scores = [e["total"] for e in seats]
    best = max(scores)
    return {
        "scores": scores,
        "winners": [s for s in range(n) if scores[s] == best],
        "detail": {"seats": seats},
    }
