"""The mail settings form on the profile page: how much game mail, confirmations, quiet hours."""

from __future__ import annotations

from typing import Any

from django import forms

from notifications.models import MailMode, MailPreference

HOURS = [(hour, f"{hour:02d}:00") for hour in range(24)]
QUIET_HOURS = [("", "—"), *HOURS]


class MailSettingsForm(forms.ModelForm):
    mode = forms.ChoiceField(
        label="Game mail", choices=MailMode.choices, widget=forms.RadioSelect,
        error_messages={"invalid_choice":
                        "%(value)s is not a choice; pick every turn, a daily digest or web only."})
    digest_hour = forms.TypedChoiceField(
        label="Digest hour", choices=HOURS, coerce=int, required=False, empty_value=None,
        help_text="When the daily digest goes out, in your time zone.",
        error_messages={"invalid_choice": "%(value)s is not an hour; pick one from 00:00 to 23:00."})
    confirm_web_moves = forms.BooleanField(
        label="Mail me a confirmation of each move I make on the web", required=False)
    quiet_from = forms.TypedChoiceField(
        label="Quiet hours from", choices=QUIET_HOURS, coerce=int, required=False, empty_value=None,
        error_messages={"invalid_choice": "%(value)s is not an hour; pick one from 00:00 to 23:00, or —."})
    quiet_until = forms.TypedChoiceField(
        label="until", choices=QUIET_HOURS, coerce=int, required=False, empty_value=None,
        help_text="No game mail in these hours (your time zone); it arrives when they end. "
                  "Deadlines keep running.",
        error_messages={"invalid_choice": "%(value)s is not an hour; pick one from 00:00 to 23:00, or —."})

    class Meta:
        model = MailPreference
        fields = ["mode", "digest_hour", "confirm_web_moves", "quiet_from", "quiet_until"]

    def clean_digest_hour(self) -> int:
        hour = self.cleaned_data.get("digest_hour")
        return 8 if hour is None else int(hour)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("quiet_from"), data.get("quiet_until")
        if (start is None) != (end is None):
            raise forms.ValidationError("Quiet hours need a start and an end (for example 22:00 until 07:00), "
                                        "or neither.")
        if start is not None and start == end:
            raise forms.ValidationError(f"Quiet hours from {start:02d}:00 until {end:02d}:00 is no time at all; "
                                        "choose two different hours, or — for none.")
        return data
