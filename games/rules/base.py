"""The rules protocol every hosted game implements, its errors, and the game RNG.

A game is an object (usually a module-level instance of a ``Rules`` subclass)
whose methods are pure functions over plain JSON-able data::

    rules = get_rules("revolution")
    state = rules.setup(3, {"bid_refunds": True}, seed="3f9c...")
    rules.to_act(state)                 # -> [0, 1, 2]  (simultaneous bids)
    move = rules.parse_move(state, 0, "general 2g; printer f b g")
    state = rules.apply(state, 0, move)  # a new state; the old one is untouched

Nothing in ``games.rules`` may import Django, read the clock, touch I/O or use
the global ``random`` module. All chance comes from :class:`GameRng`, whose
position is stored in the state, so replaying the same moves from the same seed
gives the same states bit for bit.
"""

from __future__ import annotations

import abc
import copy
import hashlib
import hmac
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Collection, Iterable, Mapping, Sequence

JSON = Any
State = dict[str, Any]
Move = Any


class IllegalMove(ValueError):
    """A move the rules refuse. The message is shown to the player verbatim."""

    def __init__(self, message: str, *, accepted: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        # What would have been accepted instead, when that is short enough to say.
        self.accepted = accepted

    def __str__(self) -> str:
        if self.accepted:
            return f"{self.message} ({self.accepted})"
        return self.message


class MoveParseError(IllegalMove):
    """Text that is not a move in the game's notation at all."""


class OptionError(ValueError):
    """An unknown game option or a value of the wrong kind."""


@dataclass(frozen=True)
class Option:
    """A declared variant or optional rule with its default and help text."""

    key: str
    default: bool | int | str
    help: str
    label: str = ""
    choices: tuple[Any, ...] = ()

    def coerce(self, value: Any) -> bool | int | str:
        """Turn a value from a form, a command line or JSON into the option's type."""
        kind = type(self.default)
        result: bool | int | str
        if kind is bool:
            if isinstance(value, bool):
                result = value
            elif str(value).strip().lower() in {"1", "true", "yes", "on"}:
                result = True
            elif str(value).strip().lower() in {"0", "false", "no", "off", ""}:
                result = False
            else:
                raise OptionError(f"option {self.key} takes yes or no, not {value!r}")
        elif kind is int:
            try:
                result = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"option {self.key} takes a whole number, not {value!r}") from None
        else:
            result = str(value)
        if self.choices and result not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.key} takes one of {allowed}, not {value!r}")
        return result


def canonical_json(data: JSON) -> str:
    """The one JSON spelling used for hashing: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: State) -> str:
    """SHA-256 of a state's canonical JSON; golden records pin their final state by it."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()


class GameRng:
    """Counter-based deterministic generator: draw *n* is HMAC-SHA256(seed, n).

    The generator is stored in the state as ``{"seed": ..., "counter": ...}``;
    a rules function that needs chance builds one with :meth:`from_state`,
    draws, and writes it back with :meth:`store`. Because the stream depends only
    on the seed and the counter, it survives JSON round trips and replays.
    """

    __slots__ = ("seed", "counter")

    def __init__(self, seed: str, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    @classmethod
    def from_state(cls, state: State, key: str = "rng") -> "GameRng":
        data = state[key]
        return cls(data["seed"], data["counter"])

    def store(self, state: State, key: str = "rng") -> None:
        state[key] = {"seed": self.seed, "counter": self.counter}

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "counter": self.counter}

    def _next_block(self) -> int:
        digest = hmac.new(
            self.seed.encode("utf-8"), self.counter.to_bytes(8, "big"), hashlib.sha256
        ).digest()
        self.counter += 1
        return int.from_bytes(digest, "big")

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 256) - ((1 << 256) % n)
        while True:
            value = self._next_block()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included (a die roll)."""
        return low + self.randbelow(high - low + 1)

    def choice(self, items: list[Any]) -> Any:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Iterable[Any]) -> list[Any]:
        result = list(items)
        self.shuffle(result)
        return result


def derive_seed(seed: str, label: str) -> str:
    """A sub-seed for an independent stream (for example seat shuffling outside the rules)."""
    return hmac.new(seed.encode("utf-8"), label.encode("utf-8"), hashlib.sha256).hexdigest()


SEAT_MARK = re.compile(r"\{seat(\d{1,2})\}")


def seat_ref(seat: int) -> str:
    """A seat's marker in a narration: generic code replaces it by the player's name.

    Rules do not know who plays; ``narrate`` writes ``seat_ref(1) + " took ..."``
    and the log shows "Ada took ..." (or the game's own label, see :func:`fill_seats`).
    """
    return "{seat%d}" % seat


def fill_seats(text: str, labels: Sequence[str]) -> str:
    """Replace each seat marker by ``labels[seat]`` (or ``P<seat+1>`` when there is no label)."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return labels[seat] if 0 <= seat < len(labels) and labels[seat] else f"P{seat + 1}"

    return SEAT_MARK.sub(name, text)


@dataclass(frozen=True)
class Choice:
    """One legal continuation of a decision: the canonical move, its notation and a button label."""

    move: Move
    text: str
    label: str = ""
    group: str = ""  # options of one group are shown together; ``Decision.groups`` titles them

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "text": self.text, "label": self.label or self.text, "group": self.group}


