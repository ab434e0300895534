"""The Five Tribes rules object: the protocol methods over the phase modules.

Two rules versions share this code. Version 1 lets a Djinn power with a cost
be used once per *play* (so twice in a round by a 2-player seat holding two
turn markers); version 2, the rulebook's reading, once per *round*. A version 2
state holds ``round_used`` (written by :meth:`FiveTribesRules.setup`), and the
Djinn checks in ``djinns.py`` key on it, so a state always replays under the
rules it was created by and version 1 states are exactly what they always were.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Collection, Iterable, Iterator, Sequence

from games.rules.base import Decision, IllegalMove, Rules, require_seat

from . import narration, notation, turn
from .bidding import bidder, legal_bids, place_bid, price
from .board import DISTANCE, TILE_INDEX, TILE_NAMES
from .decisions import decision, djinn_options, sales, step_options
from .djinns import blue_around
from .movement import carry_out, check_movement, iter_movements, sample_movement
from .scoring import goods_value, score, sell
from .setup import new_game
from .state import MoveDict, State, clone, log, seat_label
from .tiles import buy, summon
from .tribes import builders, free_kill_exists, kill, kill_options
from .views import describe_state, view_state

STEP_HELP = {
    "move": "move meeples (move C3 C4 D4 drop white blue)",
    "builders": "add Fakirs to your Builders (fakirs 0, fakirs 1, ...)",
    "kill": "choose your Assassins' target (kill D2 white, kill P2 vizier)",
    "market": "buy at the market (take 1 3) or pass",
    "sacred": "take a Djinn (take jafaar pay elder elder) or pass",
    "palm": "place the palm tree (palm, or palm D4 pay fakir with Lamia)",
    "palace": "place the palace (palace, or palace C2 pay elder with Hagis)",
    "sibittis": "keep one of the Djinns you drew (keep NAME)",
    "end": "sell merchandise (sell fish ivory), use a Djinn, or done",
}


class FiveTribesRules(Rules):
    """Five Tribes (Days of Wonder, 2014) for 2 to 4 players, with all 22 Djinns."""

    slug = "five_tribes"
    name = "Five Tribes"
    min_players = 2
    max_players = 4
    options = ()
    summary = "Bid for turn order, move the tribes of Naqala, summon Djinns, and rule the Sultanate."

    def __init__(self, version: int = 2) -> None:
        if version not in (1, 2):
            raise ValueError(f"Five Tribes has rules versions 1 and 2, not {version}")
        self.version = version

    # -- protocol ------------------------------------------------------------
    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        self.resolve_options(options)
        state = new_game(num_players, seed)
        if self.version >= 2:
            # Djinn powers with a cost used this round, per seat (see djinns.once_per_round).
            state["round_used"] = [[] for _ in range(num_players)]
        return state

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "bid":
            return [bidder(state)]
        if state["phase"] == "play":
            return [state["turn"]["seat"]]
        return []

    def apply(self, state: State, seat: int, move: Any) -> State:
        require_seat(self, state, seat)
        if not isinstance(move, dict) or not isinstance(move.get("t"), str):
            raise IllegalMove("that is not a Five Tribes move", accepted=notation.HELP_EXAMPLES)
        s = clone(state)
        try:
            if s["phase"] == "bid":
                if move["t"] != "bid":
                    raise IllegalMove("it is time to bid for turn order", accepted=self._bid_accepted(s, seat))
                place_bid(s, seat, move)
                s["bid_index"] += 1
                if s["bid_index"] == len(s["bid_order"]):
                    turn.finish_bidding(s)
            else:
                self._play(s, seat, move)
        except IllegalMove:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # A hand-made move dict with missing or ill-typed fields: refuse it
            # like any other illegal move (the clone is simply dropped).
            raise IllegalMove("that move is malformed", accepted=notation.HELP_EXAMPLES) from None
        return s

    def _bid_accepted(self, s: State, seat: int) -> str:
        costs = sorted({m["cost"] for m in legal_bids(s, seat)})
        return "bid " + ", ".join(map(str, costs))

    def _play(self, s: State, seat: int, move: MoveDict) -> None:
        t = s["turn"]
        step, kind = t["step"], move["t"]
        if kind == "djinn":
            if step not in turn.DJINN_STEPS:
                raise IllegalMove("finish this choice first: " + STEP_HELP[step])
            turn.activate(s, seat, move)
            return
        if step == "move":
            if kind == "move":
                start, path, drops = check_movement(s, move)
                final, colour, n = carry_out(s, seat, start, path, drops)
                log(s, f"{seat_label(seat)}: {notation.format_move(move)}")
                turn.after_movement(s, final, colour, n)
            elif kind == "pass":
                if t["can_move"]:
                    raise IllegalMove("you can move meeples, so you must", accepted=STEP_HELP["move"])
                log(s, f"{seat_label(seat)} cannot move and passes")
                turn.finish_turn(s)
            elif not t["can_move"]:
                raise IllegalMove(f"a '{kind}' move does not fit now: no meeple can move",
                                  accepted="use a Djinn (djinn NAME ...) or pass")
            else:
                self._wrong(step, kind)
        elif step == "builders" and kind == "builders":
            fakirs = move.get("fakirs")
            if type(fakirs) is not int:
                raise IllegalMove("say how many Fakirs to add", accepted="fakirs 0, fakirs 1, ...")
            builders(s, seat, fakirs)
            turn.tile_action(s)
        elif step == "kill" and kind == "kill":
            kill(s, seat, move)
            turn.tile_action(s)
        elif step == "kill" and kind == "pass":
            if free_kill_exists(s, seat):
                raise IllegalMove("your Assassins must kill: a target is within reach",
                                  accepted=STEP_HELP["kill"])
            log(s, f"{seat_label(seat)}'s Assassins kill nobody")
            turn.tile_action(s)
        elif step == "market" and kind in ("take", "pass"):
            if kind == "take":
                if "cards" not in move:
                    raise IllegalMove("at a market you take cards by position", accepted="take 1 3")
                buy(s, seat, s["tiles"][t["tile"]][0], move)
            turn.enter_end(s)
        elif step == "sacred" and kind in ("take", "pass"):
            if kind == "take":
                if "djinn" not in move:
                    raise IllegalMove("at a Sacred Place you take a Djinn by name",
                                      accepted="take " + " / ".join(d.lower() for d in s["djinns"]))
                summon(s, seat, move)
            turn.enter_end(s)
        elif step in ("palm", "palace") and kind == step:
            turn.redirect(s, seat, move, step)
        elif step == "sibittis" and kind == "keep":
            turn.keep_drawn(s, seat, move)
        elif step == "end" and kind == "sell":
            sell(s, seat, move)
            turn.enter_end(s)
        elif step == "end" and kind == "done":
            turn.finish_turn(s)
        else:
            self._wrong(step, kind)

    def _wrong(self, step: str, kind: str) -> None:
        raise IllegalMove(f"a '{kind}' move does not fit now", accepted="now " + STEP_HELP[step])

    def warnings(self, state: State, seat: int, move: MoveDict) -> list[str]:
        """Moves that are legal but probably not what the player meant."""
        try:
            return self._warnings(state, seat, move)
        except (IllegalMove, KeyError, TypeError, ValueError, IndexError, AttributeError):
            return []  # apply() will explain what is wrong with it

    def _warnings(self, state: State, seat: int, move: Any) -> list[str]:
        out: list[str] = []
        if not isinstance(move, dict) or seat not in self.to_act(state) or state["phase"] != "play":
            return out
        if move.get("t") == "move" and state["turn"]["step"] == "move":
            start, path, drops = check_movement(state, move)
            final, colour = path[-1], drops[-1]

            if colour == "B" and blue_around(state, final) == 0:
                out.append(f"your Builders will earn nothing: no blue tile around {TILE_NAMES[final]}")
            if colour == "G" and not state["row"]:
                out.append("your Merchants will take nothing: the resource row is empty")
        if move.get("t") == "sell":

            out.append(f"selling gives {goods_value(move['cards'])} gold now; kept, the same cards score at "
                       "least that much at the end")
        return out

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_state(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        return score(state)

    def parse_move(self, state: State, seat: int, text: str) -> MoveDict:
        return notation.parse_move(state, seat, text)

    def parse_sequence(self, state: State, seat: int, text: str) -> list[MoveDict]:
        """Several moves from one reply, each parsed against the state the previous ones lead to."""
        return notation.parse_sequence(self, state, seat, text)

    def format_move(self, state: State, seat: int, move: MoveDict) -> str:
        return notation.format_move(move)

    def notation_help(self) -> str:
        return notation.NOTATION_HELP

    def describe(self, state: State, seat: int | None) -> str:
        text = describe_state(state, seat)
        if seat is not None and seat in self.to_act(state):
            examples = self.example_moves(state, seat)
            if examples:
                text += "\nFor example: " + " | ".join(examples)
        return text

    def example_moves(self, state: State, seat: int, limit: int = 5) -> list[str]:
        if seat not in self.to_act(state):
            return []
        seen: list[str] = []
        rng = random.Random(state["rng"]["counter"] * 31 + seat)
        # A deterministic but varied handful: the default first, then samples.
        candidates = [self.default_move(state, seat)] + [self.random_move(state, seat, rng) for _ in range(limit * 3)]
        for move in candidates:
            text = self.format_move(state, seat, move)
            if text not in seen:
                seen.append(text)
            if len(seen) >= limit:
                break
        return seen

    # -- move generation -------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> Iterable[MoveDict]:
        if seat not in self.to_act(state):
            return iter(())
        return self._legal(state, seat)

    def _legal(self, s: State, seat: int) -> Iterator[MoveDict]:
        if s["phase"] == "play" and s["turn"]["step"] == "move" and s["turn"]["can_move"]:
            yield from iter_movements(s)
        yield from step_options(s, seat)
        if s["phase"] == "play" and s["turn"]["step"] == "end":
            yield from ({"t": "sell", "cards": c} for c in sales(s["seats"][seat]["goods"]))
        yield from djinn_options(s, seat)

    def random_move(self, state: State, seat: int, rng: random.Random) -> MoveDict:
        if state["phase"] == "bid":
            return rng.choice(legal_bids(state, seat))
        t = state["turn"]
        step = t["step"]
        djinn_moves = djinn_options(state, seat)
        # Djinn powers get a fair chance at every step so playouts reach them all.
        if djinn_moves and rng.random() < 0.25:
            return rng.choice(djinn_moves)
        if step == "move":
            if t["can_move"]:
                move = sample_movement(state, rng)
                assert move is not None
                return move
            return {"t": "pass"}
        if step == "end":
            goods = state["seats"][seat]["goods"]
            if goods and rng.random() < 0.3:
                counts = Counter(goods)
                cards = sorted(k for k, n in counts.items() for _ in range(rng.randint(0, n)))
                return {"t": "sell", "cards": cards or [rng.choice(goods)]}
            return {"t": "done"}
        return rng.choice(step_options(state, seat))

    def default_move(self, state: State, seat: int) -> MoveDict:
        if state["phase"] == "bid":
            return min(legal_bids(state, seat), key=lambda m: (price(m["cost"], m.get("fakirs", 0)), m["cost"]))
        t = state["turn"]
        step = t["step"]
        if step == "move":
            if t["can_move"]:
                move = sample_movement(state, None)
                assert move is not None
                return move
            return {"t": "pass"}
        if step == "builders":
            return {"t": "builders", "fakirs": 0}
        if step == "kill":
            if not free_kill_exists(state, seat):
                return {"t": "pass"}
            # Cheapest kill: one that needs no Fakirs.
            for m in kill_options(state, seat):
                if len(m["meeples"]) == 1 and (
                    "seat" in m or DISTANCE[t["tile"]][TILE_INDEX[m["tile"]]] <= t["n"]
                ):
                    return m
        if step in ("market", "sacred"):
            return {"t": "pass"}
        if step in ("palm", "palace"):
            return {"t": step}
        if step == "sibittis":
            return {"t": "keep", "djinn": t["drawn"][0]}
        return {"t": "done"}

    # -- for interfaces, mail and the log ----------------------------------------------
    def choices(self, state: State, seat: int) -> Decision | None:
        """The seat's next decision (see ``decisions.py`` for its options, groups and detail)."""
        if seat not in self.to_act(state):
            return None
        return decision(state, seat)

    def skip_move(self, state: State, seat: int) -> MoveDict | None:
        """The pass where the rulebook leaves the choice to the player, else None.

        Passing is allowed at a market and a Sacred Place, by Assassins with no
        target within reach without Fakirs, by a player who cannot move meeples,
        when adding Fakirs to the Builders (none added), when Lamia / Hagis
        could move a palm tree / palace (they do not), and at the end of a turn
        (nothing sold). A bid, a possible movement, a kill within reach and
        Sibittis's choice are compulsory: the deadline then plays the default.
        """
        if seat not in self.to_act(state) or state["phase"] != "play":
            return None
        t = state["turn"]
        step = t["step"]
        if step == "move":
            return None if t["can_move"] else {"t": "pass"}
        if step in ("market", "sacred"):
            return {"t": "pass"}
        if step == "kill":
            return None if free_kill_exists(state, seat) else {"t": "pass"}
        if step == "builders":
            return {"t": "builders", "fakirs": 0}
        if step in ("palm", "palace"):
            return {"t": step}
        if step == "end":
            return {"t": "done"}
        return None

    def reply_moves(self, state: State, seat: int, lines: Sequence[str]) -> list[str]:
        """One move per line, and several on one line when separated by ";" (as the notation allows)."""
        return [part.strip() for line in lines for part in line.split(";") if part.strip()]

    def narration_readers(self, before: State, seat: int, move: MoveDict, after: State) -> Collection[int] | None:
        # Only the stand-in's secret payment (a bid) and Sibittis' draw (a Djinn) read in full for the mover.
        return (seat,) if move.get("t") in ("bid", "djinn") else ()

    def reply_lines_help(self) -> str:
        return ("Each line is one move, or several moves separated by \";\"; they are applied in order, "
                "all of them or none.")

    def narrate(self, before: State, seat: int, move: MoveDict, after: State, viewer: int | None) -> str:
        return narration.narrate(before, seat, move, after, viewer)

    def phase_label(self, state: State, seat: int | None) -> str:
        return narration.phase_label(state, seat, seat is not None and seat in self.to_act(state))


# Version 1: a Djinn power with a cost once per play (games recorded before the ruling).
RULES_V1 = FiveTribesRules(version=1)
# Version 2: once per round, the rulebook's "turn" (see djinns.py).
RULES = FiveTribesRules(version=2)
__all__ = ["RULES", "RULES_V1", "FiveTribesRules"]
