"""Forms of the game pages: create a game, the generic move box, chat, resign, Revolution! bids.

Forms only check the *shape* of input (numbers are numbers, a character is on
the bid board); whether a move is legal is for the rules to say, through
``games.services.submit_move``. Game-specific forms are built from the seat's
``rules.view(...)`` so they never know more than the player may see.
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms

from games.rules import Option, Rules


def new_idempotency_key() -> str:
    """A random key per rendered move form: a double submit records one move."""
    return secrets.token_urlsafe(18)


class MoveMetaForm(forms.Form):
    """What every move form carries: the version the player saw and the form's idempotency key."""

    expected_version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
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
    """Create a game of one hosted game: number of players and every declared option."""

    num_players = forms.TypedChoiceField(coerce=int, label="Players")

    def __init__(self, rules: Rules, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        counts = range(rules.min_players, rules.max_players + 1)
        self.fields["num_players"].choices = [(n, f"{n} players") for n in counts]
        self.fields["num_players"].initial = rules.min_players
        for option in rules.options:
            self.fields[f"option_{option.key}"] = option_field(option)

    def options(self) -> dict[str, Any]:
        """The options as the rules declare them (keys without the form prefix)."""
        return {o.key: self.cleaned_data[f"option_{o.key}"] for o in self.rules.options}


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
        return forms.IntegerField(label=label, help_text=option.help, initial=option.default)
    return forms.CharField(label=label, help_text=option.help, initial=option.default, max_length=200)