@dataclass(frozen=True)
class Decision:
    """The next decision a seat must take, with its legal options, for interfaces and the API.

    ``options`` lists legal moves a person can pick from. When the legal moves
    are too many to list (a bid of any tokens, a path of meeples) ``complete`` is
    False: the options are a sample or empty, ``detail`` holds the game's own
    structured help (limits, a tree of paths) and the move is typed in notation.
    Everything here is computed for ``seat`` and holds only what that seat may see.
    """

    seat: int
    kind: str  # the game's name for the decision: "bid", "spy", "move", ...
    prompt: str  # what to decide, as a short sentence
    options: tuple[Choice, ...] = ()
    complete: bool = True
    groups: tuple[tuple[str, str], ...] = ()  # (group key, title) in display order
    detail: dict[str, Any] = field(default_factory=dict)

    def find(self, text: str) -> Choice | None:
        """The option whose notation is ``text`` (spacing and case ignored), if any."""
        wanted = " ".join(text.split()).lower()
        for option in self.options:
            if " ".join(option.text.split()).lower() == wanted:
                return option
        return None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt,
                "options": [o.to_json() for o in self.options], "complete": self.complete,
                "groups": [{"key": k, "title": t} for k, t in self.groups], "detail": self.detail}


# How many legal moves the default ``choices`` lists before calling the list incomplete.
CHOICE_LIMIT = 60


