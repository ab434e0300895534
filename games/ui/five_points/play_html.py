"""Five Points' decision forms: the long option lists the play template looped over, written in one pass.

A placement's marker drop-down (one option per marker that may be bid on, the one
posted before a refused move selected again) and the lists of tile moves or election
orders printed a dozen template nodes per option, most of the form's time on the
most common decision. The template keeps everything else (the forms' tokens, the
posted bid, the options' JSON). tests/web/test_five_points_html.py holds the forms to
the template they replaced over whole games, with posted values.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.ui.markup import esc


def markers_html(markers: Sequence[Mapping[str, Any]], posted_marker: str | None) -> SafeString:
    """The marker drop-down's options: the markers with a minimum bid, ``posted_marker`` selected."""
    return mark_safe("".join(  # noqa: S308 - every value is escaped
        f'<option value="{esc(m["letter"])}" data-min="{esc(m["min"])}" data-max="{esc(m["max"])}" '
        f'{"selected" if posted_marker == m["letter"] else ""}>{esc(m["letter"])}: {esc(m["label"])} '
        f'(at least {esc(m["min"])})</option>'
        for m in markers if m["min"]))


def choices_html(choices: Sequence[Mapping[str, Any]]) -> SafeString:
    """A drop-down's options: each choice's value and label."""
    return mark_safe("".join(  # noqa: S308 - every value is escaped
        f'<option value="{esc(c["value"])}">{esc(c["label"])}</option>' for c in choices))
