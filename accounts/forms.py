"""The profile form (the name other players see, the time zone deadlines are shown in) and the vacation form."""

from __future__ import annotations

import datetime
import zoneinfo
from functools import lru_cache
from typing import Any

from django import forms

from accounts.models import User
from accounts.names import NameRefused, clean_name, name_key


@lru_cache(maxsize=1)
def time_zone_choices() -> list[tuple[str, str]]:
    # Computed once per process: the tz database does not change while the server runs.
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        help_text="Deadlines in your emails and on the pages are shown in this time zone.",
        error_messages={"invalid_choice": "%(value)s is not a time zone; pick one from the list "
                                          "(for example Europe/Paris or America/New_York)."},
    )

    class Meta:
        model = User
        fields = ["display_name", "time_zone"]
        labels = {"display_name": "Display name"}
        help_texts = {"display_name": "What other players see. Empty: the part of your email address before the @."}

    def clean_display_name(self) -> str:
        try:
            name = clean_name(self.cleaned_data["display_name"])
        except NameRefused as refusal:
            raise forms.ValidationError(str(refusal)) from None
        shown = name or self.instance.email.split("@", 1)[0]
        if User.objects.filter(name_key=name_key(shown)).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(f"another player already goes by a name like {shown!r}; please choose "
                                        "another")
        return name


class VacationForm(forms.Form):
    """When the player is back: the last day away, in their own time zone (the service checks the bank)."""

    until = forms.DateField(
        label="Away until (last day away)",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Your clocks pause in every game until the end of this day, in your time zone.",
        error_messages={"invalid": "write the date as YYYY-MM-DD (for example 2026-12-24)",
                        "required": "choose the last day you will be away"},
    )

    def __init__(self, *args: Any, user: User | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_until(self) -> datetime.date:
        until = self.cleaned_data["until"]
        zone = zoneinfo.ZoneInfo(getattr(self.user, "time_zone", None) or "UTC")
        today = datetime.datetime.now(zone).date()
        if until < today:
            raise forms.ValidationError(f"{until.isoformat()} has passed; choose today or a later day")
        return until