class Rules(abc.ABC):
    """The rules protocol every hosted game implements (an abstract base: nothing is probed).

    Class attributes ``slug``, ``name``, ``min_players``, ``max_players``,
    ``version`` and ``options`` describe the game; ``version`` is pinned by each
    stored game so an old game keeps replaying under the rules it started with.

    The abstract methods are the protocol proper. The others have defaults that
    fit most games and are overridden where a game differs: ``choices`` (listing
    ``legal_moves``), ``skip_move`` (none), ``reply_moves`` (one move per line),
    ``warnings`` (none), ``open_seats`` (only awaited seats), ``example_moves``,
    ``notation_help``, ``notation_help_for`` (the help for one game as set up),
    ``reply_lines_help`` (how a reply's lines become moves) and ``seat_label``.
    """

    slug: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 4
    version: int = 1
    options: tuple[Option, ...] = ()
    # One line for the lobby; longer texts live in docs/.
    summary: str = ""

    # -- options ---------------------------------------------------------
    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.options) or "none"
        raise OptionError(f"{self.name} has no option {key!r} (options: {known})")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and coerce values; unknown keys are an error, not ignored."""
        remaining = dict(given or {})
        resolved = {}
        for opt in self.options:
            resolved[opt.key] = opt.coerce(remaining.pop(opt.key)) if opt.key in remaining else opt.default
        if remaining:
            self.option(next(iter(remaining)))  # raises with the list of known options
        return resolved

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        """Refuse (OptionError) resolved options that do not fit this many players; most games accept all."""

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise IllegalMove(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {num_players}"
            )

    # -- the protocol ------------------------------------------------------
    @abc.abstractmethod
    def setup(self, num_players: int, options: dict[str, Any], seed: str) -> State:
        """The state before the first move; every shuffle derives from ``seed``."""

    @abc.abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats whose input is awaited now (several in a simultaneous phase); [] when over."""

    @abc.abstractmethod
    def apply(self, state: State, seat: int, move: Move) -> State:
        """A new state with ``move`` played; the input is never mutated. Raises IllegalMove."""

    @abc.abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). JSON-able, holding no secret of another seat."""

    @abc.abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game runs, then ``{"scores": [...], "winners": [...], "detail": {...}}``."""

    @abc.abstractmethod
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        """The canonical move for ``text`` in the game's notation. Raises MoveParseError / IllegalMove."""

    @abc.abstractmethod
    def format_move(self, state: State, seat: int, move: Move) -> str:
        """The notation of ``move``: ``parse_move(format_move(m)) == m``."""

    @abc.abstractmethod
    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        """Every legal move of ``seat`` (may be lazy and very large)."""

    @abc.abstractmethod
    def random_move(self, state: State, seat: int, rng: random.Random) -> Move:
        """A legal move drawn with the caller's generator (bots, fuzzing)."""

    @abc.abstractmethod
    def default_move(self, state: State, seat: int) -> Move:
        """The move the service plays when the seat's deadline passes."""

    @abc.abstractmethod
    def describe(self, state: State, seat: int | None) -> str:
        """The situation as plain text for ``seat`` (turn mails, the page's text version)."""

    @abc.abstractmethod
    def narrate(self, before: State, seat: int, move: Move, after: State, viewer: int | None) -> str:
        """One log line saying what ``move`` by ``seat`` did, as ``viewer`` may know it.

        ``viewer`` is a seat or None (a spectator). A secret move narrates
        without its content to every viewer but its author (``"{seat1} placed a
        bid"``) and the move that reveals it says what was revealed. Seats are
        written with :func:`seat_ref` so the log can name the players.
        """

    @abc.abstractmethod
    def phase_label(self, state: State, seat: int | None) -> str:
        """A few words on where the game stands for ``seat``: "your bid, round 3" (mail subjects, lobby)."""

    # -- with defaults ---------------------------------------------------------
    def narration_readers(self, before: State, seat: int, move: Move, after: State) -> Collection[int] | None:
        """The seats that may read ``move`` differently from a spectator; None: any seat may.

        The move path narrates once for spectators and once for each seat named
        here; every other seat reads the spectator's line. Naming too few seats
        can only hide from a player what they could have read, never show a
        secret; the conformance suite checks the answer against ``narrate``.
        """
        return None

    def round_of(self, state: State) -> int | None:
        """The round the game is in at ``state`` (1, 2, ...), or None for a game without rounds.

        Logs and the replay group a game's story by it. The default reads the
        state's ``round`` counter, which games that play in rounds keep; a game
        that counts its rounds otherwise overrides this.
        """
        value = state.get("round") if isinstance(state, dict) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def choices(self, state: State, seat: int) -> Decision | None:
        """The seat's next decision and its legal options (None when nothing is awaited from it).

        The default lists ``legal_moves`` (incomplete past :data:`CHOICE_LIMIT`);
        games with large move spaces override it with a structured ``detail``.
        """
        if seat not in self.to_act(state):
            return None
        options: list[Choice] = []
        complete = True
        for move in self.legal_moves(state, seat):
            if len(options) == CHOICE_LIMIT:
                complete = False
                break
            options.append(Choice(move, self.format_move(state, seat, move)))
        return Decision(seat=seat, kind="move", prompt=self.phase_label(state, seat), options=tuple(options),
                        complete=complete)

    def skip_move(self, state: State, seat: int) -> Move | None:
        """The pass a timed-out seat makes under the "skip" policy, where the rulebook allows one.

        None (the default) means the rules have no pass at this point; the
        deadline then plays ``default_move``.
        """
        return None

    def apply_stored(self, state: State, seat: int, move: Move) -> State:
        """``apply`` for a move read back from the game's own log: ``apply`` accepted it once, on this state.

        Rebuilds (replay, the replay page, audits of stored games) call this for every
        event, so a game may skip the checks that only refuse input and return exactly
        the state ``apply`` would (the conformance suite's deep playouts hold every game
        to that). The result may share parts with ``move``, which the caller never changes.
        Records from outside (imports, verification) go through ``apply``. Default: ``apply``.
        """
        return self.apply(state, seat, move)

    def reply_moves(self, state: State, seat: int, lines: Sequence[str]) -> list[str]:
        """How the command lines of a mail reply group into moves (default: one move per line).

        A game whose one move may be written over several lines (a bid naming
        a character per line) joins them here; the mail pipeline knows no game.
        """
        return list(lines)

    def warnings(self, state: State, seat: int, move: Move) -> list[str]:
        """Why a move ``apply`` accepts may still not do what the player meant.

        Interfaces show these before submitting (e.g. tokens on an immune
        character that the resolution will discard). Empty for most games.
        """
        return []

    def open_seats(self, state: State) -> set[int]:
        """Seats whose input ``apply`` accepts although they are not in ``to_act``.

        A sealed bid that may be revised until the last one is in is such input.
        Default: none.
        """
        return set()

    def seat_label(self, state: State | None, seat: int) -> str:
        """How the game itself names a seat when no player name is known ("P2", "Blue")."""
        return f"P{seat + 1}"

    # -- helpers shared by every game ---------------------------------------
    def is_over(self, state: State) -> bool:
        return self.result(state) is not None

    def example_moves(self, state: State, seat: int, limit: int = 5) -> list[str]:
        """A few legal moves in notation, for emails and help pages (games may override)."""
        examples: list[str] = []
        for move in self.legal_moves(state, seat):
            examples.append(self.format_move(state, seat, move))
            if len(examples) >= limit:
                break
        return examples

    def notation_help(self) -> str:
        """The reply syntax in a few lines, for emails; games override."""
        return ""

    def notation_help_for(self, state: State) -> str:
        """The reply syntax for this game as set up: its examples name only its own seats and colours.

        Mails and answers use this one; the default is ``notation_help``.
        """
        return self.notation_help()

    def reply_lines_help(self) -> str:
        """In a sentence, how the lines of a mail reply become moves (it must match ``reply_moves``)."""
        return ("Each line is one move; several move lines are several moves, applied in order, "
                "all of them or none.")


def copy_state(state: State) -> State:
    """A deep copy for ``apply`` to work on, so the caller's state is never mutated."""
    return copy.deepcopy(state)


def require_seat(rules: Rules, state: State, seat: int) -> None:
    """Refuse input from a seat that is not awaited, with a message naming who is."""
    awaited = rules.to_act(state)
    if seat not in awaited:
        if not awaited:
            raise IllegalMove("the game is over; no more moves are accepted")
        who = ", ".join(f"seat {s + 1}" for s in awaited)
        raise IllegalMove(f"it is not your turn (waiting for {who})")
