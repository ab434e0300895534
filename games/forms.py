"""Forms of the game pages: create a game (with its time settings), the move box, chat, resign, bids.

Forms only check the *shape* of input (numbers are numbers, a character is on
the bid board); whether a move is legal is for the rules to say, through
``games.services.submit_move``. Game-specific forms are built from the seat's
``rules.view(...)`` so they never know more than the player may see.

Every number typed or posted here is read by :mod:`games.rules.text`: ASCII
digits only, a bounded length and a range (:class:`BoundedIntegerField`,
:func:`_duration`), so ``²``, a 5000-digit count or ``600000w`` is a form
error that says what is accepted, never an exception further down.
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms

from games.rules import Option, Rules
from games.rules.text import TextError, parse_duration, parse_int
from games.timecontrol import AFTERMATHS, ALL_DAYS, MAX_SECONDS, TimeControl, TimeControlError, format_duration

# Words that mean "this game has no deadlines" in the time-per-move box.
NO_DEADLINE_WORDS = {"", "none", "no", "no deadline", "no deadlines", "never", "-"}
DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
POLICY_CHOICES = [("default", "Play the game's default move"), ("skip", "Skip (pass) where the rules allow")]
THEN_LABELS = {"bot": "Replace the player by a bot (random legal moves)",
               "substitute": "Invite a substitute (default moves meanwhile)",
               "abort": "Abort the game"}
TIME_FIELDS = ("move_time", "reminder", "grace", "weekdays", "policy", "max_timeouts", "then", "extensions")
# The longest time per move (and grace) a game may have. Far longer ones are typing slips, and a deadline
# decades away would overflow the calendar (a game with a 600000-week move time could never start).
MAX_MOVE_SECONDS = MAX_SECONDS
# A version far beyond any game's number of events: a larger one is a tampered form.
MAX_VERSION = 10**9
# A numeric game option (points to win, ...) is a small number; the rules check its real range.
OPTION_NUMBER_LIMIT = 10**6


class BoundedIntegerField(forms.IntegerField):
    """A whole number read by :func:`games.rules.text.parse_int`: ASCII digits, a length cap, a range.

    Django's IntegerField reads ``"٣"`` as 3 and hands the 4300-digit limit of
    ``int()`` back as "Enter a whole number" only by luck; this field reads
    nothing but ``[+-]`` and 0-9, at most nine significant digits, and its
    message names the accepted range.
    """

    def __init__(self, *, low: int, high: int, **kwargs: Any) -> None:
        self.low, self.high = low, high
        super().__init__(min_value=low, max_value=high, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        try:
            return parse_int(str(value), low=self.low, high=self.high)
        except TextError as error:
            raise forms.ValidationError(f"Enter a whole number from {self.low} to {self.high} "
                                        f"(digits 0-9): {error.message}", code="invalid") from None


def new_idempotency_key() -> str:
    """A random key per rendered move form: a double submit records one move."""
    return secrets.token_urlsafe(18)


class MoveMetaForm(forms.Form):
    """What every move form carries: the version the player saw and the form's idempotency key."""

    expected_version = BoundedIntegerField(low=0, high=MAX_VERSION, widget=forms.HiddenInput)
    idempotency_key = forms.CharField(max_length=64, min_length=8, widget=forms.HiddenInput)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_idempotency_key(self) -> str:
        key = self.cleaned_data["idempotency_key"]
        if not all(ch.isalnum() or ch in "-_" for ch in key):
            raise forms.ValidationError("the form's key was altered; reload the page")
        return key


class MoveTextForm(MoveMetaForm):
    """The generic move box: a move in the game's text notation."""

    text = forms.CharField(
        max_length=2000,
        label="Your move",
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )


class ChatForm(forms.Form):
    text = forms.CharField(max_length=2000, label="Message", widget=forms.Textarea(attrs={"rows": 2}))


class ResignForm(forms.Form):
    confirm = forms.BooleanField(
        required=True,
        label="Yes, I resign: my seat is played automatically from now on and cannot win",
        error_messages={"required": "tick the box to confirm that you resign"},
    )


