"""A tiny game for testing the store and services apart from any real game's rules.

Each round every seat secretly picks a number 1-3 (simultaneous input); when
all have picked, the highest unique pick scores its value. Then the seat named
by the round number must "ack" (a sequential choice). First to 5 points wins.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import GameRng, IllegalMove, MoveParseError, Option, Rules, State, seat_ref


class ToyRules(Rules):
    slug = "toy"
    name = "Toy"
    min_players = 2
    max_players = 4
    options = (Option("target", 5, "points needed to win"),)

    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        options = self.resolve_options(options)
        rng = GameRng(seed)
        state = {"n": num_players, "target": options["target"], "round": 1, "picks": {}, "scores": [0] * num_players,
                 "ack": None, "first": rng.randbelow(num_players)}
        rng.store(state)
        return state

    def to_act(self, state: State) -> list[int]:
        if self.result(state) is not None:
            return []
        if state["ack"] is not None:
            return [state["ack"]]
        return [s for s in range(state["n"]) if str(s) not in state["picks"]]

    def apply(self, state: State, seat: int, move: Any) -> State:
        if seat not in self.to_act(state):
            raise IllegalMove("it is not your turn")
        new = dict(state)
        if state["ack"] is not None:
            if move != "ack":
                raise IllegalMove(f"say ack, not {move!r}")
            new["ack"] = None
            new["round"] = state["round"] + 1
            return new
        if move not in (1, 2, 3):
            raise IllegalMove(f"pick 1, 2 or 3, not {move!r}")
        new["picks"] = {**state["picks"], str(seat): move}
        if len(new["picks"]) == state["n"]:
            values = list(new["picks"].values())
            unique = [v for v in values if values.count(v) == 1]
            scores = list(state["scores"])
            if unique:
                best = max(unique)
                winner = next(int(s) for s, v in new["picks"].items() if v == best)
                scores[winner] += best
            new["scores"] = scores
            new["last"] = new["picks"]
            new["picks"] = {}
            rng = GameRng.from_state(state)
            new["ack"] = rng.randbelow(state["n"])
            rng.store(new)
            if max(scores) >= state["target"]:
                new["ack"] = None
        return new

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"round": state["round"], "scores": state["scores"], "last": state.get("last"),
                "picked": sorted(int(s) for s in state["picks"]),
                "mine": state["picks"].get(str(seat)) if seat is not None else None}

    def result(self, state: State) -> dict[str, Any] | None:
        best = max(state["scores"])
        if best < state["target"]:
            return None
        return {"scores": state["scores"], "winners": [s for s, v in enumerate(state["scores"]) if v == best],
                "detail": {}}

    def parse_move(self, state: State, seat: int, text: str) -> Any:
        word = text.strip().lower()
        if word == "ack":
            return "ack"
        if word in ("1", "2", "3"):
            return int(word)
        raise MoveParseError(f"{text!r} is not a move", accepted="1, 2, 3 or ack")

    def format_move(self, state: State, seat: int, move: Any) -> str:
        return str(move)

    def legal_moves(self, state: State, seat: int):
        return ["ack"] if state["ack"] is not None else [1, 2, 3]

    def random_move(self, state: State, seat: int, rng: random.Random) -> Any:
        return rng.choice(list(self.legal_moves(state, seat)))

    def default_move(self, state: State, seat: int) -> Any:
        return list(self.legal_moves(state, seat))[0]

    def describe(self, state: State, seat: int | None) -> str:
        return f"Round {state['round']}; scores {state['scores']}"


    def narrate(self, before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
        if move == "ack":
            return f"{seat_ref(seat)} acknowledged"
        if viewer == seat:
            return f"{seat_ref(seat)} picked {move}"
        return f"{seat_ref(seat)} picked a number"

    def phase_label(self, state: State, seat: int | None) -> str:
        awaited = seat is not None and seat in self.to_act(state)
        return f"{'your pick' if awaited else 'picking'}, round {state['round']}"


RULES = ToyRules()
