"""The Five Tribes rules object: the protocol methods over the phase modules."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Iterator

from games.rules.base import seat_ref, IllegalMove, Rules, require_seat

from . import djinns as dj
from . import notation, turn
from .bidding import bidder, legal_bids, place_bid, price
from .board import DISTANCE, TILE_INDEX, TILE_NAMES
from .djinns import blue_around
from .movement import carry_out, check_movement, iter_movements, sample_movement
from .scoring import goods_value, score, sell
from .setup import new_game
from .state import State, clone, log, seat_label
from .tiles import buy, market_options, sacred_options, summon
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
    version = 1
    options = ()
    summary = "Bid for turn order, move the tribes of Naqala, summon Djinns, and rule the Sultanate."

    # -- protocol ------------------------------------------------------------
    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        self.resolve_options(options)
        return new_game(num_players, seed)

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

    def _play(self, s: State, seat: int, move: dict) -> None:
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

    def warnings(self, state: State, seat: int, move: Any) -> list[str]:
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

    def parse_move(self, state: State, seat: int, text: str) -> Any:
        return notation.parse_move(state, seat, text)

    def parse_sequence(self, state: State, seat: int, text: str) -> list[Any]:
        """Several moves from one reply, each parsed against the state the previous ones lead to."""
        return notation.parse_sequence(self, state, seat, text)

    def format_move(self, state: State, seat: int, move: Any) -> str:
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
    def _djinn_moves(self, s: State, seat: int) -> list[dict]:
        t = s["turn"]
        if t is None or t["seat"] != seat or t["step"] not in turn.DJINN_STEPS:
            return []
        out = []
        p = s["seats"][seat]
        for name in dj.usable_djinns(s, seat):
            tiles = dj.targets(s, seat, name)
            for pay in dj.payable(p, name):
                if tiles is None:
                    out.append({"t": "djinn", "djinn": name, "pay": pay})
                else:
        
                    out.extend({"t": "djinn", "djinn": name, "tile": TILE_NAMES[x], "pay": pay} for x in tiles)
        return out

    def _choices(self, s: State, seat: int) -> list[dict]:
        """Every legal move at the current step except movements (always a short list)."""
        if s["phase"] == "bid":
            return legal_bids(s, seat)
        t = s["turn"]
        step = t["step"]
        p = s["seats"][seat]
        if step == "move":
            return [] if t["can_move"] else [{"t": "pass"}]
        if step == "builders":
            return [{"t": "builders", "fakirs": i} for i in range(p["fakirs"] + 1)]
        if step == "kill":
            out = kill_options(s, seat)
            return out if free_kill_exists(s, seat) else out + [{"t": "pass"}]
        if step == "market":
            return market_options(s, seat, s["tiles"][t["tile"]][0]) + [{"t": "pass"}]
        if step == "sacred":
            return sacred_options(s, seat) + [{"t": "pass"}]
        if step in ("palm", "palace"):

            name = "Lamia" if step == "palm" else "Hagis"
            return [{"t": step}] + [
                {"t": step, "tile": TILE_NAMES[x], "pay": pay}
                for x in dj.neighbourhood(t["at"]) for pay in dj.payable(p, name)
            ]
        if step == "sibittis":
            return [{"t": "keep", "djinn": d} for d in t["drawn"]]
        if step == "end":
            return [{"t": "done"}] + [{"t": "sell", "cards": c} for c in _sales(p["goods"])]
        raise AssertionError(step)

    def legal_moves(self, state: State, seat: int) -> Iterable[Any]:
        if seat not in self.to_act(state):
            return iter(())
        return self._legal(state, seat)

    def _legal(self, s: State, seat: int) -> Iterator[dict]:
        if s["phase"] == "play" and s["turn"]["step"] == "move" and s["turn"]["can_move"]:
            yield from iter_movements(s)
        yield from self._choices(s, seat)
        yield from self._djinn_moves(s, seat)

    def random_move(self, state: State, seat: int, rng: random.Random) -> Any:
        if state["phase"] == "bid":
            return rng.choice(legal_bids(state, seat))
        t = state["turn"]
        step = t["step"]
        djinn_moves = self._djinn_moves(state, seat)
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
        return rng.choice(self._choices(state, seat))

    def default_move(self, state: State, seat: int) -> Any:
        if state["phase"] == "bid":
            return min(legal_bids(state, seat), key=lambda m: (price(m["cost"], m.get("fakirs", 0)), m["cost"]))
        t = state["turn"]
        step = t["step"]
        if step == "move":
            return sample_movement(state, None) if t["can_move"] else {"t": "pass"}
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


    # Interim: replaced by the game's own narration and labels in the same series of changes.
    def narrate(self, before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
        return seat_ref(seat) + " moved"

    def phase_label(self, state: State, seat: int | None) -> str:
        return "your turn" if seat is not None and seat in self.to_act(state) else "waiting"

def _sales(goods: list[str]) -> list[list[str]]:
    """Every non-empty sub-multiset of the merchandise held (the possible sales)."""
    counts = sorted(Counter(goods).items())
    out: list[list[str]] = [[]]
    for kind, n in counts:
        out = [prev + [kind] * k for prev in out for k in range(n + 1)]
    return [sorted(c) for c in out if c]


RULES = FiveTribesRules()
__all__ = ["RULES", "FiveTribesRules"]