class GameCreateForm(forms.Form):
    """Create a game of one hosted game: number of players, every declared option and the time settings.

    The time fields are turned into a :class:`TimeControl` in ``clean``, so its
    own checks (and their messages) decide what is valid, as for the operator
    command and the service; nothing is created while any of them fails.
    """

    num_players = forms.TypedChoiceField(coerce=int, label="Players")

    def __init__(self, rules: Rules, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        counts = range(rules.min_players, rules.max_players + 1)
        players = self.fields["num_players"]
        assert isinstance(players, forms.TypedChoiceField)
        players.choices = [(n, f"{n} players") for n in counts]
        self.fields["num_players"].initial = rules.min_players
        for option in rules.options:
            self.fields[f"option_{option.key}"] = option_field(option)
        self.fields.update(time_fields())

    def options(self) -> dict[str, Any]:
        """The options as the rules declare them (keys without the form prefix)."""
        return {o.key: self.cleaned_data[f"option_{o.key}"] for o in self.rules.options}

    def game_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in TIME_FIELDS]

    def time_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in TIME_FIELDS]

    def clean_move_time(self) -> int | None:
        text = " ".join(str(self.cleaned_data.get("move_time") or "").lower().split())
        if text in NO_DEADLINE_WORDS:
            return None
        return _duration(text, "the time per move")

    def clean_reminder(self) -> int:
        return _optional_duration(self.cleaned_data.get("reminder"), "the reminder")

    def clean_grace(self) -> int:
        return _optional_duration(self.cleaned_data.get("grace"), "the grace period")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if any(name in self.errors for name in TIME_FIELDS):
            return data
        move = data.get("move_time")
        if move is None:
            # No deadlines: the other time settings mean nothing, so a half-filled form is no error.
            data["time_control"] = None
            return data
        reminder = data.get("reminder") or 0
        if reminder >= move:
            self.add_error("reminder", f"the reminder must come before the deadline: less than the time per move "
                                       f"({format_duration(move)})")
            return data
        if not data.get("weekdays"):
            self.add_error("weekdays", "choose at least one day on which deadlines may fall")
            return data
        try:
            control = TimeControl(
                move=move, reminder=reminder, grace=data.get("grace") or 0,
                weekdays=[int(d) for d in data["weekdays"]],
                policy=data.get("policy") or "default",
                max_timeouts=data["max_timeouts"] if data.get("max_timeouts") is not None else 3,
                then=data.get("then") or "bot",
                extensions=data["extensions"] if data.get("extensions") is not None else 2,
            )
        except TimeControlError as error:
            raise forms.ValidationError(str(error)) from None
        data["time_control"] = control.to_json()
        return data


def _duration(text: str, what: str) -> int:
    """A duration of at most :data:`MAX_MOVE_SECONDS` (30 days), or a ValidationError saying so."""
    try:
        return parse_duration(text, longest=MAX_MOVE_SECONDS, what=what)
    except TextError as error:
        raise forms.ValidationError(str(error)) from None


def _optional_duration(value: Any, what: str) -> int:
    text = str(value or "").strip().lower()
    return 0 if text in ("", "0", "none", "no", "-") else _duration(text, what)


def time_fields() -> dict[str, forms.Field]:
    """The time settings of a new game (see games.timecontrol); blank time per move means no deadlines.

    Lower bounds are left to TimeControl, so the form says what the service would say.
    """
    return {
        "move_time": forms.CharField(
            label="Time per move", required=False, initial="3d", max_length=40,
            help_text="A number and a unit: 30s, 90m, 12h, 3d or 1w, at most 30 days. "
                      "Empty or \u201cnone\u201d: no deadlines.",
            widget=forms.TextInput(attrs={"placeholder": "e.g. 3d", "autocomplete": "off"}),
        ),
        "reminder": forms.CharField(
            label="Reminder before the deadline", required=False, initial="12h", max_length=40,
            help_text="How long before the deadline the reminder mail goes out. Empty: no reminder.",
            widget=forms.TextInput(attrs={"placeholder": "e.g. 12h", "autocomplete": "off"}),
        ),
        "grace": forms.CharField(
            label="Grace period", required=False, initial="", max_length=40,
            help_text="Extra time after the deadline before the timeout applies (optional, at most 30 days).",
            widget=forms.TextInput(attrs={"placeholder": "e.g. 1h", "autocomplete": "off"}),
        ),
        "weekdays": forms.TypedMultipleChoiceField(
            label="Deadlines may fall on", required=False, coerce=int,
            choices=[(d, DAY_NAMES[d]) for d in ALL_DAYS], initial=list(ALL_DAYS),
            widget=forms.CheckboxSelectMultiple(attrs={"class": "days"}),
            help_text="A deadline that would fall on another day moves on to the next allowed day (UTC days).",
        ),
        "policy": forms.ChoiceField(label="When a player runs out of time", required=False, choices=POLICY_CHOICES,
                                    initial="default"),
        # Lower bounds are TimeControl's to check (its message names the rule); the fields bound the work.
        "max_timeouts": BoundedIntegerField(
            label="Timeouts in a row before replacement", required=False, initial=3, low=-99, high=99),
        "then": forms.ChoiceField(label="After that many timeouts", required=False, initial="bot",
                                  choices=[(a, THEN_LABELS[a]) for a in AFTERMATHS]),
        "extensions": BoundedIntegerField(
            label="Extensions per player", required=False, initial=2, low=-99, high=20,
            help_text="How often each player may push their own deadline back by one move's time."),
    }


def option_field(option: Option) -> forms.Field:
    """A form field for a declared rules option, with its label and help text."""
    label = option.label or option.key.replace("_", " ").capitalize()
    if option.choices:
        return forms.TypedChoiceField(
            label=label, help_text=option.help, initial=option.default,
            choices=[(c, str(c)) for c in option.choices], coerce=type(option.default),
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, help_text=option.help, initial=option.default, required=False)
    if isinstance(option.default, int):
        return BoundedIntegerField(label=label, help_text=option.help, initial=option.default,
                                   low=-OPTION_NUMBER_LIMIT, high=OPTION_NUMBER_LIMIT)
    return forms.CharField(label=label, help_text=option.help, initial=option.default, max_length=200)
