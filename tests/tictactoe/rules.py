"""The rules of noughts and crosses, written to the protocol of :mod:`games.rules.base`.

Seat 0 plays X and moves first, seat 1 plays O. A move is a square named by
column and row, ``a1`` to ``c3``. Three in a row wins; a full board is a draw.
Nothing is hidden and nothing is random, so the seed only decides nothing and
views are the same for every seat.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from games.rules import Choice, Decision, IllegalMove, MoveParseError, Rules, State, seat_ref
from games.rules.base import copy_state, require_seat

SQUARES = [f"{col}{row}" for row in "123" for col in "abc"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
MARKS = ("X", "O")


class TicTacToe(Rules):
    slug = "tictactoe"
    name = "Noughts and Crosses"
    min_players = 2
    max_players = 2
    summary = "Three in a row wins."

    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        self.check_players(num_players)
        self.resolve_options(options)
        return {"board": [""] * 9, "next": 0, "moves": 0}

    def to_act(self, state: State) -> list[int]:
        return [] if self.result(state) is not None else [state["next"]]

    def apply(self, state: State, seat: int, move: Any) -> State:
        require_seat(self, state, seat)
        if not isinstance(move, str) or move not in SQUARES:
            raise IllegalMove(f"{move!r} is not a square", accepted="a square from a1 to c3")
        index = SQUARES.index(move)
        if state["board"][index]:
            raise IllegalMove(f"{move} is taken", accepted=", ".join(self._free(state)))
        new = copy_state(state)
        new["board"][index] = MARKS[seat]
        new["next"] = 1 - seat
        new["moves"] += 1
        return new

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"board": list(state["board"]), "next": state["next"], "you": seat}

    def result(self, state: State) -> dict[str, Any] | None:
        board = state["board"]
        for a, b, c in LINES:
            if board[a] and board[a] == board[b] == board[c]:
                winner = MARKS.index(board[a])
                scores = [1 if s == winner else 0 for s in range(2)]
                return {"scores": scores, "winners": [winner], "detail": {"line": [SQUARES[a], SQUARES[c]]}}
        if all(board):
            return {"scores": [0, 0], "winners": [0, 1], "detail": {"draw": True}}
        return None

    def parse_move(self, state: State, seat: int, text: str) -> Any:
        word = text.strip().lower()
        if word not in SQUARES:
            raise MoveParseError(f"{text.strip()[:20]!r} is not a square", accepted="a square from a1 to c3")
        return word

    def format_move(self, state: State, seat: int, move: Any) -> str:
        return str(move)

    def _free(self, state: State) -> list[str]:
        return [square for square, mark in zip(SQUARES, state["board"]) if not mark]

    def legal_moves(self, state: State, seat: int) -> Iterable[Any]:
        return self._free(state) if seat in self.to_act(state) else []

    def random_move(self, state: State, seat: int, rng: random.Random) -> Any:
        return rng.choice(self._free(state))

    def default_move(self, state: State, seat: int) -> Any:
        return self._free(state)[0]

    def describe(self, state: State, seat: int | None) -> str:
        rows = [" ".join(state["board"][r * 3 + c] or "." for c in range(3)) + f"  {r + 1}" for r in range(3)]
        who = f"You play {MARKS[seat]}." if seat is not None else "You are watching."
        return "\n".join(["a b c", *rows, who])

    def narrate(self, before: State, seat: int, move: Any, after: State, viewer: int | None) -> str:
        text = f"{seat_ref(seat)} put an {MARKS[seat]} on {move}"
        result = self.result(after)
        if result is not None:
            text += ", a draw" if result["detail"].get("draw") else " and won"
        return text

    def phase_label(self, state: State, seat: int | None) -> str:
        if self.result(state) is not None:
            return "game over"
        return "your move" if seat == state["next"] else f"{MARKS[state['next']]} to move"

    def choices(self, state: State, seat: int) -> Decision | None:
        if seat not in self.to_act(state):
            return None
        options = tuple(Choice(square, square, label=square.upper()) for square in self._free(state))
        return Decision(seat=seat, kind="square", prompt=f"Place your {MARKS[seat]}", options=options)

    def notation_help(self) -> str:
        return "A square: a1 to c3 (column letter, row number)."


RULES = TicTacToe()
